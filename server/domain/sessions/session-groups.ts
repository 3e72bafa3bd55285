/**
 * Sessions as Potato groups them: the items (agent traces, say) that share a session key, read from the item or
 * from its `metadata`. With no key configured, `session_id`, then `thread_id`, then `conversation_id` are tried;
 * an item with none joins no session. Each session gets a case id derived from its name, so links to it stay
 * the same across restarts and contain nothing a URL must escape.
 */
import { createHash } from 'node:crypto';
import type { Instance } from '../task.js';

export const DEFAULT_SESSION_KEYS = ['session_id', 'thread_id', 'conversation_id'] as const;

export interface SessionGroup {
  name: string;
  case_id: string;
  instance_ids: string[];
  /** the configured attributes lifted from the session's first item that has them */
  attributes: Record<string, unknown>;
}

const caseIdOf = (name: string) => 's-' + createHash('sha256').update(name).digest('base64url').slice(0, 16);

function sessionKeyOf(data: Record<string, unknown>, keys: readonly string[]): string | null {
  const metadata =
    data.metadata !== null && typeof data.metadata === 'object' ? (data.metadata as Record<string, unknown>) : {};
  for (const key of keys) {
    const value = data[key] ?? metadata[key];
    if ((typeof value === 'string' && value.trim()) || typeof value === 'number') return String(value);
  }
  return null;
}

/** The sessions of the items, in the order their first item comes. */
export function groupSessions(
  instances: Iterable<Instance>,
  keys: readonly string[],
  attributes: readonly string[],
): SessionGroup[] {
  const byName = new Map<string, SessionGroup>();
  for (const instance of instances) {
    const name = sessionKeyOf(instance.data, keys);
    if (name === null) continue;
    let group = byName.get(name);
    if (!group) byName.set(name, (group = { name, case_id: caseIdOf(name), instance_ids: [], attributes: {} }));
    group.instance_ids.push(instance.id);
    for (const a of attributes)
      if (!(a in group.attributes) && instance.data[a] !== undefined) group.attributes[a] = instance.data[a];
  }
  return [...byName.values()];
}
