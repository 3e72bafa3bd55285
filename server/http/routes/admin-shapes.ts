/**
 * The documented answers of the admin dashboard's endpoints: our fields exactly, and beside them the fields of
 * Potato's admin API that its scripts read, described as Potato's.
 */
import { z } from 'zod';
import { INSTANCE_STATUSES } from '../../domain/admin/progress.js';

const int = () => z.number().int();
const potatoFields = (what: string) => z.record(z.string(), z.unknown()).describe(`Potato's ${what}`);

export const overviewShape = z.lazy(() =>
  z.object({
    total_items: int(),
    total_annotations: int(),
    total_users: int(),
    completion_rate: z.number().describe('share of items with every annotation they need, 0..1'),
    completed_items: int(),
    per_annotator: z.record(z.string(), int()).describe('annotator → instances annotated'),
    overview: potatoFields('`overview` object'),
    config: potatoFields('`config` object'),
  }),
);

export const timelineShape = z.lazy(() =>
  z.object({
    bucket: z.enum(['minute', 'hour', 'day']),
    points: z.array(z.object({ time: z.string(), annotations: int(), completed_items: int() })),
  }),
);

const annotatorRow = z.lazy(() =>
  z
    .looseObject({
      username: z.string(),
      assigned: int(),
      annotated: int(),
      completion_rate: z.number(),
      last_activity: z.string().nullable(),
      attention_checks: z.object({ passed: int(), failed: int() }),
      gold_accuracy: z.number().nullable(),
      blocked: z.boolean(),
    })
    .describe("an annotator's progress and quality standing, with Potato's fields for them beside (timings null)"),
);

export const annotatorsShape = z.lazy(() => z.looseObject({ annotators: z.array(annotatorRow) }));

const instanceRow = z.lazy(() =>
  z
    .looseObject({
      instance_id: z.string(),
      text_preview: z.string(),
      annotation_count: int(),
      required_count: int(),
      status: z.enum(INSTANCE_STATUSES),
      annotators: z.array(z.string()),
    })
    .describe("an instance's row, with Potato's fields for it beside"),
);

export const instancesShape = z.lazy(() =>
  z.object({
    total: int().describe('instances matching the filter'),
    instances: z.array(instanceRow),
    pagination: potatoFields('`pagination`'),
    summary: potatoFields('`summary`'),
  }),
);

const checks = { passed: int(), failed: int() };
const gold = { answered: int(), correct: int(), accuracy: z.number().nullable() };

export const qualityShape = z.lazy(() =>
  z.object({
    attention_checks: z.object({
      enabled: z.boolean(),
      ...checks,
      by_annotator: z.record(z.string(), z.object({ ...checks, warning: z.boolean(), blocked: z.boolean() })),
    }),
    gold_standards: z.object({
      enabled: z.boolean(),
      ...gold,
      by_annotator: z.record(z.string(), z.object(gold)),
      by_instance: z.record(z.string(), z.object(gold)),
    }),
  }),
);

export const effectiveConfigShape = z.lazy(() =>
  z
    .record(z.string(), z.unknown())
    .describe('the config file with the runtime settings written over it, secrets shown as "***"'),
);

export const settingsChanged = z.lazy(() =>
  z.object({
    status: z.literal('success'),
    updated: z.array(z.string()).describe('the settings changed, in their config spelling'),
    updated_fields: z.array(z.string()).describe("Potato's field: the names as they were sent"),
  }),
);
