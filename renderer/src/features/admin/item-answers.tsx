/**
 * One instance as the admin sees it from the instances table: its text and every annotator's answers, read-only
 * (from GET /admin/item_state/{id}, whose answers are flat `scheme:label` keys, spans as `scheme:label[start:end]`).
 */
import { useEffect, useRef } from 'react';
import { api } from '../../shared/api/client.js';
import { useResource } from '../../shared/api/use-resource.js';
import { ErrorNote, Loading } from '../../shared/components/status.js';
import { fill, useUiText } from '../../shared/ui-text.js';

interface ItemState {
  item_id: string;
  text: string;
  annotators: string[];
  annotations: Record<string, Record<string, string>>;
}

const MAX_SHOWN = 400;

/**
 * A structured answer stored as JSON text (a tree's per-node answers and path, a post-edit, a card sort, links)
 * in words: a list joined by commas, an object as `key: value` pairs, a path as `a → b`.
 */
function readable(value: string): string {
  const t = value.trimStart();
  if (!t.startsWith('{') && !t.startsWith('[')) return value;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return value;
  }
  const words = (v: unknown, top: boolean): string => {
    if (v === null || v === undefined) return '—';
    if (Array.isArray(v)) return v.map((x) => words(x, false)).join(', ');
    if (typeof v === 'object') {
      const pairs = Object.entries(v).map(([k, x]) => `${k}: ${words(x, false)}`);
      return top ? pairs.join('; ') : `(${pairs.join('; ')})`;
    }
    return String(v);
  };
  const out = words(parsed, true);
  return out.length > MAX_SHOWN ? `${out.slice(0, MAX_SHOWN)}…` : out;
}

/** How one stored key reads: a path of nodes as arrows, the per-node answers of a tree as `node: answer`. */
function shownValue(label: string, value: string): string {
  if (label === 'selected_path') {
    try {
      const path: unknown = JSON.parse(value);
      if (Array.isArray(path)) return `path ${path.map(String).join(' → ')}`;
    } catch {
      // not a list: shown as it is below
    }
  }
  if (label === 'node_annotations') return `nodes ${readable(value)}`;
  return value === 'true' ? label : `${label}: ${readable(value)}`;
}

/** An annotator's flat answers grouped per schema: chosen labels, entered values and spans in words. */
export function answersByScheme(flat: Record<string, string>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(flat)) {
    const colon = key.indexOf(':');
    if (colon <= 0) continue;
    const scheme = key.slice(0, colon);
    const rest = key.slice(colon + 1);
    const span = /^(.*)\[(\d+):(\d+)\]$/.exec(rest);
    const shown = span ? `${span[1]} “${value}”` : shownValue(rest, value);
    (out[scheme] ??= []).push(shown);
  }
  return out;
}

export function ItemAnswers({ id, onClose }: { id: string; onClose: () => void }) {
  const words = useUiText();
  const path = `/admin/item_state/${encodeURIComponent(id)}`;
  const item = useResource(['admin', path], () => api.adminGet<ItemState>(path));
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);
  const byAnnotator = item.data
    ? item.data.annotators.map((name) => [name, answersByScheme(item.data!.annotations[name] ?? {})] as const)
    : [];
  const schemes = [...new Set(byAnnotator.flatMap(([, s]) => Object.keys(s)))].sort();
  return (
    <div className="overlay" onKeyDown={(e) => e.key === 'Escape' && onClose()}>
      <div
        className="overlay-box item-answers"
        role="dialog"
        aria-modal="true"
        aria-labelledby="item-answers-title"
        tabIndex={-1}
        ref={box}
      >
        <h2 id="item-answers-title">{fill(words.admin_instance_title, { id })}</h2>
        <ErrorNote onRetry={() => void item.reload()} retry={words.admin_retry}>
          {item.error}
        </ErrorNote>
        {!item.data ? (
          !item.error && <Loading what="the instance" label={words.admin_loading} />
        ) : (
          <>
            <p className="item-text" dir="auto">
              {item.data.text}
            </p>
            {byAnnotator.length === 0 ? (
              <p className="muted">{words.admin_nobody_annotated}</p>
            ) : (
              <div className="table-wrap">
                <table data-testid="item-answers">
                  <thead>
                    <tr>
                      <th scope="col">{words.admin_th_annotator}</th>
                      {schemes.map((s) => (
                        <th key={s} scope="col">
                          {s}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {byAnnotator.map(([name, answers]) => (
                      <tr key={name}>
                        <th scope="row">{name}</th>
                        {schemes.map((s) => (
                          <td key={s}>{answers[s]?.join(', ') ?? '—'}</td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </>
        )}
        <button type="button" onClick={onClose}>
          {words.admin_close}
        </button>
      </div>
    </div>
  );
}
