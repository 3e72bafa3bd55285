/**
 * The text of an item, where spans are marked: the text field named by `text_key` (a dotted path such as
 * `content.body` reaches into nested objects), a number as its digits, and a list — conversation turns or
 * Potato's `list_as_text` lists — one entry per line ("Speaker: text" for turns), and a conversation tree
 * ({id, text or content, speaker or role, children}) as its turns in reading order, one per line.
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
  if (isTreeNode(value)) return treeLines(value).join('\n');
  return undefined;
}

type TreeNode = Record<string, unknown> & { children?: unknown };

const isTreeNode = (v: unknown): v is TreeNode =>
  typeof v === 'object' &&
  v !== null &&
  !Array.isArray(v) &&
  (Array.isArray((v as TreeNode).children) ||
    typeof (v as TreeNode).text === 'string' ||
    typeof (v as TreeNode).content === 'string') &&
  'id' in v;

function treeLines(node: TreeNode): string[] {
  const speaker = node.speaker ?? node.role;
  const text = typeof node.text === 'string' ? node.text : typeof node.content === 'string' ? node.content : '';
  const children = Array.isArray(node.children) ? node.children.filter(isTreeNode) : [];
  return [speaker === undefined ? text : `${String(speaker)}: ${text}`, ...children.flatMap(treeLines)];
}
