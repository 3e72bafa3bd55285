/**
 * A Potato project's user file: its annotators log in here with the passwords they had there (plain or Potato's
 * salted PBKDF2 hash), as configured users, over real HTTP with real files; the file is found where Potato looks
 * for it, bad lines and other sign-in methods are warned about, and a first login leaves a scrypt hash behind.
 */
import { pbkdf2Sync } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config/load.js';
import { writeProject } from '../../helpers/project.js';
import { startServer } from '../../helpers/server.js';
import { tempDir } from '../../helpers/temp-dir.js';

/** A password as Potato stores it: a hex salt, `$`, PBKDF2-SHA256 over 100,000 rounds with the salt as text. */
const potatoHash = (password: string, salt: string) =>
  `${salt}$${pbkdf2Sync(password, salt, 100_000, 32, 'sha256').toString('hex')}`;

const SALT = '0123456789abcdef0123456789abcdef';
const USER_FILE = [
  JSON.stringify({ username: 'alice', password: 'alice-potato-pw' }),
  JSON.stringify({ username: 'bob', password: potatoHash('bob-potato-pw', SALT) }),
  '{"username": "carol", ',
  '',
  JSON.stringify({ password: 'no-name' }),
].join('\n');

/** Every file under a folder, read as text. */
const allText = (dir: string): string =>
  readdirSync(dir)
    .map((f) => join(dir, f))
    .map((p) => (statSync(p).isDirectory() ? allText(p) : readFileSync(p, 'latin1')))
    .join('\n');

describe("Potato's user file", () => {
  it('lets its users log in with their Potato passwords, and nobody else where registration is closed', async () => {
    const t = await startServer({
      // Potato reads "annotation_output/" as a folder and looks for the file inside it
      files: { 'annotation_output/user_config.json': USER_FILE },
      config: {
        output_annotation_dir: 'annotation_output/',
        user_config: { allow_all_users: false, users: [{ username: 'erin', password: 'erin-config-pw' }] },
      },
    });
    const auth = (username: string, password: string) => t.client().postForm('/auth', { username, password });
    // before their first login, registering their names is refused with where the account is set up
    const taken = await t.client().postForm('/register', { username: 'alice', password: 'another-pw-123' });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe(
      `"alice" is set up in Potato's user file (user_config.json): log in with the password given there`,
    );
    const named = await t.client().postForm('/register', { username: 'erin', password: 'another-pw-123' });
    expect(named.body.error).toBe(
      `"erin" is set up in the project's config (user_config.users): log in with the password given there`,
    );
    expect((await auth('alice', 'alice-potato-pw')).status).toBe(200);
    expect((await auth('bob', 'wrong-password')).status).toBe(401);
    expect((await auth('bob', 'bob-potato-pw')).status).toBe(200);
    // not in the file, and registration is closed
    expect((await t.client().postForm('/register', { username: 'dave', password: 'dave-pw-123' })).status).toBe(403);
    expect((await auth('dave', 'dave-pw-123')).status).toBe(401);

    // from the first login on, the data folder keeps a scrypt hash, never the file's hash or password
    await t.close();
    const kept = allText(t.dataDir);
    expect(kept).toMatch(/scrypt\$/);
    expect(kept).not.toContain(potatoHash('bob-potato-pw', SALT).split('$')[1]);
    expect(kept).not.toContain('alice-potato-pw');
    const again = await t.restart();
    expect((await again.client().postForm('/auth', { username: 'bob', password: 'bob-potato-pw' })).status).toBe(200);
    await again.close();
  }, 60_000);

  it("reads user_config_path, lets the config's own password win, and warns about what it does not take", () => {
    const configFile = writeProject({
      files: { 'accounts/users.jsonl': USER_FILE },
      config: {
        authentication: { method: 'database', user_config_path: 'accounts/users.jsonl' },
        user_config: { users: [{ username: 'alice', password: 'config-password-1' }] },
      },
    });
    const config = loadConfig(configFile, {});
    expect(config.users).toEqual([
      { username: 'alice', password: 'config-password-1' },
      {
        username: 'bob',
        password_hash: `pbkdf2-sha256$100000$${SALT}$${potatoHash('bob-potato-pw', SALT).split('$')[1]}`,
        file: 'users.jsonl',
      },
    ]);
    expect(config.warnings).toContainEqual(
      expect.stringMatching(
        /authentication\.method "database" is not acted on: accounts are kept in the project's store/,
      ),
    );
    expect(config.warnings).toContainEqual(
      expect.stringMatching(/users\.jsonl: line\(s\) 3, 5 are not \{"username", "password"\} objects and are skipped$/),
    );
    expect(config.warnings.some((w) => w.includes('unknown key "authentication"'))).toBe(false);
  });

  it('warns when user_config_path names no file, and reads none when the default place has none', () => {
    const missing = loadConfig(writeProject({ config: { authentication: { user_config_path: 'nope.json' } } }), {});
    expect(missing.warnings).toContainEqual(
      expect.stringMatching(/nope\.json does not exist; no users are read from it/),
    );
    const none = loadConfig(writeProject({ dir: tempDir('marginalia-no-user-file-') }), {});
    expect(none.users).toEqual([]);
  });
});
