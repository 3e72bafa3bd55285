/**
 * multi_document_event: the events this document belongs to. New event makes one (its id can be typed to join an
 * event begun on another document); each has a title and a text per slot; evidence is cited by selecting text
 * (mouse, or `s` and the arrows) and picking "evidence: <slot>" in the span picker, for the last event listed.
 * When the project keeps an event registry its events are offered to pick from, evidence from other documents is
 * listed under each, removing an event lets this document go from it there (after a confirmation), and with
 * `allow_annotator_create: false` New event gives way to a sentence saying events come from the registry.
 */
import { useRef, useState } from 'react';
import type { Scheme } from '../../../shared/api/types.js';
import { setValue, type Answers } from '../answers.js';
import { Legend } from './parts.js';
import type { FieldProps, SchemeUi } from './scheme-ui.js';
import { jsonAnswer } from './span-refs.js';
import { RegistryPicker, useEventTemplate } from './multi-document-event-registry.js';
import { OutOfFormNotices, StaleSentence } from './multi-document-event-stale.js';
import { useMayOversee, useRegistrySync, type Change, type Cite } from './multi-document-event-sync.js';
import { evidenceHere, OtherDocumentsEvidence, useEvidenceSync } from './multi-document-event-evidence.js';

interface DocEvent {
  event_id: string;
  title?: string;
  slot_values: Record<string, string>;
  evidence: Cite[];
}

const PREFIX = 'evidence: ';
const slotsOf = (scheme: Scheme) => (scheme.slots as { name: string; description: string }[] | undefined) ?? [];

function eventsOf(a: Answers, scheme: Scheme): DocEvent[] {
  const raw = a.labels[scheme.name]?.[scheme.name];
  if (!raw) return [];
  try {
    return (JSON.parse(raw) as { events: DocEvent[] }).events ?? [];
  } catch {
    return [];
  }
}

const store = (a: Answers, scheme: Scheme, events: DocEvent[]) =>
  setValue(a, scheme.name, scheme.name, events.length ? JSON.stringify({ events }) : '');
