/**
 * Answers written as rows, one label position per annotator per item (-1 where that annotator did not answer),
 * turned into the columns the label models read (MACE, GLAD): one entry per given label.
 */
export function labelRows(rows: number[][]) {
  const item: number[] = [];
  const annotator: number[] = [];
  const label: number[] = [];
  rows.forEach((row, i) =>
    row.forEach((l, j) => {
      if (l < 0) return;
      item.push(i);
      annotator.push(j);
      label.push(l);
    }),
  );
  return {
    items: rows.length,
    annotators: Math.max(...rows.map((r) => r.length)),
    item: Int32Array.from(item),
    annotator: Int32Array.from(annotator),
    label: Int32Array.from(label),
  };
}
