/**
 * The annotator's progress page over real HTTP, at Potato's paths: off by default (its summary a 404, /progress
 * the annotate screen), on with `annotator_dashboard`, the caller's own figures and the project's counts, never
 * another annotator's name; what it shows follows the show_* keys.
 */
import { describe, expect, it } from 'vitest';
import { startServer } from '../../helpers/server.js';
import { loadConfig } from '../../../server/index.js';
import { sampleItems, writeProject } from '../../helpers/project.js';

const items = sampleItems(4);
const onWithActive = {
  annotator_dashboard: {
    enabled: true,
    show_project_progress: true,
    show_personal_progress: true,
    show_active_annotators: true,
  },
};

describe('the annotator dashboard', () => {
  it('is off by default: the summary is a 404 and /progress leads to the annotate screen', async () => {
    const t = await startServer({ items });
    const alice = await t.client().login('alice');
    const summary = await alice.get('/progress/api/summary');
    expect(summary.status).toBe(404);
    expect(summary.body.error).toMatch(/annotator_dashboard/);
    expect((await alice.get('/api/me')).body.progress_page).toBe(false);
    const page = await alice.request('GET', '/progress', { headers: { accept: 'text/html' } });
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe('/');
  });

  it("gives the project's counts and the caller's own, and no one else's name", async () => {
    const t = await startServer({ items, config: onWithActive });
    expect((await t.client().get('/progress/api/summary')).status).toBe(401);
    const dave = await t.client().login('dave_unique_name');
    const carol = await t.client().login('carol');
    expect((await carol.get('/api/me')).body.progress_page).toBe(true);
    const page = await carol.request('GET', '/progress', { headers: { accept: 'text/html' } });
    expect(page.headers.get('location')).toBe('/#/progress');

    // nothing annotated and nothing handed out yet: as in Potato, a list is made at the first visit
    const before = await carol.get('/progress/api/summary');
    expect(before.status).toBe(200);
    expect(before.body).toEqual({
      project: {
        total_items: 4,
        items_with_annotations: 0,
        completion_percentage: 0,
        total_annotations: 0,
        active_annotators: 2,
      },
      personal: { annotated: 0, assigned: 0, completion_percentage: 0 },
    });

    for (const user of [carol, dave]) await user.get('/api/current_instance');
    expect((await carol.get('/progress/api/summary')).body.personal).toEqual({
      annotated: 0,
      assigned: 4,
      completion_percentage: 0,
    });
    const first = await carol.post('/updateinstance', {
      instance_id: 'item-1',
      annotations: { 'sentiment:positive': 'true' },
    });
    expect(first.status).toBe(200);
    await carol.post('/updateinstance', { instance_id: 'item-2', annotations: { 'sentiment:negative': 'true' } });
    await dave.post('/updateinstance', { instance_id: 'item-1', annotations: { 'sentiment:neutral': 'true' } });

    const after = await carol.get('/progress/api/summary');
    expect(after.body.project).toEqual({
      total_items: 4,
      items_with_annotations: 2,
      completion_percentage: 50,
      total_annotations: 3,
      active_annotators: 2,
    });
    expect(after.body.personal).toEqual({ annotated: 2, assigned: 4, completion_percentage: 50 });
    expect(after.text).not.toContain('dave');
    expect((await dave.get('/progress/api/summary')).body.personal).toEqual({
      annotated: 1,
      assigned: 4,
      completion_percentage: 25,
    });
  });

  it('counts as Potato does: one decimal, against a quota when there is one, only what the show_* keys allow', async () => {
    const t = await startServer({
      items: sampleItems(3),
      config: { max_annotations_per_user: 3, annotator_dashboard: { enabled: true, show_project_progress: false } },
    });
    const alice = await t.client().login('alice');
    await alice.get('/api/current_instance');
    await alice.post('/updateinstance', { instance_id: 'item-1', annotations: { 'sentiment:positive': 'true' } });
    const summary = await alice.get('/progress/api/summary');
    expect(summary.body).toEqual({ personal: { annotated: 1, assigned: 3, completion_percentage: 33.3 } });

    const shorthand = await startServer({ items, config: { annotator_dashboard: true } });
    const bob = await shorthand.client().login('bob');
    const body = (await bob.get('/progress/api/summary')).body;
    expect(Object.keys(body.project)).not.toContain('active_annotators');
    expect(body.personal).toEqual({ annotated: 0, assigned: 0, completion_percentage: 0 });
  });

  it('counts as active only the annotators who have reached annotation', async () => {
    const t = await startServer({
      items,
      config: {
        ...onWithActive,
        phases: { order: ['consent', 'annotation'], consent: { content: 'You agree.' } },
      },
    });
    const alice = await t.client().login('alice');
    await t.client().login('bob');
    expect((await alice.get('/progress/api/summary')).body.project.active_annotators).toBe(0);
    expect((await alice.post('/api/phase/complete', { phase: 'consent', answers: { agree: true } })).status).toBe(200);
    expect((await alice.get('/progress/api/summary')).body.project.active_annotators).toBe(1);
  });

  it('warns about keys it does not act on', () => {
    const misspelt = loadConfig(
      writeProject({ items, config: { annotator_dashboard: { enabled: true, show_names: true } } }),
    );
    expect(
      misspelt.warnings.some((w) =>
        w.endsWith(
          'unknown key "annotator_dashboard.show_names" is ignored (known: enabled, show_project_progress, show_personal_progress, show_active_annotators)',
        ),
      ),
    ).toBe(true);
    const off = loadConfig(writeProject({ items, config: { annotator_dashboard: { show_active_annotators: true } } }));
    expect(off.warnings.some((w) => w.includes('annotator_dashboard: its show_* keys are not acted on'))).toBe(true);
    expect(off.annotatorDashboard.enabled).toBe(false);
  });
});
