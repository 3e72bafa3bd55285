/**
 * A statement's array parameter in PostgreSQL's binary array format (`array_send`). `pg` sends a Buffer as a
 * binary parameter; a JS array it sends as an array literal, escaping every element on our side and parsing
 * the literal again on the database's. A commit's values are JSON full of quotes, so that text round costs both
 * sides more than the length-prefixed bytes do.
 */

/** element types (pg_type.oid) the store sends */
export const TEXT = 25;
export const JSON_TYPE = 114;

/** `text` of each item, as a one-dimensional array of `type` (no nulls), for a parameter cast to that array type. */
export function arrayParam<T>(type: number, of: readonly T[], text: (item: T) => string): Buffer {
  const items = of.map(text);
  const lengths = new Array<number>(items.length);
  let size = items.length ? 20 : 12;
  for (let i = 0; i < items.length; i++) size += 4 + (lengths[i] = Buffer.byteLength(items[i]));
  const out = Buffer.allocUnsafe(size);
  let at = out.writeInt32BE(items.length ? 1 : 0, 0); // dimensions
  at = out.writeInt32BE(0, at); // no nulls
  at = out.writeInt32BE(type, at);
  if (items.length) {
    at = out.writeInt32BE(items.length, at);
    at = out.writeInt32BE(1, at); // lower bound
  }
  for (let i = 0; i < items.length; i++) {
    at = out.writeInt32BE(lengths[i], at);
    at += out.write(items[i], at, 'utf8');
  }
  return out;
}
