/** The address's hash (`#/rooms/AB12CD`), kept current: the screens route on it. */
import { useEffect, useState } from 'react';

export function useHash(): string {
  const [hash, setHash] = useState(location.hash);
  useEffect(() => {
    const on = () => setHash(location.hash);
    window.addEventListener('hashchange', on);
    return () => window.removeEventListener('hashchange', on);
  }, []);
  return hash;
}
