/**
 * Every feature a project turns on, for the tests that must reach every route: the fuzzers
 * (test/reliability/fuzz-*.ts) and the OpenAPI response check (test/server/http/openapi.test.ts). Features a
 * project must turn on answer 503 while off (QDA mode turns on the codebook's read view and the cases; truth serum,
 * boundary probing, psychometrics, the event registry and diversity ordering too; triage changes the hand-out
 * order), so they are on here and their routes' parsers, handlers and responses are tested, not their switch. One
 * list, so a new feature turned on here reaches both (they were kept in step by hand, and drifted).
 */
export const FEATURES_ON = {
  annotation_ui: { memos: true },
  keystroke_logging: { enabled: true, fidelity: 'events' },
  annotation_telemetry: { enabled: true },
  // alice (the user both log in as) reviews item-1, so her review queue has an item to answer with
  review_workflow: {
    enabled: true,
    reviewers: ['alice'],
    routing: [{ when: { field: 'id', equals: 'item-1' }, assign_to: 'alice' }],
  },
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
  event_template: { enabled: true, slots: [{ name: 'who', description: 'Who acted', type: 'text' }] },
  diversity_ordering: { enabled: true },
  // without a key, so the fuzzed bodies reach the trace formats' parsers rather than stop at the key
  trace_ingestion: { enabled: true, api_key: '' },
  agent_proxy: { type: 'echo', responses: ['ok'], sandbox: { max_steps: 1000, rate_limit_per_minute: 10_000 } },
};

/**
 * The features that run a model (chat, the AI suggestions, ICL labelling, the judges) need one: the fuzzers start a
 * local one (test/helpers/llm-server.ts, whose default reply is a valid label) and point them at it, so every AI
 * route is fuzzed through to its model's answer.
 */
export const modelsAt = (url: string) => {
  const model = { endpoint_type: 'ollama', ai_config: { model: 'fuzz', base_url: url } };
  return {
    ai_support: model,
    chat_support: { enabled: true, ...model },
    judge_calibration: {
      enabled: true,
      models: [{ endpoint_type: 'ollama', model: 'fuzz', base_url: url, temperature: 0.7 }],
      k_samples: 2,
    },
  };
};
