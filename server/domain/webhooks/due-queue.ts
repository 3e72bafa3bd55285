/** Deliveries waiting for their time: a binary min-heap on the due time (epoch ms). */
export class DueQueue {
  private readonly heap: { due: number; id: string }[] = [];

  get size(): number {
    return this.heap.length;
  }

  /** due time of the earliest item (the queue must not be empty) */
  peekDue(): number {
    return this.heap[0].due;
  }

  push(item: { due: number; id: string }): void {
    const h = this.heap;
    h.push(item);
    for (let i = h.length - 1; i > 0;) {
      const p = (i - 1) >> 1;
      if (h[p].due <= h[i].due) break;
      [h[p], h[i]] = [h[i], h[p]];
      i = p;
    }
  }

  pop(): { due: number; id: string } {
    const h = this.heap;
    const top = h[0];
    const last = h.pop()!;
    if (h.length) {
      h[0] = last;
      for (let i = 0; ;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < h.length && h[l].due < h[m].due) m = l;
        if (r < h.length && h[r].due < h[m].due) m = r;
        if (m === i) break;
        [h[m], h[i]] = [h[i], h[m]];
        i = m;
      }
    }
    return top;
  }
}
