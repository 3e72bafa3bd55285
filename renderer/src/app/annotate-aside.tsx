/**
 * What the annotate page shows beside its form, from the features the study turns on: think-aloud's pill, truth
 * serum's prediction card, boundary probes, memos and the codebook. The app composes them, so the annotate
 * feature knows none of them (features stay apart); the screen gives each the instance and its answers.
 */
import type { ComponentProps } from 'react';
import type { Study } from '../shared/api/types.js';
import type { AnnotateScreen } from '../features/annotate/annotate-screen.js';
import { MemosPanel } from '../features/memos/memos-panel.js';
import { PredictionCard, chosenLabel } from '../features/truth-serum/prediction-card.js';
import { ProbePanel } from '../features/boundary/probe-panel.js';
import { ThinkAloudPill } from '../features/think-aloud/think-aloud-pill.js';
import { CodebookPanel } from '../features/codebook/codebook-panel.js';

type Aside = ComponentProps<typeof AnnotateScreen>['aside'];

/** The panels beside the form, or none when the study turns on none of them. */
export function annotateAside(study: Study | null, username: string): Aside {
  if (!study?.memos && !study?.codebook && !study?.truth_serum && !study?.boundary_probing && !study?.thinkaloud)
    return undefined;
  return (i) => (
    <>
      {study.thinkaloud && (
        <ThinkAloudPill
          key="think-aloud"
          instanceId={i.id}
          chunkSeconds={study.thinkaloud.chunk_seconds}
          onHeard={(label) => i.choose(study.thinkaloud!.schema, label)}
          chosen={!!chosenLabel(i.labels[study.thinkaloud.schema])}
          nudge={study.thinkaloud.require_spoken_label ? i.holdNext : null}
        />
      )}
      {study.truth_serum && (
        <PredictionCard
          key="truth-serum"
          instanceId={i.id}
          label={chosenLabel(i.labels[study.truth_serum.schema])}
          question={study.truth_serum.question}
        />
      )}
      {study.boundary_probing && (
        <ProbePanel
          key="boundary"
          instanceId={i.id}
          schema={study.boundary_probing.schema}
          debounceMs={study.boundary_probing.debounce_ms}
          label={chosenLabel(i.labels[study.boundary_probing.schema])}
        />
      )}
      {study.memos && <MemosPanel key="memos" instanceId={i.id} text={i.text} me={username} />}
      {study.codebook && <CodebookPanel key="codebook" />}
    </>
  );
}
