/**
 * Potato's `use_predefined_labels` (country, language, ethnicity, religion): a select scheme or a select question
 * of a phase file gets the built-in list as its labels; an unknown list stops start-up naming the key, and other
 * scheme types keep their labels with a warning.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config/load.js';
import { predefinedLabels } from '../../../server/config/predefined-labels.js';
import { writeProject } from '../../helpers/project.js';
import { startServer } from '../../helpers/server.js';

const country = { annotation_type: 'select', name: 'country', use_predefined_labels: 'country' };

describe('predefined label lists', () => {
  it('names each ISO 3166-1 country once, and each two-letter language once, in alphabetical order', () => {
    const countries = predefinedLabels('country')!;
    expect(countries).toHaveLength(249);
    expect(new Set(countries).size).toBe(249);
    expect(countries).toEqual(expect.arrayContaining(['Germany', 'Japan', 'Chile', 'New Zealand']));
    expect(countries).not.toContain('European Union');
    expect([...countries].sort((a, b) => a.localeCompare(b, 'en'))).toEqual(countries);
    const languages = predefinedLabels('language')!;
    expect(languages).toEqual(expect.arrayContaining(['Welsh', 'Japanese', 'Swahili']));
    expect(new Set(languages).size).toBe(languages.length);
    expect(predefinedLabels('ethnicity')).toContain('Prefer not to say');
    expect(predefinedLabels('religion')).toContain('No religion');
    expect(predefinedLabels('planets')).toBeUndefined();
    expect(predefinedLabels('constructor')).toBeUndefined();
  });

  it('gives a select scheme its list, takes an answer from it and refuses one outside it', async () => {
    const config = loadConfig(writeProject({ config: { annotation_schemes: [country] } }), {});
    expect(config.task.schemeByName.get('country')!.labels).toHaveLength(249);
    expect(config.warnings.join('\n')).not.toMatch(/use_predefined_labels/);
    const t = await startServer({ config: { annotation_schemes: [country] } });
    try {
      const alice = await t.client().login('alice');
      const id = (await alice.get('/api/current_instance')).body.instance_id;
      const send = (label: string) =>
        alice.post('/updateinstance', { instance_id: id, annotations: { [label]: 'true' } });
      expect((await send('country:Uruguay')).status).toBe(200);
      const refused = await send('country:Atlantis');
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatch(/country/);
    } finally {
      await t.close();
    }
  });

  it('stops start-up on an unknown list, and warns where Potato ignores the key', () => {
    const load = (scheme: object) => loadConfig(writeProject({ config: { annotation_schemes: [scheme] } }), {});
    expect(() => load({ ...country, use_predefined_labels: 'planets' })).toThrow(
      /annotation_schemes\[0\]\.use_predefined_labels: expected one of country, language, ethnicity, religion/,
    );
    const both = load({ ...country, labels: ['Chile', 'Peru'] });
    expect(both.task.schemeByName.get('country')!.labels).toHaveLength(249);
    expect(both.warnings.join('\n')).toMatch(/annotation_schemes\[0\]\.labels: replaced by use_predefined_labels/);
    const radio = load({ annotation_type: 'radio', name: 'r', labels: ['a', 'b'], use_predefined_labels: 'country' });
    expect(radio.task.schemeByName.get('r')!.labels.map((l) => l.name)).toEqual(['a', 'b']);
    expect(radio.warnings.join('\n')).toMatch(/use_predefined_labels: not acted on, as in Potato/);
  });

  it('gives a phase file’s select question its list, drawn as a drop-down', async () => {
    const files = {
      'pages/about.json': JSON.stringify([
        {
          annotation_type: 'select',
          name: 'home',
          description: 'Where do you live?',
          use_predefined_labels: 'country',
        },
      ]),
    };
    const phases = { order: ['prestudy', 'annotation'], prestudy: { type: 'prestudy', file: 'pages/about.json' } };
    const t = await startServer({ files, config: { phases } });
    try {
      const bo = await t.client().login('bo');
      const [q] = (await bo.get('/api/phase')).body.questions;
      expect(q).toMatchObject({ id: 'home', type: 'radio', dropdown: true });
      expect(q.options).toHaveLength(249);
      const complete = (home: string) => bo.post('/api/phase/complete', { answers: { home } });
      expect((await complete('Atlantis')).status).toBe(400);
      expect((await complete('Kenya')).body).toMatchObject({ status: 'success', completed_phase: 'prestudy' });
    } finally {
      await t.close();
    }
  });
});
