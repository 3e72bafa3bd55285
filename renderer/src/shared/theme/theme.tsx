/**
 * Light or dark: the system's setting unless the user picked one with the toggle (kept in localStorage, on this
 * device only). The choice lands on <html data-theme>, which the stylesheet's colour variables follow.
 */
import { useEffect, useState } from 'react';

export type ThemeChoice = 'system' | 'light' | 'dark';
const KEY = 'marginalia.theme';
const DARK = '(prefers-color-scheme: dark)';

const stored = (): ThemeChoice => {
  const v = localStorage.getItem(KEY);
  return v === 'light' || v === 'dark' ? v : 'system';
};

function apply(choice: ThemeChoice): void {
  const dark = choice === 'dark' || (choice === 'system' && window.matchMedia(DARK).matches);
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
}

/** Called once before the first render, so the page never flashes the other theme. */
export function applyStoredTheme(): void {
  apply(stored());
}

export function ThemeToggle() {
  const [choice, setChoice] = useState<ThemeChoice>(stored);
  useEffect(() => {
    apply(choice);
    if (choice !== 'system') return;
    const media = window.matchMedia(DARK);
    const follow = () => apply('system');
    media.addEventListener('change', follow);
    return () => media.removeEventListener('change', follow);
  }, [choice]);
  const pick = (next: ThemeChoice) => {
    if (next === 'system') localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, next);
    setChoice(next);
  };
  return (
    <span className="theme-toggle">
      <label htmlFor="theme-choice">Theme</label>{' '}
      <select id="theme-choice" value={choice} onChange={(e) => pick(e.target.value as ThemeChoice)}>
        <option value="system">System</option>
        <option value="light">Light</option>
        <option value="dark">Dark</option>
      </select>
    </span>
  );
}
