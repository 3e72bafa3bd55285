/** Potato's keystroke_logging and annotation_telemetry keys: off by default, read, refused by key, or warned about. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config/load.js';
import { writeProject } from '../../helpers/project.js';

const load = (config: Record<string, unknown>) => loadConfig(writeProject({ config }), {});
const warnings = (c: ReturnType<typeof load>) => c.warnings.map((w) => w.slice(w.indexOf(': ') + 2));

describe('keystroke_logging and annotation_telemetry config', () => {
  it('records nothing unless enabled, and an absent or disabled section warns about nothing', () => {
    const none = load({});
    expect(none.keystrokeLogging.enabled).toBe(false);
    expect(none.annotationTelemetry.enabled).toBe(false);
    const off = load({ keystroke_logging: { enabled: false, detection: { calibrate: true } } });
    expect(off.keystrokeLogging.enabled).toBe(false);
    expect(off.warnings).toEqual([]);
  });

  it("reads Potato's keys as written (strings for numbers and booleans too)", () => {
    const c = load({
      keystroke_logging: {
        enabled: 'true',
        fidelity: 'summary',
        include_schemas: 'note',
        exclude_schemas: ['topics'],
        pause_thresholds_ms: [300, '2000'],
        idle_session_ms: 20000,
        flush_interval_ms: 2000,
        classify_paste_source: true,
        disclosure_text: 'Study 12 records typing timing.',
        detection: { enabled: true, thresholds: { 'paste_dominant.pasted_fraction': '0.4' } },
      },
      annotation_telemetry: { enabled: true, idle_ms: 60000, detection: { thresholds: { 'hasty.interval_ms': 500 } } },
    });
    expect(c.keystrokeLogging).toMatchObject({
      enabled: true,
      fidelity: 'summary',
      include: ['note'],
      exclude: ['topics'],
      pausesMs: [300, 2000],
      flushMs: 2000,
      disclosureText: 'Study 12 records typing timing.',
      thresholds: { 'paste_dominant.pasted_fraction': 0.4 },
    });
    expect(c.annotationTelemetry).toMatchObject({
      enabled: true,
      idleMs: 60000,
      thresholds: { 'hasty.interval_ms': 500 },
    });
    expect(warnings(c)).toEqual([
      "annotation_telemetry: our annotate page has no drawing tools and sends no telemetry; sessions posted to POST /api/track_annotation_telemetry (by Potato's page or a script) are recorded and screened",
    ]);
  });

  it('warns about what is not done as written', () => {
    const c = load({
      keystroke_logging: {
        enabled: true,
        fidelity: 'summary',
        store_events: true,
        disclose_to_annotators: false,
        detection: { calibrate: true, on_external_insert: 'block' },
        recrod_everything: true,
      },
    });
    expect(warnings(c)).toEqual([
      'unknown key "keystroke_logging.recrod_everything" is ignored',
      'keystroke_logging.detection.calibrate is not acted on: no thresholds are fitted to the project; the built-in ones and detection.thresholds are used',
      'keystroke_logging.detection.on_external_insert: block is not acted on: pastes are recorded and screened (flag); the page neither warns nor blocks',
      'keystroke_logging.store_events is not acted on: fidelity: summary keeps no raw stream',
      'keystroke_logging.disclose_to_annotators: false: annotators are not told their typing rhythm is recorded; make sure your ethics approval covers this',
    ]);
  });

  it('refuses a threshold no rule has, and a fidelity that is not one, naming the key', () => {
    expect(() =>
      load({ keystroke_logging: { enabled: true, detection: { thresholds: { 'paste.fraction': 0.4 } } } }),
    ).toThrow(
      /keystroke_logging\.detection\.thresholds\.paste\.fraction: no rule has this figure; the figures are paste_dominant\.pasted_fraction, /,
    );
    expect(() => load({ annotation_telemetry: { enabled: true, fidelity: 'everything' } })).toThrow(
      /annotation_telemetry\.fidelity/,
    );
  });
});
