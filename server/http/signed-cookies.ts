/**
 * Signing keys for cookies, Keygrip-compatible (same HMAC-SHA1, URL-safe base64 signatures, so existing cookies
 * stay valid), with a memo of signatures already verified. Koa would otherwise build a new Keygrip on every
 * request and verify the session cookie with three HMACs (sign, then tsscmp's double HMAC): the largest single
 * cost of an authenticated request in the benchmark's profile. Only valid pairs are remembered, and the memo is
 * bounded, so forged cookies cannot grow it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const MEMO_LIMIT = 10_000;

export class CookieKeys {
  private readonly memo = new Map<string, number>();

  constructor(private readonly keys: readonly string[]) {
    if (!keys.length) throw new Error('at least one cookie signing key is needed');
  }

  private signWith(data: string, key: string): string {
    return createHmac('sha1', key).update(data).digest('base64url');
  }

  sign(data: string): string {
    return this.signWith(data, this.keys[0]);
  }

  verify(data: string, digest: string): boolean {
    return this.index(data, digest) > -1;
  }

  /** The index of the key that made `digest`, or -1. */
  index(data: string, digest: string): number {
    const memoKey = `${digest} ${data}`;
    const known = this.memo.get(memoKey);
    if (known !== undefined) return known;
    const given = Buffer.from(digest);
    for (let i = 0; i < this.keys.length; i++) {
      const expected = Buffer.from(this.signWith(data, this.keys[i]));
      if (expected.length === given.length && timingSafeEqual(expected, given)) {
        if (this.memo.size >= MEMO_LIMIT) this.memo.clear();
        this.memo.set(memoKey, i);
        return i;
      }
    }
    return -1;
  }
}
