/** The `phases` section of the config. Owned by the phases feature. */
import { z } from 'zod';

export const phasesSchema = z.looseObject({});
