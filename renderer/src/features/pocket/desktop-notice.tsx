/**
 * What the annotate screen does for a touch device, as Potato's page script does: a device whose primary pointer
 * is a finger (a phone, or an iPad whose Safari calls itself a Mac, which the server cannot tell) on a task that is
 * not touch-capable gets a notice that a desktop browser is recommended, dismissed for good on this device; an iPad
 * on a task the card stack can serve is sent there unless "Full view" was chosen on this device, and a phone or
 * tablet there is offered the **Compact view** link back to it; and a touch device the User-Agent hid from the
 * server is reported with `POST /pocket/api/device_hint`, so the Devices report counts it.
 */
import { useEffect, useState } from 'react';
import { deviceClass } from '../../../../shared/device-class.js';
import { api } from '../../shared/api/client.js';
import { useUiText } from '../../shared/ui-text.js';
import './pocket.css';

const DISMISSED = 'marginalia.desktop-notice-dismissed';
// "Full view" chosen on this device: the server's own record of it is an httpOnly cookie the page cannot read
const DESKTOP_CHOSEN = 'marginalia.desktop-chosen';

interface Routing {
  capable: boolean;
  available: boolean;
  incompatible_schemes: string[];
}

// the primary pointer, not any touchscreen: a touchscreen laptop's primary pointer is its trackpad
const touchDevice = () => window.matchMedia('(pointer: coarse)').matches && navigator.maxTouchPoints > 0;

/** The card stack's "Full view" link sets it; opening the card stack clears it, as the server's cookie is. */
export function rememberDesktopChoice(chosen: boolean): void {
  try {
    if (chosen) localStorage.setItem(DESKTOP_CHOSEN, '1');
    else localStorage.removeItem(DESKTOP_CHOSEN);
  } catch {
    // storage refused: an iPad is sent back to the card stack, where the link is again
  }
}

function stored(store: Storage, key: string): boolean {
  try {
    return store.getItem(key) === '1';
  } catch {
    return false; // storage refused (a private window): the notice shows again, nothing else changes
  }
}

export function DesktopNotice() {
  const words = useUiText();
  const [schemes, setSchemes] = useState<string[] | null>(null);
  const [compact, setCompact] = useState(false);

  useEffect(() => {
    const touch = touchDevice();
    if (!touch && deviceClass(navigator.userAgent) === 'desktop') return;
    let live = true;
    // the server counts a phone or tablet by the same rule: only one it took for a desktop is reported
    if (touch && deviceClass(navigator.userAgent) === 'desktop')
      void api.post('/pocket/api/device_hint', { device: 'tablet' }).catch(() => {});
    api.get<Routing>('/pocket/api/routing').then(
      (r) => {
        if (!live) return;
        if (r.available && touch && !stored(localStorage, DESKTOP_CHOSEN)) window.location.replace('/pocket');
        else if (r.available) setCompact(true);
        else if (!r.capable && touch && !stored(localStorage, DISMISSED)) setSchemes(r.incompatible_schemes);
      },
      () => {}, // without the routing facts the page stays as it is
    );
    return () => {
      live = false;
    };
  }, []);

  if (compact)
    return (
      <p className="compact-view">
        {/* /pocket clears the "Full view" choice on the server; this clears the page's own record of it */}
        <a href="/pocket" onClick={() => rememberDesktopChoice(false)}>
          {words.pocket_compact_view}
        </a>
      </p>
    );
  if (!schemes) return null;
  return (
    <div className="notice desktop-notice" role="status" data-testid="desktop-notice">
      <p>
        This task has questions that are not made for phones or tablets
        {schemes.length ? ` (${schemes.join(', ')})` : ''}: a desktop browser is recommended.
      </p>
      <button
        type="button"
        onClick={() => {
          try {
            localStorage.setItem(DISMISSED, '1');
          } catch {
            // not kept: dismissed for this page only
          }
          setSchemes(null);
        }}
      >
        Dismiss
      </button>
    </div>
  );
}
