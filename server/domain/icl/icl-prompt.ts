/**
 * The prompt of an ICL label: the assistant's prompt for the scheme (its question, labels and the answer shape the
 * reply is checked against) with the annotators' agreed examples put before the item, each as text and label.
 */
import { buildPrompt, type LlmRequest } from '../ai/llm.js';
import type { Instance, Scheme } from '../task.js';
import type { IclExample } from './icl-examples.js';

/** longest example text sent, so a few long items cannot crowd the item itself out of the model's context */
const MAX_EXAMPLE_TEXT = 1500;

export function iclPrompt(instance: Instance, scheme: Scheme, taskName: string, examples: readonly IclExample[]) {
  const base: LlmRequest = buildPrompt(instance, scheme, taskName);
  const clip = (t: string) => (t.length > MAX_EXAMPLE_TEXT ? `${t.slice(0, MAX_EXAMPLE_TEXT)} […]` : t);
  const shown = examples.flatMap((e, i) => [`Example ${i + 1}:`, '"""', clip(e.text), '"""', `Label: ${e.label}`, '']);
  // the examples go before the item's own text, after the question and its labels
  const at = base.user.indexOf('\nText:\n');
  const user =
    at < 0
      ? [base.user, '', 'Examples labelled by annotators who agreed:', ...shown].join('\n')
      : [
          base.user.slice(0, at),
          '',
          'Examples labelled by annotators who agreed:',
          ...shown,
          base.user.slice(at + 1),
        ].join('\n');
  return { system: base.system, user };
}
