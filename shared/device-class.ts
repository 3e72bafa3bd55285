/**
 * What kind of device a User-Agent names. Only agents that say they are a phone or a tablet count as touch
 * devices: anything else (desktop browsers, curl, Python's requests, an empty header) is a desktop, so
 * scripts and integrations are never sent to the card stack. iPadOS Safari says it is a Mac and is seen as a
 * desktop here; the page's own pointer check catches it and reports it. Shared so that the page reports exactly
 * the touch devices the server took for desktops (the server routes by it; the "use a desktop" notice asks it).
 */
export type DeviceClass = 'mobile' | 'tablet' | 'desktop';

const TABLET = /\biPad\b|\bTablet\b|\bKindle\b|\bSilk\/|\bPlayBook\b|Android(?!.*\bMobile\b)/i;
const MOBILE =
  /\biPhone\b|\biPod\b|Android.*\bMobile\b|\bWindows Phone\b|\bIEMobile\b|\bBlackBerry\b|\bOpera Mini\b|\bMobile\b.*\bFirefox\b|\bFirefox\b.*\bMobile\b/i;

export function deviceClass(userAgent: string | undefined): DeviceClass {
  if (!userAgent) return 'desktop';
  if (MOBILE.test(userAgent)) return 'mobile';
  if (TABLET.test(userAgent)) return 'tablet';
  return 'desktop';
}

export const isTouchDevice = (c: DeviceClass): boolean => c !== 'desktop';
