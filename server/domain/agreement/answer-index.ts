/**
 * The answers agreement is computed from, kept in typed columns and updated as annotations change, so a report
 * after a change never reads the stored records again: at 1M annotations that read took ~1 s (decoding every
 * record, hashing its ids, the garbage it left), where the columns cost about 30 bytes a record to keep.
 *
 * A row is one annotated record of a task instance: its instance's position in the task, its annotator's number,
 * each scheme's answer as a number (column-plans.ts; codes in a byte each while they fit) and its spans, four
 * int32 each in one pool.
 * Quality-control answers and records of instances no longer in the task have no row.
 */
import { isAnnotated, type AnnotationRecord, type SpanRecord } from '../annotation/records.js';
import type { Task } from '../task.js';
import { grown } from '../typed-arrays.js';
import { AnnotatorRows } from './annotator-rows.js';
import { planOf, type ColumnPlan } from './column-plans.js';

/** Codes are kept + 1 (0: no answer) in the narrowest array that holds them; open numbers as they are (NaN: none). */
type Stored = Uint8Array | Uint16Array | Uint32Array | Float64Array;
/** A scheme's answers as the agreement loops read them: the code or number, NaN for none. */
export type Column = Float32Array | Float64Array;

/**
 * The live rows in instance order (`rows`), and the instances with two or more of them: the g-th such instance
 * is task.instances[instance[g]], its rows rows[bounds[2g]] up to (not including) rows[bounds[2g + 1]].
 */
export interface Groups {
  rows: Int32Array;
  bounds: Int32Array;
  instance: Int32Array;
}

/**
 * Span fields in the pool: the scheme's position in the task (-1: none of its span schemes), label (1-based; 0: not one
 * of the scheme's), start, end, and the item field the offsets index (0: the text; n: the task's n-th other span
 * target field, as `spanTargetFields` lists them; -1: a field that is no span target now).
 */
export const SPAN_FIELDS = 5;

/** The fields spans may mark, in the pool's numbering: the text (undefined) first, then the other span targets. */
export const spanTargetFields = (task: Task): (string | undefined)[] => [undefined, ...(task.spanFields?.keys() ?? [])];

const MAX_OF = new Map<unknown, number>([
  [Uint8Array, 0xff],
  [Uint16Array, 0xffff],
  [Uint32Array, 0xffffffff],
]);

export class AnswerIndex {
  readonly plans: ColumnPlan[];
  /** per row: the instance's position, -1 for a free row */
  position: Int32Array;
  annotator: Int32Array;
  /** per scheme (null for schemes without one): the answer of each row */
  private columns: (Stored | null)[];
  /** per scheme: for a rating grid, one column of numbers per grid row (NaN: none) */
  private gridColumns: Float64Array[][];
  spanFrom: Int32Array;
  spanCount: Int32Array;
  spanPool: Int32Array;
  /** annotator numbers → names */
  readonly names: string[] = [];
  private readonly numberOf = new Map<string, number>();
  /** which row holds each annotator's answer to each instance */
  private readonly rowOf: AnnotatorRows;
  private readonly free: number[] = [];
  private readout = new Float32Array(0);
  private rowsUsed = 0;
  private poolUsed = 0;
  private poolLive = 0;
  private readonly schemeAt: Map<string, number>;
  private readonly labelAt: Map<string, number>[];
  private readonly fieldAt: Map<string, number>;

