/**
 * Names that look alike to a person share a key, so nobody can register a look-alike of an existing account
 * (or of an admin name): Unicode NFKC (full-width and other compatibility forms become plain letters), case
 * folding, and Cyrillic and Greek letters drawn like Latin ones mapped to those Latin letters.
 */

/** Cyrillic and Greek letters (lower case, after folding) that are drawn like a Latin letter. */
const LOOK_ALIKES: Record<string, string> = {
  // Cyrillic
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  һ: 'h',
  і: 'i',
  ї: 'i',
  ј: 'j',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  ѕ: 's',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  ӏ: 'l',
  ү: 'y',
  ɡ: 'g',
  // Greek
  α: 'a',
  β: 'b',
  ε: 'e',
  η: 'n',
  ι: 'i',
  κ: 'k',
  μ: 'u',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  γ: 'y',
  ω: 'w',
  ϲ: 'c',
  ϳ: 'j',
};

/** The key two names share when a reader could mistake one for the other. */
export function nameKey(name: string): string {
  const folded = name.normalize('NFKC').toLowerCase().normalize('NFKC');
  let key = '';
  for (const ch of folded) key += LOOK_ALIKES[ch] ?? ch;
  return key;
}
