import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config/load.js';
import { webhookSettings } from '../../../server/config/sections/webhooks.js';
import { writeProject } from '../../helpers/project.js';

const load = (webhooks: unknown, env: NodeJS.ProcessEnv = {}) =>
  loadConfig(writeProject({ config: { webhooks } }), env);
const endpoint = (extra: Record<string, unknown> = {}) => ({
  name: 'e',
  url: 'https://hooks.example.org/in',
  events: ['*'],
  ...extra,
});

describe('webhooks config section', () => {
  it('applies the documented defaults', () => {
    const settings = webhookSettings(load({ endpoints: [endpoint()] }).raw.webhooks);
    expect(settings).toEqual({
      endpoints: [
        {
          name: 'e',
          url: 'https://hooks.example.org/in',
          secret: undefined,
          events: ['*'],
          active: true,
          timeoutMs: 10_000,
          maxAttempts: 6,
          signatureFormat: 'v1_hex',
        },
      ],
      retryScheduleSeconds: [0, 5, 30, 300, 1800, 3600],
      retentionMs: 7 * 24 * 3600 * 1000,
    });
    expect(webhookSettings(undefined).endpoints).toEqual([]);
    expect(load({ enabled: false, endpoints: [] }).settings.webhooks_enabled).toBe(false);
  });

  it('takes a secret from ${NAME}', () => {
    const settings = webhookSettings(
      load({ endpoints: [endpoint({ secret: '${HOOK_SECRET}' })] }, { HOOK_SECRET: 's3cret' }).raw.webhooks,
    );
    expect(settings.endpoints[0].secret).toBe('s3cret');
    expect(() => load({ endpoints: [endpoint({ secret: '${HOOK_SECRET}' })] })).toThrow(/HOOK_SECRET/);
  });

  it('accepts https anywhere and plain http only to loopback', () => {
    for (const url of [
      'https://example.org/x',
      'http://127.0.0.1:9000/x',
      'http://localhost/x',
      'http://[::1]:8080/',
      'http://127.1.2.3/',
    ]) {
      expect(() => load({ endpoints: [endpoint({ url })] }), url).not.toThrow();
    }
    for (const url of [
      'http://example.org/x',
      'http://10.0.0.2/x',
      'ftp://127.0.0.1/x',
      'not a url',
      'http://127.0.0.1.evil.example/',
    ]) {
      expect(() => load({ endpoints: [endpoint({ url })] }), url).toThrow(/webhooks\.endpoints\[0\]\.url/);
    }
  });

  it('refuses bad entries naming the key', () => {
    const cases: [unknown, RegExp][] = [
      [{ endpoints: [endpoint(), endpoint()] }, /webhooks\.endpoints\[1\]\.name: duplicate endpoint name "e"/],
      [
        { endpoints: [endpoint({ events: ['annotation.deleted'] })] },
        /webhooks\.endpoints\[0\]\.events\[0\]: unknown event type/,
      ],
      [{ endpoints: [endpoint({ events: [] })] }, /webhooks\.endpoints\[0\]\.events/],
      [{ endpoints: [endpoint({ name: undefined })] }, /webhooks\.endpoints\[0\]\.name/],
      [{ endpoints: [endpoint({ max_retries: 0 })] }, /webhooks\.endpoints\[0\]\.max_retries/],
      [{ endpoints: [endpoint({ timeout: -1 })] }, /webhooks\.endpoints\[0\]\.timeout/],
      [{ endpoints: [endpoint({ signature_format: 'md5' })] }, /webhooks\.endpoints\[0\]\.signature_format/],
      [
        { endpoints: [endpoint({ signature_format: 'standard', secret: 'plain text' })] },
        /webhooks\.endpoints\[0\]\.secret: with signature_format: standard/,
      ],
      [{ endpoints: [endpoint({ secret: '' })] }, /webhooks\.endpoints\[0\]\.secret/],
      [{ retry_schedule_seconds: [0, -5] }, /webhooks\.retry_schedule_seconds\[1\]/],
      [{ retry_schedule_seconds: [] }, /webhooks\.retry_schedule_seconds/],
    ];
    for (const [webhooks, message] of cases) expect(() => load(webhooks), JSON.stringify(webhooks)).toThrow(message);
  });

  it('reads YAML spellings: string numbers and booleans, every known event type', () => {
    const types = [
      'annotation.created',
      'annotation.updated',
      'item.fully_annotated',
      'item.adjudicated',
      'task.completed',
      'user.phase_completed',
      'quality.attention_check_failed',
      'item.flagged',
      'webhook.test',
    ];
    const s = webhookSettings(
      load({
        enabled: 'yes',
        endpoints: [endpoint({ events: types, active: 'false', timeout: '2.5', max_retries: '3' })],
      }).raw.webhooks,
    );
    expect(s.endpoints[0]).toMatchObject({ events: types, active: false, timeoutMs: 2500, maxAttempts: 3 });
  });
});
