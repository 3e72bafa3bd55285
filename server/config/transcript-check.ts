/**
 * Checks at load what each audio dialogue field's transcript will show, through the same reading the page uses: a
 * sidecar path that leaves the task folder stops the load naming the item and field; a missing sidecar, or a value
 * that is neither a turn list nor a format read here, is warned about with what is shown instead.
 */
import type { DisplaySpec } from '../domain/display/types.js';
import { valueAt } from '../domain/display/values.js';
import { resolveTranscript, type ReadSidecar } from '../domain/transcripts/resolve.js';
import type { Instance } from '../domain/task.js';

/** Items named per warning; a data file with thousands of bad transcripts gets one line, not thousands. */
const NAMED = 5;

export function checkTranscripts(
  display: DisplaySpec | undefined,
  instances: readonly Instance[],
  readSidecar: ReadSidecar,
  warn: (m: string) => void,
  refuse: (m: string) => never,
): void {
  if (display?.kind !== 'fields') return;
  for (const field of display.fields) {
    const options = field.audioDialogue;
    if (!options) continue;
    const problems = { missing: [] as string[], unread: [] as string[] };
    for (const instance of instances) {
      const value = valueAt(instance.data, field.key);
      if (value === undefined || value === null || value === '') continue;
      const read = resolveTranscript(value, options, field.turnKeys ?? {}, readSidecar);
      if ('turns' in read) continue;
      const where = `item "${instance.id}", field "${field.key}"`;
      if (read.kind === 'refused') refuse(`${where}: ${read.problem}`);
      problems[read.kind].push(`${where}: ${read.problem}`);
    }
    for (const [kind, list] of Object.entries(problems)) {
      if (!list.length) continue;
      const more = list.length > NAMED ? `; and ${list.length - NAMED} more items` : '';
      const shown = kind === 'missing' ? 'the path is shown as text' : 'it is shown as text';
      warn(`instance_display ${list.slice(0, NAMED).join('; ')}${more} (${shown}, with no turns to play or annotate)`);
    }
  }
}
