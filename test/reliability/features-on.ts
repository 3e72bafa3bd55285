/**
 * The config of the fuzzed projects: features a project must turn on answer 503 while off (QDA mode turns on the
 * codebook's read view and the cases; truth serum, boundary probing and psychometrics too; triage changes the
 * hand-out order), so they are on here and their routes' parsers and handlers are fuzzed, not their switch.
 */
export const FEATURES_ON = {
  annotation_ui: { memos: true },
  keystroke_logging: { enabled: true, fidelity: 'events' },
  annotation_telemetry: { enabled: true },
  review_workflow: { enabled: true, reviewers: ['alice'], routing: [{ when: { field: 'id', equals: 'item-1' } }] },
  annotator_dashboard: { enabled: true, show_active_annotators: true },
  pocket: { enabled: true },
  qda_mode: { enabled: true },
  truth_serum: { enabled: true },
  thinkaloud: { enabled: true, stt: 'mock' },
  icl_labeling: { enabled: true },
  judge_alignment: { enabled: true },
  boundary_probing: { enabled: true },
  triage: { enabled: true },
  psychometrics: { enabled: true },
  rooms: { enabled: true },
  sessions: { enabled: true },
  datasets: { enabled: true },
  agent_proxy: { type: 'echo', responses: ['ok'], sandbox: { max_steps: 1000, rate_limit_per_minute: 10_000 } },
};

/** chat_support needs a model: the fuzz starts a local one (test/helpers/llm-server.ts) and points the chat at it */
export const chatOn = (url: string) => ({
  enabled: true,
  endpoint_type: 'ollama',
  ai_config: { model: 'fuzz', base_url: url },
});

/**
 * Runs of a model that the fuzzed projects do not configure: their answer is a 503 naming the missing model
 * (icl.test.ts, judge-alignment.test.ts and metric-induction.test.ts test that path, and runs against a model), so the fuzzers count that 503
 * as a refusal. Their bodies are still fuzzed up to that point.
 */
export const NEEDS_A_MODEL = new Set([
  'POST /admin/api/icl/trigger',
  'POST /admin/api/judge-alignment/run',
  'GET /admin/api/induce-metrics',
]);
