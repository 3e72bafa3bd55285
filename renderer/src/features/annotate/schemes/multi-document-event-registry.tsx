/**
 * The event registry's side of the multi_document_event form: whether the project keeps a registry (its
 * `GET /corpus/api/event_template`, a 503 when it has none, so the page needs no second source of truth), and a
 * picker of its events, this document's first, so an annotator joins a shared event by choosing it rather than
 * typing its id. Titles and ids are drawn as text.
 */
import { useState } from 'react';
import { api, ApiError } from '../../../shared/api/client.js';
import type { EventTemplate, RegistryEvent } from '../../../shared/api/types.js';
import { useResource } from '../../../shared/api/use-resource.js';

/** The registry's template, null when the project has none (503), or the error sentence of another failure. */
export function useEventTemplate() {
  return useResource(['event-template'], () =>
    api.get<EventTemplate>('/corpus/api/event_template').catch((e: unknown) => {
      if (e instanceof ApiError && e.status === 503) return null;
      throw e;
    }),
  );
}

const nameOf = (e: RegistryEvent) => `${e.title.trim() || 'Untitled event'} (${e.id})`;

interface PickerProps {
  id: string;
  docId: string;
  /** ids already in the form: offered but not addable twice */
  taken: string[];
  onPick: (event: RegistryEvent) => void;
}

export function RegistryPicker({ id, docId, taken, onPick }: PickerProps) {
  const all = useResource(['registry-events', docId], () =>
    api.get<{ events: RegistryEvent[] }>('/corpus/api/events').then((r) => r.events),
  );
  const [chosen, setChosen] = useState('');
  if (all.error) return <p className="error">The event registry could not be read: {all.error}</p>;
  const events = all.data ?? [];
  const here = events.filter((e) => e.member_doc_ids.includes(docId));
  const elsewhere = events.filter((e) => !e.member_doc_ids.includes(docId));
  const pick = events.find((e) => e.id === chosen);
  const option = (e: RegistryEvent) => (
    <option key={e.id} value={e.id} disabled={taken.includes(e.id)}>
      {nameOf(e)}
    </option>
  );
  return (
    <div className="mde-registry">
      <label htmlFor={`${id}-registry`}>Event from the registry</label>{' '}
      <select id={`${id}-registry`} value={chosen} onChange={(ev) => setChosen(ev.target.value)}>
        <option value="">{events.length ? 'Choose an event…' : 'No events in the registry yet'}</option>
        {here.length > 0 && <optgroup label="In this document">{here.map(option)}</optgroup>}
        {elsewhere.length > 0 && <optgroup label="In other documents">{elsewhere.map(option)}</optgroup>}
      </select>{' '}
      <button
        type="button"
        disabled={!pick || taken.includes(pick.id)}
        onClick={() => {
          if (!pick) return;
          onPick(pick);
          setChosen('');
        }}
      >
        Add event
      </button>{' '}
      <button type="button" className="link" onClick={() => void all.reload()}>
        Refresh events
      </button>
    </div>
  );
}
