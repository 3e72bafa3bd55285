import { describe, expect, it } from 'vitest';
import {
  findSchemeType,
  schemeTypeOf,
  SCHEME_TYPE_NAMES,
  unsupportedReason,
} from '../../../../server/domain/schemes/registry.js';
import { AnswerError } from '../../../../server/domain/schemes/module.js';
import type { Scheme } from '../../../../server/domain/task.js';

const scheme = (type: string, extra: Partial<Scheme> = {}): Scheme => ({
  name: 's',
  annotation_type: type,
  description: '',
  labels: [{ name: 'a' }, { name: 'b' }],
  extra: {},
  ...extra,
});

describe('the scheme-type registry', () => {
  it('has one module per type of the shared list, found by name and by alias', () => {
    // Potato's everyday types among them; each name finds the module of that type
    expect(SCHEME_TYPE_NAMES).toEqual(expect.arrayContaining(['radio', 'multiselect', 'text', 'span', 'pairwise']));
    for (const type of SCHEME_TYPE_NAMES) expect(schemeTypeOf(type).type).toBe(type);
    expect(findSchemeType('textbox')?.type).toBe('text');
    expect(findSchemeType('dial')).toBeUndefined();
  });

  it('says why a type is refused, naming it, without listing the supported ones', () => {
    expect(unsupportedReason('radio')).toBeUndefined();
    expect(unsupportedReason('image_annotation')).toMatch(
      /^"image_annotation" is not supported: media region annotation/,
    );
    expect(unsupportedReason('process_reward')).toBeUndefined();
    expect(unsupportedReason('code_review')).toBeUndefined();
    expect(unsupportedReason('grounding_eval')).toMatch(
      /^"grounding_eval" is not supported: .*media region annotation/,
    );
    expect(unsupportedReason('tiered_annotation')).toMatch(/^"tiered_annotation" is not supported: .*audio or video/);
    expect(unsupportedReason('table_grid')).toMatch(/^"table_grid" is not supported: .*table image/);
    expect(unsupportedReason('context_attribution')).toBeUndefined();
    expect(unsupportedReason('rollout_evaluation')).toMatch(
      /^"rollout_evaluation" is not supported: .*media annotation/,
    );
    expect(unsupportedReason('dial')).toMatch(/^"dial" is not a supported scheme type/);
  });

  it('lets each module check a value and shape the answer', () => {
    const num = scheme('number', { labels: [{ name: 'value' }], min: 0, max: 10 });
    expect(schemeTypeOf('number').accept(num, 'value', '4')).toBe('4');
    expect(schemeTypeOf('number').accept(num, 'value', '11')).toEqual(new AnswerError('11 is outside 0..10'));
    expect(schemeTypeOf('radio').accept(scheme('radio'), 'a', 'false')).toBeNull();
    expect(schemeTypeOf('radio').answer(scheme('radio'), { b: 'true' })).toBe('b');
    expect(schemeTypeOf('multiselect').answer(scheme('multiselect'), { a: 'true', b: 'true' })).toEqual(['a', 'b']);
    expect(schemeTypeOf('radio').fromAnswer(scheme('radio'), ['a', 'b'])).toBeInstanceOf(AnswerError);
    expect(schemeTypeOf('text').agreement).toMatchObject({ level: null, column: null });
    expect(schemeTypeOf('span').storage).toBe('spans');
  });
});
