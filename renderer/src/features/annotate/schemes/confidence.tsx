/**
 * confidence: a likert scale of numbered points (stored as the point's number) or a slider, rating how sure the
 * annotator is of another scheme's answer. On the likert scale, 1–9 pick a point while the field has the focus.
 */
import type { KeyboardEvent } from 'react';
import type { Answers } from '../answers.js';
import { Legend } from './parts.js';
import { LineField } from './vas.js';
import type { FieldProps, SchemeUi } from './scheme-ui.js';

interface ConfidenceKeys {
  scale_type: 'likert' | 'slider';
  point_labels?: string[];
  target_schema: string | null;
  left_label?: string;
  right_label?: string;
}

const pick = (a: Answers, scheme: string, point: string): Answers => ({
  ...a,
  labels: { ...a.labels, [scheme]: a.labels[scheme]?.[point] ? {} : { [point]: point } },
});

function ConfidenceField(p: FieldProps) {
  const { scheme, answers, update } = p;
  const k = scheme as unknown as ConfidenceKeys;
  const about = k.target_schema ? `How sure of ${k.target_schema}` : 'How sure';
  if (k.scale_type === 'slider')
    return (
      <LineField
        {...p}
        field="confidence_level"
        left={k.left_label ?? ''}
        right={k.right_label ?? ''}
        show
        label={about}
      />
    );
  const chosen = answers.labels[scheme.name] ?? {};
  const onKeyDown = (e: KeyboardEvent) => {
    const digit = '123456789'.indexOf(e.key);
    if (digit < 0 || e.ctrlKey || e.metaKey || e.altKey) return;
    e.preventDefault();
    const point = scheme.labels[digit]?.name;
    if (point) update((a) => pick(a, scheme.name, point));
  };
  return (
    <fieldset className="scheme scheme-confidence" data-scheme={scheme.name} onKeyDown={onKeyDown}>
      <Legend scheme={scheme} />
      <div className="choices" role="radiogroup" aria-label={about}>
        {scheme.labels.map((l, i) => (
          <label key={l.name} className={`choice${chosen[l.name] ? ' chosen' : ''}`}>
            <input
              type="radio"
              name={`scheme-${scheme.name}`}
              value={l.name}
              checked={!!chosen[l.name]}
              onChange={() => update((a) => pick(a, scheme.name, l.name))}
            />
            {k.point_labels?.[i] ?? l.name}
            <kbd className="label-key" aria-hidden="true">
              {l.name}
            </kbd>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export const confidence: SchemeUi = {
  kind: 'value',
  Field: ConfidenceField,
  applyAnswer: (a, s, answer) => {
    if (typeof answer !== 'string' && typeof answer !== 'number') return a;
    const v = String(answer);
    return {
      ...a,
      labels: {
        ...a.labels,
        [s.name]: (s as unknown as ConfidenceKeys).scale_type === 'slider' ? { confidence_level: v } : { [v]: v },
      },
    };
  },
  fieldKeys: (s) => [
    {
      keys: (s as unknown as ConfidenceKeys).scale_type === 'slider' ? ['←', '→'] : ['1–9'],
      label: `${s.name}: pick how sure you are`,
    },
  ],
};
