/**
 * AI pre-labels of a process_reward scheme at Potato's `/api/prm/prelabel`, through a real model server on
 * 127.0.0.1: the model's reward per step comes back checked and kept (a second ask makes no call); a reply that
 * does not fit the trace is a 502 and is not kept; 400/404/503 name what is wrong. The verification fields a step
 * then carries are stored with the answer, and `require_verification` refuses an unverified suggestion.
 */
import { describe, expect, it } from 'vitest';
import { startServer } from '../../helpers/server.js';
import { startLlmServer } from '../../helpers/llm-server.js';
import { aiSupportAt } from '../../helpers/model-project.js';

const items = [
  {
    id: 'cot-1',
    text: 'What is 2 + 3 * 4?',
    steps: [{ text: 'Multiply first: 3 * 4 = 12.' }, { text: 'Add 2: 2 + 12 = 15.' }, { text: 'So the answer is 15.' }],
  },
  { id: 'cot-2', text: 'No reasoning given.', steps: [] },
];
const scheme = (extra: Record<string, unknown> = {}) => ({
  annotation_type: 'process_reward',
  name: 'step_rewards',
  steps_key: 'steps',
  mode: 'per_step',
  allow_neutral: true,
  ai_prelabel: true,
  ...extra,
});
const verdict = (steps: object[]) => ({ content: JSON.stringify({ steps }) });
const good = [
  { index: 0, reward: 1, reasoning: 'right', confidence: 0.9 },
  { index: 1, reward: -1, reasoning: '2 + 12 is 14', confidence: 0.8 },
  { index: 2, reward: -1, reasoning: 'follows the error', confidence: 0.7 },
];

