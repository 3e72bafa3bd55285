/**
 * Potato's boundary lab: once an annotator commits a label on the probed scheme, they are shown minimal edits of
 * the text and asked whether their label survives each. Probes are made once per (item, label), stored and
 * shared by every annotator (so invariance consistency compares like with like); answers are kept one per
 * annotator and probe, a later one replacing it. The read-outs are derived from both on each read.
 */
import { createHash } from 'node:crypto';
import { invalid, notFound, unavailable } from '../errors.js';
import type { Clock, Store } from '../ports.js';
import type { Task } from '../task.js';
import type { AnnotationService } from '../annotation/annotation-service.js';
import { planProbes, type PlanSettings, type ProbeSource } from './probe-plan.js';
import type { ProbeKind } from './probe-rules.js';
import {
  boundaryStats,
  contrastRecords,
  type AnsweredProbe,
  type BoundaryStats,
  type Verdict,
} from './boundary-stats.js';

export interface BoundarySettings extends PlanSettings {
  enabled: boolean;
  /** the probed scheme ('' when off) */
  schema: string;
  rationaleOnFlip: boolean;
  /** how long the annotate page waits after a label is chosen before asking for its probes */
  debounceMs: number;
}

export interface Probe {
  probe_id: string;
  text: string;
  kind: ProbeKind;
  edit_hint: string;
  source: ProbeSource;
}

interface ProbeSet {
  instance_id: string;
  schema: string;
  label: string;
  probes: Probe[];
  created_at: string;
}

export interface ProbeAnswer {
  probe_id: string;
  instance_id: string;
  annotator: string;
  verdict: Verdict;
  new_label: string | null;
  rationale: string;
  at: string;
}

declare module '../ports.js' {
  interface Tables {
    /** `<instance id>\u0001<schema>\u0001<label>` → the probes made for it */
    boundary_probes: ProbeSet;
    /** `<annotator>\u0001<probe id>` → their latest answer */
    boundary_responses: ProbeAnswer;
  }
}

const OFF =
  'boundary probing is not enabled in this project: the project owner turns it on with boundary_probing: {enabled: true}';

export class BoundaryLab {
  constructor(
    private readonly store: Store,
    private readonly task: Task,
    private readonly annotations: AnnotationService,
    private readonly clock: Clock,
    readonly settings: BoundarySettings,
  ) {}

  labels(): string[] {
    return this.task.schemeByName.get(this.settings.schema)?.labels.map((l) => l.name) ?? [];
  }

  /** The probes of (instance, label), made at the first ask, with the caller's answers to them. */
  async probe(username: string, instanceId: string, schema: string, label: string) {
    this.on();
    const instance = await this.annotations.instanceFor(username, instanceId);
    if (schema !== this.settings.schema)
      throw invalid(`schema: probes are asked on "${this.settings.schema}" in this project, not "${schema}"`);
    const labels = this.labels();
    if (!labels.includes(label)) throw invalid(`label: "${label}" is not a label of ${schema} (${labels.join(', ')})`);
    const key = setKey(instance.id, schema, label);
    let set = this.store.get('boundary_probes', key);
    if (!set) {
      const planned = planProbes(instance.text, instance.data, this.settings);
      set = {
        instance_id: instance.id,
        schema,
        label,
        probes: planned.map((p) => ({ probe_id: probeId(key, p.kind, p.text), ...p })),
        created_at: new Date(this.clock.now()).toISOString(),
      };
      await this.store.write([{ table: 'boundary_probes', key, value: set }]);
    }
    const responses: Record<string, { verdict: Verdict; new_label: string | null; rationale: string }> = {};
    for (const p of set.probes) {
      const a = this.store.get('boundary_responses', answerKey(username, p.probe_id));
      if (a) responses[p.probe_id] = { verdict: a.verdict, new_label: a.new_label, rationale: a.rationale };
    }
    return {
      instance_id: instance.id,
      schema,
      original_label: label,
      original_text: instance.text,
      labels,
      probes: set.probes,
      responses,
      rationale_on_flip: this.settings.rationaleOnFlip,
    };
  }

