/**
 * Agreement on a span scheme, one unit per character of each field spans mark (the text, and each other span target
 * field), read from the span pool of the answer index. Spans are compared with spans of their own field only.
 */
import { textLengthOf, type Scheme, type Task } from '../task.js';
import { Coincidences } from './alpha.js';
import { SPAN_FIELDS, spanTargetFields, type AnswerIndex, type Groups } from './answer-index.js';
import { finish, type SchemeAgreement } from './scheme-agreement.js';

/**
 * One unit per character of the instance text: its value is the label of the scheme's span covering it, or no
 * span. Every annotator with a record for the instance counts (no span marked is an answer here). Where one
 * annotator's spans overlap, the one starting later wins. Rather than visit every character, the text is cut at
 * every span boundary into stretches where each annotator's label is constant, and each stretch counts as many
 * units as it has characters.
 */
export function spanAgreement(
  task: Task,
  scheme: Scheme,
  index: AnswerIndex,
  { rows, bounds, instance }: Groups,
): SchemeAgreement {
  const schemeAt = task.schemes.indexOf(scheme);
  const { annotator, spanFrom, spanCount, spanPool: pool } = index;
  const K = scheme.labels.length + 1; // 0: no span
  const tally = new Float64Array(K * K);
  const seen = new Uint8Array(index.names.length);
  let annotators = 0;
  let units = 0;
  let items = 0;
  let cuts = new Int32Array(64);
  let here = new Int32Array(8);
  const fields = spanTargetFields(task);
  for (let g = 0; g < bounds.length; g += 2) {
    for (let field = 0; field < fields.length; field++) {
      const first = bounds[g];
      const m = bounds[g + 1] - first;
      const item = task.instances[instance[g / 2]];
      const key = fields[field];
      const L = key === undefined ? textLengthOf(item) : (task.spanFields?.get(key)?.(item)?.length ?? 0);
      if (L === 0) continue;
      let n = 2;
      for (let a = 0; a < m; a++) n += 2 * spanCount[rows[first + a]];
      if (cuts.length < n) cuts = new Int32Array(2 * n);
      if (here.length < m) here = new Int32Array(2 * m);
      cuts[0] = 0;
      cuts[1] = L;
      n = 2;
      for (let a = 0; a < m; a++) {
        const row = rows[first + a];
        if (!seen[annotator[row]]) annotators += seen[annotator[row]] = 1;
        const end = SPAN_FIELDS * (spanFrom[row] + spanCount[row]);
        for (let s = SPAN_FIELDS * spanFrom[row]; s < end; s += SPAN_FIELDS) {
          if (pool[s] !== schemeAt || pool[s + 4] !== field) continue;
          cuts[n++] = Math.max(0, Math.min(L, pool[s + 2]));
          cuts[n++] = Math.max(0, Math.min(L, pool[s + 3]));
        }
      }
      for (let i = 1; i < n; i++) {
        // insertion sort: a handful of cuts per text, and no garbage
        const cut = cuts[i];
        let j = i - 1;
        for (; j >= 0 && cuts[j] > cut; j--) cuts[j + 1] = cuts[j];
        cuts[j + 1] = cut;
      }
      const weight = 1 / (m - 1);
      for (let i = 0; i + 1 < n; i++) {
        const from = cuts[i];
        const length = cuts[i + 1] - from;
        if (length === 0) continue;
        for (let a = 0; a < m; a++) {
          const row = rows[first + a];
          let label = 0;
          const end = SPAN_FIELDS * (spanFrom[row] + spanCount[row]);
          for (let s = SPAN_FIELDS * spanFrom[row]; s < end; s += SPAN_FIELDS) {
            // spans are stored sorted by start, so the last one covering `from` started latest; one with a label
            // the scheme does not have (label 0) leaves the label as it was
            if (
              pool[s] === schemeAt &&
              pool[s + 4] === field &&
              pool[s + 2] <= from &&
              from < pool[s + 3] &&
              pool[s + 1]
            )
              label = pool[s + 1];
          }
          here[a] = label;
        }
        for (let a = 0; a < m; a++) {
          for (let b = a + 1; b < m; b++) {
            tally[here[a] * K + here[b]] += length * weight;
            tally[here[b] * K + here[a]] += length * weight;
          }
        }
      }
      units += L;
      if (field === 0) items++;
    }
  }
  const co = new Coincidences<string | null>();
  const value = [co.indexOf(null), ...scheme.labels.map((l) => co.indexOf(l.name))];
  const cells: [number, number, number][] = [];
  for (let c = 0; c < K; c++) for (let k = 0; k < K; k++) cells.push([value[c], value[k], tally[c * K + k]]);
  co.addTally(units, cells);
  return finish(co, 'nominal_per_character', 'nominal', items, annotators);
}
