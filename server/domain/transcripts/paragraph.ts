/**
 * A plain untimed paragraph, which Potato shows as one bubble: any text that is not JSON or XML and no format read
 * here becomes one turn with no speaker and no times. A text that looks like JSON or XML is a format this reader
 * does not know (or a broken file), so it is left to the load warning rather than shown as markup in a bubble.
 */
import type { Turn } from '../display/types.js';

export function parseParagraph(value: unknown): Turn[] | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.replace(/^\uFEFF/, '').trim();
  if (!text || '{[<'.includes(text[0]!)) return undefined;
  return [{ text }];
}
