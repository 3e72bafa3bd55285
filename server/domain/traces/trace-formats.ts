/**
 * The trace formats Potato's webhook takes, turned into Potato's normalized trace (the item annotators get): its
 * generic JSON (`id`, `task_description`, `steps` of `thought`/`action_type`/`observation`, and a `trace` list of
 * `{speaker, text}` steps, which Potato's own display reads) and LangSmith's run list (`{runs: [...]}` or one run),
 * which LangChain's callback and Potato's tracing SDK send. The shapes are checked with zod where the request
 * arrives (http/routes/traces.ts); these functions take checked values and never throw.
 */
import { createHash } from 'node:crypto';
import { langSmithHierarchy } from './run-hierarchy.js';

export type TraceFormat = 'generic' | 'langsmith';

type Json = Record<string, unknown>;

export interface GenericTrace extends Json {
  id?: string | number;
  task_description?: string;
  task?: string;
  description?: string;
  site?: string;
  url?: string;
  steps?: Json[];
  trace?: unknown[];
}

interface LangSmithRun extends Json {
  id?: string | number;
  name?: string;
  run_type?: string;
  inputs?: Json;
  outputs?: Json;
  project_name?: string;
}

export interface LangSmithPayload {
  runs: LangSmithRun[];
  project_name?: string;
}

/** A normalized trace: Potato's field names; `id` carries the source's prefix (`webhook_`, `langsmith_`). */
export interface NormalizedTrace extends Json {
  id: string;
  task_description: string;
  steps: Json[];
  metadata: Json;
}

/** Potato reads `runs` or a top-level `run_type` as LangSmith, anything else as its generic format. */
export function detectFormat(payload: Json): TraceFormat {
  return 'runs' in payload || 'run_type' in payload ? 'langsmith' : 'generic';
}

/**
 * A trace without an id is named by its content, so a client's retry of the same body is the same item rather than
 * a second one (Potato draws a random id, which makes every retry a new item).
 */
function contentId(payload: unknown): string {
  return `h${createHash('sha256').update(JSON.stringify(payload)).digest('hex').slice(0, 16)}`;
}

const text = (value: unknown): string =>
  value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value);

// the fields Potato carries through so rules and triage can match on them
const SIGNALS = ['status', 'feedback', 'score', 'tags'] as const;

export function normalizeGeneric(payload: GenericTrace, receivedAt: number): NormalizedTrace {
  const original = payload.id === undefined ? contentId(payload) : String(payload.id);
  const steps = (payload.steps ?? []).map((step, i) => ({
    step_index: step.step_index ?? i,
    action_type: step.action_type ?? step.type ?? 'unknown',
    thought: step.thought ?? '',
    observation: step.observation ?? step.output ?? '',
    screenshot_url: step.screenshot_url ?? '',
    timestamp: step.timestamp ?? i,
    coordinates: step.coordinates ?? null,
    element: step.element ?? null,
    viewport: step.viewport ?? null,
  }));
  const trace: NormalizedTrace = {
    id: `webhook_${original}`,
    task_description: payload.task_description ?? payload.task ?? payload.description ?? '',
    site: payload.site ?? payload.url ?? '',
    steps,
    metadata: { source: 'webhook', format: 'generic', received_at: receivedAt / 1000, original_id: original },
  };
  // Potato's display reads the {speaker, text} list from the item's `trace` field: it is kept for the annotator
  if (payload.trace) trace.trace = payload.trace;
  for (const key of SIGNALS) if (key in payload) trace[key] = payload[key];
  return trace;
}

export function normalizeLangSmith(payload: LangSmithPayload, receivedAt: number): NormalizedTrace {
  const root = payload.runs[0];
  const original = root.id === undefined ? contentId(payload) : String(root.id);
  const steps = payload.runs.map((run, i) => {
    const inputs = run.inputs ?? {};
    const outputs = run.outputs ?? {};
    return {
      step_index: i,
      // Potato maps run types onto its web-agent actions (tool → click); the run type itself says more
      action_type: run.run_type ?? 'chain',
      name: run.name ?? '',
      thought: text(inputs.input ?? inputs.prompt ?? (Object.keys(inputs).length ? inputs : '')),
      observation: text(outputs.output ?? outputs.text ?? (Object.keys(outputs).length ? outputs : '')),
      screenshot_url: '',
      timestamp: i,
      metadata: {
        run_id: run.id ?? null,
        parent_run_id: run.parent_run_id ?? null,
        run_type: run.run_type ?? 'chain',
        latency: run.latency ?? null,
        status: run.status ?? null,
      },
    };
  });
  const { conversation, run_tree } = langSmithHierarchy(payload.runs);
  return {
    id: `langsmith_${original}`,
    task_description: root.name ?? '',
    site: '',
    steps,
    conversation,
    // the hierarchy the agent_trace display draws; one run has none to draw
    ...(run_tree.length > 1 ? { run_tree } : {}),
    metadata: {
      source: 'langsmith',
      format: 'langsmith',
      received_at: receivedAt / 1000,
      original_id: original,
      project_name: payload.project_name ?? root.project_name ?? '',
    },
  };
}

/** The prefixes of ingested items' ids: how the status counts what the store holds. */
export const TRACE_ID_PREFIXES = ['webhook_', 'langsmith_', 'otel_'] as const;
