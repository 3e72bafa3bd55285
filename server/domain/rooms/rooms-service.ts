/**
 * Rooms as Potato has them: annotators meet around the same item at the same time (norming: vote blind, reveal,
 * discuss, change; huddle: the items the team disagrees on, with their original answers; shadow: observers watch
 * the host). Every action reads the room's log from the store, lets `decide` pick the event and appends it, one
 * room at a time in this process (and, between processes sharing a database, through the header row both
 * write, so two appends at once collide and one is run again). A member's next request therefore sees what the
 * others did: nothing is pushed, clients ask for the events after their cursor.
 */
import { randomInt } from 'node:crypto';
import { forbidden, invalid, notFound, unavailable } from '../errors.js';
import type { Clock, Store, StoreOp } from '../ports.js';
import type { Task } from '../task.js';
import type { AnnotationRecord, Submission } from '../annotation/records.js';
import type { Scheme } from '../task.js';
import { schemeModuleOf } from '../schemes/registry.js';
import { answersScheme, outsideView } from '../schemes/cohort-views.js';
import { AnswerError } from '../schemes/module.js';
import {
  eventKey,
  presenceKey,
  roomCode,
  type RoomEvent,
  type RoomEventBody,
  type RoomHeader,
  type RoomPresence,
  type RoomType,
} from './room-log.js';
import { decide, replay, type RoomAction, type RoomState } from './room-state.js';
import { eventsView, metricsOf, stateView } from './room-view.js';
import type { RoomSettings } from './settings.js';
import { disagreementsOn, type AnswerSource, type Disagreement } from './disagreements.js';

const OFF = 'rooms are not enabled in this project: the project owner turns them on with rooms: {enabled: true}';
/** Potato's caps: a huddle walks at most 200 items, and so may a room made from a list */
const MAX_ITEMS = 200;
/** presence older than this is no longer shown: the member has gone quiet */
const PRESENCE_TTL_MS = 60_000;

export interface RoomsDeps {
  store: Store;
  task: Task;
  clock: Clock;
  settings: RoomSettings;
  answers: AnswerSource & {
    /** writes answers as annotations with `also` in the same write (the room's closing event) */
    takeIn(
      answers: { username: string; submission: Submission; at: { created_at: string; updated_at: string } }[],
      also: StoreOp[],
    ): Promise<void>;
    get(username: string, instanceId: string): AnnotationRecord | undefined;
  };
  isAdmin: (username: string) => boolean;
}

export class Rooms {
  private readonly locks = new Map<string, Promise<unknown>>();

  constructor(private readonly d: RoomsDeps) {}

  get settings(): RoomSettings {
    return this.d.settings;
  }

  async create(user: string, input: { room_type: RoomType; item_ids?: string[]; count?: number }) {
    const schema = this.on();
    if (this.d.settings.whoCanCreate === 'admin' && !this.d.isAdmin(user))
      throw forbidden('only admins create rooms in this project (rooms.who_can_create: admin)');
    const chosen = input.item_ids?.map((id, i) => {
      if (!this.d.task.positionById.has(id)) throw invalid(`item_ids[${i}]: no instance with id "${id}"`);
      return id;
    });
    let itemIds: string[];
    let seed: Record<string, Record<string, string>> = {};
    if (input.room_type === 'huddle') {
      const rows = disagreementsOn(this.d.task, this.d.answers, schema.name, chosen, MAX_ITEMS);
      if (!rows.length)
        throw invalid(
          `no disagreements on "${schema.name}" to huddle over${chosen ? ' among item_ids' : ''}: no item has two annotators with different answers`,
        );
      itemIds = rows.map((r) => r.instance_id);
      seed = Object.fromEntries(rows.map((r) => [r.instance_id, r.annotations]));
    } else {
      itemIds = chosen ? [...new Set(chosen)] : this.d.task.instances.slice(0, input.count ?? 10).map((i) => i.id);
      if (!itemIds.length) throw invalid('item_ids: a room needs at least one item');
      if (itemIds.length > MAX_ITEMS) throw invalid(`item_ids: at most ${MAX_ITEMS} items`);
    }
    let roomId = roomCode(randomInt);
    while (this.d.store.get('rooms', roomId)) roomId = roomCode(randomInt);
    const at = this.now();
    const events: RoomEvent[] = [
      {
        seq: 1,
        user,
        at,
        type: 'room_created',
        data: {
          room_type: input.room_type,
          schema: schema.name,
          labels: schema.labels,
          item_ids: itemIds,
          seed_votes: seed,
        },
      },
      { seq: 2, user, at, type: 'member_joined', data: { role: 'host' } },
    ];
    const state = replay(roomId, events);
    await this.d.store.write([...events.map((e) => eventOp(roomId, e)), headerOp(state)]);
    return { room_id: roomId, room: this.header(roomId) };
  }

