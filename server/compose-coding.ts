/**
 * Qualitative coding, wired beside compose.ts: the codebook (its codes, its content document, its proposals and
 * the revision stamps on answers), memos, cases, the review board and the cross-document event registry. They
 * share one rule for who may edit (or delete any event): the project's admins and its adjudicators.
 */
import type { ComposeInput } from './services.js';
import type { AnnotationService } from './domain/annotation/annotation-service.js';
import { Codebook } from './domain/codebook/codebook.js';
import { CodebookContent } from './domain/codebook/content.js';
import { CodebookProposals } from './domain/codebook/proposals.js';
import { RevisionStamps } from './domain/codebook/stamps.js';
import { Cases } from './domain/cases/cases.js';
import { Memos } from './domain/annotation/memos.js';
import { ReviewBoard } from './domain/review/review-board.js';
import { EventRegistry } from './domain/event-registry/event-registry.js';

interface CodingInput extends Pick<ComposeInput, 'config' | 'store' | 'clock'> {
  annotations: AnnotationService;
  /** admins and adjudicators: who may change the codebook and see everyone's memos */
  mayEdit: (username: string) => boolean;
  isUser: (username: string) => boolean;
}

export function composeCoding({ config, store, clock, annotations, mayEdit, isUser }: CodingInput) {
  const task = config.task;
  const codebook = new Codebook(store, clock, config.codebook, mayEdit, config.raw.annotation_task_name);
  const codebookStamps = new RevisionStamps(store, task, codebook);
  annotations.use(codebookStamps.submitHook());
  const codebookContent = new CodebookContent(store, codebook);
  return {
    codebook,
    codebookContent,
    codebookStamps,
    codebookProposals: new CodebookProposals(store, codebook, codebookContent),
    cases: new Cases(task, config.cases),
    memos: new Memos(store, task, annotations, clock, config.memos, mayEdit),
    review: new ReviewBoard(store, task, clock, config.review, isUser),
    eventRegistry: new EventRegistry(store, task, clock, config.eventTemplate, mayEdit),
  };
}
