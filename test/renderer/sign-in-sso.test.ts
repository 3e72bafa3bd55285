/**
 * Single sign-on in headless Chromium: the login screen shows the provider's button and no password form
 * (Potato's OAuth-only mode); clicking it goes through the fake OpenID Connect provider, which sends the browser
 * straight back, and ends on the annotate page signed in. A cancelled sign-in comes back to the login screen
 * with its reason.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { startRig, type BrowserRig } from './browser.js';
import { sampleItems } from '../helpers/project.js';
import { startOidcProvider, type OidcProvider } from '../helpers/oidc-provider.js';

describe('signing in through an OpenID Connect provider, in the browser', () => {
  let rig: BrowserRig;
  let idp: OidcProvider;
  beforeAll(async () => {
    idp = await startOidcProvider();
    rig = await startRig({
      items: sampleItems(2),
      config: {
        authentication: {
          method: 'oauth',
          providers: {
            oidc: {
              display_name: 'University SSO',
              discovery_url: `${idp.issuer}/.well-known/openid-configuration`,
              client_id: idp.clientId,
              client_secret: idp.clientSecret,
            },
          },
        },
      },
    });
  });

  test('the button leads through the provider to the annotate page', async () => {
    const page = await rig.open('/');
    await page.getByRole('link', { name: 'Sign in with University SSO' }).waitFor();
    expect(await page.getByLabel('Password').count()).toBe(0);
    await page.getByRole('link', { name: 'Sign in with University SSO' }).click();
    await page.getByTestId('instance-text').waitFor();
    expect(page.url()).toBe(`${rig.t.url}/`);
    expect(await page.evaluate(() => fetch('/api/me').then((r) => r.json()))).toMatchObject({
      username: 'ada@uni.example',
    });
    // the only page off the server was the provider's authorize endpoint
    expect(rig.foreign.every((u) => u.startsWith(`${idp.issuer}/authorize?`))).toBe(true);
    expect(rig.slips).toEqual([]);
  }, 60_000);

  test('a cancelled sign-in returns to the login screen saying so', async () => {
    idp.deny = true;
    const page = await rig.open('/');
    await page.getByRole('link', { name: 'Sign in with University SSO' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'The sign-in with University SSO was cancelled or denied.' })
      .waitFor();
    await page.getByRole('link', { name: 'Sign in with University SSO' }).waitFor();
    idp.deny = false;
  }, 60_000);
});
