/** Prompt building and reply validation for LLM providers. */
import { describe, expect, it } from 'vitest';
import { buildPrompt, parseReply } from '../../../../server/domain/ai/llm.js';
import { DomainError } from '../../../../server/domain/errors.js';
import type { Scheme } from '../../../../server/domain/task.js';

const scheme = (annotation_type: Scheme['annotation_type'], labels: string[], extra: Partial<Scheme> = {}): Scheme => ({
  name: 's',
  annotation_type,
  description: '',
  labels: labels.map((name) => ({ name })),
  extra: {},
  ...extra,
});
const radio = scheme('radio', ['Positive', 'negative']);
const TEXT = 'Great value, but the lid broke.';

function refusal(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (e) {
    if (e instanceof DomainError) return e;
    throw e;
  }
  throw new Error('expected a refusal');
}

describe('parseReply', () => {
  it('accepts a JSON object, in code fences or among words, and maps the label to its exact spelling', () => {
    expect(
      parseReply(
        '{"label":"positive","confidence":0.7,"rationale":"r","keywords":["great value","nope"]}',
        radio,
        TEXT,
        'openai',
      ),
    ).toEqual({ label: 'Positive', confidence: 0.7, rationale: 'r', words: ['great value'] });
    expect(parseReply('```json\n{"label":"negative"}\n```', radio, TEXT, 'openai').label).toBe('negative');
    expect(
      parseReply('Sure! {"label": "negative", "confidence": 85} Hope that helps.', radio, TEXT, 'openai'),
    ).toMatchObject({ label: 'negative', confidence: 0.85 });
  });

  it('refuses replies that are not JSON objects or name labels the scheme does not have (502)', () => {
    for (const reply of ['positive', '[1,2]', '', '{"label": "positive"']) {
      const e = refusal(() => parseReply(reply, radio, TEXT, 'ollama'));
      expect(e.kind).toBe('upstream_failed');
      expect(e.message).toMatch(/did not answer with a JSON object/);
    }
    for (const reply of ['{"label":"neutral"}', '{"confidence":1}', '{"label":null}', '{"label":["Positive"]}']) {
      const e = refusal(() => parseReply(reply, radio, TEXT, 'ollama'));
      expect(e.kind).toBe('upstream_failed');
      expect(e.message).toMatch(/which is not a label of "s" \(Positive, negative\)/);
    }
  });

  it('takes likert numbers as labels and multiselect lists, refusing any stray label in a list', () => {
    const likert = scheme('likert', ['1', '2', '3', '4', '5']);
    expect(parseReply('{"label": 4}', likert, TEXT, 'anthropic').label).toBe('4');
    const multi = scheme('multiselect', ['price', 'quality']);
    expect(parseReply('{"labels": ["quality", "price", "quality"]}', multi, TEXT, 'anthropic')).toMatchObject({
      label: 'quality',
      labels: ['quality', 'price'],
    });
    expect(parseReply('{"labels": []}', multi, TEXT, 'anthropic')).toMatchObject({
      label: null,
      rationale: expect.stringMatching(/found no label/),
    });
    expect(refusal(() => parseReply('{"labels": ["price", "speed"]}', multi, TEXT, 'anthropic')).message).toMatch(
      /"speed"/,
    );
  });

  it('keeps confidence within 0..1 and drops it when it is not a number', () => {
    expect(parseReply('{"label":"negative","confidence":"high"}', radio, TEXT, 'x').confidence).toBeNull();
    expect(parseReply('{"label":"negative","confidence":-3}', radio, TEXT, 'x').confidence).toBe(0);
    expect(parseReply('{"label":"negative","confidence":1000}', radio, TEXT, 'x').confidence).toBe(1);
  });
});

describe('buildPrompt', () => {
  it('names the task, question, labels with tooltips and scale, the text, and the JSON shape', () => {
    const likert = scheme('likert', ['1', '2', '3'], {
      name: 'helpful',
      description: 'How helpful?',
      min_label: 'not at all',
      max_label: 'very',
    });
    likert.labels[0].tooltip = 'useless';
    const p = buildPrompt({ id: 'i', text: TEXT, data: {} }, likert, 'Reviews');
    expect(p.system).toMatch(/one JSON object/);
    expect(p.user).toContain('Task: Reviews');
    expect(p.user).toContain('Question (helpful): How helpful?');
    expect(p.user).toContain('- 1: useless\n- 2\n- 3');
    expect(p.user).toContain('from 1 (not at all) to 3 (very)');
    expect(p.user).toContain(TEXT);
    expect(p.user).toContain('Answer as: {"label": "<label>"');
    const long = buildPrompt({ id: 'i', text: 'x'.repeat(20_000), data: {} }, scheme('multiselect', ['a']), 'T');
    expect(long.user.length).toBeLessThan(9000);
    expect(long.user).toContain('Answer as: {"labels": [');
  });
});
