import { useEffect, useState } from 'react';
import { desktop } from './desktop.js';

/** The app's version, in the desktop window only (a browser has no bridge to ask). */
export function DesktopVersion(): React.ReactNode {
  const [version, setVersion] = useState<string>();
  useEffect(() => {
    void desktop()
      ?.appVersion()
      .then(setVersion, () => undefined);
  }, []);
  return version ? (
    <small className="app-version" data-testid="app-version">
      v{version}
    </small>
  ) : null;
}
