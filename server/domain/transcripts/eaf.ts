/**
 * ELAN EAF documents read into timed turns: each tier's `ALIGNABLE_ANNOTATION` timed by its two `TIME_ORDER` slots
 * (milliseconds), and each `REF_ANNOTATION` timed by the annotation it refers to, all put in time order. The speaker
 * is the tier's `PARTICIPANT`, else its `TIER_ID`; the recording is the header's `RELATIVE_MEDIA_URL`. An
 * annotation whose slots have no time (ELAN leaves unaligned slots empty) is left out. The document is read with
 * the small reader the caption formats use, which expands no DTD or external entity.
 */
import { elements, textOf } from './xml-text.js';
import { timedTurn } from './words.js';
import type { CaptionTurn } from './captions.js';

export function isEaf(text: string): boolean {
  return /^\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*<ANNOTATION_DOCUMENT\b/.test(text.replace(/^\uFEFF/, ''));
}

interface Annotation {
  speaker?: string;
  text: string;
  start?: number;
  end?: number;
  /** the annotation a REF_ANNOTATION borrows its times from */
  ref?: string;
}

export interface EafTranscript {
  turns: CaptionTurn[];
  audio?: string;
}

export function parseEaf(text: string): EafTranscript | undefined {
  if (!isEaf(text)) return undefined;
  const slots = new Map<string, number>();
  for (const slot of elements(text, 'TIME_SLOT')) {
    const ms = slot.attributes.TIME_VALUE;
    if (slot.attributes.TIME_SLOT_ID && ms && /^\s*\d+(\.\d+)?\s*$/.test(ms))
      slots.set(slot.attributes.TIME_SLOT_ID, Number(ms) / 1000);
  }
  const byId = new Map<string, Annotation>();
  const order: Annotation[] = [];
  for (const tier of elements(text, 'TIER')) {
    const speaker = (tier.attributes.PARTICIPANT?.trim() || tier.attributes.TIER_ID?.trim()) ?? undefined;
    for (const kind of ['ALIGNABLE_ANNOTATION', 'REF_ANNOTATION']) {
      for (const a of elements(tier.inner, kind)) {
        const value = elements(a.inner, 'ANNOTATION_VALUE')[0];
        const at = a.attributes;
        const note: Annotation = {
          ...(speaker ? { speaker } : {}),
          text: value ? textOf(value.inner) : '',
          start: slots.get(at.TIME_SLOT_REF1 ?? ''),
          end: slots.get(at.TIME_SLOT_REF2 ?? ''),
          ...(at.ANNOTATION_REF ? { ref: at.ANNOTATION_REF } : {}),
        };
        if (at.ANNOTATION_ID) byId.set(at.ANNOTATION_ID, note);
        order.push(note);
      }
    }
  }
  const turns = order.flatMap((note) => {
    // a reference may point at another reference; the chain ends at an aligned annotation (or a loop, read as none)
    let timed: Annotation | undefined = note;
    for (let hops = 0; timed?.ref !== undefined && hops < 32; hops++) timed = byId.get(timed.ref);
    const turn = timed && timedTurn(note.text, timed.start ?? NaN, timed.end ?? NaN, note.speaker);
    return turn ? [turn] : [];
  });
  turns.sort((a, b) => a.start - b.start);
  if (!turns.length) return undefined;
  const media = elements(text, 'MEDIA_DESCRIPTOR')[0]?.attributes.RELATIVE_MEDIA_URL?.trim().replace(/^\.\//, '');
  return media ? { turns, audio: media } : { turns };
}
