/** Potato's trace_ingestion section: enabled and api_key acted on; the stream, polled sources, an open key warned. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config/load.js';
import { writeProject } from '../../helpers/project.js';

const load = (section: unknown) =>
  loadConfig(writeProject({ config: section === undefined ? {} : { trace_ingestion: section } }), {});
const traceWarnings = (c: ReturnType<typeof load>) => c.warnings.filter((w) => /trace_ingestion/.test(w));

describe('trace_ingestion config', () => {
  it('is off without the section, and says nothing', () => {
    const c = load(undefined);
    expect(c.traceIngestion).toEqual({ enabled: false, apiKey: '' });
    expect(traceWarnings(c)).toEqual([]);
  });

  it('reads enabled and api_key; a key set says nothing', () => {
    const c = load({ enabled: 'true', api_key: 's3cret', notify_annotators: false });
    expect(c.traceIngestion).toEqual({ enabled: true, apiKey: 's3cret' });
    expect(traceWarnings(c)).toEqual([]);
  });

  it('warns about an empty key, the notification stream, polled sources and a section left off', () => {
    const open = load({ enabled: true, api_key: '', notify_annotators: true, sources: [{ type: 'langfuse' }] });
    expect(traceWarnings(open)).toEqual([
      expect.stringMatching(/api_key is empty: anyone who can reach this server can add traces/),
      expect.stringMatching(/notify_annotators: there is no live stream/),
      expect.stringMatching(/sources are not polled/),
    ]);
    expect(traceWarnings(load({ enabled: false, api_key: 'k' }))).toEqual([
      expect.stringMatching(/trace_ingestion is not acted on: it is off/),
    ]);
  });

  it('names a misspelt key', () => {
    expect(traceWarnings(load({ enabled: true, api_key: 'k', api_kye: 'x' }))).toEqual([
      expect.stringMatching(/api_kye/),
    ]);
  });
});
