/**
 * Potato's `dynamic_options` on a choice scheme: an item offers only the labels its `dynamic_options_field` lists
 * (one label or a list); an item without that field offers them all. The server refuses the others.
 */
import type { Scheme } from '../../../shared/api/types.js';

interface DynamicKeys {
  dynamic_options?: boolean;
  dynamic_options_field?: string;
}

/** Whether the scheme's labels depend on the item (so its field is drawn again for each item). */
export const offersPerItem = (scheme: Scheme): boolean => (scheme as unknown as DynamicKeys).dynamic_options === true;

/** The labels listed for the item, or undefined when every label is offered. */
function listed(scheme: Scheme, data: Record<string, unknown> | undefined): Set<string> | undefined {
  const k = scheme as unknown as DynamicKeys;
  if (!offersPerItem(scheme) || !k.dynamic_options_field) return undefined;
  const value = data?.[k.dynamic_options_field];
  if (value === undefined || value === null) return undefined;
  return new Set((Array.isArray(value) ? value : [value]).map(String));
}

/** The scheme's labels the item offers, in the scheme's order. */
export function offeredLabels(scheme: Scheme, data: Record<string, unknown> | undefined): Scheme['labels'] {
  const only = listed(scheme, data);
  return only ? scheme.labels.filter((l) => only.has(l.name)) : scheme.labels;
}

/** Whether the item offers `label` (a key bound to a label it does not offer does nothing). */
export const offers = (scheme: Scheme, label: string, data: Record<string, unknown> | undefined): boolean =>
  listed(scheme, data)?.has(label) ?? true;
