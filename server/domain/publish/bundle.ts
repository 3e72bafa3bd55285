/**
 * A finished project as a dataset to publish: its splits (one row per annotation, one gold row per item, one
 * row per span, the source items), with annotators renamed A1, A2, … in order of first appearance unless the
 * options keep their names, and only items with enough annotators. Pure: built from the project's answers.
 */
import { answerByScheme } from '../annotation/payloads.js';
import type { AnnotationRecord, SpanRecord } from '../annotation/records.js';
import type { Instance, Task } from '../task.js';
import type { PublishOptions } from './settings.js';

export interface BundleSources {
  task: Task;
  annotatorsOf(instanceId: string): ReadonlySet<string>;
  get(username: string, instanceId: string): AnnotationRecord | undefined;
  /** the item's gold answer: an adjudicator's decision, else the annotators' majority */
  gold(
    instance: Instance,
  ): { source: string; labels: AnnotationRecord['labels']; spans: SpanRecord[]; annotators: number } | undefined;
}

type Row = Record<string, unknown>;

export interface Bundle {
  /** split name → its rows, in task order */
  splits: Record<string, Row[]>;
  /** scheme → label → how often annotators chose it (choice schemes) */
  labelCounts: Record<string, Record<string, number>>;
  annotatorCount: number;
  warnings: string[];
}

export function buildBundle(s: BundleSources, options: PublishOptions): Bundle {
  const { task } = s;
  const pseudonyms = new Map<string, string>();
  const who = (username: string) => {
    if (!options.anonymize) return username;
    let p = pseudonyms.get(username);
    if (!p) pseudonyms.set(username, (p = `A${pseudonyms.size + 1}`));
    return p;
  };
  const annotations: Row[] = [];
  const spans: Row[] = [];
  const gold: Row[] = [];
  const items: Row[] = [];
  const labelCounts: Record<string, Record<string, number>> = {};
  const everyone = new Set<string>();
  for (const instance of task.instances.slice()) {
    const names = [...s.annotatorsOf(instance.id)].sort();
    if (names.length < options.min_annotators) continue;
    if (options.include_items) items.push({ item_id: instance.id, text: instance.text, ...instance.data });
    for (const username of names) {
      const record = s.get(username, instance.id);
      if (!record) continue;
      everyone.add(username);
      const user_id = who(username);
      annotations.push({ instance_id: instance.id, user_id, labels: answerByScheme(task, record) });
      for (const [scheme, chosen] of Object.entries(record.labels))
        for (const label of Object.keys(chosen)) {
          const counts = (labelCounts[scheme] ??= {});
          counts[label] = (counts[label] ?? 0) + 1;
        }
      for (const span of record.spans)
        spans.push({
          instance_id: instance.id,
          user_id,
          schema_name: span.schema,
          label: span.label,
          start: span.start,
          end: span.end,
          text: instance.text.slice(span.start, span.end),
        });
    }
    const answer = names.length ? s.gold(instance) : undefined;
    if (answer)
      gold.push({
        instance_id: instance.id,
        n_annotators: answer.annotators,
        source: answer.source,
        labels: answerByScheme(task, { ...emptyRecord(instance.id), labels: answer.labels }),
      });
  }
  const splits: Record<string, Row[]> = {};
  if (options.include_annotations) splits.annotations = annotations;
  if (options.include_gold) splits.gold = gold;
  if (options.include_spans && spans.length) splits.spans = spans;
  if (options.include_items) splits.items = items;
  const warnings = annotations.length ? [] : ['no item has annotations yet: the dataset holds no labels'];
  return { splits, labelCounts, annotatorCount: everyone.size, warnings };
}

function emptyRecord(instanceId: string): AnnotationRecord {
  return { username: '', instance_id: instanceId, labels: {}, spans: [], created_at: '', updated_at: '' };
}
