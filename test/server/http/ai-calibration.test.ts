/**
 * Calibration of the embedded assistant on a generated project: texts with a learnable signal, labelled by an
 * annotator who is wrong 20 % of the time. The confidence a suggestion shows must match how often it agrees with
 * the annotator on held-out items (expected calibration error below a measured bound), a dozen examples must not
 * give near-certainty, and stop-words are never shown as evidence.
 */
import { describe, expect, it } from 'vitest';
import { startServer } from '../../helpers/server.js';
import { learnableItems } from '../domain/ai/learnable.js';
import { seededRandom } from '../../../server/domain/seeded-random.js';
import { expectedCalibrationError } from '../../helpers/reference-measures.js';
import { NaiveBayes } from '../../../server/domain/ai/naive-bayes.js';
import { features } from '../../../server/domain/ai/text-features.js';
import { informative } from '../../../server/domain/ai/evidence.js';

const NOISE = 0.2;
/**
 * measured: calibrated ECE 0.016 on this project (raw naive Bayes posteriors: 0.122); the bound is about three times
 * that
 */
const ECE_BOUND = 0.05;

const items = learnableItems(500, 11);
const flip = seededRandom(5);
const labelled = items.map((i) => ({
  ...i,
  label: flip() < NOISE ? (i.truth === 'positive' ? 'negative' : 'positive') : i.truth,
}));
const TRAIN = labelled.slice(0, 300);
const HELD_OUT = labelled.slice(300);

function project() {
  return startServer({
    items: items.map(({ id, text }) => ({ id, text })),
    config: { annotation_schemes: [{ annotation_type: 'radio', name: 'sentiment', labels: ['positive', 'negative'] }] },
  });
}

async function suggestion(
  client: {
    get(path: string): Promise<{
      body: { suggestions: Record<string, { label: string | null; confidence: number | null; rationale?: string }> };
    }>;
  },
  id: string,
) {
  return (await client.get(`/get_ai_suggestion?instance_id=${id}`)).body.suggestions.sentiment;
}

/** The assistant learns what was saved before its first use in the background: wait until it suggests. */
async function ready(client: Parameters<typeof suggestion>[0], id: string) {
  await expect
    .poll(async () => (await suggestion(client, id)).label, { timeout: 20_000, interval: 100 })
    .not.toBeNull();
}

describe('embedded assistant calibration', () => {
  it('shows confidences that match its hit rate on held-out items', async () => {
    const t = await project();
    const alice = await t.client().login('alice');
    for (const i of TRAIN)
      expect(
        (await alice.post('/updateinstance', { instance_id: i.id, annotations: { [`sentiment:${i.label}`]: 'true' } }))
          .status,
      ).toBe(200);
    const bob = await t.client().login('bob');
    await ready(bob, HELD_OUT[0].id);
    const outcomes: { confidence: number; hit: boolean }[] = [];
    for (const i of HELD_OUT) {
      const s = await suggestion(bob, i.id);
      expect(s.label).not.toBeNull();
      outcomes.push({ confidence: s.confidence!, hit: s.label === i.label });
    }
    const ece = expectedCalibrationError(outcomes);

    // the same data through the raw classifier, for comparison
    const nb = new NaiveBayes();
    for (const i of TRAIN) nb.add([i.label], features(i.text), 1);
    const raw = HELD_OUT.map((i) => {
      const p = nb.predict(features(i.text))!;
      return { confidence: p.ranked[0].p, hit: p.label === i.label };
    });
    const rawEce = expectedCalibrationError(raw);
    console.info(
      `ECE on held-out items: calibrated ${ece.toFixed(3)}, raw naive Bayes ${rawEce.toFixed(3)}; hit rate ${(outcomes.filter((o) => o.hit).length / outcomes.length).toFixed(3)}`,
    );
    expect(ece).toBeLessThan(ECE_BOUND);
    expect(rawEce).toBeGreaterThan(ece);
  });

  it('gives no near-certainty from a dozen examples, and never shows stop-words as evidence', async () => {
    const t = await project();
    const alice = await t.client().login('alice');
    for (const i of TRAIN.slice(0, 12))
      await alice.post('/updateinstance', { instance_id: i.id, annotations: { [`sentiment:${i.label}`]: 'true' } });
    const bob = await t.client().login('bob');
    await ready(bob, HELD_OUT[0].id);
    for (const i of HELD_OUT.slice(0, 20)) {
      const s = await suggestion(bob, i.id);
      expect(s.confidence!).toBeLessThanOrEqual(0.9);
      const evidence = [...(s.rationale ?? '').matchAll(/"([^"]+)"/g)].map((m) => m[1]);
      for (const word of evidence) expect(informative(word), word).toBe(true);
    }
  });
});
