/**
 * Potato's batch assignment: annotators in cohorts (groups), each cohort receiving only its own items. A user is
 * in a group by name (`annotators`), or, under `auto_assign_annotators`, in the least-filled group with room at
 * their first hand-out. That choice is not stored apart: it is read back from the user's stored list (the group
 * holding most of its items, the first listed on a tie), as Potato rebuilds it after a restart, so a user whose
 * group had nothing left to hand out takes no place in it.
 */
import type { Instance } from '../task.js';

export interface CohortGroup {
  /** the group's name (Potato's `group_<index>` when the config gives none) */
  name: string;
  /** the annotators the config puts in it */
  annotators: readonly string[];
  /** the items it may receive, in the group's order */
  items: readonly string[];
  /** how many annotators auto-assignment puts in it (null: as many as an item may have) */
  maxAnnotators: number | null;
  /** the group's `schemes` as the config gives it (undefined: none), for per-cohort schemes to resolve */
  schemes: unknown;
}

export interface CohortSettings {
  groups: readonly CohortGroup[];
  autoAssign: boolean;
  /** an item field listing the annotators allowed to receive it */
  annotatorKey: string | null;
}

export const NO_COHORTS: CohortSettings = { groups: [], autoAssign: false, annotatorKey: null };

/** What the cohorts read of the hand-outs made so far. */
export interface CohortSources {
  /** the user's stored list, or none */
  listOf(username: string): readonly string[] | undefined;
  /** everyone with a stored list */
  usernames(): Iterable<string>;
  /** annotators an item may have (Infinity: no limit), the default size of an auto-assigned group */
  perItem(): number;
  /** the task's items, read for `annotator_key` from its first use, and again as items are imported */
  instances(): readonly Instance[];
}

/**
 * The group holding most of `ids` (the first listed on a tie), or none when no id is in a group. `groupOf` gives
 * each item's group index.
 */
export function majorityGroup(ids: readonly string[], groupOf: ReadonlyMap<string, number>): number | undefined {
  const tally = new Map<number, number>();
  for (const id of ids) {
    const g = groupOf.get(id);
    if (g !== undefined) tally.set(g, (tally.get(g) ?? 0) + 1);
  }
  let best: number | undefined;
  for (const [g, n] of tally) {
    const top = best === undefined ? 0 : tally.get(best)!;
    if (n > top || (n === top && g < best!)) best = g;
  }
  return best;
}

/** The index of the group with the fewest members among those with room (the first listed on a tie), or none. */
export function leastFilled(members: readonly number[], room: readonly number[]): number | undefined {
  let best: number | undefined;
  members.forEach((n, g) => {
    if (n < room[g] && (best === undefined || n < members[best])) best = g;
  });
  return best;
}

/** The annotators an item's `annotator_key` field names: a list, or one name. */
function namedIn(value: unknown): string[] {
  if (typeof value === 'string') return value ? [value] : [];
  if (Array.isArray(value)) return value.filter((v) => typeof v === 'string' || typeof v === 'number').map(String);
  return [];
}

export class Cohorts {
  /** explicitly listed annotator → group index */
  private readonly named = new Map<string, number>();
  /** item → the group index holding it first */
  private readonly itemGroup = new Map<string, number>();
  /** username → the group read from their stored list, kept with that list (stored lists are replaced, not changed) */
  private readonly fromList = new Map<string, { list: readonly string[]; group: number | undefined }>();
  /** username → items their `annotator_key` names them on, in task order; built at first use, then kept up */
  private keyed: Map<string, string[]> | undefined;
  /** how many of the task's items `keyed` has read, and the last of them */
  private keyedUpTo = 0;
  private keyedLast: Instance | undefined;

  constructor(
    readonly settings: CohortSettings,
    private readonly sources: CohortSources,
  ) {
    settings.groups.forEach((g, i) => {
      for (const name of g.annotators) if (!this.named.has(name)) this.named.set(name, i);
      for (const id of g.items) if (!this.itemGroup.has(id)) this.itemGroup.set(id, i);
    });
  }

  /** The name of the user's group: the one naming them, else (auto-assigned) the one their list was handed from. */
  cohortOf(username: string): string | undefined {
    const g = this.groupIndexOf(username);
    return g === undefined ? undefined : this.settings.groups[g].name;
  }

  /**
   * The name of the group the user will be read back in once `list` is their stored list (a list taken in from
   * elsewhere, before it is written): the one naming them, else, auto-assigned, the list's majority group.
   */
  cohortWithList(username: string, list: readonly string[]): string | undefined {
    const named = this.named.get(username);
    const g = named !== undefined || !this.settings.autoAssign ? named : majorityGroup(list, this.itemGroup);
    return g === undefined ? undefined : this.settings.groups[g].name;
  }

