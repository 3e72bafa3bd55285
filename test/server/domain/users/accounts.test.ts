/**
 * Accounts and the login throttle as domain objects: who may register and log in under each project policy.
 * Real scrypt hashing, a MemoryStore; the clock is a hand-moved Clock port so throttle windows can pass.
 */
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../../../server/domain/errors.js';
import { Accounts, checkUsername, type AccountPolicy } from '../../../../server/domain/users/users.js';
import { LoginThrottle } from '../../../../server/domain/users/login-throttle.js';
import { scryptHasher } from '../../../../server/io/scrypt-hasher.js';
import { MemoryStore } from '../../../../server/storage/memory-store.js';

const clock = {
  t: Date.parse('2026-11-22T10:00:00Z'),
  now() {
    return this.t;
  },
};

function accounts(policy: Partial<AccountPolicy> = {}, users: [string, string | undefined][] = []) {
  const store = new MemoryStore();
  return {
    store,
    accounts: new Accounts(
      store,
      scryptHasher,
      {
        allowAllUsers: true,
        requirePassword: true,
        debug: false,
        configuredUsers: new Map(users),
        adminNames: new Set(),
        passwords: { minLength: 8 },
        ...policy,
      },
      clock,
    ),
  };
}

async function kindOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'ok';
  } catch (e) {
    expect(e).toBeInstanceOf(DomainError);
    return (e as DomainError).kind;
  }
}

describe('checkUsername', () => {
  it('accepts 1–64 letters, digits and ._-@, and nothing that could be a path', () => {
    for (const ok of ['a', 'Alice_01', 'first.last@example.org', 'x-y', 'a'.repeat(64), '.hidden', 'a..b'])
      expect(checkUsername(ok)).toBe(ok);
    for (const bad of [
      '',
      '.',
      '..',
      '...',
      '../x',
      'a/b',
      'a\\b',
      'a b',
      'a'.repeat(65),
      'é',
      'a\n',
      'a:b',
      '%2e%2e',
    ]) {
      expect(() => checkUsername(bad), JSON.stringify(bad)).toThrow(/username must be/);
    }
  });
});

