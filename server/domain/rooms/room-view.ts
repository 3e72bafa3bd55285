/**
 * What a member is shown of a room: its state and its log, with the blind rule applied. Before an item is revealed
 * a member sees who voted on it but never what (except their own vote); in a shadow room nothing is blind, since
 * the observers are there to watch the host decide. The metrics measure the session: agreement on the blind
 * votes against agreement on the final ones (Krippendorff's alpha, nominal), and every change after a reveal.
 */
import { alphaOf, Coincidences, UndefinedAgreement } from '../agreement/alpha.js';
import type { RoomEvent } from './room-log.js';
import { allVoted, type Round, type RoomState, type VoteChange } from './room-state.js';

export interface RoomMetrics {
  n_items: number;
  n_revealed: number;
  total_changes: number;
  toward_majority: number;
  away_from_majority: number;
  /** alpha over the revealed items' blind votes; null where it is not defined (fewer than two values, say) */
  blind_alpha: number | null;
  final_alpha: number | null;
  /** per member: their changes after reveals, and how many went to the majority */
  conformity: Record<string, { changes: number; toward_majority: number }>;
}

export interface CurrentItemView {
  instance_id: string;
  n_voted: number;
  voters: string[];
  my_vote: string | null;
  initial_votes?: Record<string, string>;
  current_votes?: Record<string, string>;
  changes?: VoteChange[];
}

const asObject = (m: Map<string, string>) => Object.fromEntries(m);

export function metricsOf(state: RoomState): RoomMetrics {
  const revealed = state.rounds.filter((r) => r.revealed);
  const changes = revealed.flatMap((r) => r.changes);
  const conformity: RoomMetrics['conformity'] = {};
  for (const c of changes) {
    const entry = (conformity[c.user] ??= { changes: 0, toward_majority: 0 });
    entry.changes++;
    if (c.majority_at_time !== null && c.to === c.majority_at_time) entry.toward_majority++;
  }
  const toward = changes.filter((c) => c.majority_at_time !== null && c.to === c.majority_at_time).length;
  const away = changes.filter((c) => c.majority_at_time !== null && c.from === c.majority_at_time).length;
  return {
    n_items: state.item_ids.length,
    n_revealed: revealed.length,
    total_changes: changes.length,
    toward_majority: toward,
    away_from_majority: away,
    blind_alpha: alpha(revealed, (r) => r.blind),
    final_alpha: alpha(revealed, (r) => r.current),
    conformity,
  };
}

function alpha(rounds: Round[], votes: (r: Round) => Map<string, string>): number | null {
  const co = new Coincidences<string>();
  for (const r of rounds) co.addUnit([...votes(r).values()]);
  try {
    return alphaOf(co, 'nominal');
  } catch (e) {
    if (e instanceof UndefinedAgreement) return null;
    throw e;
  }
}

function currentItemView(state: RoomState, user: string): CurrentItemView {
  const round = state.rounds[state.index];
  const view: CurrentItemView = {
    instance_id: round.instance_id,
    n_voted: round.current.size,
    voters: [...round.current.keys()],
    my_vote: round.current.get(user) ?? null,
  };
  if (round.revealed || state.room_type === 'shadow') {
    view.initial_votes = asObject(round.blind);
    view.current_votes = asObject(round.current);
    view.changes = round.changes;
  }
  return view;
}

export function stateView(state: RoomState, user: string) {
  const round = state.rounds[state.index];
  return {
    room_id: state.room_id,
    room_type: state.room_type,
    status: state.status,
    phase:
      state.status === 'closed' ? ('closed' as const) : round.revealed ? ('revealed' as const) : ('voting' as const),
    host: state.host,
    schema: state.schema,
    labels: state.labels,
    item_ids: state.item_ids,
    current_index: state.index,
    current_instance_id: round.instance_id,
    members: [...state.members].map(([name, role]) => ({ user: name, role })),
    n_members: state.members.size,
    my_role: state.members.get(user) ?? null,
    all_voted: allVoted(state),
    current_item: currentItemView(state, user),
    seed_votes: state.seed_votes[round.instance_id] ?? {},
    metrics: metricsOf(state),
    cursor: state.last_seq,
    created_at: state.created_at,
  };
}

/**
 * The log as a member may read it: a blind vote on an item not yet revealed loses its label, the caller's own too
 * (their own vote is `my_vote` in the state), as Potato's log does; who voted stays. The state is the room's now,
 * so a vote read after its item's reveal shows its label.
 */
export function eventsView(state: RoomState, events: readonly RoomEvent[]): RoomEvent[] {
  if (state.room_type === 'shadow') return [...events];
  const revealed = new Set(state.rounds.filter((r) => r.revealed).map((r) => r.instance_id));
  return events.map((e) => {
    if (e.type !== 'vote_cast' || revealed.has(e.data.instance_id)) return e;
    const { label: _hidden, ...data } = e.data;
    return { ...e, data } as unknown as RoomEvent;
  });
}