describe('AI pre-labels of process rewards', () => {
  it("gives the model's checked reward for every step, once per item", async () => {
    const llm = await startLlmServer();
    llm.reply = () => verdict(good);
    const t = await startServer({
      items,
      config: {
        annotation_schemes: [scheme(), { annotation_type: 'radio', name: 'final', labels: ['yes', 'no'] }],
        ai_support: aiSupportAt(llm, 'judge-model'),
      },
    });
    try {
      expect((await t.client().get('/api/prm/prelabel?instance_id=cot-1&schema=step_rewards')).status).toBe(401);
      const alice = await t.client().login('alice');
      const missing = await alice.get('/api/prm/prelabel?instance_id=cot-1');
      expect(missing.status).toBe(400);
      expect(missing.body.error).toMatch(/^schema: /);
      expect((await alice.get('/api/prm/prelabel?schema=step_rewards')).body.error).toMatch(/^instance_id: /);
      const radio = await alice.get('/api/prm/prelabel?instance_id=cot-1&schema=final');
      expect(radio.status).toBe(404);
      expect(radio.body.error).toMatch(/process_reward/);
      expect((await alice.get('/api/prm/prelabel?instance_id=nope&schema=step_rewards')).status).toBe(404);
      const empty = await alice.get('/api/prm/prelabel?instance_id=cot-2&schema=step_rewards');
      expect(empty.body).toEqual({ steps: [], cached: false, error: expect.stringMatching(/steps_key/) });
      expect(llm.calls).toHaveLength(0);

      const r = await alice.get('/api/prm/prelabel?instance_id=cot-1&schema=step_rewards');
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ steps: good, cached: false });
      const sent = JSON.stringify(llm.calls[0].body.messages);
      expect(sent).toContain('[1] Add 2: 2 + 12 = 15.');
      expect(sent).toContain('0 (neutral)');
      expect(llm.calls[0].body.options.num_predict).toBeGreaterThanOrEqual(64 + 48 * 3);
      const again = await alice.get('/api/prm/prelabel?instance_id=cot-1&schema=step_rewards');
      expect(again.body).toEqual({ steps: good, cached: true });
      expect(llm.calls).toHaveLength(1);
    } finally {
      await t.close();
      await llm.close();
    }
  });

  it('refuses a reply that does not fit the trace with a 502, and asks again next time', async () => {
    const llm = await startLlmServer();
    const replies = [
      verdict([good[0], good[1]]), // a step left out
      verdict([good[0], good[1], { index: 3, reward: 1 }]), // past the trace
      verdict([good[0], good[1], { index: 2, reward: 0 }]), // neutral, which this scheme does not take
      { content: 'I think they are all fine.' },
      verdict(good),
    ];
    llm.reply = () => replies.shift()!;
    const t = await startServer({
      items,
      config: { annotation_schemes: [scheme({ allow_neutral: false })], ai_support: aiSupportAt(llm, 'judge-model') },
    });
    try {
      const alice = await t.client().login('alice');
      const ask = () => alice.get('/api/prm/prelabel?instance_id=cot-1&schema=step_rewards');
      for (const why of [/judged 2 of the 3 steps/, /step index 3/, /reward 0/, /not \{"steps"/]) {
        const r = await ask();
        expect(r.status).toBe(502);
        expect(r.body.error).toMatch(why);
      }
      expect((await ask()).body.cached).toBe(false);
      expect(llm.calls).toHaveLength(5);
    } finally {
      await t.close();
      await llm.close();
    }
  });

  it('answers 503 without a model, warns at start-up, and 400 for a scheme without ai_prelabel', async () => {
    const t = await startServer({
      items,
      config: { annotation_schemes: [scheme(), scheme({ name: 'plain', ai_prelabel: false })] },
    });
    try {
      expect(t.server.services.config.warnings.join('\n')).toMatch(
        /"step_rewards": ai_prelabel has no model to ask .*the AI pre-label button is not shown/,
      );
      const alice = await t.client().login('alice');
      const r = await alice.get('/api/prm/prelabel?instance_id=cot-1&schema=step_rewards');
      expect(r.status).toBe(503);
      expect(r.body.error).toMatch(/ai_support/);
      const plain = await alice.get('/api/prm/prelabel?instance_id=cot-1&schema=plain');
      expect(plain.status).toBe(400);
      expect(plain.body.error).toMatch(/^schema: .*ai_prelabel: true/);
    } finally {
      await t.close();
    }
  });

  it('stores what the AI suggested with each step, and with require_verification refuses an unverified one', async () => {
    const t = await startServer({
      items,
      config: { annotation_schemes: [scheme({ require_verification: true })] },
    });
    try {
      const alice = await t.client().login('alice');
      const send = (steps: object[]) =>
        alice.post('/updateinstance', {
          instance_id: 'cot-1',
          annotations: { 'step_rewards:step_rewards': JSON.stringify({ mode: 'per_step', steps }) },
        });
      const confirmed = {
        index: 0,
        reward: 1,
        source: 'ai',
        verified: true,
        ai_reward: 1,
        ai_reasoning: 'right',
        confidence: 0.9,
      };
      const overridden = { index: 1, reward: 1, source: 'human', verified: true, ai_reward: -1, confidence: 0.8 };
      const own = { index: 2, reward: 0 };
      expect((await send([confirmed, overridden, own])).status).toBe(200);
      const saved = await alice.get('/get_annotations?instance_id=cot-1');
      expect(JSON.parse(saved.body.annotations['step_rewards:step_rewards'])).toEqual({
        mode: 'per_step',
        steps: [confirmed, overridden, own],
      });

      const unverified = await send([{ index: 0, reward: 1, source: 'ai', verified: false, ai_reward: 1 }]);
      expect(unverified.status).toBe(400);
      expect(unverified.body.error).toMatch(/steps\[0\]: the AI's suggestion must be confirmed or overridden/);
      for (const [bad, why] of [
        [{ index: 0, reward: 1, source: 'model' }, /steps\[0\]\.source/],
        [{ index: 0, reward: 1, confidence: 2 }, /steps\[0\]\.confidence/],
        [{ index: 0, reward: 1, ai_reward: 5 }, /steps\[0\]\.ai_reward/],
      ] as const) {
        const r = await send([bad]);
        expect(r.status).toBe(400);
        expect(r.body.error).toMatch(why);
      }
      const kept = (await alice.get('/get_annotations?instance_id=cot-1')).body.annotations;
      expect(JSON.parse(kept['step_rewards:step_rewards']).steps).toHaveLength(3);
    } finally {
      await t.close();
    }
  });
});
