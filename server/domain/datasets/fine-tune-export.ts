/**
 * A dataset version as training data: Potato's SFT and DPO JSONL records, and the trainset an external prompt
 * optimizer (DSPy, GEPA) reads. Examples that lack what a record needs are skipped and counted, never filled in.
 */
import { invalid } from '../errors.js';
import { asText, pythonJson, SCORED_FIELDS } from './as-text.js';
import type { Example } from './records.js';

export const FINE_TUNE_FORMATS = ['sft', 'dpo'] as const;
const OPTIMIZER_FORMATS = ['dspy', 'gepa'] as const;

const TRAINING_FIELDS = [...SCORED_FIELDS, 'completion'];
const text = (value: unknown) => asText(value, TRAINING_FIELDS);

const has = (v: unknown) => v !== null && v !== undefined;

/** The JSONL text and how many examples were skipped. */
export function fineTuneJsonl(examples: readonly Example[], format: string): { jsonl: string; skipped: number } {
  if (!(FINE_TUNE_FORMATS as readonly string[]).includes(format))
    throw invalid(`format: "${format}" is not one of ${FINE_TUNE_FORMATS.join(', ')}`);
  const lines: string[] = [];
  let skipped = 0;
  for (const e of examples) {
    const rejected = Object.hasOwn(e.metadata, 'rejected') ? e.metadata.rejected : e.metadata.outputs;
    if (!has(e.reference_outputs) || (format === 'dpo' && !has(rejected))) {
      skipped++;
      continue;
    }
    const prompt = text(e.inputs);
    const chosen = text(e.reference_outputs);
    lines.push(
      pythonJson(format === 'sft' ? { prompt, completion: chosen } : { prompt, chosen, rejected: text(rejected) }),
    );
  }
  return { jsonl: lines.map((l) => `${l}\n`).join(''), skipped };
}

/** The trainset for an external optimizer, with the seed prompt it starts from. */
export function optimizerExport(examples: readonly Example[], format: string, prompt: string) {
  const trainset = examples.map((e) => ({ inputs: e.inputs, expected: e.reference_outputs }));
  if (format === 'gepa')
    return {
      format: 'gepa',
      seed_prompt: prompt,
      objective: 'maximize mean eval score on the trainset',
      trainset,
      n: trainset.length,
    };
  if (format === 'dspy') return { format: 'dspy', signature_instructions: prompt, trainset, n: trainset.length };
  throw invalid(`fmt: "${format}" is not one of ${OPTIMIZER_FORMATS.join(', ')}`);
}
