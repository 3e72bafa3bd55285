/**
 * span_link: links between the spans of its span scheme. Pick a link type, tick the spans in order (the first
 * is the source, the last the target), Add link; the links made are listed with Remove buttons. Native controls
 * throughout, so Tab, Space and Enter do it all without the mouse.
 */
import { useState } from 'react';
import type { SpanAnnotation } from '../../../shared/api/types.js';
import { addLink, removeLink, spanRef } from '../answers.js';
import { linkEnds, linkEndsFit, type LinkEnds, type LinkType } from '../../../../../shared/schemes/span-link.js';
import { Legend } from './parts.js';
import type { FieldProps, SchemeUi } from './scheme-ui.js';
import { linkedSchemes, spanText, linksAnswer, linkArcs } from './span-refs.js';

/** Why the ticked spans cannot make a link of this type; null when they can. */
function linkProblem(type: LinkType, picked: SpanAnnotation[], ends: LinkEnds): string | null {
  if (picked.length < 2) return 'Tick at least two spans.';
  if (picked.length > type.max_spans) return `A ${type.name} link joins at most ${type.max_spans} spans.`;
  const linked = picked.map((s) => ({ label: s.name, schema: s.schema }));
  if (linkEndsFit(type, linked, ends)) return null;
  const end = (labels: string[] | undefined, scheme: string | undefined) =>
    labels ? `${labels.join(' or ')}${scheme ? ` (${scheme})` : ''}` : scheme ? `a span of ${scheme}` : 'any span';
  return `${type.name} goes from ${end(type.allowed_source_labels, ends?.source)} to ${end(type.allowed_target_labels, ends?.target)}.`;
}

function SpanLinkField({ scheme, answers, update, colors }: FieldProps) {
  const types = (scheme.link_types as LinkType[] | undefined) ?? [];
  const schemes = linkedSchemes(scheme);
  // link types given as plain labels keep the labels' tooltips
  const tooltips = new Map(scheme.labels.map((l) => [l.name, l.tooltip]));
  const ends = linkEnds(scheme);
  const [typeName, setTypeName] = useState(types[0]?.name ?? '');
  const [picked, setPicked] = useState<string[]>([]);
  const spans = answers.spans.filter((s) => schemes.includes(s.schema));
  const byRef = new Map(spans.map((s) => [spanRef(s), s]));
  const type = types.find((t) => t.name === typeName) ?? types[0];
  const pickedSpans = picked.map((r) => byRef.get(r)).filter((s): s is SpanAnnotation => !!s);
  const problem = type ? linkProblem(type, pickedSpans, ends) : 'No link types.';
  const links = (answers.links ?? []).map((l, i) => ({ l, i })).filter(({ l }) => l.schema === scheme.name);
  const id = `scheme-${scheme.name}`;

  const toggle = (ref: string) => setPicked((p) => (p.includes(ref) ? p.filter((r) => r !== ref) : [...p, ref]));
  const add = () => {
    if (!type || problem) return;
    update((a) =>
      addLink(a, {
        schema: scheme.name,
        link_type: type.name,
        span_ids: pickedSpans.map(spanRef),
        direction: type.directed ? 'directed' : 'undirected',
      }),
    );
    setPicked([]);
  };

  return (
    <fieldset className="scheme scheme-span_link" data-scheme={scheme.name}>
      <Legend scheme={scheme} />
      {types.length === 0 ? (
        <p className="hint">No link types are set up for this question, so no link can be made.</p>
      ) : spans.length < 2 ? (
        <p className="hint">Make at least two {schemes.join(' or ')} spans in the text to link them.</p>
      ) : (
        <div className="link-maker">
          <label htmlFor={`${id}-type`}>Link type</label>{' '}
          <select id={`${id}-type`} value={type?.name ?? ''} onChange={(e) => setTypeName(e.target.value)}>
            {types.map((t) => (
              <option key={t.name} value={t.name} title={tooltips.get(t.name)}>
                {t.name}
                {t.directed ? ' →' : ' —'}
              </option>
            ))}
          </select>
          <ul className="link-spans" aria-label={`Spans for the ${scheme.name} link, in order`}>
            {spans.map((s) => {
              const ref = spanRef(s);
              const at = picked.indexOf(ref);
              return (
                <li key={ref}>
                  <label>
                    <input type="checkbox" checked={at >= 0} onChange={() => toggle(ref)} /> {spanText(s)}
                    {at >= 0 && <span className="link-order"> #{at + 1}</span>}
                  </label>
                </li>
              );
            })}
          </ul>
          <button type="button" onClick={add} disabled={!!problem}>
            Add link
          </button>
          {picked.length > 0 && problem && <span className="hint"> {problem}</span>}
        </div>
      )}
      {links.length > 0 && (
        <ul className="link-list" aria-label={`Links of ${scheme.name}`}>
          {links.map(({ l, i }) => {
            const names = l.span_ids.map((r) => spanText(byRef.get(r)));
            const arrow = l.direction === 'directed' ? ' → ' : ' — ';
            const description = `${l.link_type}: ${names.join(arrow)}`;
            return (
              <li key={l.id ?? `${l.link_type}:${l.span_ids.join(',')}`}>
                <span className="chip" style={{ borderColor: colors[l.link_type] ?? '#888888' }}>
                  {l.link_type}
                </span>{' '}
                <span className="link-arc">{names.join(arrow)}</span>{' '}
                <button
                  type="button"
                  className="link"
                  onClick={() => update((a) => removeLink(a, i))}
                  aria-label={`Remove link ${description}`}
                >
                  Remove
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}

export const spanLink: SchemeUi = {
  kind: 'value',
  applyAnswer: linksAnswer,
  arcs: (scheme, a, colors) => linkArcs(scheme, a, colors, (type) => type),
  Field: SpanLinkField,
  keys: [
    { keys: ['Tab'], label: 'Links: reach the link type, the spans and Add link' },
    { keys: ['Space'], label: 'Links: tick a span (in order: the first is the source, the last the target)' },
    { keys: ['Enter'], label: 'Links: on Add link or Remove, make or delete the link' },
  ],
};
