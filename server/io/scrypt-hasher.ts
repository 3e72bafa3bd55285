/**
 * Password hashes with scrypt (node:crypto), stored as `scrypt$N$r$p$salt$hash` so parameters can change later.
 * It also checks Potato's PBKDF2 hashes (`pbkdf2-sha256$rounds$salt$hex`, the salt used as text, as Potato does),
 * which only a Potato user file brings: the first login with one stores a scrypt hash instead.
 */
import { pbkdf2 as pbkdf2Cb, randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { PasswordHasher } from '../domain/users/users.js';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );

const pbkdf2 = (password: string, salt: string, rounds: number, keylen: number) =>
  new Promise<Buffer>((resolve, reject) =>
    pbkdf2Cb(password, salt, rounds, keylen, 'sha256', (err, key) => (err ? reject(err) : resolve(key))),
  );

// Potato hashes with 100,000 rounds; a file asking for far more would only burn CPU at each login
const MAX_PBKDF2_ROUNDS = 1_000_000;

/** scrypt's cost: N (a power of two), block size r, parallelism p; 128·N·r bytes of memory per hash. */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

// N=2^15, r=8, p=1: OWASP's scrypt baseline (128·N·r = 32 MiB of memory per hash).
const OWASP: ScryptCost = { N: 1 << 15, r: 8, p: 1 };

/** The hasher at OWASP's baseline cost: what every server uses unless it is given another. */
export const scryptHasher: PasswordHasher = scryptHasherAt(OWASP);

/**
 * A hasher writing scrypt hashes at `cost` (each hash says its cost, so any of these hashers verifies any of
 * them). Only an embedder that signs in thousands of throwaway accounts, such as the test suite, wants less than
 * the baseline.
 */
export function scryptHasherAt(cost: ScryptCost): PasswordHasher {
  return {
    async hash(password) {
      const salt = randomBytes(16);
      const key = await scrypt(password, salt, 32, {
        ...cost,
        maxmem: Math.max(64 * 1024 * 1024, 256 * cost.N * cost.r),
      });
      return `scrypt$${cost.N}$${cost.r}$${cost.p}$${salt.toString('base64')}$${key.toString('base64')}`;
    },
    verify,
  };
}

async function verify(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith('pbkdf2-sha256$')) {
    const [, rounds, salt, hex] = stored.split('$');
    const expected = Buffer.from(hex ?? '', 'hex');
    if (!salt || expected.length !== 32 || !(Number(rounds) > 0 && Number(rounds) <= MAX_PBKDF2_ROUNDS)) return false;
    return timingSafeEqual(await pbkdf2(password, salt, Number(rounds), 32), expected);
  }
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 256 * 1024 * 1024,
  });
  return timingSafeEqual(key, expected);
}
