import { describe, expect, it } from 'vitest';
import { startServer } from '../../helpers/server.js';
import { sampleItems } from '../../helpers/project.js';
import type { Client } from '../../helpers/client.js';

const jsonl = (rows: object[]) => rows.map((r) => JSON.stringify(r)).join('\n') + '\n';

const QC_PROJECT = {
  items: sampleItems(6),
  files: {
    'attention.jsonl': jsonl([
      { id: 'attn-1', text: 'Attention check: choose "negative".', expected_answer: { sentiment: 'negative' } },
      { id: 'attn-2', text: 'Attention check: choose "negative" again.', expected_answer: { sentiment: 'negative' } },
    ]),
    'gold.jsonl': jsonl([
      { id: 'gold-1', text: 'I love it, best purchase ever.', gold_label: { sentiment: 'positive' } },
      { id: 'gold-2', text: 'Broke on day one.', gold_label: { sentiment: 'negative' } },
    ]),
  },
  config: {
    max_annotations_per_user: 4,
    attention_checks: {
      enabled: true,
      items_file: 'attention.jsonl',
      frequency: 2,
      failure_handling: { warn_threshold: 1, block_threshold: 2 },
    },
    gold_standards: { enabled: true, items_file: 'gold.jsonl', frequency: 2 },
  },
};

/** The annotator's whole list, read through the API as a frontend would. */
async function listOf(client: Client): Promise<string[]> {
  const ids: string[] = [];
  let current = (await client.get('/api/current_instance')).body;
  while (current.current_index > 0) current = (await client.post('/go_to', { action: 'prev_instance' })).body;
  while (true) {
    ids.push(current.instance_id);
    if (current.current_index === current.total_instances - 1) break;
    current = (await client.post('/go_to', { action: 'next_instance' })).body;
  }
  return ids;
}

const answer = (client: Client, id: string, label: string) =>
  client.post('/updateinstance', { instance_id: id, annotations: { [`sentiment:${label}`]: 'true' } });

describe('quality control', () => {
  it('mixes checks into lists without using up the quota, and scores gold standards', async () => {
    const t = await startServer(QC_PROJECT);
    const alice = await t.client().login('alice');
    const list = await listOf(alice);
    expect(list.filter((id) => id.startsWith('item-'))).toHaveLength(4); // max_annotations_per_user counts real items only
    expect(list.filter((id) => id.startsWith('attn-'))).toHaveLength(2);
    expect(list.filter((id) => id.startsWith('gold-'))).toHaveLength(2);

    const right = await answer(alice, 'gold-1', 'positive');
    expect(right.status).toBe(200);
    expect(right.body.qc_result).toEqual({
      type: 'gold_standard',
      correct: true,
      gold_label: { sentiment: 'positive' },
    });
    const wrong = await answer(alice, 'gold-2', 'positive');
    expect(wrong.body.qc_result).toEqual({
      type: 'gold_standard',
      correct: false,
      gold_label: { sentiment: 'negative' },
    });
    // a second answer is not re-scored
    expect((await answer(alice, 'gold-2', 'negative')).body.qc_result.correct).toBe(false);
    // a real item carries no qc_result, and checks are not annotations of the task
    expect((await answer(alice, 'item-1', 'neutral')).body.qc_result).toBeUndefined();
    expect((await alice.get('/api/current_instance')).body).toMatchObject({ total_instances: 8, annotated_count: 1 });
    const overview = (await t.admin().get('/admin/api/overview')).body;
    expect(overview.total_annotations).toBe(1);
    expect(overview.total_items).toBe(6);

    const qc = (await t.admin().get('/admin/api/quality_control')).body;
    expect(qc.gold_standards).toMatchObject({ enabled: true, answered: 2, correct: 1, accuracy: 0.5 });
    expect(qc.gold_standards.by_annotator.alice).toEqual({ answered: 2, correct: 1, accuracy: 0.5 });
    expect(qc.gold_standards.by_instance['gold-1']).toEqual({ answered: 1, correct: 1, accuracy: 1 });
    expect(qc.gold_standards.by_instance['gold-2']).toEqual({ answered: 1, correct: 0, accuracy: 0 });
  });

  it('warns, then blocks after repeated attention-check failures, returns unstarted work, and remembers it across restarts', async () => {
    let t = await startServer(QC_PROJECT);
    const bob = await t.client().login('bob');
    await listOf(bob);
    expect((await answer(bob, 'item-1', 'positive')).status).toBe(200);

    const first = await answer(bob, 'attn-1', 'positive');
    expect(first.body.qc_result).toEqual({ type: 'attention_check', passed: false, warning: true, blocked: false });
    const second = await answer(bob, 'attn-2', 'neutral');
    expect(second.body.qc_result).toEqual({ type: 'attention_check', passed: false, warning: true, blocked: true });

    const refused = await answer(bob, 'item-1', 'negative');
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatch(/blocked/);
    // bob keeps what he answered; the rest of his list went back to the pool
    const kept = await listOf(bob);
    expect(kept.sort()).toEqual(['attn-1', 'attn-2', 'item-1']);

    const carol = await t.client().login('carol');
    expect((await answer(carol, 'attn-1', 'negative')).body.qc_result).toEqual({
      type: 'attention_check',
      passed: true,
      warning: false,
      blocked: false,
    });

    const check = async () => {
      const qc = (await t.admin().get('/admin/api/quality_control')).body;
      expect(qc.attention_checks).toMatchObject({ enabled: true, passed: 1, failed: 2 });
      expect(qc.attention_checks.by_annotator.bob).toEqual({ passed: 0, failed: 2, warning: true, blocked: true });
      const annotators = (await t.admin().get('/admin/api/annotators')).body.annotators;
      expect(annotators.find((a: { username: string }) => a.username === 'bob')).toMatchObject({
        blocked: true,
        attention_checks: { passed: 0, failed: 2 },
      });
    };
    await check();
    t = await t.restart();
    await check();
    const again = await t.client().login('bob');
    expect((await answer(again, 'item-1', 'negative')).status).toBe(403);
  });

  it('stops startup when a check names an unknown scheme or label', async () => {
    const { writeProject } = await import('../../helpers/project.js');
    const { loadConfig } = await import('../../../server/index.js');
    const file = writeProject({
      ...QC_PROJECT,
      files: {
        ...QC_PROJECT.files,
        'gold.jsonl': jsonl([{ id: 'gold-x', text: 't', gold_label: { sentiment: 'ecstatic' } }]),
      },
    });
    expect(() => loadConfig(file)).toThrow(
      /gold\.jsonl: item "gold-x": "ecstatic" is not a label of scheme "sentiment"/,
    );
  });
});
