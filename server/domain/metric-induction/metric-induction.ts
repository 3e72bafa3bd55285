/**
 * Potato's metric induction: the annotators' free-text comments on one text scheme are each read by the configured
 * LLM, which names the one evaluation aspect a comment is about (`{aspect, definition, polarity}`, or `{}`), and the
 * aspects that recur become candidate metrics for a person to confirm into a rubric: grouped by name (case and
 * spacing aside), with their support, polarity counts, the longest definition given and example comments. Nothing
 * is stored; a model that fails or is missing fails the whole read-out with its reason.
 */
import { invalid, unavailable } from '../errors.js';
import type { Task } from '../task.js';
import type { AnnotationRecord } from '../annotation/records.js';
import { extractJson, type LlmClient } from '../ai/llm.js';

export interface Comment {
  instance_id: string;
  annotator: string;
  text: string;
}

interface CandidateMetric {
  name: string;
  definition: string;
  support: number;
  polarity_counts: Record<string, number>;
  examples: Comment[];
}

interface Aspect {
  aspect: string;
  definition: string;
  polarity: string;
}

export interface CommentReader {
  annotatorsOf(instanceId: string): ReadonlySet<string>;
  get(username: string, instanceId: string): AnnotationRecord | undefined;
}

/** The longest comment sent to the model, and the most comments one read-out reads (a model call each). */
const MAX_COMMENT = 2000;
export const MAX_COMMENTS = 500;
const EXAMPLES = 5;
const PARALLEL = 4;

const SYSTEM = [
  'You read one comment an annotator wrote while evaluating an AI system or a text.',
  'Name the single evaluation aspect the comment is about (e.g. "Conciseness", "Tool selection", "Tone").',
  'Answer with one JSON object: {"aspect": "<2-4 words>", "definition": "<one question a rater could answer>",',
  '"polarity": "positive" | "negative" | "neutral"}. If the comment evaluates nothing, answer {}.',
].join(' ');

export class MetricInduction {
  constructor(
    private readonly task: Task,
    private readonly answers: CommentReader,
    private readonly client: LlmClient | undefined,
    /** why there is no model (a read-out is then a 503 saying so), or null */
    private readonly modelMissing: string | null,
  ) {}

  /** Every non-empty answer to the free-text scheme, in task order then by annotator. */
  comments(schema: string): Comment[] {
    const scheme = this.task.schemeByName.get(schema);
    if (!scheme) throw invalid(`schema: no annotation scheme is named "${schema}"`);
    if (scheme.annotation_type !== 'text')
      throw invalid(
        `schema: "${schema}" is a ${scheme.annotation_type} scheme; metrics are induced from a text scheme`,
      );
    const out: Comment[] = [];
    for (const instance of this.task.instances) {
      for (const annotator of [...this.answers.annotatorsOf(instance.id)].sort()) {
        const answer = this.answers.get(annotator, instance.id)?.labels[schema];
        const text = Object.values(answer ?? {})
          .join(' ')
          .trim();
        if (text) out.push({ instance_id: instance.id, annotator, text });
      }
    }
    return out;
  }

  async induce(schema: string, minSupport: number, limit: number) {
    const comments = this.comments(schema).slice(0, limit);
    if (!this.client) throw unavailable(`metric induction needs an LLM: ${this.modelMissing ?? 'no model is set'}`);
    const client = this.client;
    const aspects: (Aspect | null)[] = new Array(comments.length).fill(null);
    let next = 0;
    const worker = async () => {
      while (next < comments.length) {
        const i = next++;
        const reply = await client.complete({ system: SYSTEM, user: comments[i].text.slice(0, MAX_COMMENT) });
        aspects[i] = readAspect(reply);
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL, comments.length) }, worker));
    return {
      schema,
      model: client.model,
      min_support: minSupport,
      n_comments: comments.length,
      n_with_aspect: aspects.filter(Boolean).length,
      candidates: group(comments, aspects).filter((c) => c.support >= minSupport),
    };
  }
}

/** The aspect a reply names, or null for `{}` or a reply without one. */
function readAspect(reply: string): Aspect | null {
  const o = extractJson(reply) as Record<string, unknown> | undefined;
  const aspect = typeof o?.aspect === 'string' ? o.aspect.trim().replace(/\s+/g, ' ') : '';
  if (!aspect) return null;
  const polarity = typeof o?.polarity === 'string' ? o.polarity.trim().toLowerCase() : 'neutral';
  return {
    aspect: aspect.slice(0, 80),
    definition: typeof o?.definition === 'string' ? o.definition.trim().slice(0, 500) : '',
    polarity: ['positive', 'negative', 'neutral'].includes(polarity) ? polarity : 'neutral',
  };
}

/** Aspects grouped by name, case aside; the most supported first, then by name. */
function group(comments: Comment[], aspects: (Aspect | null)[]): CandidateMetric[] {
  const byName = new Map<string, CandidateMetric>();
  aspects.forEach((a, i) => {
    if (!a) return;
    const key = a.aspect.toLowerCase();
    let c = byName.get(key);
    if (!c) byName.set(key, (c = { name: a.aspect, definition: '', support: 0, polarity_counts: {}, examples: [] }));
    c.support++;
    c.polarity_counts[a.polarity] = (c.polarity_counts[a.polarity] ?? 0) + 1;
    if (a.definition.length > c.definition.length) c.definition = a.definition;
    if (c.examples.length < EXAMPLES) c.examples.push(comments[i]);
  });
  return [...byName.values()].sort((a, b) => b.support - a.support || a.name.localeCompare(b.name));
}
