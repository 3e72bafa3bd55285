/**
 * The text of an item, where spans are marked: the text field named by `text_key` (a dotted path such as
 * `content.body` reaches into nested objects), a number as its digits, and a list — conversation turns or
 * Potato's `list_as_text` lists — one entry per line ("Speaker: text" for turns).
 */
import { asTurns, valueAt } from '../domain/display/values.js';

export function itemText(data: Record<string, unknown>, textKey: string): string | undefined {
  const value = Object.hasOwn(data, textKey) ? data[textKey] : valueAt(data, textKey);
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    const turns = asTurns(value, false);
    if (turns) return turns.map((t) => (t.speaker ? `${t.speaker}: ${t.text}` : t.text)).join('\n');
  }
  return undefined;
}
