// The headless Chromium that the browser tests, the UI benchmark and `npm run screenshots` launch: Debian's, with
// the same flags everywhere, so a page measured or photographed behaves as the tests saw it. Plain JavaScript
// because the screenshots script runs under bare node; `chromium-launch.d.mts` types it for TypeScript.

export const CHROMIUM = '/usr/bin/chromium';

// no sandbox (tests run as root in containers), no GPU, and none of Chromium's own background traffic
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // a microphone that plays a tone and asks no one, for think-aloud's recording (nothing else opens one)
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
];
