/**
 * Where each annotator is in the study (consent → … → annotation → … → done), moving them on when a phase is
 * completed and raising `user.phase_completed` in the same durable write. Annotation is closed to annotators
 * who have not reached it yet.
 */
import { forbidden, invalid } from '../errors.js';
import type { DomainEvent, EventOutbox } from '../events.js';
import type { Clock, Store, StoreOp } from '../ports.js';
import { answersSoFar, checkAnswers, publicView, scoreTraining, type Answers, type PhaseDefinition } from './phases.js';

export interface PhaseProgress {
  /** position in the phase order; phases.length means done */
  index: number;
  attempts: Record<string, number>;
  answers: Record<string, Answers>;
  completed: { phase: string; at: string }[];
}

declare module '../ports.js' {
  interface Tables {
    phase_progress: PhaseProgress;
  }
}

/** The earlier pages' answers this page's conditions read, so the page shows what the server will ask. */
function earlierAnswers(phase: PhaseDefinition, p: PhaseProgress): { earlier_answers?: Answers } {
  const here = new Set(phase.questions.map((q) => q.id));
  const wanted = phase.questions
    .flatMap((q) => q.display_logic?.show_when.map((c) => c.schema) ?? [])
    .filter((name) => !here.has(name));
  if (!wanted.length) return {};
  const all = answersSoFar(p.answers);
  return {
    earlier_answers: Object.fromEntries(
      wanted.filter((name) => all[name] !== undefined).map((name) => [name, all[name]]),
    ),
  };
}

const START: PhaseProgress = { index: 0, attempts: {}, answers: {}, completed: [] };

export class PhaseService {
  private readonly annotationIndex: number;

  constructor(
    private readonly store: Store,
    private readonly phases: PhaseDefinition[],
    private readonly outbox: EventOutbox,
    private readonly clock: Clock,
    /** real instances of the annotator's list still unannotated (plans the list at a first visit) */
    private readonly remaining: (username: string) => Promise<number>,
  ) {
    this.annotationIndex = phases.findIndex((p) => p.type === 'annotation');
  }

  private progress(username: string): PhaseProgress {
    return this.store.get('phase_progress', username) ?? START;
  }

  /** SubmitHook-style gate: annotation opens once the phases before it are done. */
  readonly gate = (username: string): void => {
    const { index } = this.progress(username);
    if (index < this.annotationIndex) {
      const phase = this.phases[index];
      throw forbidden(`finish the ${phase.title.toLowerCase()} phase first (GET /api/phase)`);
    }
  };

  /** The type of the phase the annotator is in ('annotation' without phases, 'done' past the last), read only. */
  typeOf(username: string): PhaseDefinition['type'] | 'done' {
    if (!this.phases.length) return 'annotation';
    const { index } = this.progress(username);
    return index >= this.phases.length ? 'done' : this.phases[index].type;
  }

  async current(username: string) {
    const p = this.progress(username);
    const base = { index: Math.min(p.index, this.phases.length), total: this.phases.length, completed: p.completed };
    if (p.index >= this.phases.length)
      return {
        phase: 'done',
        type: 'done',
        title: 'Done',
        content: 'Thank you: you have completed every phase.',
        content_html: '<p>Thank you: you have completed every phase.</p>',
        questions: [],
        next_phase: null,
        ...base,
      };
    const phase = this.phases[p.index];
    const view = {
      ...publicView(phase),
      ...earlierAnswers(phase, p),
      next_phase: this.phases[p.index + 1]?.name ?? 'done',
      ...base,
    };
    if (phase.type === 'training') {
      const used = p.attempts[phase.name] ?? 0;
      return {
        ...view,
        attempts: used,
        max_attempts: phase.maxAttempts,
        failed: phase.maxAttempts !== null && used >= phase.maxAttempts,
      };
    }
    if (phase.type === 'annotation') return { ...view, remaining: await this.remaining(username) };
    return view;
  }

  async complete(username: string, phaseName: string | undefined, given: Record<string, unknown>) {
    const p = this.progress(username);
    if (p.index >= this.phases.length) throw invalid('every phase is already complete');
    const phase = this.phases[p.index];
    if (phaseName !== undefined && phaseName !== phase.name)
      throw invalid(`phase: your current phase is "${phase.name}", not "${phaseName}"`);
    const answers = checkAnswers(phase, given, answersSoFar(p.answers));
    const now = new Date(this.clock.now()).toISOString();
    const ops: StoreOp[] = [];

    if (phase.type === 'consent' && phase.questions.length === 0 && given.agree !== true && given.consent !== true) {
      throw invalid('agree: send {"answers": {"agree": true}} to give consent');
    }
    if (phase.type === 'annotation') {
      const left = await this.remaining(username);
      if (left > 0)
        throw invalid(`annotation: ${left} assigned instance${left === 1 ? ' is' : 's are'} not annotated yet`);
    }
    if (phase.type === 'training') {
      const used = p.attempts[phase.name] ?? 0;
      if (phase.maxAttempts !== null && used >= phase.maxAttempts)
        throw forbidden('training: no attempts left; contact the project owner');
      const score = scoreTraining(phase, answers);
      const attempts = { ...p.attempts, [phase.name]: used + 1 };
      if (!score.passed) {
        await this.store.write([{ table: 'phase_progress', key: username, value: { ...p, attempts } }]);
        const left = phase.maxAttempts === null ? null : phase.maxAttempts - used - 1;
        return {
          status: 'failed',
          passed: false,
          correct: score.correct,
          total: score.total,
          feedback: score.feedback,
          attempts_left: left,
        };
      }
      ops.push(this.advanceOp(username, { ...p, attempts }, phase.name, answers, now));
      return this.finish(username, p.index, ops, now, {
        passed: true,
        correct: score.correct,
        total: score.total,
        feedback: score.feedback,
      });
    }
    ops.push(this.advanceOp(username, p, phase.name, answers, now));
    return this.finish(username, p.index, ops, now, {});
  }

  private advanceOp(username: string, p: PhaseProgress, name: string, answers: Answers, at: string): StoreOp {
    return {
      table: 'phase_progress',
      key: username,
      value: {
        index: p.index + 1,
        attempts: p.attempts,
        answers: { ...p.answers, [name]: answers },
        completed: [...p.completed, { phase: name, at }],
      },
    };
  }

  private async finish(username: string, index: number, ops: StoreOp[], now: string, extra: Record<string, unknown>) {
    const phase = this.phases[index];
    const next = this.phases[index + 1]?.name ?? 'done';
    const event: DomainEvent = {
      type: 'user.phase_completed',
      at: this.clock.now(),
      data: { annotator_id: username, phase: phase.name, next_phase: next, completed_at: now },
    };
    await this.store.write([...ops, ...this.outbox.plan([event])]);
    this.outbox.dispatch();
    return { status: 'success', completed_phase: phase.name, next_phase: next, ...extra };
  }
}
