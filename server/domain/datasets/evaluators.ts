/**
 * The evaluators an experiment runs, by Potato's names. The deterministic ones are built here; the ones that ask
 * a language model or an embedding model for their score are refused with a sentence saying so, because an
 * experiment here calls no model: a score nobody computed must never look like one that was.
 */
import { distance } from 'fastest-levenshtein';
import { invalid } from '../errors.js';
import type { EvaluationResult } from './records.js';
import { asText } from './as-text.js';

export interface Evaluator {
  key: string;
  evaluate(outputs: unknown, reference: unknown): EvaluationResult;
}

type Params = Record<string, unknown>;

const DETERMINISTIC: Record<string, { description: string; build(p: Params, field: string): Evaluator }> = {
  exact_match: {
    description: 'Output equals reference',
    build(p, field) {
      const caseSensitive = flag(p, 'case_sensitive', true, field);
      const strip = flag(p, 'strip', true, field);
      const norm = (s: string) => {
        const t = strip ? s.trim() : s;
        return caseSensitive ? t : t.toLowerCase();
      };
      return scorer(key(p, 'exact_match'), (out, ref) => {
        const match = norm(asText(out)) === norm(asText(ref));
        return { score: match ? 1 : 0, value: match };
      });
    },
  },
  contains: {
    description: 'Output contains a substring (params.substring, else the reference)',
    build(p, field) {
      const caseSensitive = flag(p, 'case_sensitive', false, field);
      const substring = p.substring === undefined || p.substring === null ? undefined : String(p.substring);
      return scorer(key(p, 'contains'), (out, ref) => {
        let needle = substring ?? asText(ref);
        let hay = asText(out);
        if (!caseSensitive) [needle, hay] = [needle.toLowerCase(), hay.toLowerCase()];
        const found = needle !== '' && hay.includes(needle);
        return { score: found ? 1 : 0, value: found };
      });
    },
  },
  regex_match: {
    description: 'Output matches a regular expression (params.pattern, params.flags such as "i")',
    build(p, field) {
      if (typeof p.pattern !== 'string' || !p.pattern || p.pattern.length > 1000)
        throw invalid(`${field}.pattern: give the regular expression, up to 1000 characters`);
      const flags = p.flags === undefined ? '' : String(p.flags);
      if (!/^[imsu]*$/.test(flags)) throw invalid(`${field}.flags: use the letters i, m, s and u`);
      let re: RegExp;
      try {
        re = new RegExp(p.pattern, flags);
      } catch (e) {
        throw invalid(`${field}.pattern: ${(e as Error).message}`);
      }
      return scorer(key(p, 'regex_match'), (out) => {
        const found = re.test(asText(out));
        return { score: found ? 1 : 0, value: found };
      });
    },
  },
  edit_distance: {
    description: 'Normalized edit distance to reference (1 = identical)',
    build(p) {
      return scorer(key(p, 'edit_distance'), (out, ref) => {
        const [a, b] = [asText(out), asText(ref)];
        const d = distance(a, b);
        const longest = Math.max(a.length, b.length) || 1;
        return { score: 1 - d / longest, value: d, comment: `edit distance ${d} over max length ${longest}` };
      });
    },
  },
  json_valid: {
    description: 'Output parses as JSON',
    build(p) {
      return scorer(key(p, 'json_valid'), (out) => {
        try {
          JSON.parse(asText(out));
          return { score: 1, value: true };
        } catch (e) {
          return { score: 0, value: false, comment: (e as Error).message };
        }
      });
    },
  },
};

const LANGUAGE_MODEL = 'asks a language model for its score';
/** Potato's evaluators that are not run here, and why. */
const NOT_RUN: Record<string, string> = {
  llm_trajectory_judge: LANGUAGE_MODEL,
  rubric_dag: LANGUAGE_MODEL,
  context_relevance: LANGUAGE_MODEL,
  groundedness: LANGUAGE_MODEL,
  answer_relevance: LANGUAGE_MODEL,
  agent_as_judge: LANGUAGE_MODEL,
  embedding_similarity: 'needs an embedding model',
  trajectory_match: "reads agent tool-call trajectories, which this project's experiments do not parse",
  tool_use: "reads agent tool-call trajectories, which this project's experiments do not parse",
  tool_call_accuracy: "reads agent tool-call trajectories, which this project's experiments do not parse",
  json_schema_match: 'needs a JSON Schema validator, which this project does not include',
};

export const EVALUATOR_NAMES = Object.keys(DETERMINISTIC);

export function listEvaluators(): { name: string; description: string; available: boolean; reason?: string }[] {
  return [
    ...Object.entries(DETERMINISTIC).map(([name, e]) => ({ name, description: e.description, available: true })),
    ...Object.entries(NOT_RUN).map(([name, why]) => ({
      name,
      description: `not run here: it ${why}`,
      available: false,
      reason: why,
    })),
  ];
}

/** Builds the evaluator `name`; `field` names the spec in a refusal (`evaluators[0]`). */
export function buildEvaluator(name: string, params: Params, field: string): Evaluator {
  if (Object.hasOwn(DETERMINISTIC, name)) return DETERMINISTIC[name].build(params, `${field}.params`);
  const ours = `experiments here run ${EVALUATOR_NAMES.join(', ')}`;
  if (Object.hasOwn(NOT_RUN, name))
    throw invalid(`${field}.name: "${name}" ${NOT_RUN[name]}, which is not available in this project; ${ours}`);
  throw invalid(`${field}.name: unknown evaluator "${name}"; ${ours}`);
}

function scorer(
  k: string,
  score: (out: unknown, ref: unknown) => { score: number; value: unknown; comment?: string },
): Evaluator {
  return {
    key: k,
    evaluate(out, ref) {
      const r = score(out, ref);
      return { key: k, score: r.score, value: r.value, comment: r.comment ?? '', metadata: {} };
    },
  };
}

function key(p: Params, fallback: string): string {
  return typeof p.key === 'string' && p.key ? p.key : fallback;
}

function flag(p: Params, name: string, fallback: boolean, field: string): boolean {
  const v = p[name];
  if (v === undefined) return fallback;
  if (typeof v !== 'boolean') throw invalid(`${field}.${name}: expected true or false`);
  return v;
}
