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

  it('takes enterprise_url for GitHub only, and plain http only on this machine', () => {
    const read = (providers: Record<string, unknown>) => {
      const warnings: string[] = [];
      const raw = authenticationSchema.parse({ method: 'oauth', providers });
      return { settings: readOAuth(raw, 'oauth', (m) => warnings.push(m), refuse), warnings };
    };
    const ghe = read({ github: { client_id: 'id', client_secret: 's', enterprise_url: 'https://git.uni.example/' } });
    expect(ghe.settings.providers[0].enterpriseUrl?.href).toBe('https://git.uni.example/');
    expect(ghe.warnings).toEqual([]);
    const other = read({ google: { client_id: 'id', client_secret: 's', enterprise_url: 'https://git.uni.example' } });
    expect(other.settings.providers[0].enterpriseUrl).toBeUndefined();
    expect(other.warnings).toEqual([
      'authentication.providers.google.enterprise_url is not acted on: it names a GitHub Enterprise Server, and "google" is not GitHub',
    ]);
    expect(() => read({ github: { client_id: 'id', enterprise_url: 'http://git.uni.example' } })).toThrow(
      'authentication.providers.github.enterprise_url: must be https (plain http only for a server on this machine)',
    );
    expect(
      read({ github: { client_id: 'id', client_secret: 's', enterprise_url: 'http://127.0.0.1:9' } }).warnings,
    ).toEqual([]);
  });
});
