/**
 * The hierarchy of an agent's runs kept on the ingested item, as Potato's converters keep it: a flat `run_tree`
 * of `{id, parent_id, name, run_type, status, turn_range}` and a `conversation` whose turns carry the `run_id` of
 * the run that produced them, so the agent_trace display draws the run tree and per-turn questions bind to runs.
 */

type Json = Record<string, unknown>;

export interface RunTreeNode {
  id: string;
  parent_id: string | null;
  name: string;
  run_type: string;
  status: string | null;
  turn_range: [number, number] | null;
}

export interface TraceTurn {
  speaker: string;
  text: string;
  run_id: string;
}

const text = (value: unknown): string =>
  value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value);

const record = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});

/** LangSmith's run status: `error` when the run says so or carries an error, else `success` or nothing. */
function statusOf(run: Json): string | null {
  if (run.status === 'error' || (run.error !== undefined && run.error !== null && run.error !== '')) return 'error';
  return run.status === 'success' ? 'success' : null;
}

/**
 * A LangSmith payload's runs, each linked to its parent by `parent_run_id` or by nesting in `child_runs`, read
 * depth first from the roots: an llm run's output is a thought, a tool run its call as an action and its output
 * as an observation, any other run its input and output.
 */
export function langSmithHierarchy(runs: Json[]): { conversation: TraceTurn[]; run_tree: RunTreeNode[] } {
  const conversation: TraceTurn[] = [];
  const run_tree: RunTreeNode[] = [];
  const all: { run: Json; parent: string | null }[] = [];
  let counter = 0;
  const ids = new Map<Json, string>();
  const collect = (run: Json, parent: string | null) => {
    const id = run.id !== undefined && run.id !== null && run.id !== '' ? String(run.id) : `run-${counter}`;
    counter += 1;
    ids.set(run, id);
    all.push({ run, parent: parent ?? (run.parent_run_id ? String(run.parent_run_id) : null) });
    for (const child of Array.isArray(run.child_runs) ? run.child_runs : []) collect(record(child), id);
  };
  for (const run of runs) collect(run, null);
  const children = new Map<string | null, Json[]>();
  const known = new Set(ids.values());
  for (const { run, parent } of all) {
    const key = parent !== null && known.has(parent) ? parent : null;
    children.set(key, [...(children.get(key) ?? []), run]);
  }
  const seen = new Set<string>();
  const visit = (run: Json, parent: string | null) => {
    const id = ids.get(run)!;
    if (seen.has(id)) return; // a repeated id or a cycle: the run is read once
    seen.add(id);
    const runType = typeof run.run_type === 'string' && run.run_type ? run.run_type : 'chain';
    const name = typeof run.name === 'string' && run.name ? run.name : runType;
    const node: RunTreeNode = {
      id,
      parent_id: parent,
      name,
      run_type: runType,
      status: statusOf(run),
      turn_range: null,
    };
    run_tree.push(node);
    const start = conversation.length;
    const inputs = record(run.inputs);
    const outputs = record(run.outputs);
    const input = text(inputs.input ?? inputs.prompt ?? inputs.query ?? (Object.keys(inputs).length ? inputs : ''));
    const output = text(outputs.output ?? outputs.text ?? (Object.keys(outputs).length ? outputs : ''));
    const turn = (speaker: string, t: string) => t && conversation.push({ speaker, text: t, run_id: id });
    if (runType === 'llm') turn('Agent (Thought)', output);
    else if (runType === 'tool') {
      turn('Agent (Action)', `${name}(${input})`);
      turn('Environment', output);
    } else if (!parent) {
      turn('User', input);
    }
    for (const child of children.get(id) ?? []) visit(child, id);
    if (runType !== 'llm' && runType !== 'tool' && !parent) turn('Agent', output);
    if (conversation.length > start) node.turn_range = [start, conversation.length - 1];
  };
  for (const root of children.get(null) ?? []) visit(root, null);
  return { conversation, run_tree };
}

/** OTel spans as run tree nodes: parents by `parent_span_id`, a parent the export does not hold making a root. */
export function spanTree(
  spans: { id: string; parent: string | null; name: string; run_type: string; status: string | null }[],
  turnsOf: Map<string, number[]>,
): RunTreeNode[] {
  const known = new Set(spans.map((s) => s.id));
  return spans.map((s) => {
    const turns = turnsOf.get(s.id) ?? [];
    return {
      id: s.id,
      parent_id: s.parent !== null && known.has(s.parent) && s.parent !== s.id ? s.parent : null,
      name: s.name || s.run_type,
      run_type: s.run_type,
      status: s.status,
      turn_range: turns.length ? [Math.min(...turns), Math.max(...turns)] : null,
    };
  });
}
