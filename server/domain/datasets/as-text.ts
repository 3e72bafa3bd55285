/**
 * How Potato reads an output or a reference as text, for scoring and for training records: a string is itself,
 * an object with a text field (output, text, content, …) that field, anything else its JSON as Python writes it.
 */

/** the text fields looked for, in order (the training records also read `completion`) */
export const SCORED_FIELDS = ['output', 'text', 'content', 'answer', 'final_answer'];

export function asText(value: unknown, fields: readonly string[] = SCORED_FIELDS): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && !Array.isArray(value)) {
    for (const k of fields) {
      const v = (value as Record<string, unknown>)[k];
      if (typeof v === 'string') return v;
    }
  }
  return typeof value === 'object' ? pythonJson(value) : String(value);
}

/**
 * JSON as Python's json.dumps writes it (", " and ": " between items): the JSONL Potato's scripts were written
 * against, down to the spacing some of them match on.
 */
export function pythonJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(pythonJson).join(', ')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${JSON.stringify(k)}: ${pythonJson(v)}`)
      .join(', ')}}`;
  return JSON.stringify(value) ?? 'null';
}
