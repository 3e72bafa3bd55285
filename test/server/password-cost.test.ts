/**
 * A server hashes passwords at OWASP's scrypt baseline unless its embedder chooses another cost (the test
 * helpers choose a cheaper one), and a hash of one cost signs in on a server hashing at another.
 */
import { describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server.js';

const storedHash = (t: TestServer, name: string) =>
  (t.server.services.store.get('users', name) as { password_hash?: string } | undefined)?.password_hash;

describe('password hashing cost', () => {
  it('is the baseline by default, and a hash of another cost signs in after a restart at the baseline', async () => {
    const cheap = await startServer();
    await cheap.client().login('ann', 'correct-horse');
    expect(storedHash(cheap, 'ann')).toMatch(/^scrypt\$1024\$8\$1\$/);
    await cheap.close();

    const baseline = await startServer({
      configFile: cheap.configFile,
      dataDir: cheap.dataDir,
      options: { passwordHasher: undefined },
    });
    await baseline.client().login('bob', 'correct-horse');
    expect(storedHash(baseline, 'bob')).toMatch(/^scrypt\$32768\$8\$1\$/);
    const auth = (password: string) => baseline.client().postForm('/auth', { username: 'ann', password });
    expect((await auth('correct-horse')).status).toBe(200);
    expect((await auth('wrong-horse')).status).toBe(401);
  });
});