  /** A member's action: the event it appends (none for one that changes nothing) and the role it leaves them. */
  act(user: string, roomId: string, action: RoomAction) {
    this.on();
    return this.locked(roomId, async () => {
      const { state } = this.read(roomId);
      // a vote becomes the voter's answer to the room's scheme: another cohort's scheme is not theirs to answer
      if (action.kind === 'vote' && !answersScheme(this.d.task, user, state.schema))
        throw invalid(`label: ${outsideView(this.d.task, user, state.schema)}`);
      const body = decide(state, user, action, this.d.settings.maxMembers);
      if (body) await this.append(state, user, body);
      const after = body ? this.read(roomId).state : state;
      return { role: after.members.get(user) ?? null, status: after.status, cursor: after.last_seq };
    });
  }

  state(user: string, roomId: string) {
    const { state } = this.readable(user, roomId);
    const view = stateView(state, user);
    const text = this.d.task.instanceById.get(view.current_instance_id)?.text ?? '';
    return { ...view, item_text: text, poll_interval_ms: this.d.settings.pollIntervalMs };
  }

  events(user: string, roomId: string, since: number, presenceSince: number) {
    const { state, events } = this.readable(user, roomId);
    const after = events.filter((e) => e.seq > since);
    const now = this.d.clock.now();
    const presence: RoomPresence[] = [];
    for (const name of state.members.keys()) {
      const p = this.d.store.get('room_presence', presenceKey(roomId, name));
      if (p && name !== user && p.at > presenceSince && now - p.at <= PRESENCE_TTL_MS) presence.push(p);
    }
    presence.sort((a, b) => b.at - a.at);
    return {
      events: eventsView(state, after),
      cursor: state.last_seq,
      presence: presence.map((p) => ({ user: p.user, data: p.data, at: p.at })),
    };
  }

  /** Where a member's pointer or selection is now; kept apart from the log, shown to the others for a minute. */
  async presence(user: string, roomId: string, data: Record<string, unknown>): Promise<void> {
    this.on();
    const { state } = this.read(roomId);
    if (!state.members.has(user)) throw invalid('you are not a member of this room: POST …/join first');
    const row: RoomPresence = { room_id: roomId, user, data, at: this.d.clock.now() };
    await this.d.store.write([{ table: 'room_presence', key: presenceKey(roomId, user), value: row }]);
  }

  list(): RoomHeader[] {
    this.on();
    return [...this.d.store.entries('rooms')]
      .map(([, h]) => h)
      .sort((a, b) => b.created_at.localeCompare(a.created_at));
  }

  /** The whole log with its labels, and the metrics: for the host or an admin. */
  export(user: string, roomId: string) {
    this.on();
    const { state, events } = this.read(roomId);
    if (state.host !== user && !this.d.isAdmin(user)) throw forbidden("only the room's host or an admin exports it");
    return { room: this.header(roomId), events, metrics: metricsOf(state) };
  }

  disagreements(): Disagreement[] {
    const schema = this.on();
    return disagreementsOn(this.d.task, this.d.answers, schema.name, undefined, MAX_ITEMS);
  }

  private async append(state: RoomState, user: string, body: RoomEventBody): Promise<void> {
    const at = this.now();
    let event = { ...body, seq: state.last_seq + 1, user, at } as RoomEvent;
    const closing = event.type === 'room_closed';
    const answers = closing && this.d.settings.persistVotes ? this.finalAnswers(state, at) : [];
    if (event.type === 'room_closed') event = { ...event, data: { persisted: answers.length } };
    const next = replay(state.room_id, [...this.read(state.room_id).events, event]);
    const ops = [eventOp(state.room_id, event), headerOp(next)];
    if (answers.length) await this.d.answers.takeIn(answers, ops);
    else await this.d.store.write(ops);
  }