describe('Accounts', () => {
  it('registers with a scrypt hash and authenticates only the right password', async () => {
    const { accounts: a, store } = accounts();
    const user = await a.register('alice', 'alice-pass-1');
    expect(user).toMatchObject({ username: 'alice', created_at: '2026-11-22T10:00:00.000Z' });
    expect(store.get('users', 'alice')!.password_hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(JSON.stringify(store.get('users', 'alice'))).not.toContain('alice-pass-1');
    expect((await a.authenticate('alice', 'alice-pass-1')).username).toBe('alice');
    expect(await kindOf(a.authenticate('alice', 'alice-pass-2'))).toBe('unauthorized');
    expect(await kindOf(a.authenticate('alice', ''))).toBe('invalid');
    expect(await kindOf(a.register('alice', 'another-pass'))).toBe('conflict');
    expect(await kindOf(a.authenticate('nobody', 'alice-pass-1'))).toBe('unauthorized');
  });

  it('gives two users with the same password different hashes (salted)', async () => {
    const { accounts: a, store } = accounts();
    await a.register('u1', 'same-password');
    await a.register('u2', 'same-password');
    expect(store.get('users', 'u1')!.password_hash).not.toBe(store.get('users', 'u2')!.password_hash);
  });

  it('closes registration to unlisted names when allow_all_users is false', async () => {
    const { accounts: a } = accounts({ allowAllUsers: false }, [['listed', undefined]]);
    expect(await kindOf(a.register('stranger', 'stranger-pass'))).toBe('forbidden');
    expect(await kindOf(a.register('listed', 'listed-pass'))).toBe('ok');
  });

  it('lets a configured user in with the configured password on first login, then by its hash', async () => {
    const { accounts: a, store } = accounts({ allowAllUsers: false }, [['carol', 'carol-pw']]);
    expect(await kindOf(a.authenticate('carol', 'wrong'))).toBe('unauthorized');
    expect(store.get('users', 'carol')).toBeUndefined();
    await a.authenticate('carol', 'carol-pw');
    expect(store.get('users', 'carol')!.password_hash).toMatch(/^scrypt\$/);
    expect(await kindOf(a.authenticate('carol', 'carol-pw'))).toBe('ok');
  });

  it('without require_password, a username alone logs in and creates the account, if registration is open', async () => {
    const { accounts: open } = accounts({ requirePassword: false });
    expect((await open.authenticate('dora', '')).password_hash).toBeUndefined();
    expect(await kindOf(open.authenticate('dora', ''))).toBe('ok');
    const { accounts: closed } = accounts({ requirePassword: false, allowAllUsers: false }, [['listed', undefined]]);
    expect(await kindOf(closed.authenticate('stranger', ''))).toBe('unauthorized');
    expect(await kindOf(closed.authenticate('listed', ''))).toBe('ok');
  });

  it('in debug mode creates a user with any password and accepts any password after', async () => {
    const { accounts: a } = accounts({ debug: true, allowAllUsers: false });
    expect(await kindOf(a.authenticate('tester', 'one'))).toBe('ok');
    expect(await kindOf(a.authenticate('tester', 'two'))).toBe('ok');
    expect(await kindOf(a.authenticate('../x', 'one'))).toBe('invalid');
  });

  it('makes one account of two concurrent first logins', async () => {
    const { accounts: a, store } = accounts({ requirePassword: false });
    const [x, y] = await Promise.all([a.authenticate('twin', ''), a.authenticate('twin', '')]);
    expect(x.username).toBe('twin');
    expect(y.username).toBe('twin');
    expect(store.size('users')).toBe(1);
  });
});

describe('LoginThrottle', () => {
  it('refuses (too_many) after 10 failures for a name, everywhere, until the window passes', async () => {
    const throttle = new LoginThrottle(clock);
    for (let i = 0; i < 10; i++) {
      await throttle.check('1.1.1.1', 'alice');
      throttle.failed('1.1.1.1', 'alice');
    }
    expect(await kindOf(throttle.check('1.1.1.1', 'alice'))).toBe('too_many');
    expect(await kindOf(throttle.check('2.2.2.2', 'alice'))).toBe('too_many'); // the name is throttled everywhere
    // other people on the same address (every local user of a localhost server) are not locked out by it
    expect(await kindOf(throttle.check('1.1.1.1', 'bob'))).toBe('ok');
    clock.t += 15 * 60 * 1000 + 1;
    expect(await kindOf(throttle.check('1.1.1.1', 'alice'))).toBe('ok');
  });

  it('refuses an address after ten times as many failures spread over many names', async () => {
    const throttle = new LoginThrottle(clock);
    for (let i = 0; i < 99; i++) throttle.failed('3.3.3.3', `name-${i}`);
    expect(await kindOf(throttle.check('3.3.3.3', 'fresh'))).toBe('ok');
    throttle.failed('3.3.3.3', 'name-99');
    expect(await kindOf(throttle.check('3.3.3.3', 'fresh'))).toBe('too_many');
    expect(await kindOf(throttle.check('4.4.4.4', 'fresh'))).toBe('ok');
  });

  it(
    'remembers a bounded number of names and addresses: a million distinct ones, and none once their window passed',
    { timeout: 120_000 },
    async () => {
      const throttle = new LoginThrottle(clock, 1, 15 * 60 * 1000, 50_000);
      for (let i = 0; i < 1_000_000; i++)
        throttle.failed(`10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`, `name-${i}`);
      expect(throttle.size).toBeLessThanOrEqual(50_000);
      // the latest failures still count
      expect(await kindOf(throttle.check('1.1.1.1', 'name-999999'))).toBe('too_many');
      clock.t += 15 * 60 * 1000 + 1;
      throttle.failed('9.9.9.9', 'late');
      expect(throttle.size).toBe(2);
      expect(await kindOf(throttle.check('1.1.1.1', 'name-999999'))).toBe('ok');
    },
  );

  it("forgets a name's failures at a successful login", async () => {
    const throttle = new LoginThrottle(clock, 3);
    for (let i = 0; i < 2; i++) throttle.failed(`10.0.0.${i}`, 'carol');
    throttle.succeeded('10.0.0.9', 'carol');
    throttle.failed('10.0.0.5', 'carol');
    expect(await kindOf(throttle.check('10.0.0.6', 'carol'))).toBe('ok');
  });
});
