/**
 * A code field with `span_target: true` over real HTTP: with a span scheme it is a span surface that says it is code
 * (so the page draws it as code, as Potato does); without one it stays a code block, and start-up says so.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/index.js';
import { writeProject } from '../../helpers/project.js';
import { startServer, type TestServer } from '../../helpers/server.js';

const CODE = 'def area(r):\n    return 3.14 * r * r\n';
const fields = [
  { key: 'text', type: 'text', label: 'Task' },
  { key: 'snippet', type: 'code', label: 'Snippet', span_target: true, display_options: { language: 'python' } },
];
const items = [{ id: 'c1', text: 'Review the function.', snippet: CODE }];
const withSpans = {
  config: {
    instance_display: { fields },
    annotation_schemes: [{ annotation_type: 'span', name: 'issues', labels: ['bug', 'style'] }],
  },
  items,
};
const withoutSpans = {
  config: {
    instance_display: { fields },
    annotation_schemes: [{ annotation_type: 'radio', name: 'verdict', labels: ['ok', 'not ok'] }],
  },
  items,
};

describe('a code field as a span target', () => {
  const servers: TestServer[] = [];
  afterAll(() => Promise.all(servers.map((s) => s.close())));

  it('is a surface marked as code, and takes spans in its text', async () => {
    const t = await startServer(withSpans);
    servers.push(t);
    const c = await t.client().login('ada');
    const { blocks } = (await c.get('/api/display/c1')).body;
    expect(blocks[1]).toEqual({
      type: 'surface',
      key: 'snippet',
      label: 'Snippet',
      text: CODE,
      code: { language: 'python' },
    });
    const start = CODE.indexOf('3.14');
    const sent = await c.post('/updateinstance', {
      instance_id: 'c1',
      span_annotations: [{ schema: 'issues', name: 'bug', start, end: start + 4, target_field: 'snippet' }],
    });
    expect(sent.status, sent.text).toBe(200);
    const stored = (await c.get('/get_annotations?instance_id=c1')).body;
    expect(stored.span_annotations).toMatchObject([{ target_field: 'snippet', text: '3.14' }]);
  });

  it('without a span scheme stays a code block, and start-up says the fields are shown as their type', async () => {
    const warned = loadConfig(writeProject(withoutSpans), {}).warnings.join('\n');
    expect(warned).toMatch(/span_target is set but no span scheme is configured; those fields are shown as their type/);
    const t = await startServer(withoutSpans);
    servers.push(t);
    const c = await t.client().login('ada');
    const { blocks } = (await c.get('/api/display/c1')).body;
    expect(blocks[1]).toMatchObject({ type: 'code', key: 'snippet', text: CODE, language: 'python' });
  });
});
