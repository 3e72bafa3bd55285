import { describe, expect, it } from 'vitest';
import { DEFAULT_TRIAGE_RULES, rank, scoreItem, type TriageSettings } from '../../../../server/domain/triage/triage.js';

const base: TriageSettings = {
  enabled: true,
  order: 'desc',
  defaultPriority: 0,
  rules: DEFAULT_TRIAGE_RULES,
  signalField: null,
  invertSignal: false,
  showBadge: true,
};

describe('triage priorities', () => {
  it('takes the highest matching rule, else the signal field, else the default', () => {
    // both the error rule (100) and the low score rule (60) match: 100 wins
    expect(scoreItem({ status: 'ERROR ', score: 0.1 }, base)).toEqual({
      priority: 100,
      reason: 'Agent errored',
      badge: 'Agent errored',
      flagged: true,
    });
    expect(scoreItem({ feedback: 'negative' }, base).priority).toBe(80);
    expect(scoreItem({ score: '0.49' }, base).priority).toBe(60);
    expect(scoreItem({ score: 0.5 }, base)).toEqual({ priority: 0, reason: null, badge: null, flagged: false });

    const signal = { ...base, rules: [], signalField: 'meta.quality', invertSignal: true, defaultPriority: -99 };
    expect(scoreItem({ meta: { quality: 0.25 } }, signal)).toEqual({
      priority: -0.25,
      reason: 'meta.quality = 0.25',
      badge: null,
      flagged: false,
    });
    expect(scoreItem({ meta: { quality: 'n/a' } }, signal).priority).toBe(-99);
  });

  it('ranks by priority in the configured direction, ties in the order given', () => {
    const s = (priority: number) => ({ priority, reason: null, badge: null, flagged: false });
    const items = [
      { id: 'a', score: s(0) },
      { id: 'b', score: s(60) },
      { id: 'c', score: s(0) },
      { id: 'd', score: s(100) },
    ];
    expect(rank(items, 'desc')).toEqual(['d', 'b', 'a', 'c']);
    expect(rank(items, 'asc')).toEqual(['a', 'c', 'b', 'd']);
  });
});
