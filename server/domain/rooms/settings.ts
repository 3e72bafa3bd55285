/** Potato's `rooms` section, read (server/config/sections/rooms.ts). */
export interface RoomSettings {
  enabled: boolean;
  /** `any` logged-in user may create a room, or `admin` users only */
  whoCanCreate: 'any' | 'admin';
  /** final votes on revealed items become the members' answers when the room closes */
  persistVotes: boolean;
  /** how often a page asks for new events (500–30000 ms): handed to clients */
  pollIntervalMs: number;
  maxMembers: number;
  /** the single-choice scheme rooms vote on, with its labels; null when the project has none */
  schema: { name: string; labels: string[] } | null;
}

export const ROOMS_OFF: RoomSettings = {
  enabled: false,
  whoCanCreate: 'any',
  persistVotes: true,
  pollIntervalMs: 1500,
  maxMembers: 12,
  schema: null,
};
