import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { isStandardSecret, sign } from '../../../../server/domain/webhooks/sign.js';
import { verify } from '../../../helpers/webhook-receiver.js';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const ID = 'msg_p5jXN8AQM9LWM0D4loKWxJek';
const TS = 1614265330;
const BODY = '{"test": 2432232314}';

describe('webhook signatures', () => {
  it("signs the seed's fixed vector: the secret's text bytes, lowercase hex", () => {
    expect(sign(SECRET, 'v1_hex', ID, TS, BODY)).toBe(
      'v1,4dcc6584af5be940fa895235654dad4eaa7c3c455f611b1e34d7dae9bf8b7148',
    );
  });

  it('signs the standard format so that the standardwebhooks library verifies it', () => {
    const now = Math.floor(Date.now() / 1000);
    const signature = sign(SECRET, 'standard', ID, now, BODY);
    expect(signature).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    const payload = new Webhook(SECRET).verify(BODY, {
      'webhook-id': ID,
      'webhook-timestamp': String(now),
      'webhook-signature': signature,
    });
    expect(payload).toEqual({ test: 2432232314 });
    // the library's own signature is the same string
    expect(new Webhook(SECRET).sign(ID, new Date(now * 1000), BODY)).toBe(signature);
  });

  it('the seed format is not what the standard library accepts, and the other way round', () => {
    const now = Math.floor(Date.now() / 1000);
    const hex = sign(SECRET, 'v1_hex', ID, now, BODY);
    expect(() =>
      new Webhook(SECRET).verify(BODY, {
        'webhook-id': ID,
        'webhook-timestamp': String(now),
        'webhook-signature': hex,
      }),
    ).toThrow();
  });

  it('verifies in constant time with the 300-second tolerance and rejects tampering', () => {
    const headers = { id: ID, timestamp: String(TS), signature: sign(SECRET, 'v1_hex', ID, TS, BODY) };
    expect(verify(SECRET, 'v1_hex', headers, BODY, TS + 300)).toBe(true);
    expect(verify(SECRET, 'v1_hex', headers, BODY, TS - 300)).toBe(true);
    expect(verify(SECRET, 'v1_hex', headers, BODY, TS + 301)).toBe(false);
    expect(verify(SECRET, 'v1_hex', headers, '{"test": 2432232315}', TS)).toBe(false);
    expect(verify('another secret', 'v1_hex', headers, BODY, TS)).toBe(false);
    expect(verify(SECRET, 'v1_hex', { ...headers, id: 'msg_other' }, BODY, TS)).toBe(false);
    // several signatures separated by spaces (key rotation): any one matching is enough
    expect(verify(SECRET, 'v1_hex', { ...headers, signature: `v1,deadbeef ${headers.signature}` }, BODY, TS)).toBe(
      true,
    );
  });

  it('recognises secrets usable for the standard format', () => {
    expect(isStandardSecret(SECRET)).toBe(true);
    expect(isStandardSecret('MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw')).toBe(true);
    expect(isStandardSecret('whsec_not base64!')).toBe(false);
    expect(isStandardSecret('whsec_')).toBe(false);
  });
});
