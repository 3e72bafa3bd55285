/**
 * soft_label and constant_sum: a budget spread over the labels, one input per label and what is left shown.
 * soft_label's sliders keep the total: moving one shares the rest among the others in proportion. constant_sum
 * leaves the others as they are and the server refuses a total that is off, so the counter says what is left.
 */
import type { Answers } from '../answers.js';
import { Legend } from './parts.js';
import type { FieldProps, SchemeUi } from './scheme-ui.js';

/** Whole shares summing exactly to `total`: the floors, then one more each to the largest remainders. */
function wholeShares(raw: number[], total: number): number[] {
  const floors = raw.map(Math.floor);
  let left = total - floors.reduce((s, v) => s + v, 0);
  const order = raw.map((v, i) => [v - Math.floor(v), i] as const).sort((a, b) => b[0] - a[0]);
  for (const [, i] of order) if (left-- > 0) floors[i]++;
  return floors;
}

/** The shares after label `at` is set to `value`: the others share the rest in proportion to what they had. */
function rebalance(current: number[], at: number, value: number, total: number, least: number): number[] {
  const n = current.length;
  const v = Math.min(Math.max(value, least), total - least * (n - 1));
  const others = current.map((c, i) => (i === at ? 0 : Math.max(c - least, 0)));
  const weight = others.reduce((s, c) => s + c, 0);
  const spare = total - v - least * (n - 1);
  const raw = current.map((_, i) => (i === at ? v : least + (weight ? (spare * others[i]) / weight : spare / (n - 1))));
  return Number.isInteger(total) && Number.isInteger(v) ? wholeShares(raw, total) : raw;
}

const even = (n: number, total: number) =>
  Number.isInteger(total) ? wholeShares(Array(n).fill(total / n), total) : Array(n).fill(total / n);

function DistributionField({ scheme, answers, update }: FieldProps) {
  const soft = scheme.annotation_type === 'soft_label';
  const total = scheme.max ?? 100;
  const least = scheme.min ?? 0;
  const names = scheme.labels.map((l) => l.name);
  const chosen = answers.labels[scheme.name] ?? {};
  const set = names.some((n) => chosen[n] !== undefined);
  const values = set
    ? names.map((n) => Number(chosen[n] ?? 0))
    : soft
      ? even(names.length, total)
      : names.map(() => least);
  const sum = values.reduce((s, v) => s + v, 0);
  const slider = soft || (scheme as unknown as { input_type: string }).input_type === 'slider';

  const put = (at: number, raw: string) => {
    const v = Number(raw);
    if (raw === '' || !Number.isFinite(v)) return;
    const next = soft ? rebalance(values, at, v, total, least) : values.map((c, i) => (i === at ? v : c));
    update((a: Answers) => ({
      ...a,
      labels: { ...a.labels, [scheme.name]: Object.fromEntries(names.map((n, i) => [n, String(+next[i].toFixed(6))])) },
    }));
  };
  const left = +(total - sum).toFixed(6);

  return (
    <fieldset className={`scheme scheme-distribution scheme-${scheme.annotation_type}`} data-scheme={scheme.name}>
      <Legend scheme={scheme} />
      {names.map((name, i) => {
        const id = `scheme-${scheme.name}-${name}`;
        return (
          <div key={name} className="value-field share">
            <label htmlFor={id}>{name}</label>
            <input
              id={id}
              type={slider ? 'range' : 'number'}
              min={least}
              max={total - least * (names.length - 1)}
              step={scheme.step ?? 'any'}
              value={values[i]}
              onChange={(e) => put(i, e.target.value)}
            />
            {slider && <output htmlFor={id}>{set ? values[i] : '–'}</output>}
          </div>
        );
      })}
      <p className={`share-total${set && left !== 0 ? ' off' : ''}`} role="status" data-testid={`${scheme.name}-left`}>
        {!set
          ? `not set: ${total} to share`
          : left === 0
            ? `all ${total} shared`
            : left > 0
              ? `${left} left to share`
              : `${-left} over ${total}`}
      </p>
    </fieldset>
  );
}

const shareKeys = (scheme: string) => [
  {
    keys: ['Tab', '←', '→'],
    label: `${scheme}: go from label to label and change its share (type a number in a number box)`,
  },
];

export const softLabel: SchemeUi = {
  kind: 'value',
  Field: DistributionField,
  fieldKeys: (s) => shareKeys(s.name),
};
export const constantSum: SchemeUi = {
  kind: 'value',
  Field: DistributionField,
  fieldKeys: (s) => shareKeys(s.name),
};
