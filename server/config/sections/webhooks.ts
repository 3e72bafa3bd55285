/** The `webhooks` section of the config. Owned by the webhooks feature. */
import { z } from 'zod';

export const webhooksSchema = z.looseObject({});
