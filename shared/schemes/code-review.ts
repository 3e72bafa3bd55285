/**
 * code_review's normalized keys, its stored answer, and the files a session's tool calls touch: the page lists
 * them to rate and comment on, and the server accepts comments and ratings on these files only.
 */

export interface ReviewKeys {
  comment_categories: string[];
  verdict_options: string[];
  file_rating_dimensions: string[];
}

export type ReviewComment = {
  category: string;
  file: string;
  line: number | null;
  text: string;
};

// Type aliases, not interfaces: the server stores a Review as an answer value, which needs an index signature.
export type Review = {
  verdict: string;
  comments: ReviewComment[];
  file_ratings: Record<string, Record<string, number>>;
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The files the trace's tool calls read or change, each once, in the order they are first named. */
export function reviewedFiles(steps: readonly unknown[]): string[] {
  const out = new Set<string>();
  for (const step of steps) {
    if (!isRecord(step)) continue;
    const calls = Array.isArray(step.tool_calls) ? step.tool_calls : step.tool_call ? [step.tool_call] : [step];
    for (const call of calls) {
      if (!isRecord(call)) continue;
      const input = call.input ?? call.args ?? call.arguments;
      if (!isRecord(input)) continue;
      const file = input.file_path ?? input.path ?? input.file;
      if (typeof file === 'string' && file) out.add(file);
    }
  }
  return [...out];
}
