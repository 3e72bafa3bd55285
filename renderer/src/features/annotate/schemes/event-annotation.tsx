/**
 * event_annotation: pick an event type, its trigger and a span per role from lists of the spans that fit
 * (required roles marked *), then Add event; events are listed with Remove buttons. Selects and buttons only,
 * so the keyboard does it all.
 */
import { useState } from 'react';
import type { EventAnnotation } from '../../../shared/api/types.js';
import { Legend } from './parts.js';
import type { FieldProps, SchemeUi } from './scheme-ui.js';
import { spansOf, spanText } from './span-refs.js';

interface EventType {
  type: string;
  trigger_labels?: string[];
  arguments: { role: string; entity_types?: string[]; required: boolean }[];
}

const fits = (labels: string[] | undefined, label: string) => !labels?.length || labels.includes(label);

function EventField({ scheme, answers, update, colors }: FieldProps) {
  const types = (scheme.event_types as EventType[] | undefined) ?? [];
  const spans = spansOf(answers, scheme.span_schema as string | undefined);
  const [typeName, setTypeName] = useState(types[0]?.type ?? '');
  const [trigger, setTrigger] = useState('');
  const [roles, setRoles] = useState<Record<string, string>>({});
  const type = types.find((t) => t.type === typeName) ?? types[0];
  const events = (answers.events ?? []).map((e, i) => ({ e, i })).filter(({ e }) => e.schema === scheme.name);
  const id = `scheme-${scheme.name}`;
  const options = (labels: string[] | undefined) => [...spans].filter(([, s]) => fits(labels, s.name));
  const ready =
    !!type && spans.has(trigger) && type.arguments.every((r) => !r.required || spans.has(roles[r.role] ?? ''));

  const add = () => {
    if (!ready || !type) return;
    const event: EventAnnotation = {
      schema: scheme.name,
      event_type: type.type,
      trigger_span_id: trigger,
      arguments: type.arguments.filter((r) => roles[r.role]).map((r) => ({ role: r.role, span_id: roles[r.role] })),
    };
    update((a) => ({ ...a, events: [...(a.events ?? []), event] }));
    setTrigger('');
    setRoles({});
  };

  return (
    <fieldset className="scheme scheme-event_annotation" data-scheme={scheme.name}>
      <Legend scheme={scheme} />
      {types.length === 0 ? (
        <p className="hint">No event types are set up for this question, so no event can be made.</p>
      ) : spans.size === 0 ? (
        <p className="hint">Mark the trigger and argument spans in the text first.</p>
      ) : (
        <div className="event-maker">
          <div>
            <label htmlFor={`${id}-type`}>Event type</label>{' '}
            <select
              id={`${id}-type`}
              value={type?.type ?? ''}
              onChange={(e) => {
                setTypeName(e.target.value);
                setRoles({});
              }}
            >
              {types.map((t) => (
                <option key={t.type}>{t.type}</option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${id}-trigger`}>Trigger *</label>{' '}
            <select id={`${id}-trigger`} value={trigger} onChange={(e) => setTrigger(e.target.value)}>
              <option value="">(choose)</option>
              {options(type?.trigger_labels).map(([ref, s]) => (
                <option key={ref} value={ref}>
                  {spanText(s)}
                </option>
              ))}
            </select>
          </div>
          {type?.arguments.map((r) => (
            <div key={r.role}>
              <label htmlFor={`${id}-role-${r.role}`}>
                {r.role}
                {r.required ? ' *' : ''}
              </label>{' '}
              <select
                id={`${id}-role-${r.role}`}
                value={roles[r.role] ?? ''}
                onChange={(e) => setRoles((x) => ({ ...x, [r.role]: e.target.value }))}
              >
                <option value="">(none)</option>
                {options(r.entity_types).map(([ref, s]) => (
                  <option key={ref} value={ref}>
                    {spanText(s)}
                  </option>
                ))}
              </select>
            </div>
          ))}
          <button type="button" onClick={add} disabled={!ready}>
            Add event
          </button>
        </div>
      )}
      {events.length > 0 && (
        <ul className="link-list" aria-label={`Events of ${scheme.name}`}>
          {events.map(({ e, i }) => {
            const args = (e.arguments ?? []).map((a) => `${a.role}: ${spanText(spans.get(a.span_id))}`).join(', ');
            return (
              <li key={e.id ?? i}>
                <span className="chip" style={{ borderColor: colors[e.event_type] ?? '#888888' }}>
                  {e.event_type}
                </span>{' '}
                {spanText(spans.get(e.trigger_span_id))}
                {args && ` — ${args}`}{' '}
                <button
                  type="button"
                  className="link"
                  aria-label={`Remove event ${e.event_type} ${spanText(spans.get(e.trigger_span_id))}`}
                  onClick={() => update((a) => ({ ...a, events: (a.events ?? []).filter((_, n) => n !== i) }))}
                >
                  Remove
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}

export const eventAnnotation: SchemeUi = {
  kind: 'value',
  applyAnswer: (a, scheme, value) =>
    Array.isArray(value)
      ? {
          ...a,
          events: [
            ...(a.events ?? []).filter((e) => e.schema !== scheme.name),
            ...value.map((e: Omit<EventAnnotation, 'schema'>) => ({ ...e, schema: scheme.name })),
          ],
        }
      : a,
  Field: EventField,
  keys: [
    { keys: ['Tab'], label: 'Events: reach the event type, trigger, each role and Add event' },
    { keys: ['↑', '↓'], label: 'Events: pick in a list (type, trigger, a role’s span)' },
    { keys: ['Enter'], label: 'Events: on Add event or Remove, make or delete the event' },
  ],
};
