/**
 * Potato's `pocket` section: the mobile card stack (`enabled`), phones sent to it from the annotation page
 * (`auto_redirect`, on by default) and how many items it asks for at once (`batch_size`, 1–200), which is also
 * how many cards can be answered without a connection. Potato's installable, cached app shell is not built;
 * start-up says so when the card stack is on.
 */
import { z } from 'zod';
import { looseBoolean, looseUnsignedNumber } from '../loose-values.js';
import { POCKET_OFF, type PocketSettings } from '../../domain/pocket/settings.js';

export const pocketSchema = z.lazy(() =>
  z.union([
    looseBoolean,
    // loose, so a misspelt key is named in a warning below rather than dropped by the parse
    z.looseObject({
      enabled: looseBoolean.optional(),
      auto_redirect: looseBoolean.optional(),
      batch_size: looseUnsignedNumber.pipe(z.number().int().min(1).max(200)).optional(),
    }),
  ]),
);

const KNOWN = new Set(['enabled', 'auto_redirect', 'batch_size']);

export function readPocket(raw: z.infer<typeof pocketSchema> | undefined, warn: (m: string) => void): PocketSettings {
  if (raw === undefined || raw === false) return POCKET_OFF;
  const block = raw === true ? { enabled: true } : raw;
  for (const key of Object.keys(block))
    if (!KNOWN.has(key)) warn(`unknown key "pocket.${key}" is ignored (known: ${[...KNOWN].join(', ')})`);
  const settings: PocketSettings = {
    enabled: block.enabled ?? false,
    autoRedirect: block.auto_redirect ?? POCKET_OFF.autoRedirect,
    batchSize: block.batch_size ?? POCKET_OFF.batchSize,
  };
  if (!settings.enabled && Object.keys(block).some((k) => k !== 'enabled'))
    warn(
      'pocket: its keys are not acted on while enabled is not true (there is no mobile interface; phones get the desktop page)',
    );
  else if (settings.enabled)
    warn(
      `pocket: the card stack installs no app and its page is not cached: it needs the connection to open; then its batch of ${settings.batchSize} items can be answered offline, the answers sent when the connection is back (see docs/pocket.md)`,
    );
  return settings;
}