  /** The group the config or an earlier hand-out put the user in, as an index into `settings.groups`. */
  private groupIndexOf(username: string): number | undefined {
    const named = this.named.get(username);
    if (named !== undefined || !this.settings.autoAssign) return named;
    const list = this.sources.listOf(username);
    if (!list) return undefined;
    const known = this.fromList.get(username);
    if (known && known.list === list) return known.group;
    const group = majorityGroup(list, this.itemGroup);
    this.fromList.set(username, { list, group });
    return group;
  }

  /**
   * The items the user may receive, in order: their group's (choosing the least-filled group with room for a user
   * auto-assignment has not placed yet), then those whose `annotator_key` names them. None outside every cohort.
   */
  itemsFor(username: string): string[] {
    const g = this.groupIndexOf(username) ?? (this.settings.autoAssign ? this.choose() : undefined);
    const own = g === undefined ? [] : this.settings.groups[g].items;
    const keyed = this.keyedItems(username);
    if (!keyed.length) return own.slice();
    const seen = new Set(own);
    return [...own, ...keyed.filter((id) => !seen.has(id))];
  }

  /** Why the user was handed nothing, in words for them; called when their list is empty. */
  whyNone(username: string): string {
    const g = this.groupIndexOf(username);
    if (g !== undefined)
      return `every item of your annotator group "${this.settings.groups[g].name}" already has the annotators it needs: there is nothing more for you to annotate`;
    if (this.settings.autoAssign && this.settings.groups.length)
      return 'every annotator group of this project is full: there is nothing for you to annotate';
    return "you are in none of this project's annotator groups, so there is nothing for you to annotate; ask the project's organisers to add you to one";
  }

  /** Members per group: those the config names, and those auto-assigned by their lists. */
  members(): number[] {
    const counts = this.settings.groups.map((g) => g.annotators.length);
    if (!this.settings.autoAssign) return counts;
    for (const username of this.sources.usernames()) {
      if (this.named.has(username)) continue;
      const g = this.groupIndexOf(username);
      if (g !== undefined) counts[g]++;
    }
    return counts;
  }

  /**
   * Auto-assigned users whose stored lists hold items of several groups (the groups' items changed since their
   * hand-out, or `annotator_key` gave them another group's items), one sentence each for the start-up log: they are
   * read back as in the group holding most.
   */
  spanningGroups(): string[] {
    if (!this.settings.autoAssign) return [];
    const lines: string[] = [];
    for (const username of this.sources.usernames()) {
      if (this.named.has(username)) continue;
      const tally = new Map<number, number>();
      for (const id of this.sources.listOf(username) ?? []) {
        const g = this.itemGroup.get(id);
        if (g !== undefined) tally.set(g, (tally.get(g) ?? 0) + 1);
      }
      const g = this.groupIndexOf(username);
      if (tally.size < 2 || g === undefined) continue;
      const counts = [...tally].sort((a, b) => a[0] - b[0]).map(([i, n]) => `${this.settings.groups[i].name}: ${n}`);
      lines.push(
        `batch_assignment: "${username}" holds items of several groups (${counts.join(', ')}); they are read back as in "${this.settings.groups[g].name}", the group holding most (the first listed on a tie), and are handed only its items from now on`,
      );
    }
    return lines;
  }

  /** The group a newly arriving user goes to: the least-filled one with room, or none when all are full. */
  private choose(): number | undefined {
    const perItem = this.sources.perItem();
    const room = this.settings.groups.map((g) => g.maxAnnotators ?? perItem);
    return leastFilled(this.members(), room);
  }

  /** The items whose `annotator_key` field names the user, in task order, items imported since included. */
  keyedItems(username: string): readonly string[] {
    const key = this.settings.annotatorKey;
    if (key === null) return [];
    const instances = this.sources.instances();
    // items are appended as they are imported (read from there on, as Potato reads each item's field at each
    // hand-out); a failed import takes its items away again, and the next may bring as many or more before the
    // index is read: it is built anew unless the last item it read is still in its place
    if (!this.keyed || (this.keyedUpTo > 0 && instances[this.keyedUpTo - 1] !== this.keyedLast)) {
      this.keyed = new Map();
      this.keyedUpTo = 0;
    }
    for (; this.keyedUpTo < instances.length; this.keyedUpTo++) {
      const instance = (this.keyedLast = instances[this.keyedUpTo]);
      for (const name of namedIn(instance.data[key])) {
        const ids = this.keyed.get(name);
        if (ids) ids.push(instance.id);
        else this.keyed.set(name, [instance.id]);
      }
    }
    return this.keyed.get(username) ?? [];
  }
}
