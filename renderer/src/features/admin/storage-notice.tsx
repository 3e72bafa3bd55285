/**
 * Above every panel while the server cannot save (a full disk, its database out of reach): annotators' answers are
 * then refused, and the admin is the one who can act. Read from the health check the dashboard opens with.
 */
import type { Health } from '../../shared/api/types.js';
import { fill, useUiText } from '../../shared/ui-text.js';
import { useAdminResource } from './admin-resource.js';

export function StorageNotice() {
  const words = useUiText();
  const health = useAdminResource<Health>('/admin/health');
  if (health.data?.status !== 'degraded') return null;
  return (
    <p className="storage-notice" role="alert">
      {fill(words.admin_storage_trouble, { reason: health.data.storage })}
    </p>
  );
}
