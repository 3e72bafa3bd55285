/**
 * tree_annotation: the conversation tree (the item field holding {id, children, …} nodes) as nested turns, each
 * with the node scheme's question (choices, or a value) and, with path selection, an "in the path" box. Tab moves
 * through them; the scheme's field key goes to the first turn.
 */
import type { Scheme } from '../../../shared/api/types.js';
import { Legend } from './parts.js';
import { extraOf, fieldOf, setField } from './options.js';
import type { FieldProps, SchemeUi } from './scheme-ui.js';

interface TreeKeys {
  node_scheme: Scheme | null;
  path_selection: { enabled: boolean; description: string };
}

interface TreeNode {
  id: string;
  speaker?: string;
  text: string;
  children: TreeNode[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function nodeOf(v: Record<string, unknown>, at: string): TreeNode {
  const children = Array.isArray(v.children) ? v.children.filter(isObject) : [];
  const speaker = v.speaker ?? v.role;
  const text = v.text ?? v.content ?? '';
  return {
    id: String(v.id ?? at),
    speaker: speaker === undefined ? undefined : String(speaker),
    text: typeof text === 'string' ? text : JSON.stringify(text),
    children: children.map((c, i) => nodeOf(c, `${at}.${i}`)),
  };
}

/** The first field of the item that holds a tree: an object with children, or with an id and a text. */
function treeOf(data: Record<string, unknown> | undefined): TreeNode | null {
  for (const value of Object.values(data ?? {})) {
    if (
      isObject(value) &&
      (Array.isArray(value.children) || ('id' in value && ('text' in value || 'content' in value)))
    )
      return nodeOf(value, 'root');
  }
  return null;
}

const CHOICE = new Set(['radio', 'likert', 'select', 'multiselect']);

function TreeField({ scheme, answers, update, instance }: FieldProps) {
  const k = extraOf<TreeKeys>(scheme);
  const tree = treeOf(instance?.data);
  const rawNodes = fieldOf(answers, scheme.name, 'node_annotations');
  const nodes = (rawNodes ? JSON.parse(rawNodes) : {}) as Record<string, unknown>;
  const rawPath = fieldOf(answers, scheme.name, 'selected_path');
  const path = (rawPath ? JSON.parse(rawPath) : []) as string[];
  const order: string[] = [];
  const walk = (n: TreeNode) => {
    order.push(n.id);
    n.children.forEach(walk);
  };
  if (tree) walk(tree);

  const setNode = (id: string, answer: unknown) => {
    const next = { ...nodes };
    if (answer === undefined || answer === '' || (Array.isArray(answer) && !answer.length)) delete next[id];
    else next[id] = answer;
    update((a) => setField(a, scheme.name, 'node_annotations', Object.keys(next).length ? JSON.stringify(next) : ''));
  };
  const togglePath = (id: string) => {
    const chosen = new Set(path.includes(id) ? path.filter((p) => p !== id) : [...path, id]);
    const next = order.filter((n) => chosen.has(n));
    update((a) => setField(a, scheme.name, 'selected_path', next.length ? JSON.stringify(next) : ''));
  };

  const question = (n: TreeNode) => {
    const q = k.node_scheme;
    if (!q) return null;
    const current = nodes[n.id];
    const name = `${scheme.name}-${n.id}`;
    if (CHOICE.has(q.annotation_type)) {
      const multiple = q.annotation_type === 'multiselect';
      const picked = new Set(
        Array.isArray(current) ? (current as string[]) : current === undefined ? [] : [String(current)],
      );
      return (
        <div className="choices" role="group" aria-label={`${n.id}: ${q.description || scheme.name}`}>
          {q.labels.map((l) => (
            <label key={l.name} className={`choice${picked.has(l.name) ? ' chosen' : ''}`}>
              <input
                type={multiple ? 'checkbox' : 'radio'}
                name={name}
                checked={picked.has(l.name)}
                onChange={() =>
                  setNode(
                    n.id,
                    multiple
                      ? picked.has(l.name)
                        ? [...picked].filter((x) => x !== l.name)
                        : [...picked, l.name]
                      : l.name,
                  )
                }
                onClick={(e) => {
                  if (!multiple && picked.has(l.name)) {
                    e.preventDefault();
                    setNode(n.id, undefined);
                  }
                }}
              />
              {l.name}
            </label>
          ))}
        </div>
      );
    }
    const numeric = q.annotation_type === 'number' || q.annotation_type === 'slider';
    return (
      <input
        aria-label={`${n.id}: ${q.description || scheme.name}`}
        type={numeric ? 'number' : 'text'}
        min={q.min}
        max={q.max}
        value={current === undefined ? '' : String(current)}
        onChange={(e) => setNode(n.id, e.target.value)}
      />
    );
  };

  const draw = (n: TreeNode) => (
    <li key={n.id} data-node={n.id}>
      <div className={`tree-node${path.includes(n.id) ? ' in-path' : ''}`}>
        <div className="tree-turn">
          {n.speaker && <b>{n.speaker}: </b>}
          {n.text}
        </div>
        {question(n)}
        {k.path_selection.enabled && (
          <label className="choice">
            <input type="checkbox" checked={path.includes(n.id)} onChange={() => togglePath(n.id)} /> in the path
          </label>
        )}
      </div>
      {n.children.length > 0 && <ul>{n.children.map(draw)}</ul>}
    </li>
  );

  return (
    <fieldset className="scheme scheme-tree_annotation" data-scheme={scheme.name}>
      <Legend scheme={scheme} />
      {k.path_selection.enabled && <p className="tree-path-note">{k.path_selection.description}</p>}
      {tree ? <ul className="tree">{draw(tree)}</ul> : <p>This item holds no conversation tree.</p>}
    </fieldset>
  );
}

export const treeAnnotation: SchemeUi = {
  // a value field: its own key goes to the first turn's question
  kind: 'value',
  Field: TreeField,
  // a pre-annotation's {node_annotations, selected_path}, as exports give it
  applyAnswer: (a, s, answer) => {
    if (!isObject(answer)) return a;
    let next = a;
    for (const field of ['node_annotations', 'selected_path']) {
      const v = answer[field];
      // an empty value is no answer, as the server reads it
      if (Array.isArray(v) ? v.length : isObject(v) && Object.keys(v).length)
        next = setField(next, s.name, field, JSON.stringify(v));
    }
    return next;
  },
  fieldKeys: (s) => [
    { keys: ['Tab'], label: `${s.name}: go from turn to turn (its answer, then its “in the path” box)` },
    { keys: ['↑', '↓'], label: `${s.name}: pick the focused turn's answer among its choices` },
    { keys: ['Space'], label: `${s.name}: tick the focused box (an answer, or “in the path”)` },
  ],
};
