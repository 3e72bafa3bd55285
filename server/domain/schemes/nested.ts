/**
 * How a type that asks another type's question (tree_annotation's node_scheme) finds that type's module. The
 * registry sets the lookup when it loads, so type modules need not import the registry that imports them.
 */
import type { SchemeTypeModule } from './module.js';

let lookup: (type: string) => SchemeTypeModule | undefined = () => undefined;

export const nestedType = (type: string): SchemeTypeModule | undefined => lookup(type);

export function setNestedLookup(find: (type: string) => SchemeTypeModule | undefined): void {
  lookup = find;
}
