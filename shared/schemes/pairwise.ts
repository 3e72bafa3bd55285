/** pairwise's normalized keys, which the server fills at config load and the page reads, and its choices. */

export interface PairwiseDimension {
  name: string;
  description: string;
  allow_tie: boolean;
  tie_label: string;
}

export interface PairwiseKeys {
  mode: 'binary' | 'scale' | 'multi_dimension';
  items_key: string;
  show_labels: boolean;
  item_labels: [string, string];
  /** binary mode has one, named "selection"; scale mode none */
  dimensions: PairwiseDimension[];
  scale: {
    min: number;
    max: number;
    step: number;
    default: number;
    labels: { min: string; max: string; center: string };
  };
  justification?: {
    reason_categories: string[];
    min_rationale_chars: number;
    rationale_placeholder: string;
    required: boolean;
  };
}

/** The choices of one dimension: A and B by their item labels, and the tie where the dimension allows one. */
export const pairwiseChoices = (k: PairwiseKeys, d: PairwiseDimension) => [
  { value: 'A', text: k.item_labels[0] },
  { value: 'B', text: k.item_labels[1] },
  ...(d.allow_tie ? [{ value: 'tie', text: d.tie_label }] : []),
];
