import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { LOGIN_TOKEN_TTL_MS, LoginTokens } from '../../../../server/domain/users/login-tokens.js';
import { MemoryStore } from '../../../../server/storage/memory-store.js';
import { scryptHasher } from '../../../../server/io/scrypt-hasher.js';

function setup() {
  let now = Date.parse('2026-11-22T10:00:00Z');
  const clock = { now: () => now };
  const store = new MemoryStore();
  const tokens = new LoginTokens({
    clock,
    store,
    hasher: scryptHasher,
    randomToken: () => randomBytes(32).toString('base64url'),
  });
  return { tokens, store, advance: (ms: number) => (now += ms) };
}

describe('LoginTokens', () => {
  it('issues distinct 32-byte tokens, each good once', async () => {
    const { tokens } = setup();
    const a = tokens.issue('ana');
    const b = tokens.issue('ana');
    expect(a).not.toBe(b);
    expect(Buffer.from(a, 'base64url')).toHaveLength(32);
    expect(await tokens.consume(a)).toBe('ana');
    await expect(tokens.consume(a)).rejects.toMatchObject({ kind: 'unauthorized' });
    expect(await tokens.consume(b)).toBe('ana');
  });

  it('works up to its minute and not after; a refused token is spent too', async () => {
    const { tokens, advance } = setup();
    const onTime = tokens.issue('ana');
    const late = tokens.issue('ana');
    advance(LOGIN_TOKEN_TTL_MS);
    expect(await tokens.consume(onTime)).toBe('ana');
    advance(1);
    await expect(tokens.consume(late)).rejects.toThrow(/expired/);
    await expect(tokens.consume(late)).rejects.toThrow(/not valid or was already used/);
  });

  it('forgets expired tokens it was never asked about', () => {
    const { tokens, advance } = setup();
    tokens.issue('ana');
    tokens.issue('ana');
    expect(tokens.outstanding()).toBe(2);
    advance(LOGIN_TOKEN_TTL_MS + 1);
    expect(tokens.outstanding()).toBe(0);
  });

  it('creates the owner’s account on first use with a password nobody knows, and keeps an existing one', async () => {
    const { tokens, store } = setup();
    await tokens.consume(tokens.issue('ana'));
    const account = store.get('users', 'ana')!;
    expect(account.password_hash).toMatch(/^scrypt\$/);
    expect(await scryptHasher.verify('', account.password_hash!)).toBe(false);
    await tokens.consume(tokens.issue('ana'));
    expect(store.get('users', 'ana')).toBe(account);
  });

  it('refuses to issue for an invalid name and to consume nothing', async () => {
    const { tokens } = setup();
    expect(() => tokens.issue('a b')).toThrow(/username/);
    expect(() => tokens.issue('')).toThrow(/username/);
    await expect(tokens.consume(undefined)).rejects.toThrow(/no token/);
    await expect(tokens.consume('')).rejects.toThrow(/no token/);
  });
});