  /** Records the caller's verdict on a probe of an item in their list. */
  async respond(
    username: string,
    input: { probe_id: string; instance_id?: string; verdict: Verdict; new_label?: string; rationale?: string },
  ): Promise<ProbeAnswer> {
    this.on();
    const found = this.find(input.probe_id);
    if (!found) throw notFound(`no probe with id "${input.probe_id}"`);
    const { set } = found;
    if (input.instance_id !== undefined && input.instance_id !== set.instance_id)
      throw invalid(`instance_id: probe "${input.probe_id}" is on instance "${set.instance_id}"`);
    await this.annotations.instanceFor(username, set.instance_id);
    let newLabel: string | null = null;
    if (input.verdict === 'flips') {
      if (!input.new_label) throw invalid('new_label: a "flips" verdict names the label the edit flips to');
      const labels = this.labels();
      if (!labels.includes(input.new_label))
        throw invalid(`new_label: "${input.new_label}" is not a label of ${set.schema} (${labels.join(', ')})`);
      if (input.new_label === set.label) throw invalid(`new_label: "${set.label}" is the label the probe started from`);
      newLabel = input.new_label;
    }
    const answer: ProbeAnswer = {
      probe_id: input.probe_id,
      instance_id: set.instance_id,
      annotator: username,
      verdict: input.verdict,
      new_label: newLabel,
      rationale: (input.rationale ?? '').trim(),
      at: new Date(this.clock.now()).toISOString(),
    };
    await this.store.write([{ table: 'boundary_responses', key: answerKey(username, input.probe_id), value: answer }]);
    return answer;
  }

  stats(): BoundaryStats & { schema: string } {
    this.on();
    return { schema: this.settings.schema, ...boundaryStats(this.answered(), this.labels(), this.generated()) };
  }

  contrastSet() {
    this.on();
    return contrastRecords(this.answered());
  }

  /** Every answer joined with its probe, in task order, then by annotator and time. */
  private answered(): AnsweredProbe[] {
    const probes = this.probeIndex();
    const position = (id: string) => this.task.positionById.get(id) ?? Infinity;
    const out: AnsweredProbe[] = [];
    for (const [, a] of this.store.entries('boundary_responses')) {
      const found = probes.get(a.probe_id);
      if (!found) continue;
      out.push({
        instance_id: a.instance_id,
        schema: found.set.schema,
        annotator: a.annotator,
        original_text: this.task.instanceById.get(a.instance_id)?.text ?? '',
        original_label: found.set.label,
        counterfactual_text: found.probe.text,
        kind: found.probe.kind,
        edit_hint: found.probe.edit_hint,
        source: found.probe.source,
        verdict: a.verdict,
        new_label: a.new_label,
        rationale: a.rationale,
        timestamp: Date.parse(a.at) / 1000,
      });
    }
    return out.sort(
      (x, y) =>
        position(x.instance_id) - position(y.instance_id) ||
        x.annotator.localeCompare(y.annotator) ||
        x.timestamp - y.timestamp,
    );
  }

  private generated(): number {
    let n = 0;
    for (const [, set] of this.store.entries('boundary_probes')) n += set.probes.length;
    return n;
  }

  private find(probeId: string) {
    return this.probeIndex().get(probeId);
  }

  /** probe id → its probe and set; read from the table each time (another process may have made probes) */
  private probeIndex(): Map<string, { set: ProbeSet; probe: Probe }> {
    const index = new Map<string, { set: ProbeSet; probe: Probe }>();
    for (const [, set] of this.store.entries('boundary_probes'))
      for (const probe of set.probes) index.set(probe.probe_id, { set, probe });
    return index;
  }

  private on(): void {
    if (!this.settings.enabled) throw unavailable(OFF);
  }
}

const setKey = (instanceId: string, schema: string, label: string) => `${instanceId}\u0001${schema}\u0001${label}`;
const answerKey = (username: string, probeId: string) => `${username}\u0001${probeId}`;
/** Stable for the same probe of the same (item, label), so an id outlives a restart. */
const probeId = (key: string, kind: string, text: string) =>
  createHash('sha256').update(`${key}\u0001${kind}\u0001${text}`).digest('hex').slice(0, 16);
