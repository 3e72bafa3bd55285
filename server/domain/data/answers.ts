/**
 * Answers in the portable shape exports write and pre-annotations read: scheme → a label (single choice), an
 * array of labels (multiselect), or the entered value (text, number, slider; an object of label → value when
 * such a scheme has several fields). `answerByScheme` (annotation/payloads.ts) goes one way; this goes back,
 * into the stored `labels` form (scheme → label → value), checked against the task's schemes.
 */
import { invalid } from '../errors.js';
import { type Task } from '../task.js';
import { schemeModuleOf } from '../schemes/registry.js';
import { AnswerError } from '../schemes/module.js';

export function labelsFromAnswers(
  task: Task,
  answers: Record<string, unknown>,
  where: string,
): Record<string, Record<string, string>> {
  const labels: Record<string, Record<string, string>> = {};
  for (const [schemeName, answer] of Object.entries(answers)) {
    const field = `${where}labels.${schemeName}`;
    const scheme = task.schemeByName.get(schemeName);
    if (!scheme) throw invalid(`${field}: unknown scheme "${schemeName}"`);
    const module = schemeModuleOf(scheme);
    if (module.storage === 'spans') throw invalid(`${field}: "${schemeName}" is a span scheme; put it in spans`);
    if (module.storage === 'none')
      throw invalid(`${field}: "${schemeName}" is ${scheme.annotation_type}: it is shown, never answered`);
    if (answer === null || answer === undefined || answer === '') continue;
    const chosen = module.fromAnswer(scheme, answer);
    if (chosen instanceof AnswerError) throw invalid(`${field}: ${chosen.message}`);
    if (Object.keys(chosen).length) labels[schemeName] = chosen;
  }
  return labels;
}
