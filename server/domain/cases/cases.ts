/**
 * Potato's cases: the units of analysis (a participant, a respondent) that items belong to, named by one field of
 * each item's data, with attributes lifted from the items (the first value met, in task order). Derived from the
 * data on first use and kept for the process's life: nothing is stored, so a restart gives the same cases.
 */
import { notFound, unavailable } from '../errors.js';
import type { Task } from '../task.js';

export interface CaseSettings {
  enabled: boolean;
  /** the item field naming the case; null: the first of KEYS_TRIED present in the data */
  key: string | null;
  attributes: string[];
}

const KEYS_TRIED = ['case_id', 'participant_id', 'respondent_id'];

interface Case {
  name: string;
  attributes: Record<string, unknown>;
  instance_ids: string[];
}

const OFF = 'cases are not enabled in this project: cases.enabled: true (or qda_mode.enabled: true) turns them on';

export class Cases {
  private built: { key: string | null; byName: Map<string, Case>; byInstance: Map<string, Case> } | null = null;

  constructor(
    private readonly task: Task,
    readonly settings: CaseSettings,
  ) {}

  /** the field the cases are named by, as read */
  key(): string | null {
    return this.build().key;
  }

  list(): Case[] {
    return [...this.build().byName.values()];
  }

  forInstance(instanceId: string): Case | null {
    const built = this.build();
    if (!this.task.instanceById.has(instanceId)) throw notFound(`no instance with id "${instanceId}"`);
    return built.byInstance.get(instanceId) ?? null;
  }

  private build() {
    if (!this.settings.enabled) throw unavailable(OFF);
    if (this.built) return this.built;
    const instances = this.task.instances;
    const key = this.settings.key ?? KEYS_TRIED.find((k) => instances.some((i) => present(i.data[k])));
    const byName = new Map<string, Case>();
    const byInstance = new Map<string, Case>();
    for (const instance of key ? instances : []) {
      const value = instance.data[key!];
      if (!present(value)) continue;
      const name = String(value);
      let c = byName.get(name);
      if (!c) byName.set(name, (c = { name, attributes: {}, instance_ids: [] }));
      c.instance_ids.push(instance.id);
      for (const attr of this.settings.attributes)
        if (!(attr in c.attributes) && present(instance.data[attr])) c.attributes[attr] = instance.data[attr];
      byInstance.set(instance.id, c);
    }
    this.built = { key: key ?? null, byName, byInstance };
    return this.built;
  }
}

const present = (v: unknown) => v !== undefined && v !== null && v !== '';
