import type { ExportWriter } from './writer.js';

/**
 * Time and answer history, one JSON object a line per annotator and exported item: visible time, visits and every
 * saved change of an answer with its time. Kept out of the JSONL of answers, which imports read back.
 */
export const time: ExportWriter = {
  label: 'Time and answer history (JSONL)',
  shortLabel: 'time and answer history',
  contentType: 'application/x-ndjson; charset=utf-8',
  extension: 'time.jsonl',
  *parts(_task, items) {
    for (const { instance, record, time: t } of items)
      yield (
        JSON.stringify({
          instance_id: instance.id,
          annotator: record.username,
          visible_ms: t?.visible_ms ?? 0,
          visits: t?.visits ?? 0,
          changes: t?.changes ?? [],
        }) + '\n'
      );
  },
};
