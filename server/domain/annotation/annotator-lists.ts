import { grown } from '../typed-arrays.js';

/**
 * Who has annotated each task instance, by task position: a linked list per position in typed arrays (the first
 * link of each position, each link's next and its annotator's number), names in the order they were added. An
 * array of names per instance would be many small objects for the collector to trace; these arrays are none.
 */
export class AnnotatorLists {
  /** position → its first link + 1 (0: nobody) */
  private first: Int32Array;
  /** link → the next link of its position + 1 (0: the last), or the next free link + 1 */
  private next: Int32Array;
  /** link → annotator number */
  private who: Int32Array;
  private links = 0;
  private freeLink = 0;
  private readonly names: string[] = [];
  private readonly numbers = new Map<string, number>();

  /**
   * Sized for `positions` and `links` from the start when the caller knows them (a start indexing every stored
   * answer): growing a million links half again at a time cost a start more than the links themselves.
   */
  constructor(positions = 1024, links = 1024) {
    this.first = new Int32Array(Math.max(1, positions));
    this.next = new Int32Array(Math.max(1, links));
    this.who = new Int32Array(Math.max(1, links));
  }

  /** Adds `username` at the end of the position's list, if it is not there; returns the list's new length. */
  add(position: number, username: string): number {
    const who = this.numberOf(username);
    if (position >= this.first.length) this.first = grown(this.first, Math.max(position + 1, this.first.length * 2));
    let length = 1;
    let last = -1;
    for (let l = this.first[position] - 1; l >= 0; l = this.next[l] - 1, length++) {
      if (this.who[l] === who) return this.size(position);
      last = l;
    }
    const link = this.allocate();
    this.who[link] = who;
    this.next[link] = 0;
    if (last < 0) this.first[position] = link + 1;
    else this.next[last] = link + 1;
    return length;
  }

  /** Takes `username` off the position's list; returns the list's new length. */
  remove(position: number, username: string): number {
    const who = this.numbers.get(username);
    if (who === undefined || position >= this.first.length) return this.size(position);
    let before = -1;
    for (let l = this.first[position] - 1; l >= 0; before = l, l = this.next[l] - 1) {
      if (this.who[l] !== who) continue;
      if (before < 0) this.first[position] = this.next[l];
      else this.next[before] = this.next[l];
      this.next[l] = this.freeLink;
      this.freeLink = l + 1;
      break;
    }
    return this.size(position);
  }

  size(position: number): number {
    return position < this.first.length ? this.lengthFrom(this.first[position] - 1) : 0;
  }

  namesAt(position: number): string[] {
    const out: string[] = [];
    if (position < this.first.length)
      for (let l = this.first[position] - 1; l >= 0; l = this.next[l] - 1) out.push(this.names[this.who[l]]);
    return out;
  }

  private lengthFrom(link: number): number {
    let n = 0;
    for (let l = link; l >= 0; l = this.next[l] - 1) n++;
    return n;
  }

  private numberOf(username: string): number {
    let n = this.numbers.get(username);
    if (n === undefined) {
      this.numbers.set(username, (n = this.names.length));
      this.names.push(username);
    }
    return n;
  }

  private allocate(): number {
    if (this.freeLink > 0) {
      const link = this.freeLink - 1;
      this.freeLink = this.next[link];
      return link;
    }
    if (this.links === this.who.length) {
      const size = Math.ceil(this.links * 1.5);
      this.next = grown(this.next, size);
      this.who = grown(this.who, size);
    }
    return this.links++;
  }
}
