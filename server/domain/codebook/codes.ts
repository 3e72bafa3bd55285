/**
 * The codebook's codes: records, names, the tree, near-duplicate names. Pure. Ids are deterministic (a UUIDv5-style
 * hash of the parent and the name, as Potato's are), so seeding the same config twice, or on another machine, gives
 * the same ids.
 */
import { createHash } from 'node:crypto';
import { invalid } from '../errors.js';

export const CODEBOOK_MODES = ['fixed', 'extensible', 'open'] as const;
export type CodebookMode = (typeof CODEBOOK_MODES)[number];

export const NAME_MAX = 200;

export interface CodeRecord {
  id: string;
  name: string;
  parent_id: string | null;
  color: string | null;
  description: string;
  /** the scheme whose labels seeded it, null for a code added later */
  scheme: string | null;
  /** merged into another code: kept with its history, no longer a label */
  archived: boolean;
  merged_into: string | null;
  /** the codebook's revision its creation made (seeds: 0), for "codes added since" */
  created_revision: number;
  order: number;
  created_by: string;
  created_at: string;
  updated_at: string;
}

export interface CodeNode {
  id: string;
  name: string;
  parent_id: string | null;
  color: string | null;
  description: string;
  children: CodeNode[];
}

/** A code's name as given: trimmed, not empty, not too long, one line. */
export function checkName(name: string, field = 'name'): string {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  if (!trimmed) throw invalid(`${field}: must not be empty`);
  if (trimmed.length > NAME_MAX) throw invalid(`${field}: at most ${NAME_MAX} characters`);
  return trimmed;
}

/** The key two names collide on: case and spacing aside. */
export const nameKey = (name: string) => name.trim().toLowerCase().replace(/\s+/g, ' ');

export function codeId(project: string, parentId: string | null, name: string): string {
  const h = createHash('sha1')
    .update(`${project}\u0000${parentId ?? ''}\u0000${nameKey(name)}`)
    .digest('hex');
  // laid out as a version-5 UUID: version nibble 5, variant bits 10
  const variant = ((parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The live codes as a tree, siblings in the order they were made. */
export function buildTree(codes: readonly CodeRecord[]): CodeNode[] {
  const live = codes.filter((c) => !c.archived).sort((a, b) => a.order - b.order);
  const nodes = new Map<string, CodeNode>(
    live.map((c) => [
      c.id,
      { id: c.id, name: c.name, parent_id: c.parent_id, color: c.color, description: c.description, children: [] },
    ]),
  );
  const roots: CodeNode[] = [];
  for (const c of live) {
    const node = nodes.get(c.id)!;
    const parent = c.parent_id === null ? undefined : nodes.get(c.parent_id);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** The ids of a code and everything under it. */
export function subtreeIds(codes: readonly CodeRecord[], rootId: string): string[] {
  const out = [rootId];
  for (let i = 0; i < out.length; i++) {
    for (const c of codes) if (c.parent_id === out[i]) out.push(c.id);
  }
  return out;
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length];
}

/**
 * Existing names close enough to `name` to be the same code written differently ("cost concern" and "cost
 * concerns"): nearly the same letters, or one name the other's start. Closest first.
 */
export function similarNames(name: string, existing: readonly string[], limit = 5): string[] {
  const q = nameKey(name).replace(/[^\p{L}\p{N} ]/gu, '');
  if (q.length < 3) return [];
  const scored: [string, number][] = [];
  for (const candidate of existing) {
    const c = nameKey(candidate).replace(/[^\p{L}\p{N} ]/gu, '');
    if (!c) continue;
    const ratio = 1 - editDistance(q, c) / Math.max(q.length, c.length);
    const [short, long] = q.length <= c.length ? [q, c] : [c, q];
    const prefix = short.length >= 4 && long.startsWith(short) && short.length / long.length >= 0.6;
    if (ratio >= 0.75 || prefix) scored.push([candidate, prefix ? Math.max(ratio, 0.8) : ratio]);
  }
  return scored
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([n]) => n);
}
