/**
 * The `webhooks` section of the config (docs/webhooks.md), validated at startup: every
 * refusal names its key (`webhooks.endpoints[1].url: ...`) through the loader's zod issue paths.
 */
import { z } from 'zod';
import { looseBoolean, looseUnsignedNumber } from '../loose-values.js';
import { EVENT_TYPES } from '../../domain/events.js';
import { DEFAULT_RETRY_SCHEDULE_SECONDS } from '../../domain/webhooks/schedule.js';
import { isStandardSecret } from '../../domain/webhooks/sign.js';
import type { WebhookEndpoint, WebhookSettings } from '../../domain/webhooks/records.js';

const bool = looseBoolean;
const numberish = looseUnsignedNumber;

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * https anywhere; plain http only to this machine (local scripts), so secrets and data never cross a network in clear.
 */
function urlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `"${value}" is not a URL`;
  }
  if (url.protocol === 'https:') return undefined;
  if (url.protocol !== 'http:') return `must start with https:// (got ${url.protocol})`;
  const host = url.hostname.toLowerCase();
  if (LOOPBACK.has(host) || /^127\.\d+\.\d+\.\d+$/.test(host)) return undefined;
  return 'must use https:// (plain http:// is allowed only to a loopback host such as 127.0.0.1 or localhost)';
}

const eventName = z.string().refine((e) => e === '*' || (EVENT_TYPES as readonly string[]).includes(e), {
  message: `unknown event type; use "*" or one of ${EVENT_TYPES.join(', ')}`,
});

const webhookEndpointSchema = z.lazy(() =>
  z
    .looseObject({
      name: z.string().trim().min(1, 'an endpoint needs a name'),
      url: z.string().superRefine((value, ctx) => {
        const problem = urlProblem(value);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
      secret: z.string().min(1, 'secret may not be empty (leave it out to send unsigned deliveries)').optional(),
      events: z.array(eventName).min(1, 'list at least one event type, or "*" for all'),
      active: bool.default(true),
      timeout: numberish
        .pipe(z.number().positive('timeout must be positive').max(300, 'timeout may be at most 300 seconds'))
        .default(10),
      max_retries: numberish
        .pipe(
          z
            .number()
            .int('max_retries must be a whole number')
            .min(1, 'max_retries counts attempts in all: at least 1')
            .max(100),
        )
        .default(6),
      signature_format: z.enum(['v1_hex', 'standard']).default('v1_hex'),
    })
    .superRefine((e, ctx) => {
      if (e.signature_format === 'standard' && e.secret !== undefined && !isStandardSecret(e.secret)) {
        ctx.addIssue({
          code: 'custom',
          path: ['secret'],
          message:
            'with signature_format: standard the secret must be "whsec_" followed by base64 (as Standard Webhooks libraries expect)',
        });
      }
    }),
);

export const webhooksSchema = z.lazy(() =>
  z
    .looseObject({
      enabled: bool.default(true),
      endpoints: z.array(webhookEndpointSchema).default([]),
      retry_schedule_seconds: z
        .array(numberish.pipe(z.number().min(0, 'delays may not be negative')))
        .min(1, 'give at least one delay')
        .default([...DEFAULT_RETRY_SCHEDULE_SECONDS]),
      retention_days: numberish.pipe(z.number().positive('retention_days must be positive')).default(7),
    })
    .superRefine((w, ctx) => {
      const seen = new Set<string>();
      w.endpoints.forEach((e, i) => {
        if (seen.has(e.name))
          ctx.addIssue({
            code: 'custom',
            path: ['endpoints', i, 'name'],
            message: `duplicate endpoint name "${e.name}"; names must be unique`,
          });
        seen.add(e.name);
      });
    }),
);
export type WebhooksConfig = z.infer<typeof webhooksSchema>;

/** The validated section (or its absence) as the domain's settings. */
export function webhookSettings(section: WebhooksConfig | undefined): WebhookSettings {
  const w = section ?? webhooksSchema.parse({});
  const endpoints: WebhookEndpoint[] = w.endpoints.map((e) => ({
    name: e.name,
    url: e.url,
    secret: e.secret,
    events: e.events,
    active: e.active,
    timeoutMs: Math.round(e.timeout * 1000),
    maxAttempts: e.max_retries,
    signatureFormat: e.signature_format,
  }));
  return {
    endpoints,
    retryScheduleSeconds: w.retry_schedule_seconds,
    retentionMs: w.retention_days * 24 * 3600 * 1000,
  };
}
