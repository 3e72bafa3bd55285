/**
 * context_attribution: how each turn of a conversation uses what came before, tagged per turn as consensus_tracking
 * tags acts: used the context correctly, hallucinated context (referred to something never said), or ignored it.
 * A turn that used or ignored context may name the earlier turn holding it. Stored like consensus_tracking:
 * `"<scheme>:<scheme>"` → JSON [{"turn", "act", "ref"?, "agent_id"}].
 */
import { turnActType } from './consensus-tracking.js';

export const contextAttribution = turnActType('context_attribution', {
  acts: ['used_context_correctly', 'hallucinated_context', 'ignored_context'],
  // a hallucinated detail has no turn it came from
  linked: ['used_context_correctly', 'ignored_context'],
  hint: 'Tag how each turn uses the conversation before it; a turn that used or ignored context may name the turn holding it.',
});
