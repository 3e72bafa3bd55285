/**
 * Answers that mark places in the text without being span schemes (extractive_qa's answer, error_span's errors,
 * multi_document_event's evidence) in the CoNLL and spaCy exports, over real HTTP: a BIO column per scheme beside
 * a span scheme's, and the same places in spaCy's `spans` and `ents`.
 */
import { describe, expect, it } from 'vitest';
import { startServer } from '../../helpers/server.js';

const TEXT = 'Floods hit Ayutthaya in October, the reprot said.';
const at = (phrase: string) => ({ start: TEXT.indexOf(phrase), end: TEXT.indexOf(phrase) + phrase.length });
const SCHEMES = [
  { annotation_type: 'span', name: 'ner', labels: ['GPE', 'DATE'] },
  { annotation_type: 'extractive_qa', name: 'qa', question_field: 'question' },
  { annotation_type: 'extractive_qa', name: 'qa_own', question_field: 'question', passage_field: 'passage' },
  { annotation_type: 'error_span', name: 'mqm', error_types: [{ name: 'Fluency', subtypes: ['Spelling'] }, 'Style'] },
  { annotation_type: 'multi_document_event', name: 'story', slots: [{ name: 'where' }, { name: 'when' }] },
];
const ITEMS = [{ id: 'd1', text: TEXT, question: 'Where?', passage: 'Ayutthaya is a city.' }];

describe('answers that mark the text, in CoNLL and spaCy', () => {
  it('are tagged in their own column and listed as spans, like a span scheme’s', async () => {
    const t = await startServer({ items: ITEMS, config: { annotation_schemes: SCHEMES } });
    const ann = await t.client().login('ann');
    const r = await ann.post('/updateinstance', {
      instance_id: 'd1',
      span_annotations: [{ schema: 'ner', name: 'DATE', ...at('October') }],
      annotations: {
        'qa:qa': JSON.stringify({ answer_text: 'Ayutthaya', ...at('Ayutthaya') }),
        'qa_own:qa_own': JSON.stringify({ answer_text: 'Ayutthaya', start: 0, end: 9 }),
        'mqm:mqm': JSON.stringify({
          errors: [
            { ...at('reprot'), type: 'Fluency', subtype: 'Spelling', severity: 'Minor' },
            { ...at('said'), type: 'Style', severity: 'Minor' },
          ],
        }),
        'story:story': JSON.stringify({
          events: [
            {
              event_id: 'e1',
              slot_values: { where: 'Ayutthaya', when: 'October' },
              evidence: [
                { slot_name: 'where', span_start: at('Ayutthaya').start, span_end: at('Ayutthaya').end },
                { slot_name: 'when', span_start: at('October').start, span_end: at('October').end },
              ],
            },
          ],
        }),
      },
    });
    expect(r.status, r.text).toBe(200);

    const conll = (await t.admin().get('/admin/api/export?format=conll')).text;
    // columns: token, ner, qa, qa_own (its answer is in its own passage: nothing here), mqm, story
    expect(conll.split('\n').slice(2, -2)).toEqual([
      'Floods\tO\tO\tO\tO\tO',
      'hit\tO\tO\tO\tO\tO',
      'Ayutthaya\tO\tB-answer\tO\tO\tB-where',
      'in\tO\tO\tO\tO\tO',
      'October\tB-DATE\tO\tO\tO\tB-when',
      ',\tO\tO\tO\tO\tO',
      'the\tO\tO\tO\tO\tO',
      'reprot\tO\tO\tO\tB-Fluency/Spelling\tO',
      'said\tO\tO\tO\tB-Style\tO',
      '.\tO\tO\tO\tO\tO',
    ]);

    const [doc] = (await t.admin().get('/admin/api/export?format=spacy')).body;
    const place = (phrase: string, label: string) => ({ ...at(phrase), label });
    expect(doc.spans).toEqual({
      ner: [place('October', 'DATE')],
      qa: [place('Ayutthaya', 'answer')],
      qa_own: [],
      mqm: [place('reprot', 'Fluency/Spelling'), place('said', 'Style')],
      story: [place('Ayutthaya', 'where'), place('October', 'when')],
    });
    // overlapping places: the one met first (span schemes, then the types in config order) keeps the tokens
    expect(doc.ents).toEqual([
      place('Ayutthaya', 'answer'),
      place('October', 'DATE'),
      place('reprot', 'Fluency/Spelling'),
      place('said', 'Style'),
    ]);
    // the answers themselves stay in meta.values
    expect(Object.keys(doc.meta.values).sort()).toEqual(['mqm', 'qa', 'qa_own', 'story']);
  });

  it('make a project with only such a type exportable as CoNLL', async () => {
    const t = await startServer({ items: ITEMS, config: { annotation_schemes: [SCHEMES[1]] } });
    const ann = await t.client().login('ann');
    await ann.post('/updateinstance', {
      instance_id: 'd1',
      annotations: { 'qa:qa': JSON.stringify({ answer_text: 'October', ...at('October') }) },
    });
    const conll = await t.admin().get('/admin/api/export?format=conll');
    expect(conll.status).toBe(200);
    expect(conll.text).toContain('October\tB-answer\n');
  });
});