  /** Each voter's final vote on each revealed item, as their answer to the room's scheme (other answers kept). */
  private finalAnswers(state: RoomState, at: string) {
    const scheme = this.d.task.schemeByName.get(state.schema);
    if (!scheme) return [];
    const out: { username: string; submission: Submission; at: { created_at: string; updated_at: string } }[] = [];
    for (const round of state.rounds) {
      if (!round.revealed || !this.d.task.positionById.has(round.instance_id)) continue;
      for (const [username, label] of round.current) {
        // placed in a cohort without the scheme since voting (auto-assigned at a first hand-out): not their answer
        if (!answersScheme(this.d.task, username, scheme.name)) continue;
        const annotations = withAnswer(this.d.answers.get(username, round.instance_id), scheme, label);
        if (annotations)
          out.push({
            username,
            submission: { instance_id: round.instance_id, annotations },
            at: { created_at: at, updated_at: at },
          });
      }
    }
    return out;
  }

  private readable(user: string, roomId: string) {
    this.on();
    const room = this.read(roomId);
    if (!room.state.members.has(user) && !this.d.isAdmin(user))
      throw forbidden('you are not a member of this room: POST …/join first');
    return room;
  }

  private read(roomId: string): { state: RoomState; events: RoomEvent[] } {
    const header = this.d.store.get('rooms', roomId);
    if (!header) throw notFound(`no room "${roomId}"`);
    const events: RoomEvent[] = [];
    for (let seq = 1; seq <= header.events; seq++) {
      const e = this.d.store.get('room_events', eventKey(roomId, seq));
      if (e) events.push(e);
    }
    return { state: replay(roomId, events), events };
  }

  private header(roomId: string): RoomHeader {
    return this.d.store.get('rooms', roomId)!;
  }

  private locked<T>(roomId: string, run: () => Promise<T>): Promise<T> {
    const previous = this.locks.get(roomId) ?? Promise.resolve();
    const next = previous.then(run, run);
    const settled = next.catch(() => undefined);
    this.locks.set(roomId, settled);
    void settled.then(() => {
      if (this.locks.get(roomId) === settled) this.locks.delete(roomId);
    });
    return next;
  }

  private on(): { name: string; labels: string[] } {
    if (!this.d.settings.enabled) throw unavailable(OFF);
    if (!this.d.settings.schema) throw unavailable('rooms: the project has no radio or likert scheme to vote on');
    return this.d.settings.schema;
  }

  private now(): string {
    return new Date(this.d.clock.now()).toISOString();
  }
}

function eventOp(roomId: string, e: RoomEvent): StoreOp {
  return { table: 'room_events', key: eventKey(roomId, e.seq), value: e };
}

function headerOp(state: RoomState): StoreOp {
  const value: RoomHeader = {
    room_id: state.room_id,
    room_type: state.room_type,
    host: state.host,
    created_at: state.created_at,
    events: state.last_seq,
    status: state.status,
    n_members: state.members.size,
    n_items: state.item_ids.length,
    current_index: state.index,
  };
  return { table: 'rooms', key: state.room_id, value };
}

/** The annotator's answers with `label` as their answer to `scheme`, in the form a submission sends. */
function withAnswer(
  before: AnnotationRecord | undefined,
  scheme: Scheme,
  label: string,
): Record<string, string> | null {
  const chosen = schemeModuleOf(scheme).fromAnswer(scheme, label);
  if (chosen instanceof AnswerError) return null;
  const out: Record<string, string> = {};
  for (const [name, labels] of Object.entries(before?.labels ?? {}))
    if (name !== scheme.name) for (const [l, v] of Object.entries(labels)) out[`${name}:::${l}`] = v;
  for (const [l, v] of Object.entries(chosen)) out[`${scheme.name}:::${l}`] = v;
  return out;
}
