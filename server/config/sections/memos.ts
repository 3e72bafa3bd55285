/**
 * Memos' settings, in Potato's spelling: `annotation_ui: {memos, visibility}` turns memos on and gives a new memo's
 * visibility; `qda_mode` turns them on too (unless `annotation_ui.memos` says otherwise), and
 * `qda_mode.memos.show_sidebar_by_default` opens the memo panel at first. Its codebook is read in codebook.ts.
 */
import { z } from 'zod';
import { looseBoolean } from '../loose-values.js';
import { qdaCodebookSchema } from './codebook.js';
import { MEMO_VISIBILITIES, type MemoSettings } from '../../domain/annotation/memos.js';

export const annotationUiSchema = z.lazy(() =>
  z.object({
    memos: looseBoolean.optional(),
    visibility: z.enum(MEMO_VISIBILITIES).optional(),
  }),
);

export const qdaModeSchema = z.lazy(() =>
  z.object({
    enabled: looseBoolean.optional(),
    memos: z.object({ enabled: looseBoolean.optional(), show_sidebar_by_default: looseBoolean.optional() }).optional(),
    codebook: qdaCodebookSchema.optional(),
  }),
);

export function readMemoSettings(
  ui: z.infer<typeof annotationUiSchema> | undefined,
  qda: z.infer<typeof qdaModeSchema> | undefined,
  warn: (m: string) => void,
): MemoSettings {
  const qdaOn = qda?.enabled === true;
  if (qdaOn)
    warn(
      'qda_mode.enabled: of the QDA workspace, memos, the codebook and cases (/api/codebook, /api/cases, /qda/*) are acted on; in-vivo coding is not built',
    );
  const qdaMemos = qdaOn && qda?.memos?.enabled !== false;
  const enabled = ui?.memos ?? qdaMemos;
  if (!enabled && ui?.visibility !== undefined)
    warn('annotation_ui.visibility is not acted on: memos are off (annotation_ui.memos: true turns them on)');
  return {
    enabled,
    defaultVisibility: ui?.visibility ?? 'private',
    openByDefault: enabled && qdaMemos && qda?.memos?.show_sidebar_by_default === true,
  };
}