  constructor(
    private readonly task: Task,
    capacity = 1024,
  ) {
    this.plans = task.schemes.map(planOf);
    this.rowOf = new AnnotatorRows(task);
    this.position = new Int32Array(capacity).fill(-1);
    this.annotator = new Int32Array(capacity);
    // codes start in a byte each, a quarter of a float's room in the largest index; open numbers keep 8 bytes
    this.columns = this.plans.map((p) =>
      p.reader ? (p.coded ? new Uint8Array(capacity) : new Float64Array(capacity)) : null,
    );
    this.gridColumns = this.plans.map((p) => p.rows.map(() => new Float64Array(capacity).fill(NaN)));
    this.spanFrom = new Int32Array(capacity);
    this.spanCount = new Int32Array(capacity);
    this.spanPool = new Int32Array(SPAN_FIELDS * Math.max(16, capacity >> 2));
    this.schemeAt = new Map(
      task.schemes.flatMap((s, i) => (s.annotation_type === 'span' ? [[s.name, i] as const] : [])),
    );
    this.labelAt = task.schemes.map((s) => new Map(s.labels.map((l, i) => [l.name, i + 1])));
    this.fieldAt = new Map(spanTargetFields(task).flatMap((f, i) => (f === undefined ? [] : [[f, i] as const])));
  }

  static of(task: Task, records: Iterable<AnnotationRecord>, expected = 0): AnswerIndex {
    // room for a few more rows than stored, no more: the index grows when it must, and removed answers' rows are reused
    const index = new AnswerIndex(task, Math.ceil(expected * 1.02) + 1024);
    for (const record of records) index.put(record);
    return index;
  }

  /** Takes a record as it now stands: a new row, a changed one, or (for a record with no answer left) none. */
  put(record: AnnotationRecord): void {
    const position = this.task.positionById.get(record.instance_id);
    if (position === undefined) return;
    const who = this.numberFor(record.username);
    let row = this.rowOf.get(who, position);
    if (!isAnnotated(record)) {
      if (row < 0) return;
      this.release(row);
      this.rowOf.set(who, position, -1);
      return;
    }
    if (row < 0) this.rowOf.set(who, position, (row = this.allocate()));
    this.position[row] = position;
    this.annotator[row] = who;
    for (let c = 0; c < this.plans.length; c++) {
      const column = this.columns[c];
      if (!column) continue;
      const value = this.plans[c].reader!(record.labels);
      if (!this.plans[c].coded) column[row] = value;
      else if (value !== value) column[row] = 0;
      else {
        let codes = column;
        while (value + 1 > MAX_OF.get(codes.constructor)!) codes = this.widen(c);
        codes[row] = value + 1;
      }
    }
    for (let c = 0; c < this.plans.length; c++) {
      const grid = this.gridColumns[c];
      for (let r = 0; r < grid.length; r++) grid[r][row] = this.plans[c].rows[r](record.labels);
    }
    this.setSpans(row, record.spans);
  }

  /** A rating grid's answers to its row `r` (scheme `c`), one per index row, NaN for none. */
  gridAnswers(c: number, r: number): Column {
    return this.gridColumns[c][r];
  }

  /**
   * Scheme `c`'s answers, one per row: codes and open numbers as column-plans.ts reads them, NaN for none. Codes
   * are read out into one array the index keeps, valid until the next call: a fresh array per scheme and report
   * would be garbage as large as the index's column on every report, raising the server's peak memory by as much.
   */
  answers(c: number): Column {
    const stored = this.columns[c]!;
    if (stored instanceof Float64Array) return stored;
    if (this.readout.length < this.rowsUsed) this.readout = new Float32Array(this.position.length);
    const out = this.readout.subarray(0, this.rowsUsed);
    for (let r = 0; r < out.length; r++) out[r] = stored[r] === 0 ? NaN : stored[r] - 1;
    return out;
  }

  /** Moves scheme `c`'s codes to the next wider array, for a code that does not fit. */
  private widen(c: number): Stored {
    const stored = this.columns[c]!;
    const wider = stored instanceof Uint8Array ? new Uint16Array(stored.length) : new Uint32Array(stored.length);
    wider.set(stored);
    return (this.columns[c] = wider);
  }

