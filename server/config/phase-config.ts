/** Turns the `phases` section into the domain's phase definitions; errors name the key. */
import { existsSync, readFileSync } from 'node:fs';
import { phaseBlockSchema, PHASE_TYPES } from './sections/phases.js';
import type { PhaseDefinition, PhaseType } from '../domain/phases/phases.js';

export class PhaseConfigError extends Error {}

const TITLES: Record<PhaseType, string> = {
  consent: 'Consent',
  instructions: 'Instructions',
  training: 'Training',
  prestudy: 'Before you start',
  annotation: 'Annotation',
  poststudy: 'After you finish',
};

export function readPhases(section: { order: string[]; [key: string]: unknown } | undefined, locate: (name: string) => string): PhaseDefinition[] {
  if (!section) return [{ name: 'annotation', type: 'annotation', title: TITLES.annotation, content: '', questions: [], passingScore: 1, maxAttempts: null }];
  const seen = new Set<string>();
  const phases = section.order.map((name, n): PhaseDefinition => {
    if (seen.has(name)) throw new PhaseConfigError(`phases.order[${n}]: "${name}" appears twice`);
    seen.add(name);
    const parsed = phaseBlockSchema.safeParse(section[name] ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new PhaseConfigError(`phases.${name}.${issue.path.join('.')}: ${issue.message}`);
    }
    const block = parsed.data;
    const type = block.type ?? (PHASE_TYPES as readonly string[]).find((t) => t === name);
    if (!type) throw new PhaseConfigError(`phases.${name}: give it a type (one of ${PHASE_TYPES.join(', ')})`);
    let content = block.content ?? '';
    if (block.file) {
      const file = locate(block.file);
      if (!existsSync(file)) throw new PhaseConfigError(`phases.${name}.file: ${file} not found`);
      content = readFileSync(file, 'utf8');
    }
    if (type === 'training') {
      if (!block.questions.length) throw new PhaseConfigError(`phases.${name}.questions: a training phase needs questions`);
      block.questions.forEach((q, i) => {
        if (q.correct === undefined) throw new PhaseConfigError(`phases.${name}.questions[${i}].correct: a training question needs its correct answer`);
      });
    }
    return {
      name,
      type: type as PhaseType,
      title: block.title ?? TITLES[type as PhaseType],
      content,
      questions: block.questions.map((q) => ({ id: q.id, text: q.text, type: q.type, options: q.options, correct: q.correct, required: q.required, explanation: q.explanation })),
      passingScore: block.passing_score,
      maxAttempts: block.max_attempts ?? null,
    };
  });
  if (phases.filter((p) => p.type === 'annotation').length !== 1) throw new PhaseConfigError('phases.order: needs exactly one annotation phase');
  return phases;
}
