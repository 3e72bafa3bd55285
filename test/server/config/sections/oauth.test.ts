import { describe, expect, it } from 'vitest';
import { authenticationSchema } from '../../../../server/config/sections/authentication.js';
import { readOAuth } from '../../../../server/config/sections/oauth.js';

const refuse = (m: string): never => {
  throw new Error(m);
};

function warningsFor(provider: Record<string, unknown>) {
  const raw = authenticationSchema.parse({ method: 'oauth', providers: { google: provider } });
  const warnings: string[] = [];
  const settings = readOAuth(raw, 'oauth', (m) => warnings.push(m), refuse);
  return { warnings, settings };
}

describe('single sign-on keys of the authentication section', () => {
  it("warns about a provider's keys it does not know, an inherited name included, and not about its own", () => {
    const { warnings, settings } = warningsFor({
      client_id: 'id',
      client_secret: 'secret',
      allowed_domain: 'umich.edu',
      tenant: 'common',
      constructor: 'x',
    });
    expect(settings.providers.map((p) => p.id)).toEqual(['google']);
    expect(warnings).toEqual([
      'unknown key "authentication.providers.google.tenant" is ignored',
      'unknown key "authentication.providers.google.constructor" is ignored',
    ]);
  });

  it('refuses a discovery URL that is not http(s), naming the key', () => {
    expect(() =>
      authenticationSchema.parse({
        method: 'oauth',
        providers: { corp: { client_id: 'id', discovery_url: 'ftp://idp.example' } },
      }),
    ).toThrow(/discovery_url/);
  });
});
