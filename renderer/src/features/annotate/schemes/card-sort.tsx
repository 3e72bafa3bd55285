/**
 * card_sort: the item's cards (its `items_field` list) sorted into groups: the configured ones (closed mode) or
 * groups the annotator adds (open mode). On a focused card, 1–9 put it into that group (again: take it out)
 * and 0 sends it back to the unsorted pile; cards can be dragged too.
 */
import { useState } from 'react';
import { Legend } from './parts.js';
import { extraOf, fieldOf, itemsAt, setField } from './options.js';
import type { FieldProps, SchemeUi } from './scheme-ui.js';

interface CardSortKeys {
  mode: 'closed' | 'open';
  groups: string[];
  items_field: string;
  allow_multiple: boolean;
}

type Sorting = Record<string, string[]>;

function CardSortField({ scheme, answers, update, instance }: FieldProps) {
  const k = extraOf<CardSortKeys>(scheme);
  const field = scheme.labels[0].name;
  const cards = itemsAt(instance?.data, k.items_field);
  const raw = fieldOf(answers, scheme.name, field);
  const sorting: Sorting = raw ? (JSON.parse(raw) as Sorting) : Object.fromEntries(k.groups.map((g) => [g, []]));
  const groups = k.mode === 'closed' ? k.groups : Object.keys(sorting);
  const [newGroup, setNewGroup] = useState('');
  const [dragged, setDragged] = useState<string | null>(null);
  const sorted = new Set(Object.values(sorting).flat());
  const unsorted = cards.filter((c) => !sorted.has(c));

  const save = (next: Sorting) => {
    const any = Object.values(next).some((g) => g.length) || (k.mode === 'open' && Object.keys(next).length);
    update((a) => setField(a, scheme.name, field, any ? JSON.stringify(next) : ''));
  };
  /** Puts `card` into `group` (null: back to the pile); with allow_multiple a card in the group leaves it. */
  const place = (card: string, group: string | null) => {
    const next: Sorting = {};
    for (const g of groups) {
      const has = (sorting[g] ?? []).includes(card);
      const keep = (sorting[g] ?? []).filter((c) => c !== card);
      const wanted = group === g ? (k.allow_multiple ? !has : true) : k.allow_multiple && has && group !== null;
      next[g] = wanted ? [...keep, card] : keep;
    }
    save(next);
  };
  const onKey = (e: React.KeyboardEvent, card: string) => {
    const n = '1234567890'.indexOf(e.key);
    if (n < 0) return;
    e.preventDefault();
    e.stopPropagation();
    if (e.key === '0') place(card, null);
    else if (groups[n]) place(card, groups[n]);
  };
  const card = (c: string) => (
    <li
      key={c}
      tabIndex={0}
      draggable
      className="card"
      data-card={c}
      onKeyDown={(e) => onKey(e, c)}
      onDragStart={() => setDragged(c)}
      onDragEnd={() => setDragged(null)}
    >
      {c}
    </li>
  );
  const dropTo = (group: string | null) => ({
    onDragOver: (e: React.DragEvent) => e.preventDefault(),
    onDrop: (e: React.DragEvent) => {
      e.preventDefault();
      if (dragged) place(dragged, group);
      setDragged(null);
    },
  });
  return (
    <fieldset className="scheme scheme-card_sort" data-scheme={scheme.name}>
      <Legend scheme={scheme} />
      <div className="card-sort">
        <section className="card-group" aria-label="Unsorted cards" {...dropTo(null)}>
          <h4>
            Unsorted <kbd>0</kbd>
          </h4>
          <ul>{unsorted.map(card)}</ul>
        </section>
        {groups.map((g, i) => (
          <section key={g} className="card-group" data-group={g} aria-label={`Group ${g}`} {...dropTo(g)}>
            <h4>
              {g} {i < 9 && <kbd>{i + 1}</kbd>}
            </h4>
            <ul>{(sorting[g] ?? []).map(card)}</ul>
          </section>
        ))}
      </div>
      {k.mode === 'open' && (
        <div className="value-field">
          <label htmlFor={`scheme-${scheme.name}-group`}>New group</label>
          <input id={`scheme-${scheme.name}-group`} value={newGroup} onChange={(e) => setNewGroup(e.target.value)} />
          <button
            type="button"
            onClick={() => {
              const name = newGroup.trim();
              if (name && !groups.includes(name)) save({ ...sorting, [name]: [] });
              setNewGroup('');
            }}
          >
            Add group
          </button>
        </div>
      )}
    </fieldset>
  );
}

export const cardSort: SchemeUi = {
  kind: 'structured',
  Field: CardSortField,
  keys: [{ keys: ['1', '…', '9', '0'], label: 'Card sort: put the focused card into group 1–9, or back (0)' }],
};
