/**
 * A room's state as the replay of its log, and the rules that decide which event a member's action appends.
 * Pure: the service reads the log, asks `decide`, and writes what it answers.
 */
import { invalid } from '../errors.js';
import type { RoomEvent, RoomEventBody, RoomRole, RoomType } from './room-log.js';

export interface VoteChange {
  user: string;
  from: string;
  to: string;
  majority_at_time: string | null;
  at: string;
}

/** One item of the room: the blind votes (fixed at the reveal), the current ones and the changes between. */
export interface Round {
  instance_id: string;
  revealed: boolean;
  blind: Map<string, string>;
  current: Map<string, string>;
  changes: VoteChange[];
}

export interface RoomState {
  room_id: string;
  room_type: RoomType;
  host: string;
  created_at: string;
  schema: string;
  labels: string[];
  item_ids: string[];
  seed_votes: Record<string, Record<string, string>>;
  /** current members and their roles, in the order they joined */
  members: Map<string, RoomRole>;
  status: 'open' | 'closed';
  index: number;
  rounds: Round[];
  last_seq: number;
}

export function replay(roomId: string, events: readonly RoomEvent[]): RoomState {
  const first = events[0];
  if (first?.type !== 'room_created') throw new Error(`room ${roomId}: its log does not start with room_created`);
  const state: RoomState = {
    room_id: roomId,
    room_type: first.data.room_type,
    host: first.user,
    created_at: first.at,
    schema: first.data.schema,
    labels: first.data.labels,
    item_ids: first.data.item_ids,
    seed_votes: first.data.seed_votes,
    members: new Map(),
    status: 'open',
    index: 0,
    rounds: first.data.item_ids.map((id) => ({
      instance_id: id,
      revealed: false,
      blind: new Map(),
      current: new Map(),
      changes: [],
    })),
    last_seq: first.seq,
  };
  for (let i = 1; i < events.length; i++) apply(state, events[i]);
  return state;
}

function apply(state: RoomState, e: RoomEvent): void {
  state.last_seq = e.seq;
  const round = (id: string) => state.rounds.find((r) => r.instance_id === id);
  switch (e.type) {
    case 'member_joined':
      state.members.set(e.user, e.data.role);
      break;
    case 'member_left':
      state.members.delete(e.user);
      break;
    case 'vote_cast': {
      const r = round(e.data.instance_id);
      if (!r) break;
      if (!r.revealed) r.blind.set(e.user, e.data.label);
      r.current.set(e.user, e.data.label);
      break;
    }
    case 'vote_changed': {
      const r = round(e.data.instance_id);
      if (!r) break;
      r.current.set(e.user, e.data.to);
      r.changes.push({
        user: e.user,
        from: e.data.from,
        to: e.data.to,
        majority_at_time: e.data.majority_at_time,
        at: e.at,
      });
      break;
    }
    case 'revealed': {
      const r = round(e.data.instance_id);
      if (r) r.revealed = true;
      break;
    }
    case 'advanced':
      state.index = e.data.to;
      break;
    case 'room_closed':
      state.status = 'closed';
      break;
    case 'message':
    case 'room_created':
      break;
  }
}

/** The label most current votes name, or null when two or more share the lead (or there are none). */
function majorityOf(votes: Iterable<string>): string | null {
  const counts = new Map<string, number>();
  for (const v of votes) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best: string | null = null;
  let bestCount = 0;
  let tied = false;
  for (const [label, n] of counts) {
    if (n > bestCount) [best, bestCount, tied] = [label, n, false];
    else if (n === bestCount) tied = true;
  }
  return tied ? null : best;
}

export type RoomAction =
  | { kind: 'join' }
  | { kind: 'leave' }
  | { kind: 'vote'; label: string }
  | { kind: 'reveal' }
  | { kind: 'advance' }
  | { kind: 'close' }
  | { kind: 'message'; text: string };

/**
 * The event `user`'s action appends, null when it changes nothing (a vote for the label already held, a join of
 * a member), or a refusal. Refusals are 400s, as Potato answers them: the action does not apply to this room now.
 */
export function decide(state: RoomState, user: string, action: RoomAction, maxMembers: number): RoomEventBody | null {
  const role = state.members.get(user);
  const open = state.status === 'open';
  const round = state.rounds[state.index];
  switch (action.kind) {
    case 'join':
      if (role) return null;
      if (!open) throw invalid('the room is closed');
      if (state.members.size >= maxMembers) throw invalid(`the room is full (${maxMembers} members)`);
      return { type: 'member_joined', data: { role: state.room_type === 'shadow' ? 'observer' : 'member' } };
    case 'leave':
      if (!role) throw invalid('you are not a member of this room');
      if (role === 'host') throw invalid('the host does not leave a room: POST …/close ends it');
      return { type: 'member_left', data: {} };
    case 'message':
      member(role, open);
      return { type: 'message', data: { text: action.text } };
    case 'vote': {
      member(role, open);
      if (role === 'observer') throw invalid('observers watch a shadow room: they do not vote');
      if (!state.labels.includes(action.label))
        throw invalid(`label: must be one of ${state.labels.map((l) => `"${l}"`).join(', ')}`);
      const held = round.current.get(user);
      if (held === action.label) return null;
      if (!round.revealed || held === undefined)
        return { type: 'vote_cast', data: { instance_id: round.instance_id, label: action.label } };
      return {
        type: 'vote_changed',
        data: {
          instance_id: round.instance_id,
          from: held,
          to: action.label,
          majority_at_time: majorityOf(round.current.values()),
        },
      };
    }
    case 'reveal':
      hostOnly(role, open, 'reveals');
      if (round.revealed) throw invalid('this item is revealed already');
      if (round.current.size === 0) throw invalid('nobody has voted on this item yet');
      return { type: 'revealed', data: { instance_id: round.instance_id } };
    case 'advance':
      hostOnly(role, open, 'moves the room on');
      if (state.index + 1 >= state.item_ids.length) return { type: 'room_closed', data: { persisted: 0 } };
      return { type: 'advanced', data: { from: state.index, to: state.index + 1 } };
    case 'close':
      hostOnly(role, open, 'closes the room');
      return { type: 'room_closed', data: { persisted: 0 } };
  }
}

function member(role: RoomRole | undefined, open: boolean): void {
  if (!role) throw invalid('you are not a member of this room: POST …/join first');
  if (!open) throw invalid('the room is closed');
}

function hostOnly(role: RoomRole | undefined, open: boolean, what: string): void {
  if (role !== 'host') throw invalid(`only the room's host ${what}`);
  if (!open) throw invalid('the room is closed');
}

/** Whether every member who votes has voted on the current item. */
export function allVoted(state: RoomState): boolean {
  const round = state.rounds[state.index];
  let voters = 0;
  for (const [user, role] of state.members) {
    if (role === 'observer') continue;
    voters++;
    if (!round.current.has(user)) return false;
  }
  return voters > 0;
}
