/**
 * The evidence side of the multi_document_event form and the registry. Evidence is cited through the span picker,
 * which changes the answer only, so what the annotator cites or removes is found by comparing each event's evidence
 * with what it held before and sent from here. The registry's evidence from other documents is listed under the
 * event, drawn as text.
 */
import { useEffect, useRef } from 'react';
import type { RegistryEvent } from '../../../shared/api/types.js';
import type { Change, Cite } from './multi-document-event-sync.js';

const keyOf = (c: Cite) => `${c.slot_name}\u001f${c.span_start}\u001f${c.span_end}`;

/** The citations of `a` beyond those of `b` (as many times as they are more). */
function beyond(a: Cite[], b: Cite[]): Cite[] {
  const left = new Map<string, number>();
  for (const c of b) left.set(keyOf(c), (left.get(keyOf(c)) ?? 0) + 1);
  return a.filter((c) => {
    const n = left.get(keyOf(c)) ?? 0;
    left.set(keyOf(c), n - 1);
    return n <= 0;
  });
}

interface Held {
  doc: string;
  byEvent: Map<string, Cite[]>;
}

/**
 * Sends the evidence cited or removed on an event the form already held; an event newly in the form (picked,
 * loaded with the answer, another document shown) is taken as it is. `settle` records evidence taken from the
 * registry, so it is not sent back.
 */
export function useEvidenceSync(
  docId: string,
  events: { event_id: string; evidence: Cite[] }[],
  on: boolean,
  send: (id: string, ...changes: Change[]) => unknown,
) {
  const held = useRef<Held>({ doc: docId, byEvent: new Map() });
  useEffect(() => {
    if (held.current.doc !== docId) held.current = { doc: docId, byEvent: new Map() };
    const { byEvent } = held.current;
    for (const e of events) {
      const before = byEvent.get(e.event_id);
      byEvent.set(e.event_id, e.evidence);
      if (!before || !on || before === e.evidence) continue;
      const changes: Change[] = [
        ...beyond(before, e.evidence).map((c) => ({ uncite: c })),
        ...beyond(e.evidence, before).map((c) => ({ cite: c })),
      ];
      if (changes.length) send(e.event_id, ...changes);
    }
    for (const id of [...byEvent.keys()]) if (!events.some((e) => e.event_id === id)) byEvent.delete(id);
  });
  return { settle: (id: string, evidence: Cite[]) => held.current.byEvent.set(id, evidence) };
}

/** This document's evidence in the registry's event, in the answer's shape. */
export const evidenceHere = (e: RegistryEvent, docId: string): Cite[] =>
  e.evidence
    .filter((c) => c.doc_id === docId)
    .map(({ slot_name, span_start, span_end, quoted_text }) => ({ slot_name, span_start, span_end, quoted_text }));

export function OtherDocumentsEvidence({ event, docId }: { event: RegistryEvent | undefined; docId: string }) {
  const others = event?.evidence.filter((c) => c.doc_id !== docId) ?? [];
  if (!event || !others.length) return null;
  return (
    <div className="mde-elsewhere">
      <p className="hint">From other documents (the registry’s):</p>
      <ul className="link-list" aria-label={`Evidence from other documents for ${event.id}`}>
        {others.map((c, k) => (
          <li key={k}>
            {c.doc_id} · {c.slot_name}: <q>{c.quoted_text}</q>
            {c.created_by ? ` (${c.created_by})` : ''}
          </li>
        ))}
      </ul>
    </div>
  );
}
