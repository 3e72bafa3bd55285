/**
 * Session-level scoring, as Potato has it: schemes marked `session_level` are asked once per session (the items
 * sharing a session key) rather than per item. Each annotator answers independently, one stored row per
 * (session, annotator, scheme); everyone sees the figures of all answers. The sessions themselves are derived
 * from the items at start-up, nothing about them is stored.
 */
import { invalid, notFound, unavailable } from '../errors.js';
import type { Clock, Store } from '../ports.js';
import type { Scheme, Task } from '../task.js';
import { aggregateOf, checkValue, type SessionAggregate, type SessionValue } from './session-answers.js';
import { groupSessions, type SessionGroup } from './session-groups.js';

export interface SessionSettings {
  enabled: boolean;
  /** the item keys read for a session's name, in order */
  keys: string[];
  /** item fields lifted onto the session */
  attributes: string[];
  /** the schemes asked per session, kept out of the per-item form */
  schemes: Scheme[];
}

export const SESSIONS_OFF: SessionSettings = { enabled: false, keys: [], attributes: [], schemes: [] };

export interface SessionAnswer {
  case_id: string;
  session: string;
  annotator: string;
  schema: string;
  value: SessionValue;
  updated_at: string;
}

declare module '../ports.js' {
  interface Tables {
    /** `<case id>\u0001<annotator>\u0001<scheme>` → the annotator's answer to that session's scheme */
    session_answers: SessionAnswer;
  }
}

const answerKey = (caseId: string, annotator: string, schema: string) => `${caseId}\u0001${annotator}\u0001${schema}`;
const PREVIEW = 200;
const OFF =
  'sessions are not enabled in this project: the project owner turns them on with sessions: {enabled: true} and session_level: true on a scheme';

export class Sessions {
  private readonly groups: SessionGroup[];
  private readonly byCase: Map<string, SessionGroup>;

  constructor(
    private readonly store: Store,
    private readonly task: Task,
    private readonly clock: Clock,
    readonly settings: SessionSettings,
  ) {
    this.groups = settings.enabled ? groupSessions(task.instances, settings.keys, settings.attributes) : [];
    this.byCase = new Map(this.groups.map((g) => [g.case_id, g]));
  }

  /**
   * Every session with its size and which schemes the caller has answered. The figures of everyone's answers are
   * in each session's detail: here they would scan every stored answer once per session.
   */
  queue(user: string) {
    this.on();
    return this.groups.map((g) => {
      const mine = this.answersOf(g.case_id, user);
      return {
        name: g.name,
        case_id: g.case_id,
        n_traces: g.instance_ids.length,
        attributes: g.attributes,
        my_schemas_done: Object.keys(mine).sort(),
        n_schemas: this.settings.schemes.length,
      };
    });
  }

  detail(user: string, caseId: string) {
    const g = this.group(caseId);
    return {
      name: g.name,
      case_id: g.case_id,
      attributes: g.attributes,
      members: g.instance_ids.map((id) => ({ instance_id: id, preview: this.preview(id) })),
      my_annotations: this.answersOf(caseId, user),
      aggregates: this.aggregates(caseId),
    };
  }

  /** Stores the caller's answer to one session-level scheme, or clears it with null. */
  async annotate(user: string, caseId: string, schema: string, value: SessionValue | null) {
    const g = this.group(caseId);
    const scheme = this.settings.schemes.find((s) => s.name === schema);
    if (!scheme)
      throw invalid(
        `schema: "${schema}" is not asked per session (session-level schemes: ${this.settings.schemes.map((s) => s.name).join(', ')})`,
      );
    const key = answerKey(caseId, user, schema);
    if (value === null) {
      if (this.store.get('session_answers', key))
        await this.store.write([{ table: 'session_answers', key, delete: true }]);
    } else {
      const row: SessionAnswer = {
        case_id: caseId,
        session: g.name,
        annotator: user,
        schema,
        value: checkValue(scheme, value),
        updated_at: new Date(this.clock.now()).toISOString(),
      };
      await this.store.write([{ table: 'session_answers', key, value: row }]);
    }
    return { my_annotations: this.answersOf(caseId, user), aggregates: this.aggregates(caseId) };
  }

  /** Every stored answer with its session's items, in the sessions' order (the admin's export). */
  exportRows() {
    this.on();
    return this.groups.flatMap((g) => this.rowsOf(g.case_id).map((r) => ({ ...r, instance_ids: g.instance_ids })));
  }

  private rowsOf(caseId: string): SessionAnswer[] {
    const rows: SessionAnswer[] = [];
    // a session's rows are few and sessions are read one at a time: a scan of the table's keys is enough
    for (const key of this.store.keys('session_answers')) {
      if (!key.startsWith(caseId + '\u0001')) continue;
      const row = this.store.get('session_answers', key);
      if (row) rows.push(row);
    }
    return rows.sort((a, b) => a.annotator.localeCompare(b.annotator) || a.schema.localeCompare(b.schema));
  }

  private answersOf(caseId: string, user: string): Record<string, SessionValue> {
    const out: Record<string, SessionValue> = {};
    for (const s of this.settings.schemes) {
      const row = this.store.get('session_answers', answerKey(caseId, user, s.name));
      if (row) out[s.name] = row.value;
    }
    return out;
  }

  private aggregates(caseId: string): Record<string, SessionAggregate> {
    const bySchema = new Map<string, SessionValue[]>();
    for (const row of this.rowsOf(caseId)) {
      let list = bySchema.get(row.schema);
      if (!list) bySchema.set(row.schema, (list = []));
      list.push(row.value);
    }
    return Object.fromEntries(this.settings.schemes.map((s) => [s.name, aggregateOf(s, bySchema.get(s.name) ?? [])]));
  }

  private preview(instanceId: string): string {
    const text = this.task.instanceById.get(instanceId)?.text ?? '';
    return text.length > PREVIEW ? text.slice(0, PREVIEW) + '…' : text;
  }

  private group(caseId: string): SessionGroup {
    this.on();
    const g = this.byCase.get(caseId);
    if (!g) throw notFound(`no session with case_id "${caseId}"`);
    return g;
  }

  private on(): void {
    if (!this.settings.enabled) throw unavailable(OFF);
  }
}
