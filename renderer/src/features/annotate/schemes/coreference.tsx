/**
 * coreference: chains of mentions. Tick mentions (Space), then New chain or Add to a chain; each chain lists its
 * mentions with Remove buttons. A mention added to a chain leaves the chain it was in, as one mention belongs
 * to one chain.
 */
import { useState } from 'react';
import type { LinkAnnotation } from '../../../shared/api/types.js';
import { Legend } from './parts.js';
import type { FieldProps, SchemeUi } from './scheme-ui.js';
import { setLinks, spansOf, spanText, linksAnswer, linkArcs } from './span-refs.js';

const CHAIN = 'coreference';

function CoreferenceField({ scheme, answers, update, colors }: FieldProps) {
  const entityTypes = (scheme.entity_types as string[] | undefined) ?? [];
  const singletons = scheme.allow_singletons !== false;
  const mentions = spansOf(answers, scheme.span_schema as string | undefined);
  const [picked, setPicked] = useState<string[]>([]);
  const [entity, setEntity] = useState(entityTypes[0] ?? CHAIN);
  const chains = (answers.links ?? []).filter((l) => l.schema === scheme.name);
  const id = `scheme-${scheme.name}`;

  const save = (next: LinkAnnotation[]) => {
    update((a) =>
      setLinks(
        a,
        scheme.name,
        next.filter((c) => c.span_ids.length >= (singletons ? 1 : 2)),
      ),
    );
    setPicked([]);
  };
  const without = (refs: string[]) =>
    chains.map((c) => ({ ...c, span_ids: c.span_ids.filter((r) => !refs.includes(r)) }));
  const newChain = () =>
    save([...without(picked), { schema: scheme.name, link_type: entity, span_ids: picked, direction: 'undirected' }]);
  const addTo = (n: number) =>
    save(without(picked).map((c, i) => (i === n ? { ...c, span_ids: [...c.span_ids, ...picked] } : c)));
  const tooFew = picked.length < (singletons ? 1 : 2);

  return (
    <fieldset className="scheme scheme-coreference" data-scheme={scheme.name}>
      <Legend scheme={scheme} />
      {mentions.size === 0 ? (
        <p className="hint">Mark mentions in the text first; then group them here.</p>
      ) : (
        <div className="link-maker">
          <ul className="link-spans" aria-label={`Mentions for ${scheme.name}`}>
            {[...mentions].map(([ref, s]) => (
              <li key={ref}>
                <label>
                  <input
                    type="checkbox"
                    checked={picked.includes(ref)}
                    onChange={() => setPicked((p) => (p.includes(ref) ? p.filter((r) => r !== ref) : [...p, ref]))}
                  />{' '}
                  {spanText(s)}
                </label>
              </li>
            ))}
          </ul>
          {entityTypes.length > 0 && (
            <>
              <label htmlFor={`${id}-entity`}>Entity type</label>{' '}
              <select id={`${id}-entity`} value={entity} onChange={(e) => setEntity(e.target.value)}>
                {entityTypes.map((t) => (
                  <option key={t}>{t}</option>
                ))}
              </select>{' '}
            </>
          )}
          <button type="button" onClick={newChain} disabled={tooFew}>
            New chain
          </button>
        </div>
      )}
      {chains.length > 0 && (
        <ol className="link-list" aria-label={`Chains of ${scheme.name}`}>
          {chains.map((c, n) => (
            <li key={c.id ?? n}>
              <span className="chip" style={{ borderColor: colors[c.link_type] ?? '#888888' }}>
                {c.link_type === CHAIN ? `Chain ${n + 1}` : `Chain ${n + 1}: ${c.link_type}`}
              </span>{' '}
              {c.span_ids.map((r) => (
                <span key={r} className="chain-mention">
                  {spanText(mentions.get(r))}{' '}
                  <button
                    type="button"
                    className="link"
                    aria-label={`Remove ${spanText(mentions.get(r))} from chain ${n + 1}`}
                    onClick={() => save(without([r]))}
                  >
                    ×
                  </button>{' '}
                </span>
              ))}
              <button type="button" onClick={() => addTo(n)} disabled={picked.length === 0}>
                Add ticked to chain {n + 1}
              </button>{' '}
              <button type="button" className="link" onClick={() => save(chains.filter((_, i) => i !== n))}>
                Remove chain {n + 1}
              </button>
            </li>
          ))}
        </ol>
      )}
    </fieldset>
  );
}

export const coreference: SchemeUi = {
  kind: 'value',
  applyAnswer: linksAnswer,
  // a chain's mentions joined in order; an untyped chain's arcs go unlabelled
  arcs: (scheme, a, colors) => linkArcs(scheme, a, colors, (type) => (type === CHAIN ? '' : type)),
  Field: CoreferenceField,
  keys: [
    { keys: ['Tab'], label: 'Chains: reach the mentions, New chain, and each chain’s buttons' },
    { keys: ['Space'], label: 'Chains: tick a mention' },
    { keys: ['Enter'], label: 'Chains: on a button, make a chain, add the ticked mentions to it, or remove' },
  ],
};
