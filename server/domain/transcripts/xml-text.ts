/**
 * The little XML reading the caption formats need (TTML, YouTube's srv): a tag's attributes, and an element's text
 * with its markup dropped and entities decoded. Captions are flat, so elements are found by pattern, not a tree.
 */
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Attributes of a start tag, by local name (`ttm:agent` and `agent` both as `agent`), values decoded. */
function attributesOf(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(/([\w:.-]+)\s*=\s*("([^"]*)"|'([^']*)')/g)) {
    const local = m[1]!.includes(':') ? m[1]!.slice(m[1]!.lastIndexOf(':') + 1) : m[1]!;
    out[local] ??= decodeEntities(m[3] ?? m[4] ?? '');
  }
  return out;
}

/** Each `<name …>…</name>` element (any namespace prefix): its start tag's attributes and its inner markup. */
export function elements(xml: string, name: string): { attributes: Record<string, string>; inner: string }[] {
  const re = new RegExp(`<(?:[\\w.-]+:)?${name}\\b([^>]*?)(?:/>|>([\\s\\S]*?)</(?:[\\w.-]+:)?${name}\\s*>)`, 'g');
  return [...xml.matchAll(re)].map((m) => ({ attributes: attributesOf(m[1] ?? ''), inner: m[2] ?? '' }));
}

/** An element's text: line breaks as spaces, markup dropped, entities decoded, spaces collapsed. */
export function textOf(inner: string): string {
  return decodeEntities(
    inner
      .replace(/<br\s*\/?>/gi, ' ')
      .replace(/<[^>]*>/g, '')
      .replace(/\s+/g, ' '),
  ).trim();
}
