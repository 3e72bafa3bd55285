/** docs/config.md's list of keys accepted quietly is the code's list, and those keys load without a warning. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config/load.js';
import { POTATO_PRESENTATION_KEYS, POTATO_PRESENTATION_NESTED } from '../../server/config/schema.js';
import { writeProject } from '../helpers/project.js';

const doc = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'config.md'), 'utf8');

describe('keys accepted quietly', () => {
  it('docs/config.md lists exactly the keys the loader accepts without a warning', () => {
    const section = doc.slice(doc.indexOf('## Keys accepted quietly'));
    const paragraph = section.slice(section.indexOf('\n\n') + 2, section.indexOf('\n\n', section.indexOf('\n\n') + 2));
    const listed = [...paragraph.matchAll(/`([a-z_.]+)`/g)].map((m) => m[1]);
    expect(new Set(listed)).toEqual(new Set([...POTATO_PRESENTATION_KEYS, ...POTATO_PRESENTATION_NESTED]));
  });

  it('each of them loads without a warning, and a key nobody reads is warned about', () => {
    const quiet = Object.fromEntries([...POTATO_PRESENTATION_KEYS].map((k) => [k, k === 'port' ? 8000 : 'default']));
    const config = loadConfig(
      writeProject({
        config: {
          ...quiet,
          item_properties: { id_key: 'id', text_key: 'text', context_key: 'context', kwargs: {} },
          ui: { spans: { span_style: 'underline' } },
        },
      }),
      {},
    );
    expect(config.warnings).toEqual([]);
    const typo = loadConfig(writeProject({ config: { sever_name: 'x' } }), {});
    expect(typo.warnings.map((w) => w.slice(w.indexOf(': ') + 2))).toEqual(['unknown key "sever_name" is ignored']);
  });
});
