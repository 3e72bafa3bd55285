/**
 * Where each annotator is in the study (consent → … → annotation → … → done), moving them on when a phase is
 * completed and raising `user.phase_completed` in the same durable write. Annotation is closed to annotators
 * who have not reached it yet.
 */
import { forbidden, invalid } from '../errors.js';
import type { DomainEvent, EventOutbox } from '../events.js';
import type { Clock, Store, StoreOp } from '../ports.js';
import {
  answersSoFar,
  checkAnswers,
  checkPartial,
  scoreTraining,
  trainingItems,
  type Answers,
  type PhaseDefinition,
} from './phases.js';
import { phaseAnswerRows } from './phase-export.js';
import { phaseView, type PhasePage } from './phase-view.js';
import { flatChanges } from '../history/item-time.js';
import { extendTrail, flatAnswers, pageState, START, type PhaseProgress } from './phase-progress.js';
import { changeTrail, type TrailChange } from '../history/change-trail.js';

export type { PhasePage } from './phase-view.js';

export interface PhaseOptions {
  /** Potato's allow_phase_back_navigation: an annotator may go back to the phase before theirs */
  backNavigation: boolean;
}

export class PhaseService {
  private readonly annotationIndex: number;

  constructor(
    private readonly store: Store,
    private readonly phases: PhaseDefinition[],
    private readonly outbox: EventOutbox,
    private readonly clock: Clock,
    /** real instances of the annotator's list still unannotated (plans the list at a first visit) */
    private readonly remaining: (username: string) => Promise<number>,
    private readonly options: PhaseOptions = { backNavigation: false },
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

  /**
   * The op that places an annotator whose work was taken in from elsewhere in the phase they had reached there
   * (a phase type, or 'done'), the phases before it completed at `at`; none for the first phase or one this
   * project does not have.
   */
  placeOp(username: string, phase: string | undefined, at: string): StoreOp | undefined {
    if (!this.phases.length || !phase) return undefined;
    const index = phase === 'done' ? this.phases.length : this.phases.findIndex((p) => p.type === phase);
    if (index <= 0) return undefined;
    const completed = this.phases.slice(0, index).map((p) => ({ phase: p.name, at }));
    return { table: 'phase_progress', key: username, value: { ...START, index, completed } };
  }

  async current(username: string) {
    const p = this.progress(username);
    const view = phaseView(this.phases, p, this.backRefusal(p) === null);
    if (view.type === 'annotation') return { ...view, remaining: await this.remaining(username) };
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
          status: 'failed' as const,
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

  /** Every annotator's answers on phase pages, with conditions evaluated again (phase-export.ts). */
  answerRows(keepHidden: boolean, annotator?: string) {
    const one = annotator === undefined ? undefined : this.store.get('phase_progress', annotator);
    const progress =
      annotator === undefined ? this.store.entries('phase_progress') : one ? [[annotator, one] as const] : [];
    return phaseAnswerRows(this.phases, progress as Iterable<[string, PhaseProgress]>, keepHidden);
  }

  /** Why the annotator cannot go back a phase now, or null when they can. */
  private backRefusal(p: PhaseProgress): string | null {
    if (!this.options.backNavigation)
      return 'phase: going back to an earlier phase is off for this project (allow_phase_back_navigation)';
    if (p.index >= this.phases.length) return 'phase: every phase is complete';
    if (p.index === 0) return `phase: "${this.phases[0].name}" is the first phase`;
    // a passed training is not taken again: going back into it would spend attempts it may no longer have
    if (this.phases[p.index - 1].type === 'training')
      return `phase: the training phase "${this.phases[p.index - 1].name}" before this one is passed and is not taken again`;
    return null;
  }

  /**
   * Potato's back navigation across phases: the annotator returns to the phase before theirs, its answers kept
   * on the page to change, and sends it again to move on (annotation closes again meanwhile).
   */
  async back(username: string, phaseName: string | undefined) {
    const p = this.progress(username);
    const here = this.phases[p.index]?.name ?? 'done';
    if (phaseName !== undefined && phaseName !== here)
      throw invalid(`phase: your current phase is "${here}", not "${phaseName}"`);
    const refusal = this.backRefusal(p);
    if (refusal) throw refusal.includes('allow_phase_back_navigation') ? forbidden(refusal) : invalid(refusal);
    const left = this.phases[p.index];
    const before = this.phases[p.index - 1];
    // what the page left had saved is kept, shown again when the annotator comes back to it
    const unsent = p.page?.phase === left.name && Object.keys(p.page.answers).length ? p.page.answers : undefined;
    const answers = unsent ? { ...p.answers, [left.name]: unsent } : p.answers;
    const page = { phase: before.name, answers: p.answers[before.name] ?? {}, item: 0, right: 0 };
    const value = { ...p, index: p.index - 1, answers, page };
    await this.store.write([{ table: 'phase_progress', key: username, value }]);
    return this.current(username);
  }

  /** The answer changes saved on phase pages, each with the type of its phase and its page. */
  trail(username: string): (TrailChange & { phase: string; page: string })[] {
    const types = new Map(this.phases.map((ph) => [ph.name, ph.type]));
    return (this.progress(username).trail ?? []).flatMap((t) =>
      changeTrail(t.changes).map((c) => ({ ...c, phase: types.get(t.phase) ?? t.phase, page: t.page })),
    );
  }

  /** The page the annotator is on, or null in the annotation phase and past the last one. */
  page(username: string): PhasePage | null {
    const p = this.progress(username);
    const phase = this.phases[p.index];
    if (!phase || phase.type === 'annotation') return null;
    const page = pageState(p, phase);
    const items = phase.type === 'training' ? trainingItems(phase) : [phase.questions];
    const item = Math.min(page.item, items.length - 1);
    return { phase, questions: items[item] ?? [], answers: page.answers, item, items: items.length };
  }

  /**
   * Keeps the answers given so far on the annotator's current page (replacing those kept before), each checked
   * as on completion but none required yet. Nothing is kept in the annotation phase or past the last one.
   */
  async savePage(username: string, given: Record<string, unknown>): Promise<{ saved: boolean; phase: string }> {
    const p = this.progress(username);
    const phase = this.phases[p.index];
    if (!phase || phase.type === 'annotation') return { saved: false, phase: phase?.name ?? 'done' };
    const answers = checkPartial(phase, given);
    const before = pageState(p, phase);
    const page = { ...before, answers };
    const changes = flatChanges(flatAnswers(phase, before.answers), flatAnswers(phase, answers), this.clock.now());
    const trail = changes.length ? extendTrail(p.trail ?? [], phase, page, changes) : p.trail;
    await this.store.write([{ table: 'phase_progress', key: username, value: { ...p, page, trail } }]);
    return { saved: true, phase: phase.name };
  }

  /**
   * Potato's training walk, one item at a time: grades the current item from the answers saved on the page and
   * those given. A right item moves on; enough right items (the phase's passing score of its items) complete the
   * phase as `complete` does. A wrong item is asked again while attempts are unlimited, else the walk moves on;
   * a walk that ends short of the score is a failed attempt and starts again.
   */
  async trainingStep(username: string, phaseName: string | undefined, given: Record<string, unknown>) {
    const p = this.progress(username);
    const phase = this.phases[p.index];
    if (!phase || phase.type !== 'training')
      throw invalid(`phase: your current phase is "${phase?.name ?? 'done'}", not a training phase`);
    if (phaseName !== undefined && phaseName !== phase.name)
      throw invalid(`phase: your current phase is "${phase.name}", not "${phaseName}"`);
    const used = p.attempts[phase.name] ?? 0;
    if (phase.maxAttempts !== null && used >= phase.maxAttempts)
      throw forbidden('training: no attempts left; contact the project owner');
    const page = pageState(p, phase);
    const items = trainingItems(phase);
    const k = Math.min(page.item, items.length - 1);
    const asked = { ...phase, questions: items[k] };
    const answers = { ...page.answers, ...checkAnswers(asked, { ...page.answers, ...given }, answersSoFar(p.answers)) };
    const score = scoreTraining(asked, answers);
    const right = score.correct === score.total;
    const count = page.right + (right ? 1 : 0);
    const needed = Math.max(1, Math.ceil(phase.passingScore * items.length - 1e-9));
    const now = new Date(this.clock.now()).toISOString();
    const graded = { answer_correct: right, feedback: score.feedback };
    const walk = (item: number) => ({ item: item + 1, items: items.length, right: count });
    if (right && count >= needed) {
      const attempts = { ...p.attempts, [phase.name]: used + 1 };
      const op = this.advanceOp(username, { ...p, attempts }, phase.name, answers, now);
      return this.finish(username, p.index, [op], now, { passed: true, ...graded, walk: walk(k) });
    }
    const next = right || phase.maxAttempts !== null ? k + 1 : k;
    if (next < items.length) {
      const value = { ...p, page: { phase: phase.name, answers, item: next, right: count } };
      await this.store.write([{ table: 'phase_progress', key: username, value }]);
      return { status: 'continue' as const, passed: null, ...graded, walk: walk(next) };
    }
    // the walk is over short of the score: a failed attempt, and the next one starts from the first item
    const attempts = { ...p.attempts, [phase.name]: used + 1 };
    await this.store.write([{ table: 'phase_progress', key: username, value: { ...p, attempts, page: undefined } }]);
    const left = phase.maxAttempts === null ? null : phase.maxAttempts - used - 1;
    return { status: 'failed' as const, passed: false, ...graded, walk: { ...walk(0), right: 0 }, attempts_left: left };
  }

  private advanceOp(username: string, p: PhaseProgress, name: string, answers: Answers, at: string): StoreOp {
    // a page the annotator went back from shows its answers again (a training walk starts afresh)
    const next = this.phases[p.index + 1];
    const kept = next && next.type !== 'training' && next.type !== 'annotation' ? p.answers[next.name] : undefined;
    return {
      table: 'phase_progress',
      key: username,
      value: {
        index: p.index + 1,
        attempts: p.attempts,
        answers: { ...p.answers, [name]: answers },
        completed: [...p.completed, { phase: name, at }],
        ...(kept ? { page: { phase: next.name, answers: kept, item: 0, right: 0 } } : {}),
        ...(p.trail ? { trail: p.trail } : {}),
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
    return { status: 'success' as const, completed_phase: phase.name, next_phase: next, ...extra };
  }
}
