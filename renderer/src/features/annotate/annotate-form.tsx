/**
 * The annotate screen's form: a field for each question shown (span questions are answered over the text, and a
 * conditional one waits for its condition), the buttons, the save state and the item's note.
 */
import type { CurrentInstance, Scheme } from '../../shared/api/types.js';
import { AnnotateActions } from './annotate-actions.js';
import { ItemNote } from './item-note.js';
import { SaveState } from './save-state.js';
import { SchemeField } from './scheme-field.js';
import { schemeUi } from './schemes/registry.js';
import type { Annotation } from './use-annotation.js';
import type { KeyMaps } from './use-key-maps.js';

/** one object for schemes without colours, so their fields are not drawn again for a new `{}` */
const NO_COLORS: Record<string, string> = {};

interface Props {
  a: Annotation;
  instance: CurrentInstance;
  note: NonNullable<Annotation['loaded']>['note'];
  schemes: Scheme[];
  hidden: ReadonlySet<string>;
  keys: KeyMaps;
  /** submits once the answer a key gave is in (triage's auto_advance) */
  advance(): void;
  submit(): void;
  first: boolean;
  backToPhase: boolean;
  previous(): void;
  next(): void;
}

export function AnnotateForm({ a, instance, note, schemes, hidden, keys, advance, submit, ...moves }: Props) {
  return (
    <form
      className="schemes"
      aria-label="Annotation"
      aria-busy={a.busy}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {schemes
        .filter((s) => schemeUi(s.annotation_type)?.kind !== 'span' && !hidden.has(s.name))
        .map((s) => (
          <SchemeField
            key={s.name}
            scheme={s}
            colors={a.colors[s.name] ?? NO_COLORS}
            answers={a.answers}
            keyOf={keys.keyOf}
            update={a.setAnswers}
            fieldKey={keys.fieldKeys.find((k) => k.scheme === s.name)?.key}
            instance={instance}
            advance={advance}
          />
        ))}
      <AnnotateActions
        a={a}
        instance={instance}
        first={moves.first}
        backToPhase={moves.backToPhase}
        previous={moves.previous}
        next={moves.next}
      />
      <SaveState saving={a.saving} dirty={a.dirty} waiting={a.busy} onRetry={a.retrySave} />
      <ItemNote instanceId={instance.instance_id} known={note} />
    </form>
  );
}
