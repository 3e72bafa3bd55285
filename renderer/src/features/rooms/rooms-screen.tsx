/**
 * Rooms (Potato's multiplayer rooms): the lobby at #/rooms lists the rooms and makes one; a room at #/rooms/<id>
 * shows the item everyone votes on, who has voted (not what, until the host reveals), the discussion, and the
 * agreement before and after. The page asks the server for the room's state and new events every
 * `poll_interval_ms`: the server pushes nothing, so another member's vote shows at the next ask.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { api, errorText } from '../../shared/api/client.js';
import type { RoomEvents, RoomList, RoomState } from '../../shared/api/types.js';
import { ErrorNote, Loading } from '../../shared/components/status.js';
import { useHash } from '../../shared/routing/use-hash.js';
import './rooms.css';

/** The lobby at #/rooms, a room at #/rooms/<id>. */
export function RoomsScreen({ me }: { me: string }) {
  const hash = useHash();
  const roomId = /^#\/rooms\/([A-Za-z0-9]+)/.exec(hash)?.[1];
  return roomId ? <Room key={roomId} id={roomId} me={me} /> : <Lobby />;
}

function Lobby() {
  const [list, setList] = useState<RoomList | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [type, setType] = useState<'norming' | 'huddle' | 'shadow'>('norming');
  const [count, setCount] = useState(5);

  const load = useCallback(async () => {
    try {
      setList(await api.get<RoomList>('/rooms/api/list'));
      setError(null);
    } catch (e) {
      setError(errorText(e));
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const enter = async (id: string) => {
    try {
      await api.post(`/rooms/api/${id}/join`, {});
      location.hash = `#/rooms/${id}`;
    } catch (e) {
      setError(errorText(e));
    }
  };
  const create = async () => {
    try {
      const made = await api.post<{ room_id: string }>('/rooms/api/create', { room_type: type, count });
      location.hash = `#/rooms/${made.room_id}`;
    } catch (e) {
      setError(errorText(e));
    }
  };

  if (!list && error) return <ErrorNote onRetry={() => void load()}>{error}</ErrorNote>;
  if (!list) return <Loading what="the rooms" />;
  return (
    <section className="rooms-lobby" aria-label="Rooms">
      <h2>Rooms</h2>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <form
        className="room-create"
        onSubmit={(e) => {
          e.preventDefault();
          void create();
        }}
      >
        <label>
          Type{' '}
          <select value={type} onChange={(e) => setType(e.target.value as typeof type)}>
            <option value="norming">Norming: vote blind, reveal, discuss</option>
            <option value="huddle">Huddle: the items we disagree on</option>
            <option value="shadow">Shadow: others watch the host</option>
          </select>
        </label>
        {type !== 'huddle' && (
          <label>
            Items{' '}
            <input type="number" min={1} max={200} value={count} onChange={(e) => setCount(Number(e.target.value))} />
          </label>
        )}
        <button type="submit">Create room</button>
      </form>
      {list.rooms.length === 0 ? (
        <p className="muted">No rooms yet.</p>
      ) : (
        <ul className="room-list">
          {list.rooms.map((r) => (
            <li key={r.room_id}>
              <code>{r.room_id}</code> {r.room_type} · host {r.host} · {r.n_members} members · item{' '}
              {r.current_index + 1} of {r.n_items} · {r.status}{' '}
              {r.status === 'open' && (
                <button type="button" onClick={() => void enter(r.room_id)}>
                  Join
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

type RoomEvent = RoomEvents['events'][number];

function Room({ id, me }: { id: string; me: string }) {
  const [state, setState] = useState<RoomState | null>(null);
  const [messages, setMessages] = useState<RoomEvent[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [draft, setDraft] = useState('');
  const cursor = useRef(0);
  const interval = useRef(1500);

  const refresh = useCallback(async () => {
    try {
      const [s, e] = await Promise.all([
        api.get<RoomState>(`/rooms/api/${id}/state`),
        api.get<RoomEvents>(`/rooms/api/${id}/events?since=${cursor.current}`),
      ]);
      cursor.current = Math.max(cursor.current, e.cursor);
      interval.current = s.poll_interval_ms;
      // a tick and an action's refresh may ask from the same cursor: a message is shown once
      const said = e.events.filter((x) => x.type === 'message');
      if (said.length)
        setMessages((m) => {
          const shown = new Set(m.map((x) => x.seq));
          return [...m, ...said.filter((x) => !shown.has(x.seq))];
        });
      setState(s);
      setError(null);
    } catch (e) {
      setError(errorText(e));
    }
  }, [id]);

  useEffect(() => {
    cursor.current = 0;
    setMessages([]);
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      await refresh();
      if (!stopped) timer = setTimeout(() => void tick(), interval.current);
    };
    void tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [refresh]);

  const act = async (path: string, body: object = {}) => {
    try {
      await api.post(`/rooms/api/${id}/${path}`, body);
      await refresh();
    } catch (e) {
      setError(errorText(e));
    }
  };

  if (!state && error) return <ErrorNote onRetry={() => void refresh()}>{error}</ErrorNote>;
  if (!state) return <Loading what="the room" />;
  const item = state.current_item;
  const host = state.my_role === 'host';
  const open = state.status === 'open';
  const m = state.metrics;
  const alpha = (a: number | null) => (a === null ? '—' : a.toFixed(2));
  return (
    <section className="room" aria-label={`Room ${state.room_id}`}>
      <header className="room-head">
        <h2>
          Room <code>{state.room_id}</code> <span className="muted">{state.room_type}</span>
        </h2>
        <a href="#/rooms">All rooms</a>
      </header>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <p className="room-place">
        {state.status === 'closed'
          ? 'The room is closed.'
          : `Item ${state.current_index + 1} of ${state.item_ids.length} · ${state.phase === 'revealed' ? 'votes revealed' : `${item.n_voted} voted`}`}
      </p>
      <div className="item-text room-item">{state.item_text}</div>
      {Object.keys(state.seed_votes).length > 0 && (
        <p className="room-seed">
          Original answers:{' '}
          {Object.entries(state.seed_votes)
            .map(([who, label]) => `${who}: ${label}`)
            .join(' · ')}
        </p>
      )}
      {open && state.my_role !== 'observer' && (
        <div className="room-votes" role="group" aria-label={`Vote on ${state.schema}`}>
          {state.labels.map((label) => (
            <button
              key={label}
              type="button"
              aria-pressed={item.my_vote === label}
              onClick={() => void act('vote', { label })}
            >
              {label}
            </button>
          ))}
        </div>
      )}
      {item.current_votes && (
        <table className="room-tally">
          <thead>
            <tr>
              <th>Member</th>
              <th>Blind vote</th>
              <th>Now</th>
            </tr>
          </thead>
          <tbody>
            {Object.entries(item.current_votes).map(([who, now]) => (
              <tr key={who}>
                <td>{who === me ? `${who} (you)` : who}</td>
                <td>{item.initial_votes?.[who] ?? '—'}</td>
                <td>{now}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {host && open && (
        <div className="room-host">
          <button
            type="button"
            disabled={state.phase === 'revealed' || item.n_voted === 0}
            onClick={() => void act('reveal')}
          >
            Reveal votes
          </button>
          <button type="button" onClick={() => void act('advance')}>
            {state.current_index + 1 < state.item_ids.length ? 'Next item' : 'Finish'}
          </button>
        </div>
      )}
      <p className="room-metrics">
        Agreement (α) blind {alpha(m.blind_alpha)} → after discussion {alpha(m.final_alpha)} · {m.total_changes} changed
        votes, {m.toward_majority} toward the majority
      </p>
      <section className="room-chat" aria-label="Discussion">
        <ul>
          {messages.map((x) => (
            <li key={x.seq}>
              <strong>{x.user}</strong> {String(x.data.text ?? '')}
            </li>
          ))}
        </ul>
        {open && (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (!draft.trim()) return;
              void act('message', { text: draft }).then(() => setDraft(''));
            }}
          >
            <input aria-label="Message" value={draft} onChange={(e) => setDraft(e.target.value)} maxLength={2000} />
            <button type="submit">Send</button>
          </form>
        )}
      </section>
      <p className="muted">Members: {state.members.map((x) => `${x.user} (${x.role})`).join(', ')}</p>
    </section>
  );
}
