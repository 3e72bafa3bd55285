/**
 * Psychometrics over real HTTP, with Potato's paths: the model's read-out on a small seeded study (three agreeing
 * annotators and one right on half), the enriched export, the study designer with its refusals by field, the
 * page, admin rules, 503 while off and the config read.
 */
import { describe, expect, it } from 'vitest';
import { startServer } from '../../helpers/server.js';
import { writeProject } from '../../helpers/project.js';
import { loadConfig } from '../../../server/index.js';

const items = Array.from({ length: 8 }, (_, i) => ({ id: `p${i + 1}`, text: `Message <${i + 1}>` }));
const good = (i: number) => (i % 2 ? 'Sarcastic' : 'Sincere');
const schemes = [{ annotation_type: 'radio', name: 'sarcasm', labels: ['Sarcastic', 'Sincere'] }];
const config = {
  annotation_schemes: schemes,
  num_annotators_per_item: 10,
  psychometrics: { enabled: true, schema: 'sarcasm', min_observations: 12, cost_per_judgment: 0.05 },
};

describe('psychometrics', () => {
  it('fits the model on the answers and reads it out', async () => {
    const t = await startServer({ items, config });
    expect((await t.client().get('/psychometrics/api/stats')).status).toBe(401);
    const plain = await t.client().login('plain');
    expect((await plain.get('/psychometrics/api/stats')).status).toBe(403);
    expect((await t.client({ 'x-api-key': 'nope' }).get('/psychometrics/api/stats')).status).toBe(403);

    const cold = (await t.admin().get('/psychometrics/api/stats')).body;
    expect(cold).toMatchObject({ schema: 'sarcasm', fitted: false, adaptive_routing: false, n_observations: 0 });
    expect((await t.admin().get('/psychometrics/dashboard')).text).toContain('Warming up: 0 of 12 labels');

    for (const name of ['good1', 'good2', 'good3', 'noisy']) {
      const c = await t.client().login(name);
      for (let i = 1; i <= 8; i++) {
        const label = name === 'noisy' && i > 4 ? (good(i) === 'Sarcastic' ? 'Sincere' : 'Sarcastic') : good(i);
        const r = await c.post('/updateinstance', {
          instance_id: `p${i}`,
          annotations: { [`sarcasm:${label}`]: 'true' },
        });
        expect(r.status).toBe(200);
      }
    }
    const st = (await t.admin().get('/psychometrics/api/stats')).body;
    expect(st).toMatchObject({ fitted: true, n_observations: 32, n_annotators: 4, n_items: 8 });
    const theta = Object.fromEntries(
      st.annotators.map((a: { annotator: string; theta: number }) => [a.annotator, a.theta]),
    );
    expect(theta.noisy).toBeLessThan(Math.min(theta.good1, theta.good2, theta.good3));
    expect(st.annotators[3].annotator).toBe('noisy');
    expect(st.items).toHaveLength(8);
    for (const [n, row] of st.items.entries()) {
      expect(row.label).toBe(good(n + 1));
      expect(row.prob_lo).toBeLessThanOrEqual(row.prob);
      expect(row.prob).toBeLessThanOrEqual(row.prob_hi);
      // the noisy annotator's label is the model's on the first four items only
      expect(row.labels_given.noisy === good(n + 1)).toBe(n < 4);
    }
    expect(st.items[0].text).toBe('Message <1>');
    // worked by hand: p1–p4 unanimous add 4 to o_cc each, p5–p8 (3 against 1) add 2 to o_cc and 1 to each of
    // o_cd, o_dc: o_SS = o_II = 12, o_SI = o_IS = 4, n_S = n_I = 16, n = 32; alpha = 1 − 31·8 / (16·16·2)
    expect(st.summary.target_annotators_per_item).toBe(10);
    expect(st.summary.raw_alpha).toBeCloseTo(1 - 248 / 512, 12);

    const exported = (await t.admin().get('/psychometrics/api/export')).body;
    const sum = Object.values(exported.items[0].posterior as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(sum).toBeCloseTo(1, 9);
    expect(exported.annotators).toHaveLength(4);

    const design = await t
      .admin()
      .get('/psychometrics/api/design?items=60&accuracy=0.8&classes=2&target_ci=0.4&max_annotators=3&sims=12');
    expect(design.status).toBe(200);
    expect(design.body.rows[0]).toMatchObject({ annotators_per_item: 2, judgments: 120 });
    // the cost comes from cost_per_judgment
    expect(design.body.rows[0].cost).toBeCloseTo(60 * 2 * 0.05, 9);
    const bad = await t.admin().get('/psychometrics/api/design?items=60&accuracy=5');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('accuracy: must be a number from 0 to 1');
    expect((await t.admin().get('/psychometrics/api/design?classes=2.5')).body.error).toMatch(
      /^classes: must be a whole number/,
    );

    const page = await t.admin().get('/psychometrics/dashboard');
    expect(page.text).toContain('<h1>Psychometrics</h1>');
    expect(page.text).toContain('32 labels from 4 annotators');
  });

  it('hands items out by expected information gain once the model is warm (assignment_strategy: psychometric)', async () => {
    const more = [...items, { id: 'p9', text: 'unlabelled' }, { id: 'p10', text: 'unlabelled too' }];
    const t = await startServer({
      items: more,
      config: {
        ...config,
        assignment_strategy: 'psychometric',
        psychometrics: { ...config.psychometrics, refit_interval: 1 },
      },
    });
    const cold = await t.client().login('cold');
    // before min_observations labels: at random, every item
    expect((await cold.get('/api/current_instance')).body.total_instances).toBe(10);
    for (const name of ['good1', 'good2', 'good3']) {
      const c = await t.client().login(name);
      for (let i = 1; i <= 8; i++)
        await c.post('/updateinstance', { instance_id: `p${i}`, annotations: { [`sarcasm:${good(i)}`]: 'true' } });
    }
    const st = (await t.admin().get('/psychometrics/api/stats')).body;
    expect(st.adaptive_routing).toBe(true);
    const resolved = st.items
      .filter((i: { resolved: boolean }) => i.resolved)
      .map((i: { instance_id: string }) => i.instance_id);
    expect(resolved.length).toBeGreaterThan(0);

    const fresh = await t.client().login('fresh');
    expect((await fresh.get('/api/current_instance')).body.instance_id).toBe('p9');
    const list = t.server.services.assignments.listOf('fresh')!;
    // the items nobody labelled are the least settled; resolved items take no more labels
    expect(list.slice(0, 2)).toEqual(['p9', 'p10']);
    for (const id of resolved) expect(list).not.toContain(id);
    expect(list.length).toBe(10 - resolved.length);
  });

  it('answers 503 while off (the designer still answers) and refuses a scheme it cannot model', async () => {
    const t = await startServer({ items, config: { annotation_schemes: schemes } });
    expect((await t.admin().get('/psychometrics/api/stats')).status).toBe(503);
    expect((await t.admin().get('/psychometrics/api/design?items=10&sims=2&max_annotators=2')).status).toBe(200);
    const text = writeProject({
      items,
      config: {
        ...config,
        annotation_schemes: [...schemes, { annotation_type: 'text', name: 'why' }],
        psychometrics: { enabled: true, schema: 'why' },
      },
    });
    expect(() => loadConfig(text)).toThrow(/psychometrics\.schema: "why" is a text scheme/);
    const warned = loadConfig(
      writeProject({ items, config: { ...config, psychometrics: { enabled: true, refit_interval: 5 } } }),
    );
    expect(warned.psychometrics.schema).toBe('sarcasm');
    expect(warned.warnings.join('\n')).toMatch(
      /psychometrics\.refit_interval is not acted on without assignment_strategy: psychometric/,
    );
    const routedOff = loadConfig(
      writeProject({ items, config: { annotation_schemes: schemes, assignment_strategy: 'psychometric' } }),
    );
    expect(routedOff.settings.assignment_strategy).toBe('psychometric');
    expect(routedOff.warnings.join('\n')).toMatch(/psychometric needs psychometrics\.enabled: true/);
  });
});
