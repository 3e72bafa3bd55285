/** The page's scheme-type registry against the server's: each lists its own modules, so the names must agree. */
import { describe, expect, test } from 'vitest';
import { SCHEME_TYPE_NAMES } from '../../server/domain/schemes/registry.js';
import { schemeUi } from '../../renderer/src/features/annotate/schemes/registry.js';

describe("the page's scheme types", () => {
  test('every type the server loads has a module on the page, under the same name', () => {
    const missing = SCHEME_TYPE_NAMES.filter((type) => schemeUi(type)?.type !== type);
    expect(missing).toEqual([]);
  });
});
