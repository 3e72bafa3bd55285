/** The `ai_support` section of the config. Owned by the AI-assistant feature. */
import { z } from 'zod';

export const aiSupportSchema = z.looseObject({});
