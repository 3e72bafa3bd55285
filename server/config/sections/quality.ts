/** Quality-control sections of the config. Owned by the quality-control feature. */
import { z } from 'zod';

export const attentionChecksSchema = z.looseObject({});
export const goldStandardsSchema = z.looseObject({});
