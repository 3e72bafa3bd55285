/**
 * Which tasks the card stack serves. A scheme belongs on a phone when it is answered by tapping a few large
 * buttons or typing a short value; a task is touch-capable only when every scheme is, because a phone shown a
 * task it cannot answer whole would leave questions unanswered (Potato's rule: spans, media and grids stay on
 * the desktop page, which then warns phone users instead of degrading).
 */
const TOUCH_TYPES: ReadonlySet<string> = new Set([
  'radio',
  'multiselect',
  'likert',
  'slider',
  'number',
  'text',
  'textbox',
  'pure_display',
]);

const isTouchType = (annotationType: string): boolean => TOUCH_TYPES.has(annotationType);

export interface TouchVerdict {
  capable: boolean;
  /** names of the schemes that keep the task off phones, in config order */
  incompatible_schemes: string[];
}

export function touchVerdict(schemes: readonly { name: string; annotation_type: string }[]): TouchVerdict {
  const incompatible = schemes.filter((s) => !isTouchType(s.annotation_type)).map((s) => s.name);
  return { capable: incompatible.length === 0, incompatible_schemes: incompatible };
}
