import { describe, expect, it } from 'vitest';
import { schemeTypeOf } from '../../../../../server/domain/schemes/registry.js';
import { csvOf, jsonlRoundTrip, loadScheme, refusal, refusedAnswer, serve, submitAndRead } from './harness.js';

const SCHEME = {
  annotation_type: 'tree_annotation',
  name: 'quality',
  node_scheme: { annotation_type: 'likert', size: 3, min_label: 'Poor', max_label: 'Good' },
  path_selection: { enabled: true },
};
const TAGS = {
  annotation_type: 'tree_annotation',
  name: 'tags',
  node_scheme: { annotation_type: 'multiselect', labels: ['off-topic', 'rude'] },
};
const tree = {
  id: 'root',
  speaker: 'User',
  text: 'Hi',
  children: [
    { id: 'r1', speaker: 'Bot', text: 'Hello', children: [] },
    { id: 'r2', speaker: 'Bot', text: 'Go away', children: [] },
  ],
};
const ITEMS = [{ id: 'tr1', text: 'A conversation', tree }];

describe('tree_annotation', () => {
  it('loads its node scheme through that type, and stores node answers and the path', () => {
    const s = loadScheme(SCHEME);
    expect(s.labels).toEqual([{ name: 'node_annotations' }, { name: 'selected_path' }]);
    expect(s.extra.node_scheme).toMatchObject({
      annotation_type: 'likert',
      size: 3,
      labels: [{ name: '1' }, { name: '2' }, { name: '3' }],
      min_label: 'Poor',
    });
    // Potato's page posts "<scheme>:::selected_path" for every tree, so the field is there without path selection
    expect(loadScheme(TAGS).labels).toEqual([{ name: 'node_annotations' }, { name: 'selected_path' }]);
  });

  it('takes a tree as the text field, its turns one per line in reading order', async () => {
    const { loadConfig } = await import('../../../../../server/index.js');
    const { writeProject } = await import('../../../../helpers/project.js');
    const config = loadConfig(
      writeProject({
        items: [{ id: 'x', tree } as unknown as { id: string; text: string }],
        config: { annotation_schemes: [SCHEME], item_properties: { id_key: 'id', text_key: 'tree' } },
      }),
    );
    expect(config.task.instances[0].text).toBe('User: Hi\nBot: Hello\nBot: Go away');
  });

  it('refuses bad configs naming the key and the reason', () => {
    expect(refusal({ ...SCHEME, node_scheme: { annotation_type: 'span', labels: ['x'] } })).toMatch(
      /\(quality\)\.node_scheme\.annotation_type: "span" cannot be asked of a node/,
    );
    expect(refusal({ ...SCHEME, node_scheme: { annotation_type: 'likert', size: 3, labels: ['a'] } })).toMatch(
      /\(quality\)\.node_scheme\.size: 3 points but 1 labels/,
    );
  });

  it('stores per-node answers checked by the node type, refuses bad ones, and round-trips its exports', async () => {
    const schemes = [SCHEME, TAGS];
    const t = await serve(schemes, ITEMS);
    const sent = {
      'quality:node_annotations': JSON.stringify({ r1: '3', r2: '1' }),
      'quality:selected_path': JSON.stringify(['root', 'r1']),
      'tags:node_annotations': JSON.stringify({ r2: ['rude'] }),
    };
    expect((await submitAndRead(t, 'ann', 'tr1', sent)).annotations).toEqual(sent);
    expect(await refusedAnswer(t, 'tr1', { 'quality:node_annotations': JSON.stringify({ r1: '7' }) })).toBe(
      'annotations["quality:node_annotations"]: node "r1": scheme "quality.node" has no label "7"',
    );
    expect(await refusedAnswer(t, 'tr1', { 'tags:selected_path': '["root"]' })).toBe(
      'annotations["tags:selected_path"]: this tree has no path selection (path_selection.enabled)',
    );
    // what Potato's page posts for a tree with a node scheme and no path selection: the path's hidden field empty
    const potatoPost = {
      'tags:node_annotations': JSON.stringify({ r2: ['rude'] }),
      'tags:selected_path': '[]',
    };
    expect((await submitAndRead(t, 'pia', 'tr1', potatoPost)).annotations).toEqual({
      'tags:node_annotations': JSON.stringify({ r2: ['rude'] }),
    });
    const form = await (
      await t.client().login('fay')
    ).postForm('/updateinstance', {
      instance_id: 'tr1',
      'tags:::node_annotations': JSON.stringify({ r1: ['off-topic'] }),
      'tags:::selected_path': '[]',
    });
    expect(form.status, form.text).toBe(200);
    expect(
      schemeTypeOf('tree_annotation').fromAnswer(loadScheme(TAGS), {
        node_annotations: { r2: ['rude'] },
        selected_path: [],
      }),
    ).toEqual({ node_annotations: JSON.stringify({ r2: ['rude'] }) });
    expect(await refusedAnswer(t, 'tr1', { 'quality:selected_path': '["root","root"]' })).toMatch(
      /selected_path names a node twice/,
    );
    // the CSV cell is the answer as JSON, as exports give it
    expect(await csvOf(t)).toContain(
      'tr1,ann,A conversation,"{""node_annotations"":{""r1"":""3"",""r2"":""1""},""selected_path"":[""root"",""r1""]}","{""node_annotations"":{""r2"":[""rude""]}}",',
    );
    const lines = await jsonlRoundTrip(t, schemes, ITEMS);
    expect(lines[0].labels).toEqual({
      quality: { node_annotations: { r1: '3', r2: '1' }, selected_path: ['root', 'r1'] },
      tags: { node_annotations: { r2: ['rude'] } },
    });
    expect((await t.admin().get('/admin/api/agreement?fresh=true')).body.by_schema.quality).toMatchObject({
      level: 'per_node',
      items_evaluated: 0,
    });
  });

  it('without node_scheme or path selection shows the tree and asks nothing, as Potato does, and says so', async () => {
    const bare = { annotation_type: 'tree_annotation', name: 'thread', description: 'The thread' };
    const { loadConfig } = await import('../../../../../server/index.js');
    const { writeProject } = await import('../../../../helpers/project.js');
    const config = loadConfig(writeProject({ config: { annotation_schemes: [bare] } }));
    expect(config.warnings).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /annotation_schemes\[0\] \(thread\)\.node_scheme: none given, nor path_selection\.enabled, so the tree is shown and nothing is asked of it/,
        ),
      ]),
    );
    const t = await serve([bare, TAGS], ITEMS);
    // the empty values Potato's page posts for its hidden fields are no answer
    const back = await submitAndRead(t, 'ann', 'tr1', {
      'thread:node_annotations': '{}',
      'thread:selected_path': '[]',
      'tags:node_annotations': JSON.stringify({ r1: ['off-topic'] }),
    });
    expect(back.annotations).toEqual({ 'tags:node_annotations': JSON.stringify({ r1: ['off-topic'] }) });
    expect(await refusedAnswer(t, 'tr1', { 'thread:node_annotations': '{"r1": "good"}' })).toMatch(
      /"thread:node_annotations"\]: this tree has no node_scheme, so its nodes take no answers/,
    );
    expect(await refusedAnswer(t, 'tr1', { 'thread:selected_path': '["root"]' })).toMatch(
      /this tree has no path selection/,
    );
    expect((await t.admin().get('/admin/api/agreement?fresh=true')).body.by_schema.thread).toMatchObject({
      krippendorff_alpha: null,
      level: null,
      reason: 'this tree has no node_scheme and no path selection, so it takes no answers',
    });
    await t.close();
  });
});
