/**
 * The page's scheme-type registry against the server's: both are records over the shared list of types, so the
 * compiler holds each to it; this checks what the compiler cannot, that every type finds its module at run time.
 */
import { describe, expect, test } from 'vitest';
import { SCHEME_TYPE_NAMES } from '../../server/domain/schemes/registry.js';
import { schemeUi } from '../../renderer/src/features/annotate/schemes/registry.js';

describe("the page's scheme types", () => {
  test('every type the server loads has a module on the page, and no other name finds one', () => {
    expect(SCHEME_TYPE_NAMES.filter((type) => !schemeUi(type))).toEqual([]);
    expect(schemeUi('constructor')).toBeUndefined();
    expect(schemeUi('textbox')).toBeUndefined();
  });
});
