/**
 * OpenTelemetry's OTLP JSON export (`{resourceSpans: [{scopeSpans: [{spans}]}]}`), as agent frameworks emit it with
 * the GenAI or OpenInference attributes, turned into normalized traces: one per trace id, its spans in start order,
 * read as Potato reads them into a `conversation` of `{speaker, text}` turns (the prompt as User, the completion as
 * Agent, a tool call as `Agent (Action)` with its output as Environment), one step per span.
 */
import { spanTree } from './run-hierarchy.js';
import type { NormalizedTrace } from './trace-formats.js';

type AttrValue = { stringValue?: string; intValue?: string | number; doubleValue?: number; boolValue?: boolean };

interface OtlpSpan {
  traceId?: string;
  spanId?: string;
  parentSpanId?: string;
  name?: string;
  startTimeUnixNano?: string | number;
  attributes?: { key: string; value?: AttrValue & { arrayValue?: { values?: AttrValue[] } } }[];
  status?: { code?: number };
}

export interface OtlpExport {
  resourceSpans: { scopeSpans?: { spans?: OtlpSpan[] }[] }[];
}

const scalar = (v: AttrValue): unknown => v.stringValue ?? v.intValue ?? v.doubleValue ?? v.boolValue;

function attributesOf(span: OtlpSpan): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const { key, value } of span.attributes ?? []) {
    if (!value) continue;
    out[key] = value.arrayValue ? (value.arrayValue.values ?? []).map(scalar) : scalar(value);
  }
  return out;
}

const first = (attrs: Record<string, unknown>, keys: string[]): string => {
  for (const k of keys) if (attrs[k] !== undefined && attrs[k] !== '') return String(attrs[k]);
  return '';
};

const PROMPT = ['gen_ai.prompt', 'gen_ai.request.prompt', 'llm.input_messages', 'input.value'];
const COMPLETION = ['gen_ai.completion', 'gen_ai.response.completion', 'llm.output_messages', 'output.value'];
const MODEL = ['gen_ai.request.model', 'llm.model', 'llm.model_name'];
const TOKENS = [
  'llm.token_count.prompt',
  'llm.token_count.completion',
  'gen_ai.usage.input_tokens',
  'gen_ai.usage.output_tokens',
  'gen_ai.usage.prompt_tokens',
  'gen_ai.usage.completion_tokens',
];

function startOf(span: OtlpSpan): bigint {
  try {
    return BigInt(span.startTimeUnixNano ?? 0);
  } catch {
    return 0n;
  }
}

export function normalizeOtlp(data: OtlpExport, receivedAt: number): NormalizedTrace[] {
  const groups = new Map<string, OtlpSpan[]>();
  for (const rs of data.resourceSpans)
    for (const ss of rs.scopeSpans ?? [])
      for (const span of ss.spans ?? []) {
        const id = span.traceId || `trace_${groups.size}`;
        groups.set(id, [...(groups.get(id) ?? []), span]);
      }
  return [...groups].map(([traceId, spans]) => {
    spans.sort((a, b) => (startOf(a) < startOf(b) ? -1 : startOf(a) > startOf(b) ? 1 : 0));
    const root = spans.find((s) => !s.parentSpanId);
    const conversation: { speaker: string; text: string; run_id: string }[] = [];
    const nodes: Parameters<typeof spanTree>[0] = [];
    const turnsOf = new Map<string, number[]>();
    let model = '';
    let tokens = 0;
    const steps = spans.map((span, i) => {
      const attrs = attributesOf(span);
      const prompt = first(attrs, PROMPT);
      const completion = first(attrs, COMPLETION);
      const tool = first(attrs, ['tool.name']);
      const toolInput = first(attrs, ['tool.input', 'tool.parameters']);
      const toolOutput = first(attrs, ['tool.output']);
      model ||= first(attrs, MODEL);
      for (const k of TOKENS) tokens += Number.isFinite(Number(attrs[k])) ? Number(attrs[k] ?? 0) : 0;
      const runId = span.spanId || `span-${i}`;
      const say = (speaker: string, t: string) => {
        turnsOf.set(runId, [...(turnsOf.get(runId) ?? []), conversation.length]);
        conversation.push({ speaker, text: t, run_id: runId });
      };
      if (prompt) say('User', prompt);
      if (completion) say('Agent', completion);
      if (toolInput) say('Agent (Action)', `${tool || span.name || 'tool'}(${toolInput})`);
      if (toolOutput) say('Environment', toolOutput);
      const runType =
        tool || toolInput ? 'tool' : Object.keys(attrs).some((k) => /^(gen_ai|llm)\./.test(k)) ? 'llm' : 'chain';
      const status = span.status?.code === 2 ? 'error' : span.status?.code === 1 ? 'success' : null;
      nodes.push({ id: runId, parent: span.parentSpanId || null, name: span.name ?? '', run_type: runType, status });
      return {
        step_index: i,
        action_type: runType,
        name: span.name ?? '',
        thought: prompt || toolInput,
        observation: completion || toolOutput,
        timestamp: i,
        metadata: {
          span_id: span.spanId ?? null,
          parent_span_id: span.parentSpanId || null,
          status,
        },
      };
    });
    return {
      id: `otel_${traceId}`,
      task_description: root?.name || `OTEL Trace ${traceId.slice(0, 16)}`,
      conversation,
      // the spans' hierarchy, which the agent_trace display draws; one span has none to draw
      ...(nodes.length > 1 ? { run_tree: spanTree(nodes, turnsOf) } : {}),
      steps,
      agent_name: model,
      metadata: {
        source: 'otel',
        format: 'otel',
        received_at: receivedAt / 1000,
        original_id: traceId,
        total_tokens: tokens,
      },
    };
  });
}
