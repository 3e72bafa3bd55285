import { describe, expect, it } from 'vitest';
import {
  checkAnswers,
  publicView,
  scoreTraining,
  type PhaseDefinition,
} from '../../../../server/domain/phases/phases.js';
import { DomainError } from '../../../../server/domain/errors.js';

const training: PhaseDefinition = {
  name: 'training',
  type: 'training',
  title: 'Training',
  content: '',
  passingScore: 0.5,
  maxAttempts: null,
  questions: [
    { id: 'q1', text: 'one', type: 'radio', options: ['a', 'b'], correct: 'a', required: true },
    { id: 'q2', text: 'two', type: 'multiselect', options: ['x', 'y', 'z'], correct: ['x', 'y'], required: true },
    { id: 'q3', text: 'three', type: 'text', correct: 'Paris', required: false },
  ],
};

describe('phases', () => {
  it('scores training against the pass criterion, case-insensitively for text', () => {
    expect(scoreTraining(training, { q1: 'a', q2: ['y', 'x'], q3: ' paris ' })).toMatchObject({
      correct: 3,
      total: 3,
      passed: true,
    });
    expect(scoreTraining(training, { q1: 'a', q2: ['x'] })).toMatchObject({ correct: 1, total: 3, passed: false });
    expect(scoreTraining({ ...training, passingScore: 1 / 3 }, { q1: 'a', q2: ['x'] }).passed).toBe(true);
  });

  it('refuses missing, unknown and malformed answers, naming the question', () => {
    const refusal = (given: Record<string, unknown>) => {
      try {
        checkAnswers(training, given);
      } catch (e) {
        return (e as DomainError).message;
      }
      return 'accepted';
    };
    expect(refusal({ q2: ['x'] })).toMatch(/answers.q1: this question needs an answer/);
    expect(refusal({ q1: 'c', q2: ['x'] })).toMatch(/answers.q1: choose one of a, b/);
    expect(refusal({ q1: ['a', 'b'], q2: ['x'] })).toMatch(/answers.q1: give one answer/);
    expect(refusal({ q1: { a: 1 }, q2: ['x'] })).toMatch(/answers.q1: answers are strings/);
    expect(refusal({ q1: 'a', q2: ['x'] })).toBe('accepted');
    expect(checkAnswers(training, { q1: 'a', q2: 'x', q3: 7 })).toEqual({ q1: 'a', q2: ['x'], q3: '7' });
  });

  it('never shows correct answers or explanations before an attempt', () => {
    const text = JSON.stringify(
      publicView({ ...training, questions: [{ ...training.questions[0], explanation: 'because' }] }),
    );
    expect(text).not.toContain('correct');
    expect(text).not.toContain('because');
  });
});
