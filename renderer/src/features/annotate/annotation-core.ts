/**
 * What the parts of the annotate state share (use-annotation.ts and the moves, undo and skip beside it): the
 * refs that actions bound before the last render read, the step queue, and the setters that put an instance on
 * screen. The refs are what keeps Enter's path free of waiting for a render.
 */
import type { MutableRefObject } from 'react';
import type { Schemes, StepAnswer } from '../../shared/api/types.js';
import type { Answers } from './answers.js';
import type { Loaded } from './loaded.js';
import type { Step, StepQueue } from './step-queue.js';

/**
 * What a queued step remembers: the instance left with the answers sent, to return to if they are refused; an
 * undo remembers the instance it returns to.
 */
export interface Left {
  view: Loaded;
  answers: Answers | null;
  undo?: true;
  /** a step back to the instance before `from` */
  back?: true;
}

/** The screen as last rendered, for actions started from key handlers bound before it. */
export interface Latest {
  answers: Answers;
  dirty: boolean;
  loaded: Loaded | null;
  busy: boolean;
  schemes: Schemes | null;
}

export interface AnnotationCore {
  latest: MutableRefObject<Latest>;
  /** the instance after the shown one, ready to show */
  ahead: MutableRefObject<Loaded | null>;
  /** the step whose answer the screen waits for, to show the instance it moves to */
  waitingFor: MutableRefObject<Step<Left> | null>;
  queue: StepQueue<Left, StepAnswer>;
  /** puts an instance on screen with its stored answers */
  display(l: Loaded): void;
  /** takes in a step answer: the instance moved to (shown when `show`) and the one after it */
  takeIn(answer: StepAnswer, show: boolean): void;
  setBusy(busy: boolean): void;
  setDirty(dirty: boolean): void;
  setError(error: string | null): void;
  setNotice(notice: string | null): void;
}
