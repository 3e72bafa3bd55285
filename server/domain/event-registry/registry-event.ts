/**
 * The records of Potato's cross-document event registry: an event fills a template's slots, lists the documents
 * (instances) it spans and cites evidence from them. Events are a pool shared by the project's annotators, so
 * each carries a version that every change moves on; a change made against an older version is refused rather
 * than overwriting another annotator's edit (optimistic locking, Potato's `expected_updated_at`).
 */

export interface EventSlot {
  name: string;
  description: string;
  type: string;
}

export interface EvidenceCitation {
  slot_name: string;
  doc_id: string;
  span_start: number;
  span_end: number;
  quoted_text: string;
  span_id: string;
  created_by: string;
  created_at: string;
}

type EventProvenance = 'annotator' | 'seeded';

export interface RegistryEvent {
  id: string;
  template_name: string;
  title: string;
  slot_values: Record<string, string>;
  member_doc_ids: string[];
  evidence: EvidenceCitation[];
  created_by: string;
  provenance: EventProvenance;
  created_at: string;
  updated_at: string;
  /** 1 when created, one more at every change */
  version: number;
}

/** An event in a config's `event_template.seed_events`, as Potato's `event_registry.json` holds them. */
export interface SeedEvent {
  id: string;
  title: string;
  slot_values: Record<string, string>;
  member_doc_ids: string[];
}

export interface EventTemplateSettings {
  enabled: boolean;
  /** recorded on every event as `template_name` */
  name: string;
  /** whether annotators may create events (admins and adjudicators always may) */
  allowAnnotatorCreate: boolean;
  slots: EventSlot[];
  seedEvents: SeedEvent[];
}

declare module '../ports.js' {
  interface Tables {
    /** event id → the event */
    registry_events: RegistryEvent;
    /** seed event id → when it was put in: a seed is put in once, ever, so an edit or a deletion stays */
    registry_seeds: { seeded_at: string };
  }
}

/** What a change was made against: the version read, or Potato's `updated_at` stamp read. */
export interface Expected {
  version?: number;
  updated_at?: string;
}

/** Whether a change made against `expected` would overwrite a change the caller has not seen. */
export function isStale(event: RegistryEvent, expected: Expected): boolean {
  if (expected.version !== undefined && expected.version !== event.version) return true;
  return expected.updated_at !== undefined && expected.updated_at !== event.updated_at;
}

/**
 * The event after a change: version moved on, and an `updated_at` later than the one before even within one
 * millisecond, so a client holding the old stamp is always told its copy is stale.
 */
export function changed(event: RegistryEvent, change: Partial<RegistryEvent>, now: number): RegistryEvent {
  const before = Date.parse(event.updated_at);
  const at = new Date(Number.isNaN(before) || now > before ? now : before + 1).toISOString();
  return { ...event, ...change, updated_at: at, version: event.version + 1 };
}

/** Potato's `event_registry.json`: `{version: 1, events: {id: event}}`. */
export function registryFile(events: readonly RegistryEvent[]): {
  version: 1;
  events: Record<string, RegistryEvent>;
} {
  return { version: 1, events: Object.fromEntries(events.map((e) => [e.id, e])) };
}
