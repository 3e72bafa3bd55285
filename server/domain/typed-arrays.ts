/** A copy of `array` at a new length, of the same type, with the added elements set to `fill`. */
export function grown<T extends Uint8Array | Uint16Array | Uint32Array | Int32Array | Float32Array | Float64Array>(
  array: T,
  size: number,
  fill = 0,
): T {
  const next = new (array.constructor as new (n: number) => T)(size);
  next.set(array);
  if (fill) next.fill(fill, array.length);
  return next;
}
