import { describe, expect, it } from 'vitest';
import { isTrustedUrl, linkDecision, permissionDecision, SECURE_WEB_PREFERENCES } from '../../electron/security.js';

const ORIGIN = 'http://127.0.0.1:41234';

describe('isTrustedUrl', () => {
  it('trusts the server origin and its paths, with or without a trailing slash on the origin', () => {
    expect(isTrustedUrl(`${ORIGIN}/`, ORIGIN)).toBe(true);
    expect(isTrustedUrl(`${ORIGIN}/admin?tab=qc#x`, ORIGIN)).toBe(true);
    expect(isTrustedUrl(`${ORIGIN}/auth/token?t=abc`, `${ORIGIN}/`)).toBe(true);
  });

  it('trusts nothing else: another port, another loopback name, another scheme, look-alikes', () => {
    for (const url of [
      'http://127.0.0.1:41235/',
      'http://localhost:41234/',
      'https://127.0.0.1:41234/',
      'http://127.0.0.2:41234/',
      'http://127.0.0.1:41234.evil.example/',
      'http://127.0.0.1.evil.example:41234/',
      'http://evil.example/?u=http://127.0.0.1:41234/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      `blob:${ORIGIN}/0d4c`,
      'data:text/html,<script>1</script>',
      'not a url',
      '',
    ]) {
      expect(isTrustedUrl(url, ORIGIN), url).toBe(false);
    }
  });

  it('trusts nothing before the server runs (an origin that is not a URL)', () => {
    expect(isTrustedUrl(`${ORIGIN}/`, '')).toBe(false);
  });
});

describe('linkDecision', () => {
  it('loads our own pages in the app', () => {
    expect(linkDecision(`${ORIGIN}/admin`, ORIGIN)).toBe('allow');
  });

  it('sends web and mail links to the system', () => {
    expect(linkDecision('https://potato-annotation.readthedocs.io/', ORIGIN)).toBe('external');
    expect(linkDecision('http://localhost:3000/', ORIGIN)).toBe('external');
    expect(linkDecision('mailto:lab@example.org', ORIGIN)).toBe('external');
  });

  it('refuses files, scripts, data, custom schemes and links with credentials in them', () => {
    for (const url of [
      'file:///C:/Windows/system32/calc.exe',
      'javascript:void(0)',
      'data:text/html,x',
      'smb://server/share',
      'ms-msdt:/id',
      'vscode://x',
      'https://user:pass@example.org/',
      'garbage',
    ]) {
      expect(linkDecision(url, ORIGIN), url).toBe('deny');
    }
  });
});

describe('permissionDecision', () => {
  it('grants only clipboard writes, only to our pages', () => {
    expect(permissionDecision('clipboard-sanitized-write', `${ORIGIN}/`, ORIGIN)).toBe(true);
    expect(permissionDecision('clipboard-sanitized-write', 'https://example.org/', ORIGIN)).toBe(false);
    for (const p of [
      'media',
      'geolocation',
      'notifications',
      'openExternal',
      'clipboard-read',
      'fullscreen',
      'hid',
      'serial',
      'usb',
    ]) {
      expect(permissionDecision(p, `${ORIGIN}/`, ORIGIN), p).toBe(false);
    }
  });
});

describe('SECURE_WEB_PREFERENCES', () => {
  it('isolates, sandboxes and keeps Node out of every page', () => {
    expect(SECURE_WEB_PREFERENCES).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      webviewTag: false,
    });
  });
});
