/**
 * ranking: the items in order, best first, moved by dragging or, on a focused item, by ↑ and ↓; `=` ties an
 * item with the one above it (when ties are allowed). Any move stores the whole order; "Keep this order" stores
 * the order as shown.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Legend } from './parts.js';
import { extraOf, fieldOf, itemsAt, setField } from './options.js';
import type { FieldProps, SchemeUi } from './scheme-ui.js';

interface RankingKeys {
  items: string[];
  allow_ties: boolean;
  items_key?: string;
}

/** The stored order "B,D=A,C" as tiers, or the items as shown when nothing is stored. */
function tiersOf(stored: string, items: string[]): string[][] {
  if (!stored) return items.map((i) => [i]);
  return stored.split(',').map((t) => t.split('='));
}

const orderOf = (tiers: string[][]) => tiers.map((t) => t.join('=')).join(',');

function RankingField({ scheme, answers, update, instance }: FieldProps) {
  const k = extraOf<RankingKeys>(scheme);
  const items = k.items_key ? itemsAt(instance?.data, k.items_key) : k.items;
  const stored = fieldOf(answers, scheme.name, 'rank_order');
  const tiers = tiersOf(stored, items);
  const flat = tiers.flat();
  const [focusItem, setFocusItem] = useState<string | null>(null);
  const [dragged, setDragged] = useState<string | null>(null);
  const list = useRef<HTMLOListElement>(null);

  // the moved item keeps the focus after the list is drawn anew, unless a key has since taken it elsewhere
  useEffect(() => {
    if (focusItem === null) return;
    const at = document.activeElement;
    if (at && at !== document.body && !list.current?.contains(at)) return;
    const el = [...(list.current?.querySelectorAll<HTMLElement>('[data-item]') ?? [])].find(
      (e) => e.dataset.item === focusItem,
    );
    el?.focus();
  }, [focusItem, stored]);

  const save = (next: string[][]) =>
    update((a) => setField(a, scheme.name, 'rank_order', orderOf(next.filter((t) => t.length))));

  /** Moves `item` onto a rank of its own just before or after `other`'s rank. */
  const moveBeside = (item: string, other: string, after: boolean) => {
    const rest = tiers.map((t) => t.filter((x) => x !== item)).filter((t) => t.length);
    const at = rest.findIndex((t) => t.includes(other));
    rest.splice(after ? at + 1 : at, 0, [item]);
    save(rest);
    setFocusItem(item);
  };

  const tieWithAbove = (item: string) => {
    const at = tiers.findIndex((t) => t.includes(item));
    if (at <= 0) return;
    const next = tiers.map((t) => t.filter((x) => x !== item));
    next[at - 1] = [...next[at - 1], item];
    save(next);
    setFocusItem(item);
  };

  const onKey = (e: KeyboardEvent<HTMLLIElement>, item: string) => {
    const i = flat.indexOf(item);
    let handled = true;
    if (e.key === 'ArrowUp' && i > 0) moveBeside(item, flat[i - 1], false);
    else if (e.key === 'ArrowDown' && i < flat.length - 1) moveBeside(item, flat[i + 1], true);
    else if (e.key === '=' && k.allow_ties) tieWithAbove(item);
    else handled = false;
    if (handled) {
      e.preventDefault();
      e.stopPropagation();
    }
  };

  let rank = 0;
  return (
    <fieldset className="scheme scheme-ranking" data-scheme={scheme.name}>
      <Legend scheme={scheme} />
      <ol className="ranking-list" ref={list} aria-label={`${scheme.name}, best first`}>
        {tiers.map((tier) => {
          rank += 1;
          const shown = rank;
          rank += tier.length - 1;
          return tier.map((item, j) => (
            <li
              key={item}
              data-item={item}
              tabIndex={0}
              draggable
              className={`ranking-item${dragged === item ? ' dragging' : ''}${j > 0 ? ' tied' : ''}`}
              aria-label={`${shown}. ${item}${tier.length > 1 ? ' (tied)' : ''}`}
              onKeyDown={(e) => onKey(e, item)}
              onDragStart={() => setDragged(item)}
              onDragEnd={() => setDragged(null)}
              onDragOver={(e) => e.preventDefault()}
              onDrop={(e) => {
                e.preventDefault();
                if (dragged && dragged !== item) moveBeside(dragged, item, flat.indexOf(item) > flat.indexOf(dragged));
                setDragged(null);
              }}
            >
              <span className="ranking-rank">{j === 0 ? `${shown}.` : '='}</span> {item}
            </li>
          ));
        })}
      </ol>
      {!stored && items.length > 0 && (
        <button type="button" className="link" onClick={() => save(tiers)}>
          Keep this order
        </button>
      )}
    </fieldset>
  );
}

export const ranking: SchemeUi = {
  kind: 'structured',
  Field: RankingField,
  keys: [
    { keys: ['ArrowUp', 'ArrowDown'], label: 'Ranking: move the focused item up / down' },
    { keys: ['='], label: 'Ranking: tie the focused item with the one above (when ties are allowed)' },
  ],
};
