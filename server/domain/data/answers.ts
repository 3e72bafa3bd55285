/**
 * Answers in the portable shape exports write and pre-annotations read: schema → a label (single choice), an
 * array of labels (multiselect), or the entered value (text, number, slider; an object of label → value when
 * such a scheme has several fields). `answerBySchema` (annotation/payloads.ts) goes one way; this goes back,
 * into the stored `labels` form (schema → label → value), checked against the task's schemes.
 */
import { invalid } from '../errors.js';
import { SINGLE_CHOICE, VALUE_SCHEMES, type Task } from '../task.js';

export type Answer = string | number | boolean | string[] | Record<string, string | number>;

export function labelsFromAnswers(task: Task, answers: Record<string, unknown>, where: string): Record<string, Record<string, string>> {
  const labels: Record<string, Record<string, string>> = {};
  for (const [schemaName, answer] of Object.entries(answers)) {
    const field = `${where}labels.${schemaName}`;
    const scheme = task.schemeByName.get(schemaName);
    if (!scheme) throw invalid(`${field}: unknown schema "${schemaName}"`);
    if (scheme.annotation_type === 'span') throw invalid(`${field}: "${schemaName}" is a span schema; put it in spans`);
    const known = (name: string) => {
      if (!scheme.labels.some((l) => l.name === name)) throw invalid(`${field}: schema "${schemaName}" has no label "${name}"`);
      return name;
    };
    if (answer === null || answer === undefined || answer === '') continue;
    const chosen: Record<string, string> = {};
    if (VALUE_SCHEMES.has(scheme.annotation_type)) {
      if (typeof answer === 'object' && !Array.isArray(answer)) {
        for (const [name, value] of Object.entries(answer)) chosen[known(name)] = String(value);
      } else if (typeof answer === 'string' || typeof answer === 'number') {
        if (scheme.labels.length !== 1) throw invalid(`${field}: schema "${schemaName}" has several fields; give an object of field → value`);
        chosen[scheme.labels[0].name] = String(answer);
      } else throw invalid(`${field}: expected a value`);
      if (scheme.annotation_type !== 'text') {
        for (const [name, value] of Object.entries(chosen)) {
          if (value.trim() === '' || !Number.isFinite(Number(value))) throw invalid(`${field}: "${name}" = "${value.slice(0, 40)}" is not a number`);
        }
      }
    } else {
      const names = Array.isArray(answer) ? answer : [answer];
      for (const name of names) {
        if (typeof name !== 'string') throw invalid(`${field}: labels must be strings`);
        chosen[known(name)] = 'true';
      }
      if (SINGLE_CHOICE.has(scheme.annotation_type) && Object.keys(chosen).length > 1) {
        throw invalid(`${field}: schema "${schemaName}" is ${scheme.annotation_type} and takes one label`);
      }
    }
    if (Object.keys(chosen).length) labels[schemaName] = chosen;
  }
  return labels;
}
