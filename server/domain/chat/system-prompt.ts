/**
 * What the chat model is told before the conversation: Potato's template variables filled from the task and the
 * item. Only the five named variables are replaced; any other brace in an owner's template is left as written, so
 * a template with JSON in it is not mangled.
 */
import type { ChatSettings } from './chat-service.js';

export const DEFAULT_TEMPLATE = [
  'You are an assistant helping a person annotate texts for the task "{task_name}".',
  '{task_description}',
  'The questions and their labels: {annotation_labels}',
  'The text being annotated (item {instance_id}):',
  '"""',
  '{instance_text}',
  '"""',
  'Help the annotator think the case through: explain, point at evidence, raise what is ambiguous.',
  'Do not decide for them which label to choose.',
].join('\n');

export const CHAT_OFF: ChatSettings = {
  enabled: false,
  title: 'Ask AI',
  placeholder: 'Ask about this annotation...',
  sidebarWidth: 380,
  maxHistory: 50,
  template: DEFAULT_TEMPLATE,
};

/** longest item text put in the prompt, so one huge item cannot fill the model's context */
const MAX_TEXT = 8000;

export interface PromptVariables {
  task_name: string;
  task_description: string;
  annotation_labels: string;
  instance_text: string;
  instance_id: string;
}

export function fillTemplate(template: string, vars: PromptVariables): string {
  const text =
    vars.instance_text.length > MAX_TEXT ? `${vars.instance_text.slice(0, MAX_TEXT)} […]` : vars.instance_text;
  const values: Record<string, string> = { ...vars, instance_text: text };
  return template.replace(
    /\{(task_name|task_description|annotation_labels|instance_text|instance_id)\}/g,
    (_, k: string) => values[k],
  );
}
