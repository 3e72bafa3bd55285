/**
 * Potato's eval trace split into its three panes: the reasoning (thoughts, plans, system notes), the function calls
 * (each call with the observations right after it nested under it as its result) and the final answer. With
 * `link_steps`, steps are grouped into cycles (a run of thoughts and the calls, results and answer that follow
 * them) so the page can light a cycle's cards across the panes.
 */

/** Which pane a step is drawn in; `result_of` is the call whose card holds it, `link` its cycle. */
export interface EvalPlace {
  pane: 'reasoning' | 'calls' | 'answer';
  result_of?: number;
  link?: number;
}

interface Step {
  type: string;
  speaker?: string;
  text: string;
}

/** A speaker or tool that marks the final answer to the user, as Potato's eval trace reads it. */
const ANSWER = /final[\s_]*answer|send[\s_]*message|respond|response|finish|submit|conclusion/i;
const REASONING = /thought|reason|plan|think|system/i;
const CALL = /action|tool|function|call/i;
const toolName = (text: string) => /^\s*([\w.-]+)\s*\(/.exec(text)?.[1] ?? '';

/** The final answer: the last answer-like step, else the last action (Potato's rule); none without actions. */
export function answerStep(steps: readonly Step[]): number | undefined {
  let answer: number | undefined;
  let lastAction: number | undefined;
  steps.forEach((s, i) => {
    const named = ANSWER.test(s.speaker ?? '');
    if (CALL.test(s.type)) {
      lastAction = i;
      if (named || ANSWER.test(toolName(s.text))) answer = i;
    } else if (named) answer = i;
  });
  return answer ?? lastAction;
}

/** Each step's pane, the call its result nests under, and (with `link`) its cycle. */
export function evalPanes(steps: readonly Step[], answer: number | undefined, link: boolean): EvalPlace[] {
  let cycle = -1;
  // whether the cycle already holds a call, a result or the answer, so that the next thought starts another
  let acted = true;
  let holder: number | undefined;
  return steps.map((s, i) => {
    const reasoning = i !== answer && REASONING.test(s.type) && !CALL.test(s.type);
    if (reasoning ? acted : cycle < 0) cycle += 1;
    acted = !reasoning;
    const place: EvalPlace =
      i === answer
        ? { pane: 'answer' }
        : reasoning
          ? { pane: 'reasoning' }
          : CALL.test(s.type) || holder === undefined
            ? { pane: 'calls' }
            : { pane: 'calls', result_of: holder };
    // an observation nests under the call just before it (or that call's earlier result); anything else ends that
    holder = CALL.test(s.type) ? i : place.result_of;
    if (link) place.link = cycle;
    return place;
  });
}
