/**
 * Signing, shaped like the Standard Webhooks spec: the signed string is `<webhook-id>.<webhook-timestamp>.<body>`
 * and the header is `v1,<HMAC-SHA256>`. Two formats:
 * - `v1_hex` (docs/webhooks.md): the key is the secret's text bytes, the digest lowercase hex;
 * - `standard`: the key is the base64 after `whsec_`, the digest base64, as the standardwebhooks libraries verify.
 */
import { createHmac } from 'node:crypto';
import type { SignatureFormat } from './records.js';

const STANDARD_PREFIX = 'whsec_';
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** True for `whsec_<base64>` (or bare base64) that decodes to at least one byte. */
export function isStandardSecret(secret: string): boolean {
  const encoded = secret.startsWith(STANDARD_PREFIX) ? secret.slice(STANDARD_PREFIX.length) : secret;
  return BASE64.test(encoded) && encoded.length % 4 === 0 && Buffer.from(encoded, 'base64').length > 0;
}

function keyOf(secret: string, format: SignatureFormat): Buffer {
  if (format === 'v1_hex') return Buffer.from(secret, 'utf8');
  return Buffer.from(secret.startsWith(STANDARD_PREFIX) ? secret.slice(STANDARD_PREFIX.length) : secret, 'base64');
}

/** The `webhook-signature` header value for one attempt. */
export function sign(
  secret: string,
  format: SignatureFormat,
  id: string,
  timestampSeconds: number,
  body: string,
): string {
  const digest = createHmac('sha256', keyOf(secret, format))
    .update(`${id}.${timestampSeconds}.${body}`)
    .digest(format === 'v1_hex' ? 'hex' : 'base64');
  return `v1,${digest}`;
}