const newId = () => `evt_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

function MultiDocumentEventField({ scheme, answers, update, instance }: FieldProps) {
  const events = eventsOf(answers, scheme);
  const [join, setJoin] = useState('');
  const registry = useEventTemplate().data;
  const docId = instance?.instance_id ?? '';
  const sync = useRegistrySync(docId, Boolean(registry));
  const evidence = useEvidenceSync(docId, events, Boolean(registry), sync.change);
  // removing an event asks first: with a registry it lets this document (and its evidence here) go from the event
  const [removing, setRemoving] = useState<string | null>(null);
  const remove = (n: number) => {
    const gone = events[n];
    setRemoving(null);
    set(events.filter((_, i) => i !== n));
    if (registry) void sync.change(gone.event_id, { attach: false });
  };
  // the server lets admins and adjudicators create events whatever allow_annotator_create says
  const oversees = useMayOversee();
  const mayCreate = !registry || registry.allow_annotator_create || oversees;
  const set = (next: DocEvent[]) => update((a) => store(a, scheme, next));
  const edit = (n: number, change: Partial<DocEvent>) => set(events.map((e, i) => (i === n ? { ...e, ...change } : e)));
  const id = `scheme-${scheme.name}`;
  // a field typed in is sent to the registry when it is left, once, not at every key
  const dirty = useRef(new Set<string>());
  const typed = (key: string) => dirty.current.add(key);
  const leave = (key: string, eventId: string, change: Change) => {
    if (!registry || !dirty.current.delete(key)) return;
    void sync.change(eventId, change);
  };
  const newEvent = async () => {
    if (!registry) return set([...events, { event_id: newId(), slot_values: {}, evidence: [] }]);
    const made = await sync.create();
    if (made)
      set([...events, { event_id: made.id, title: made.title, slot_values: { ...made.slot_values }, evidence: [] }]);
  };
  return (
    <fieldset className="scheme scheme-multi_document_event" data-scheme={scheme.name}>
      <Legend scheme={scheme} />
      {events.map((e, n) => (
        <div key={n} className="mde-event" aria-label={`Event ${e.event_id}`} role="group">
          <div>
            <label htmlFor={`${id}-${n}-id`}>Event id</label>{' '}
            <input id={`${id}-${n}-id`} value={e.event_id} onChange={(ev) => edit(n, { event_id: ev.target.value })} />{' '}
            <button type="button" className="link" onClick={() => setRemoving(e.event_id)}>
              Remove event {e.event_id}
            </button>
          </div>
          {removing === e.event_id && (
            <div role="alertdialog" aria-label={`Remove event ${e.event_id}?`} className="mde-confirm">
              <p>
                {registry
                  ? `Remove event ${e.event_id} from this document? The registry keeps it for its other documents; this document and its evidence leave it.`
                  : `Remove event ${e.event_id} and its evidence from this answer?`}
              </p>
              <button type="button" autoFocus onClick={() => remove(n)}>
                Remove from this document
              </button>{' '}
              <button type="button" onClick={() => setRemoving(null)}>
                Keep it
              </button>
            </div>
          )}
          <div>
            <label htmlFor={`${id}-${n}-title`}>Title</label>{' '}
            <input
              id={`${id}-${n}-title`}
              value={e.title ?? ''}
              onChange={(ev) => {
                typed(`${n}-title`);
                edit(n, { title: ev.target.value });
              }}
              onBlur={(ev) => leave(`${n}-title`, e.event_id, { title: ev.target.value })}
            />
          </div>
          {slotsOf(scheme).map((s) => (
            <div key={s.name}>
              <label htmlFor={`${id}-${n}-${s.name}`} title={s.description}>
                {s.name}
              </label>{' '}
              <input
                id={`${id}-${n}-${s.name}`}
                value={e.slot_values[s.name] ?? ''}
                onChange={(ev) => {
                  typed(`${n}-${s.name}`);
                  edit(n, { slot_values: { ...e.slot_values, [s.name]: ev.target.value } });
                }}
                onBlur={(ev) => leave(`${n}-${s.name}`, e.event_id, { slot: s.name, value: ev.target.value })}
              />
            </div>
          ))}
          {sync.stale[e.event_id] && (
            <StaleSentence
              notice={sync.stale[e.event_id]}
              slots={slotsOf(scheme).map((s) => s.name)}
              onTake={(c) => {
                const here = evidenceHere(c, docId);
                evidence.settle(e.event_id, here);
                edit(n, { title: c.title, slot_values: { ...c.slot_values }, evidence: here });
                sync.dismiss(e.event_id);
              }}
            />
          )}
          {sync.failed[e.event_id] && (
            <p className="error" role="alert">
              The event registry did not take this change ({sync.failed[e.event_id]}); it is kept in your answer only.
            </p>
          )}
          {e.evidence.length > 0 && (
            <ul className="link-list" aria-label={`Evidence for ${e.event_id}`}>
              {e.evidence.map((c, k) => (
                <li key={k}>
                  {c.slot_name}: <q>{c.quoted_text}</q>{' '}
                  <button
                    type="button"
                    className="link"
                    aria-label={`Remove evidence “${c.quoted_text ?? ''}” for ${c.slot_name}`}
                    onClick={() => edit(n, { evidence: e.evidence.filter((_, i) => i !== k) })}
                  >
                    Remove
                  </button>
                </li>
              ))}
            </ul>
          )}
          {registry && <OtherDocumentsEvidence event={sync.eventOf(e.event_id)} docId={docId} />}
        </div>
      ))}
      <OutOfFormNotices sync={sync} inForm={events.map((e) => e.event_id)} />
      {sync.offline && (
        <p className="error" role="status" data-testid="mde-offline">
          The event registry cannot be reached: your changes are kept in your answer and in this browser, and will be
          sent to it when it answers again, even if you close this page.
        </p>
      )}
      {registry && (
        <RegistryPicker
          id={id}
          docId={docId}
          taken={events.map((e) => e.event_id)}
          onPick={(e) => {
            sync.join(e);
            // this document's evidence the registry already holds comes with it (taken as it is, not sent back)
            const here = evidenceHere(e, docId);
            set([...events, { event_id: e.id, title: e.title, slot_values: { ...e.slot_values }, evidence: here }]);
          }}
        />
      )}
      {mayCreate ? (
        <>
          <button type="button" onClick={() => void newEvent()}>
            New event
          </button>{' '}
          {sync.failed[''] && (
            <span className="error" role="alert">
              {sync.failed['']}
            </span>
          )}
        </>
      ) : (
        // a typed id the registry lacks would make a new event by the back door, so joining is by the picker only
        <p className="hint" data-testid="mde-no-create">
          This project’s events are set up in its event registry, so annotators do not create them: pick one above.
        </p>
      )}
      {!registry && (
        <>
          <label htmlFor={`${id}-join`}>Join event by id</label>{' '}
          <input id={`${id}-join`} value={join} onChange={(ev) => setJoin(ev.target.value)} />{' '}
          <button
            type="button"
            disabled={!join.trim() || events.some((e) => e.event_id === join.trim())}
            onClick={() => {
              set([...events, { event_id: join.trim(), slot_values: {}, evidence: [] }]);
              setJoin('');
            }}
          >
            Join
          </button>
        </>
      )}
      <p className="hint">Cite evidence: select text, then pick “{PREFIX}slot” (for the last event).</p>
    </fieldset>
  );
}

export const multiDocumentEvent: SchemeUi = {
  kind: 'value',
  applyAnswer: jsonAnswer,
  Field: MultiDocumentEventField,
  spanTargets: (scheme) => slotsOf(scheme).map((s) => ({ label: `${PREFIX}${s.name}` })),
  takeSpan(a, scheme, label, { start, end }, text) {
    const events = eventsOf(a, scheme);
    const list = events.length ? events : [{ event_id: newId(), slot_values: {}, evidence: [] }];
    const last = list[list.length - 1];
    const cite = {
      slot_name: label.slice(PREFIX.length),
      span_start: start,
      span_end: end,
      quoted_text: text.slice(start, end),
    };
    return store(a, scheme, [...list.slice(0, -1), { ...last, evidence: [...last.evidence, cite] }]);
  },
  marks: (scheme, a) =>
    eventsOf(a, scheme).flatMap((e) =>
      e.evidence.map((c) => ({ start: c.span_start, end: c.span_end, label: c.slot_name, color: '#7c3aed' })),
    ),
  keys: [
    { keys: ['Tab'], label: 'Events across documents: reach New event, Join, and each event’s id, title and slots' },
    { keys: ['s'], label: 'Events across documents: select evidence by keyboard, then pick “evidence: slot”' },
  ],
};
