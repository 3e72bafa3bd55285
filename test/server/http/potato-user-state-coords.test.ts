/**
 * Potato's user states with PDF anchors and boxes (`format_coords` on a span key), taken in at start-up over real
 * HTTP with real files: the coordinates are kept as the API keeps them, a region may be zero-length, and a file
 * with coordinates the API would refuse is kept out whole, named by file, user and instance.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { quietLogger, startServer } from '../../helpers/server.js';
import { sampleItems } from '../../helpers/project.js';
import { tempDir } from '../../helpers/temp-dir.js';

const TEXT = sampleItems(1)[0].text;
const at = (s: string) => ({ start: TEXT.indexOf(s), end: TEXT.indexOf(s) + s.length });

const TEXT_ANCHOR = { format: 'pdf', anchor_kind: 'text', page: 2, bbox: [0.1, 0.2, 0.3, 0.05], start: 4, end: 11 };
const REGION = { format: 'pdf', anchor_kind: 'region', page: 5, bbox: [0.2, 0.4, 0.5, 0.25] };
const BOX = { format: 'bounding_box', page: 1, bbox: [10, 20, 30, 40], confidence: 0.5 };

/** A span key as Potato saves it, with its value: the text selected, or true. */
const span = (name: string, where: { start: number; end: number }, coords: unknown, id: string, value: unknown) => [
  { schema: 'evidence', name, title: name, ...where, id, format_coords: coords },
  value,
];

function writeState(dir: string, user: string, spans: unknown[]): string {
  const file = join(dir, 'potato_out', user, 'user_state.json');
  mkdirSync(dirname(file), { recursive: true });
  const state = {
    user_id: user,
    instance_id_ordering: ['item-1', 'item-2'],
    current_instance_index: 0,
    current_phase_and_page: ['annotation', 'annotation'],
    instance_id_to_label_to_value: {},
    instance_id_to_span_to_value: { 'item-1': spans },
  };
  writeFileSync(file, JSON.stringify(state, null, 2));
  return file;
}

describe("Potato's user states with format_coords", () => {
  it('keeps PDF anchors and boxes, zero-length regions included, and keeps out a file whose coordinates are wrong', async () => {
    const dir = tempDir('marginalia-potato-coords-');
    writeState(dir, 'gina', [
      span('pos', at('great'), TEXT_ANCHOR, 'anchor-1', 'great'),
      span('neg', { start: 0, end: 0 }, REGION, 'region-1', true),
      span('neg', { start: 0, end: 0 }, BOX, 'box-1', true),
      span('pos', at('product'), null, 'plain-1', 'product'),
    ]);
    const bad = writeState(dir, 'hank', [
      span('pos', at('great'), { format: 'pdf', page: 2, bbox: [0.1, 0.2] }, 'anchor-2', 'great'),
    ]);
    const from = quietLogger.lines.length;
    const t = await startServer({ dir, config: { output_annotation_dir: 'potato_out', require_password: false } });
    const log = quietLogger.lines.slice(from);

    expect(log).toContainEqual(expect.stringMatching(/^took in 1 annotator\(s\) .*: gina \(1 answers, 2 listed\)/));
    const gina = await t.client().login('gina', '');
    const spans = (await gina.get('/api/spans/item-1')).body.spans;
    expect(spans).toEqual([
      expect.objectContaining({ id: 'box-1', label: 'neg', start: 0, end: 0, format_coords: BOX }),
      expect.objectContaining({ id: 'region-1', label: 'neg', start: 0, end: 0, format_coords: REGION }),
      expect.objectContaining({ id: 'plain-1', label: 'pos', ...at('product') }),
      expect.objectContaining({ id: 'anchor-1', label: 'pos', ...at('great'), format_coords: TEXT_ANCHOR }),
    ]);
    expect(spans[2]).not.toHaveProperty('format_coords');

    expect(log).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^${bad.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(user "hank"\\), instance "item-1": span evidence:pos \\[${at('great').start}, ${at('great').end}\\): format_coords\\.bbox: .* — nothing of this file was taken in$`,
        ),
      ),
    );
    expect((await t.admin().get('/admin/user_state/hank')).status).toBe(404);
    await t.close();
  }, 60_000);
});
