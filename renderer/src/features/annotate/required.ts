/** Which required schemes (label_requirement / required) the form leaves unanswered; the server holds the same rule. */
import type { DisplayBlock, Scheme } from '../../shared/api/types.js';
import { TURN_DATA_LABEL, unansweredTurns, type TurnDocument } from '../../../../shared/schemes/turn-level.js';
import type { Answers } from './answers.js';
import { hiddenSchemes } from './conditional.js';
import { offeredLabels, offersPerItem } from './schemes/offered-labels.js';

/** A turn a required per-turn question still waits on: its question, field, position and id. */
export interface OpenTurn {
  scheme: Scheme;
  field: string;
  index: number;
  id: string;
  /** the field is a trace, whose turns the annotator knows as steps */
  trace: boolean;
}

function answeredTurns(answers: Answers, scheme: Scheme): Record<string, unknown> {
  const text = answers.labels[scheme.name]?.[TURN_DATA_LABEL];
  try {
    return text ? ((JSON.parse(text) as TurnDocument).turns ?? {}) : {};
  } catch {
    return {};
  }
}

/** The first turn, in the order the display shows the fields, a required per-turn question still waits on. */
export function firstOpenTurn(
  missing: readonly Scheme[],
  answers: Answers,
  blocks: readonly DisplayBlock[],
): OpenTurn | undefined {
  for (const scheme of missing) {
    const field = scheme.turn_level?.field;
    const block = blocks.find((b) => b.type === 'dialogue' && b.key === field);
    if (!scheme.turn_level || field === undefined || block?.type !== 'dialogue') continue;
    const [open] = unansweredTurns(scheme.turn_level, field, block.turns, answeredTurns(answers, scheme));
    if (open) return { scheme, field, ...open, trace: !!block.trace };
  }
  return undefined;
}

/**
 * Schemes not asked are never missing: those the answers hide (display_logic), and those whose labels the item
 * (its `data`) offers none of (dynamic_options). A per-turn question is required of every turn it is asked on in
 * the display's `blocks`, as the server requires it.
 */
export function unansweredRequired(
  schemes: readonly Scheme[],
  answers: Answers,
  data: Record<string, unknown> | undefined,
  blocks: readonly DisplayBlock[] = [],
): Scheme[] {
  const hidden = hiddenSchemes(schemes, answers);
  return schemes.filter((s) => {
    if (!s.required || hidden.has(s.name)) return false;
    if (offersPerItem(s) && offeredLabels(s, data).length === 0) return false;
    if (s.annotation_type === 'span') return !answers.spans.some((span) => span.schema === s.name);
    if (s.turn_level) return firstOpenTurn([s], answers, blocks) !== undefined;
    const chosen = answers.labels[s.name] ?? {};
    const given = (label: string) => chosen[label] !== undefined && chosen[label] !== '';
    return s.required === true ? !Object.keys(chosen).some(given) : !s.required.every(given);
  });
}

/** The sentence the annotator reads when moving on is refused. */
export function requiredNotice(missing: readonly Scheme[], canSkip: boolean, open?: OpenTurn): string {
  const name = (s: Scheme) => `“${s.displayed_name ?? s.name}”`;
  const names = missing.map(name).join(', ');
  const where = open
    ? ` ${open.trace ? 'Step' : 'Turn'} ${open.index + 1} still needs ${name(open.scheme)} (shown now).`
    : '';
  return `Answer the required question${missing.length > 1 ? 's' : ''} ${names} before moving on${canSkip ? ', or skip this instance' : ''}.${where}`;
}
