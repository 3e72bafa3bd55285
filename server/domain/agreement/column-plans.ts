/** How each scheme's answer in a record becomes one number in a typed column, for the agreement loops. */
import type { AnnotationRecord } from '../annotation/records.js';
import type { Scheme } from '../task.js';
import { agreementOf } from '../schemes/registry.js';

/** A scheme's answer in a record's labels as a number (NaN: no answer). */
type ColumnReader = (labels: AnnotationRecord['labels']) => number;

export interface ColumnPlan {
  /** null: the scheme has no column (free text, spans) */
  reader: ColumnReader | null;
  /** whether the numbers are small integer codes (a Float32Array holds them exactly) rather than open values */
  coded: boolean;
  /** multiselect only: the set of labels each code names, filled in as new sets are read */
  sets: Set<string>[];
  /** `value` columns of categories: the answer each code names, filled in as new ones are read */
  keys: string[];
  /** `rows` schemes: one reader per row (the scheme's labels), each giving that row's number */
  rows: ColumnReader[];
}

export function planOf(scheme: Scheme): ColumnPlan {
  const name = scheme.name;
  const labels = scheme.labels.map((l) => l.name);
  const sets: Set<string>[] = [];
  const keys: string[] = [];
  const column = (coded: boolean, answer: (chosen: Record<string, string>) => number): ColumnPlan => ({
    reader: (all) => {
      const chosen = all[name];
      return chosen === undefined ? NaN : answer(chosen);
    },
    coded,
    sets,
    keys,
    rows: [],
  });
  const measure = agreementOf(scheme);
  switch (measure.column) {
    case 'position':
      // the position of the one label present; it orders likert points
      return column(true, (chosen) => {
        for (let i = 0; i < labels.length; i++) if (Object.hasOwn(chosen, labels[i])) return i;
        return NaN;
      });
    case 'number':
      return column(false, (chosen) => {
        for (const label of labels) if (Object.hasOwn(chosen, label)) return Number(chosen[label]);
        return NaN;
      });
    case 'set': {
      // each distinct set of ticked labels gets a code; ticking nothing is no answer (it cannot be told from skipping).
      // Sets are told apart by a bit mask of label positions (a string past 30 labels), so reading makes no garbage.
      const codes = new Map<number | string, number>();
      const wide = labels.length > 30;
      return column(true, (chosen) => {
        let key: number | string = wide ? '' : 0;
        for (let i = 0; i < labels.length; i++)
          if (Object.hasOwn(chosen, labels[i])) key = wide ? `${key}${i},` : (key as number) | (1 << i);
        if (!key) return NaN;
        let code = codes.get(key);
        if (code === undefined) {
          codes.set(key, (code = sets.length));
          sets.push(new Set(labels.filter((l) => Object.hasOwn(chosen, l))));
        }
        return code;
      });
    }
    case 'value': {
      const read = measure.value!;
      if (measure.level === 'interval') {
        return column(false, (chosen) => {
          const v = read(scheme, chosen);
          return v === undefined || v === '' ? NaN : Number(v);
        });
      }
      // each distinct answer gets a code, as multiselect sets do
      const codes = new Map<string, number>();
      return column(true, (chosen) => {
        const v = read(scheme, chosen);
        if (v === undefined) return NaN;
        const key = String(v);
        let code = codes.get(key);
        if (code === undefined) {
          codes.set(key, (code = keys.length));
          keys.push(key);
        }
        return code;
      });
    }
    case 'rows': {
      const read = measure.row!;
      const rows = labels.map((label): ColumnReader => (all) => {
        const stored = all[name]?.[label];
        return stored === undefined ? NaN : (read(scheme, stored) ?? NaN);
      });
      return { reader: null, coded: false, sets, keys, rows };
    }
    default:
      return { reader: null, coded: true, sets, keys, rows: [] };
  }
}