  /** Counting sort of the live rows by instance: linear, and no garbage beyond the result. */
  groups(): Groups {
    const N = this.task.instances.length;
    const start = new Int32Array(N + 1);
    let live = 0;
    for (let r = 0; r < this.rowsUsed; r++)
      if (this.position[r] >= 0) {
        start[this.position[r] + 1]++;
        live++;
      }
    for (let i = 0; i < N; i++) start[i + 1] += start[i];
    const next = start.slice(0, N);
    const rows = new Int32Array(live);
    for (let r = 0; r < this.rowsUsed; r++) if (this.position[r] >= 0) rows[next[this.position[r]]++] = r;
    let groups = 0;
    for (let i = 0; i < N; i++) if (start[i + 1] - start[i] >= 2) groups++;
    const bounds = new Int32Array(2 * groups);
    const instance = new Int32Array(groups);
    for (let i = 0, g = 0; i < N; i++) {
      if (start[i + 1] - start[i] < 2) continue;
      bounds[2 * g] = start[i];
      bounds[2 * g + 1] = start[i + 1];
      instance[g++] = i;
    }
    return { rows, bounds, instance };
  }

  private numberFor(username: string): number {
    let n = this.numberOf.get(username);
    if (n === undefined) {
      this.numberOf.set(username, (n = this.names.length));
      this.names.push(username);
      this.rowOf.add();
    }
    return n;
  }

  private allocate(): number {
    const reused = this.free.pop();
    if (reused !== undefined) return reused;
    if (this.rowsUsed === this.position.length) {
      const size = Math.ceil(this.position.length * 1.5);
      this.position = grown(this.position, size, -1);
      this.annotator = grown(this.annotator, size);
      this.columns = this.columns.map((c) => c && grown(c, size));
      this.gridColumns = this.gridColumns.map((grid) => grid.map((g) => grown(g, size)));
      this.spanFrom = grown(this.spanFrom, size);
      this.spanCount = grown(this.spanCount, size);
    }
    return this.rowsUsed++;
  }

  private release(row: number): void {
    this.position[row] = -1;
    this.poolLive -= this.spanCount[row];
    this.spanCount[row] = 0;
    this.free.push(row);
  }

  /**
   * A row's spans go at the end of the pool; the pool is rewritten once more than half of it is spans replaced since.
   */
  private setSpans(row: number, spans: readonly SpanRecord[]): void {
    this.poolLive -= this.spanCount[row];
    this.spanCount[row] = 0; // so that making room does not move the spans being replaced
    if (!spans.length) return;
    if ((this.poolUsed + spans.length) * SPAN_FIELDS > this.spanPool.length) this.makeRoom(spans.length);
    this.spanFrom[row] = this.poolUsed;
    for (const span of spans) {
      const at = SPAN_FIELDS * this.poolUsed++;
      const scheme = this.schemeAt.get(span.schema) ?? -1;
      this.spanPool[at] = scheme;
      this.spanPool[at + 1] = scheme < 0 ? 0 : (this.labelAt[scheme].get(span.label) ?? 0);
      this.spanPool[at + 2] = span.start;
      this.spanPool[at + 3] = span.end;
      this.spanPool[at + 4] = span.target_field === undefined ? 0 : (this.fieldAt.get(span.target_field) ?? -1);
    }
    this.spanCount[row] = spans.length;
    this.poolLive += spans.length;
  }

  private makeRoom(more: number): void {
    const needed = (this.poolLive + more) * SPAN_FIELDS;
    const pool = new Int32Array(Math.max(this.spanPool.length, 2 * needed));
    let used = 0;
    for (let r = 0; r < this.rowsUsed; r++) {
      if (this.position[r] < 0 || !this.spanCount[r]) continue;
      const from = SPAN_FIELDS * this.spanFrom[r];
      pool.set(this.spanPool.subarray(from, from + SPAN_FIELDS * this.spanCount[r]), SPAN_FIELDS * used);
      this.spanFrom[r] = used;
      used += this.spanCount[r];
    }
    this.spanPool = pool;
    this.poolUsed = used;
  }
}
