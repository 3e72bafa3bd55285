/**
 * The remote hosts the page's content security policy lets media come from, read from a loaded project: trace
 * steps' screenshots at http(s) URLs are drawn, so their hosts are let in; a trace drawn without screenshots, or
 * screenshots in the project's own media folder, add none.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../server/config/load.js';
import { pagePolicy, remoteMediaOrigins } from '../../../../server/domain/display/media-origins.js';
import { writeProject } from '../../../helpers/project.js';

const schemes = [{ annotation_type: 'radio', name: 'ok', labels: ['yes', 'no'] }];
const webStep = (screenshot_url: string) => ({ action_type: 'click', element: { text: 'Go' }, screenshot_url });

function originsOf(fields: object[], items: { id: string; text: string; [k: string]: unknown }[]) {
  const config = loadConfig(
    writeProject({ config: { annotation_schemes: schemes, instance_display: { fields } }, items }),
    {},
  );
  return remoteMediaOrigins(config.display, config.task.instances);
}

describe('remote media origins of trace screenshots', () => {
  it('lets in the hosts of the screenshots a web agent or agent trace draws', () => {
    const origins = originsOf(
      [
        { key: 'web', type: 'web_agent_trace' },
        { key: 'run', type: 'agent_trace' },
      ],
      [
        {
          id: 'a',
          text: 'a',
          web: { steps: [webStep('https://shots.example/1.png'), webStep('shots/local.png')] },
          run: [
            { thought: 'look', action: 'open()', observation: 'seen', screenshot: 'http://cdn.example:8080/x.png' },
          ],
        },
        { id: 'b', text: 'b', web: [webStep('https://shots.example/2.png')], run: [] },
      ],
    );
    expect(origins).toEqual(['http://cdn.example:8080', 'https://shots.example']);
    expect(pagePolicy(origins)).toContain("img-src 'self' data: http://cdn.example:8080 https://shots.example;");
  });

  it('adds none for a trace drawn without screenshots', () => {
    const fields = [{ key: 'run', type: 'agent_trace', display_options: { show_screenshots: false } }];
    const run = [{ thought: 'look', action: 'open()', observation: 'seen', screenshot: 'https://shots.example/1.png' }];
    expect(originsOf(fields, [{ id: 'a', text: 'a', run }])).toEqual([]);
  });
});
