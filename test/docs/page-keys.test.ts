/** docs/config.md's list of Potato's page keys is the code's list, and each is warned about, never taken quietly. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config/load.js';
import { PAGE_KEYS, PAGE_KEYS_NESTED } from '../../server/config/presentation-warnings.js';
import { writeProject } from '../helpers/project.js';

const doc = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'config.md'), 'utf8');
const warningsOf = (config: Record<string, unknown>) =>
  loadConfig(writeProject({ config }), {}).warnings.map((w) => w.slice(w.indexOf('config.yaml: ') + 13));

describe("Potato's page keys", () => {
  it("docs/config.md lists exactly the keys the loader reads as Potato's page keys", () => {
    const section = doc.slice(doc.indexOf("## Keys of Potato's own pages"));
    const paragraph = section.slice(section.indexOf('\n\n') + 2, section.indexOf('\n\n', section.indexOf('\n\n') + 2));
    const listed = [...paragraph.matchAll(/`([a-z_.]+)`/g)].map((m) => m[1]);
    expect(new Set(listed)).toEqual(new Set([...PAGE_KEYS, ...PAGE_KEYS_NESTED]));
  });

  it('names the ones a config sets, one line per reason, and a key nobody reads is warned about as unknown', () => {
    expect(
      warningsOf({
        site_dir: 'default',
        server_name: 'Potato annotator',
        secret_key: 'x',
        item_properties: { id_key: 'id', text_key: 'text', context_key: 'context', kwargs: {} },
        ui: { spans: { span_style: 'underline' } },
      }),
    ).toEqual([
      "server_name, site_dir are not acted on: this app draws its own pages, not Potato's Flask ones",
      'secret_key is not acted on: session cookies are signed with a key the server generates and keeps with the project',
      'item_properties.context_key, item_properties.kwargs are not acted on: every field of an item reaches html_layout and instance_display, and without them the fields are listed below the text',
      "ui.spans.span_style is not acted on: spans are drawn as highlights in their label's colour",
    ]);
    const every = Object.fromEntries([...PAGE_KEYS].map((k) => [k, 'default']));
    expect(warningsOf(every)).toEqual([
      "server_name, base_html_template, header_file, site_dir, site_file are not acted on: this app draws its own pages, not Potato's Flask ones",
      expect.stringMatching(/^secret_key is not acted on/),
    ]);
    expect(warningsOf({ sever_name: 'x' })).toEqual(['unknown key "sever_name" is ignored']);
    expect(warningsOf({})).toEqual([]);
  });
});
