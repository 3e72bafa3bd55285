/**
 * Checks a submission's answers (`annotations`) against the task's schemes and turns them into stored form, in
 * canonical order; its spans are checked in `validate-spans.ts`. Every refusal names the field so a script author
 * can fix the request.
 */
import { invalid } from '../errors.js';
import type { Label, Scheme, Task } from '../task.js';
import { schemeModuleOf } from '../schemes/registry.js';
import { AnswerError, type SchemeTypeModule } from '../schemes/module.js';
import type { Submission } from './records.js';

/** Position of each label name in its scheme (first occurrence), built once per labels list. */
const labelPositions = new WeakMap<readonly Label[], Map<string, number>>();
export function labelPosition(scheme: Scheme, name: string): number {
  let positions = labelPositions.get(scheme.labels);
  if (!positions) {
    positions = new Map();
    for (let i = 0; i < scheme.labels.length; i++)
      if (!positions.has(scheme.labels[i].name)) positions.set(scheme.labels[i].name, i);
    labelPositions.set(scheme.labels, positions);
  }
  return positions.get(name) ?? -1;
}

/** Position of each scheme in the task, built once per schemes list. */
const schemePositions = new WeakMap<readonly Scheme[], Map<string, number>>();
function schemePosition(task: Task, name: string): number {
  let positions = schemePositions.get(task.schemes);
  if (!positions) {
    positions = new Map(task.schemes.map((s, i) => [s.name, i]));
    schemePositions.set(task.schemes, positions);
  }
  return positions.get(name) ?? -1;
}

/** A valid answer key "<scheme>:<label>" taken apart, with the positions canonical order needs. */
interface AnswerKey {
  scheme: Scheme;
  module: SchemeTypeModule;
  schemeName: string;
  labelName: string;
  schemeAt: number;
  labelAt: number;
}

/** Answer keys already checked, per schemes list: a submission's keys repeat, and each took several look-ups. */
const answerKeys = new WeakMap<readonly Scheme[], Map<string, AnswerKey>>();

function answerKey(task: Task, key: string): AnswerKey {
  let known = answerKeys.get(task.schemes);
  if (!known) answerKeys.set(task.schemes, (known = new Map()));
  const found = known.get(key);
  if (found) return found;
  // Potato's pages spell some keys "<scheme>:::<label>"; it splits there first, and so do we
  const triple = key.indexOf(':::');
  const colon = triple > 0 ? triple : key.indexOf(':');
  if (colon <= 0) throw invalid(`annotations["${key}"]: keys must have the form "<scheme>:<label>"`);
  const schemeName = key.slice(0, colon);
  let labelName = key.slice(colon + (triple > 0 ? 3 : 1));
  const scheme = task.schemeByName.get(schemeName);
  if (!scheme) throw invalid(`annotations["${key}"]: unknown scheme "${schemeName}"`);
  const module = schemeModuleOf(scheme);
  if (module.storage === 'spans')
    throw invalid(`annotations["${key}"]: "${schemeName}" is a span scheme; send it in span_annotations`);
  if (module.storage === 'links')
    throw invalid(`annotations["${key}"]: "${schemeName}" is a link scheme; send it in link_annotations`);
  if (module.storage === 'events')
    throw invalid(`annotations["${key}"]: "${schemeName}" is an event scheme; send it in event_annotations`);
  if (module.storage === 'none')
    throw invalid(`annotations["${key}"]: "${schemeName}" is ${scheme.annotation_type}: it is shown, never answered`);
  let labelAt = labelPosition(scheme, labelName);
  if (
    labelAt < 0 &&
    module.fieldNames &&
    scheme.labels.length === 1 &&
    (labelName === schemeName || module.fieldNames.includes(labelName))
  ) {
    labelAt = 0;
    labelName = scheme.labels[0].name;
  }
  if (labelAt < 0 && module.dataLabel === labelName) labelAt = scheme.labels.length;
  const open = labelAt < 0 && module.openLabels?.(scheme) === true;
  if (open) labelAt = scheme.labels.length;
  if (labelAt < 0) throw invalid(`annotations["${key}"]: scheme "${schemeName}" has no label "${labelName}"`);
  const parsed = { scheme, module, schemeName, labelName, schemeAt: schemePosition(task, schemeName), labelAt };
  // only valid keys are kept, and there are only as many as the schemes have labels (labels read from each item
  // are not kept: there is no bound on them)
  if (!open) known.set(key, parsed);
  return parsed;
}

export function validateLabels(
  task: Task,
  annotations: NonNullable<Submission['annotations']>,
): Record<string, Record<string, string>> {
  const labels: Record<string, Record<string, string>> = {};
  // whether the answers came in canonical order already (the UI and most scripts send them so): then `labels`
  // is returned as built, without the re-ordering copy below
  let inOrder = true;
  let lastScheme = -1;
  let lastLabel = -1;
  // schemes whose type checks the answer as a whole, once its labels are read (made only when there is one)
  let whole: { scheme: Scheme; module: SchemeTypeModule; chosen: Record<string, string> }[] | undefined;
  for (const key in annotations) {
    if (!Object.hasOwn(annotations, key)) continue;
    const raw = annotations[key];
    const { scheme, module, schemeName, labelName, schemeAt, labelAt } = answerKey(task, key);
    const given = String(raw);
    if (given.length > 100_000) throw invalid(`annotations["${key}"]: value is longer than 100000 characters`);
    const value = module.accept(scheme, labelName, given);
    if (value === null) continue; // an unticked choice, an empty field: no answer
    if (value instanceof AnswerError) throw invalid(`annotations["${key}"]: ${value.message}`);
    let chosen = labels[schemeName];
    if (!chosen) {
      chosen = labels[schemeName] = {};
      if (module.check) (whole ??= []).push({ scheme, module, chosen });
    }
    chosen[labelName] = value;
    if (module.single && Object.keys(chosen).length > 1) {
      throw invalid(
        `annotations: scheme "${schemeName}" is ${scheme.annotation_type} and takes one label, got ${Object.keys(chosen).join(', ')}`,
      );
    }
    if (schemeAt < lastScheme || (schemeAt === lastScheme && labelAt <= lastLabel)) inOrder = false;
    lastScheme = schemeAt;
    lastLabel = labelAt;
  }
  for (const { scheme, module, chosen } of whole ?? []) {
    const problem = module.check!(scheme, chosen);
    if (problem) throw invalid(`annotations: scheme "${scheme.name}": ${problem.message}`);
  }
  if (inOrder) return labels;
  // Canonical order (schemes as configured, labels as listed), so the same answer sent with its keys in another
  // order is recognised as unchanged: no new updated_at, no annotation.updated event.
  const ordered: Record<string, Record<string, string>> = {};
  for (const scheme of task.schemes) {
    const chosen = labels[scheme.name];
    const module = chosen && schemeModuleOf(scheme);
    const dataLabel = module && module.dataLabel;
    if (dataLabel) ordered[scheme.name] = { [dataLabel]: chosen[dataLabel] };
    else if (chosen && module.openLabels?.(scheme))
      ordered[scheme.name] = Object.fromEntries(
        Object.keys(chosen)
          .sort()
          .map((l) => [l, chosen[l]]),
      );
    else if (chosen)
      ordered[scheme.name] = Object.fromEntries(
        scheme.labels.filter((l) => Object.hasOwn(chosen, l.name)).map((l) => [l.name, chosen[l.name]]),
      );
  }
  return ordered;
}
