/** Potato's automation section: rules read; unknown actions and keys, notify, refresh_topics warned; bad URL refused */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config/load.js';
import { writeProject } from '../../helpers/project.js';

const load = (section: unknown) => loadConfig(writeProject({ config: { automation: section } }), {});
const warned = (c: ReturnType<typeof load>) => c.warnings.filter((w) => /automation/.test(w));

describe('automation config', () => {
  it('reads the rules with their conditions and sample rates, and says nothing of known keys', () => {
    const c = load({
      enabled: true,
      rules: [
        {
          name: 'r',
          when: { field: 'status', equals: 'error' },
          sample_rate: 0.5,
          actions: [{ type: 'add_to_dataset', dataset: 'd' }],
        },
      ],
    });
    expect(c.automation.rules).toEqual([
      {
        name: 'r',
        when: [{ field: 'status', operator: 'equals', value: 'error' }],
        sampleRate: 0.5,
        actions: [{ type: 'add_to_dataset', params: { dataset: 'd' } }],
      },
    ]);
    expect(warned(c)).toEqual([]);
  });

  it('leaves out a rule switched off with enabled: false, and says nothing of the key', () => {
    const webhook = { type: 'fire_webhook', url: 'http://127.0.0.1:9/hook' };
    const c = load({
      enabled: true,
      rules: [
        { name: 'off', enabled: false, actions: [webhook] },
        { name: 'on', enabled: true, actions: [webhook] },
      ],
    });
    expect(c.automation.rules.map((r) => r.name)).toEqual(['on']);
    expect(warned(c)).toEqual([]);
  });

  it('warns about unknown action types and keys, notify and refresh_topics, naming what happens instead', () => {
    const c = load({
      enabled: true,
      extra: 1,
      rules: [
        {
          name: 'r',
          colour: 'red',
          actions: [
            { type: 'teleport' },
            { type: 'add_to_dataset', dataset: 'd', size: 3, url: 'http://x' },
            { type: 'notify' },
            { type: 'refresh_topics' },
          ],
        },
      ],
    });
    expect(warned(c)).toEqual([
      expect.stringMatching(/"automation.extra" is ignored/),
      expect.stringMatching(/"automation.rules\[0\].colour" is ignored/),
      expect.stringMatching(/"automation.rules\[0\].actions\[1\].size" is ignored/),
      expect.stringMatching(/actions\[0\].type: unknown action "teleport" is not run \(known: add_to_queue/),
      expect.stringMatching(
        /"automation.rules\[0\].actions\[1\].url" is ignored \(known for add_to_dataset: dataset\)/,
      ),
      expect.stringMatching(/notify is not sent .* recorded as skipped/),
      expect.stringMatching(/refresh_topics is not built .* recorded as skipped/),
    ]);
    expect(c.automation.rules[0].actions.map((a) => a.type)).toEqual(['add_to_dataset', 'notify', 'refresh_topics']);
    expect(warned(load({ enabled: false, rules: [{ name: 'r' }] }))).toEqual([
      expect.stringMatching(/not run: automation is off/),
    ]);
  });

  it('refuses a webhook without an http(s) URL and a sample rate above 1, naming the key', () => {
    expect(() =>
      load({ enabled: true, rules: [{ name: 'r', actions: [{ type: 'fire_webhook', url: 'ftp://x' }] }] }),
    ).toThrow(/automation.rules\[0\].actions\[0\].url/);
    expect(() => load({ enabled: true, rules: [{ name: 'r', sample_rate: 2 }] })).toThrow(/sample_rate/);
  });
});
