/** Potato's labels kept in a file (`labels: labels.txt`, one per line): read at start-up, a missing file refused. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config/load.js';
import { writeProject } from '../../helpers/project.js';
import { startServer } from '../../helpers/server.js';

describe('labels in a file', () => {
  it('reads one label per line, relative to the config, blank lines skipped', async () => {
    const files = { 'lists/countries.txt': 'Chile\r\n\n  Peru  \nUruguay\n' };
    const schemes = [{ annotation_type: 'select', name: 'country', labels: 'lists/countries.txt' }];
    const config = loadConfig(writeProject({ files, config: { annotation_schemes: schemes } }), {});
    expect(config.task.schemeByName.get('country')!.labels.map((l) => l.name)).toEqual(['Chile', 'Peru', 'Uruguay']);
    const t = await startServer({ files, config: { annotation_schemes: schemes } });
    try {
      const alice = await t.client().login('alice');
      const id = (await alice.get('/api/current_instance')).body.instance_id;
      expect(
        (await alice.post('/updateinstance', { instance_id: id, annotations: { 'country:Peru': 'true' } })).status,
      ).toBe(200);
      expect(
        (await alice.post('/updateinstance', { instance_id: id, annotations: { 'country:Chile\r': 'true' } })).status,
      ).toBe(400);
    } finally {
      await t.close();
    }
  });

  it('stops start-up naming the key when the file is missing or empty', () => {
    const load = (labels: string, files = {}) =>
      loadConfig(
        writeProject({ files, config: { annotation_schemes: [{ annotation_type: 'radio', name: 'r', labels }] } }),
        {},
      );
    expect(() => load('gone.txt')).toThrow(/annotation_schemes\[0\]\.labels: file .*gone\.txt not found/);
    expect(() => load('blank.txt', { 'blank.txt': '\n \n' })).toThrow(
      /annotation_schemes\[0\]\.labels: file .*blank\.txt holds no labels/,
    );
  });
});
