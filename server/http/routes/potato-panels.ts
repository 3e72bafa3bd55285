/**
 * Potato's dashboard panels under its paths and field names (docs/potato-dialect.md): answers per question,
 * crowd workers by platform, and the behavioral read-out of visible time and answer changes.
 */
import { z } from 'zod';
import type { Services } from '../../compose.js';
import { route, type RouteSpec } from '../route.js';
import { questionsPanel } from '../../domain/admin/potato-questions.js';
import { behavioralPanel, crowdPanel, type PanelSources } from '../../domain/admin/potato-panels.js';
import { annotationProcess, rollupShape, writingProcess } from './process-logging.js';

const questions = z.lazy(() =>
  z.object({
    questions: z.array(
      z.object({
        name: z.string(),
        type: z.string(),
        description: z.string(),
        total_annotations: z.number().int().describe('answers to the question over every annotator and item'),
        items_with_annotations: z.number().int(),
        analysis: z
          .record(z.string(), z.unknown())
          .describe(
            '`visualization_type`: `histogram` (one label chosen: `data.labels`, `counts`, `percentages`, `most_common`, `agreement_score`), `multiselect_analysis` (labels ticked, `co_occurrence` as "a|b" → count), `distribution` (numbers: `values`, `bins`, `statistics`), `span_analysis` (spans per answer), `text_analysis` (lengths, words); `error` when there is no answer or the type is not summarised',
          ),
      }),
    ),
    summary: z.object({
      total_questions: z.number().int(),
      total_annotations: z.number().int(),
      question_types: z.array(z.string()),
    }),
  }),
);

const stats = z.object({
  count: z.number().int(),
  total_annotations: z.number().int(),
  total_time_seconds: z.number(),
  avg_annotations_per_worker: z.number(),
  avg_time_per_worker_minutes: z.number(),
  completed_count: z.number().int(),
  in_progress_count: z.number().int(),
});
const workers = z.lazy(() =>
  z
    .array(z.record(z.string(), z.unknown()))
    .describe(
      "`worker_id`, `total_annotations`, `phase`, `total_seconds` (visible time), `annotations_per_hour`, `completion_percentage`, `suspicious_level` (High: far faster than the project), `platform`, `first_seen` and `params` (the study link's IDs; null and {} for accounts), Prolific's `study_id`/`session_id`, MTurk's `hit_id`/`assignment_id`",
    ),
);
const crowd = z.lazy(() =>
  z.object({
    summary: z.object({
      total_workers: z.number().int(),
      prolific_workers: z.number().int(),
      mturk_workers: z.number().int(),
      other_workers: z.number().int().describe('accounts, and workers of other platforms'),
      prolific_studies: z.number().int(),
      mturk_hits: z.number().int(),
      study_link_workers: z.number().int().describe('everyone who came from a study link, whatever the platform'),
    }),
    prolific: z.object({ stats, study_ids: z.array(z.string()), workers }),
    mturk: z.object({ stats, hit_ids: z.array(z.string()), workers }),
    other: z.object({ stats, workers }),
  }),
);

const notLogged = z.null().describe('needs browser logging this project does not do');
const behavioral = z.lazy(() =>
  z.object({
    aggregate: z.object({
      total_users_with_data: z.number().int(),
      total_instances: z.number().int(),
      total_time_minutes: z.number(),
      avg_time_per_instance: z.number(),
      median_time_per_instance: z.number(),
    }),
    aggregate_stats: z.object({
      total_users: z.number().int(),
      total_instances: z.number().int(),
      avg_time_per_instance_sec: z.number(),
      total_interactions: notLogged,
      total_changes: z.number().int(),
      total_ai_requests: notLogged,
    }),
    ai_usage: z.record(z.string(), notLogged),
    quality_summary: z.object({
      total_flagged: z.number().int(),
      total_warnings: z.number().int(),
      flagged_user_ids: z.array(z.string()),
      warning_user_ids: z.array(z.string()),
      high_suspicion_users: z.number().int(),
      fast_annotation_rate: z.number().describe('share of annotators flagged as fast'),
      low_interaction_rate: notLogged,
      no_change_rate: z.number().describe('share of annotators with an item they saved no change on'),
    }),
    interaction_types: z.record(z.string(), z.number()),
    change_sources: z.record(z.string(), z.number().int()),
    users: z.array(
      z.object({
        user_id: z.string(),
        total_instances: z.number().int().describe('items with visible time or a saved change'),
        total_time_sec: z.number(),
        avg_time_sec: z.number(),
        min_time_sec: z.number(),
        max_time_sec: z.number(),
        visits: z.number().int(),
        total_changes: z.number().int(),
        avg_changes: z.number(),
        no_change_rate: z.number(),
        total_interactions: notLogged,
        avg_interactions: notLogged,
        ai_requests: notLogged,
        ai_accepts: notLogged,
        ai_accept_rate: notLogged,
        fast_annotation_rate: notLogged,
        low_interaction_rate: notLogged,
        no_scroll_rate: notLogged,
        suspicion_score: notLogged,
        median_share: z.number().nullable().describe("a flagged annotator's median time over the project's"),
        quality_flag: z.enum(['SUSPICIOUS', 'OK']).describe("SUSPICIOUS: median time under a quarter of the project's"),
      }),
    ),
    writing_process: rollupShape.describe('as GET /admin/api/writing_process'),
    annotation_process: rollupShape.describe('as GET /admin/api/annotation_process'),
  }),
);

export function potatoPanelRoutes(s: Services): RouteSpec[] {
  const sources: PanelSources = {
    annotatorNames: () => s.progress.annotatorNames(),
    progressOf: (name) => s.progress.annotator(name),
    phaseOf: (name) => `UserPhase.${s.phases.typeOf(name).toUpperCase()}`,
    worker: (name) => s.crowd.worker(name),
    timeRows: () => s.itemTimes.rows(),
    timeReport: () => s.itemTimes.summary(),
  };
  return [
    route({
      method: 'GET',
      path: '/admin/api/questions',
      summary:
        "Potato's question panel: each scheme's answers over every annotator and item, summarised by how they are compared",
      access: 'admin',
      response: questions,
      handle: () =>
        questionsPanel({
          task: s.task,
          annotators: (id) => s.annotations.annotatorsOf(id),
          record: (name, id) => s.annotations.get(name, id),
        }),
    }),
    route({
      method: 'GET',
      path: '/admin/api/crowdsourcing',
      summary:
        "Potato's crowd panel: annotators by platform (from the study link they came by), their progress and visible time",
      access: 'admin',
      response: crowd,
      handle: () => crowdPanel(sources),
    }),
    route({
      method: 'GET',
      path: '/admin/api/behavioral_analytics',
      summary:
        "Potato's behavioral panel: visible time, visits and saved answer changes per annotator, annotators far faster than the project flagged; clicks, scrolling and AI use are not logged (null)",
      access: 'admin',
      response: behavioral,
      handle: () => ({
        ...behavioralPanel(sources),
        writing_process: writingProcess(s.processLogs),
        annotation_process: annotationProcess(s.processLogs),
      }),
    }),
  ];
}
