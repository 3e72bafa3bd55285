/**
 * A room is event-sourced, as Potato's rooms are: every change (a join, a vote, the reveal, a message, a move on)
 * is one event appended to the room's log, and the room's state is a replay of it (`room-state.ts`). The log is
 * the audit trail too: blind votes with their labels, every change after the reveal with the majority it met.
 * Its rows live in the store (one row per event and a header per room), so a room outlives a restart and every
 * server process sharing a database sees the same room.
 */

export const ROOM_TYPES = ['norming', 'huddle', 'shadow'] as const;
export type RoomType = (typeof ROOM_TYPES)[number];
export type RoomRole = 'host' | 'member' | 'observer';

/** What each event says, by type. */
export type RoomEventBody =
  | {
      type: 'room_created';
      data: {
        room_type: RoomType;
        schema: string;
        labels: string[];
        item_ids: string[];
        /** huddles: each item's original answers, annotator → label, as they stood when the room was made */
        seed_votes: Record<string, Record<string, string>>;
      };
    }
  | { type: 'member_joined'; data: { role: RoomRole } }
  | { type: 'member_left'; data: Record<string, never> }
  | { type: 'vote_cast'; data: { instance_id: string; label: string } }
  | { type: 'vote_changed'; data: { instance_id: string; from: string; to: string; majority_at_time: string | null } }
  | { type: 'revealed'; data: { instance_id: string } }
  | { type: 'message'; data: { text: string } }
  | { type: 'advanced'; data: { from: number; to: number } }
  | { type: 'room_closed'; data: { persisted: number } };

export type RoomEvent = RoomEventBody & {
  /** 1, 2, …: the event's place in its room's log, and the cursor a client resumes from */
  seq: number;
  user: string;
  at: string;
};

/** What a room's list needs without replaying its log; rewritten with every event. */
export interface RoomHeader {
  room_id: string;
  room_type: RoomType;
  host: string;
  created_at: string;
  /** how many events the log holds: the next one is `events + 1` */
  events: number;
  status: 'open' | 'closed';
  n_members: number;
  n_items: number;
  current_index: number;
}

/** Where a member's pointer or selection is: shown to the others, not kept in the log. */
export interface RoomPresence {
  room_id: string;
  user: string;
  data: Record<string, unknown>;
  at: number;
}

declare module '../ports.js' {
  interface Tables {
    /** room id → the room's header */
    rooms: RoomHeader;
    /** `<room id>:<seq>` → one event of the room's log */
    room_events: RoomEvent;
    /** `<room id>\u0001<user>` → the member's last presence */
    room_presence: RoomPresence;
  }
}

export const eventKey = (roomId: string, seq: number) => `${roomId}:${seq}`;
export const presenceKey = (roomId: string, user: string) => `${roomId}\u0001${user}`;

/** Room codes: six characters without the ones read aloud ambiguously (0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function roomCode(random: (n: number) => number): string {
  let code = '';
  for (let i = 0; i < 6; i++) code += CODE_ALPHABET[random(CODE_ALPHABET.length)];
  return code;
}
