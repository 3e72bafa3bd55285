/** The dashboard's reads: an admin endpoint's JSON, fetched again every 15 s while shown and on regaining focus. */
import { api } from '../../shared/api/client.js';
import { useResource } from '../../shared/api/use-resource.js';

const REFRESH_MS = 15_000;

export const useAdminResource = <T>(path: string, keepOnChange = false) =>
  useResource<T>(['admin', path], () => api.adminGet<T>(path), { refreshMs: REFRESH_MS, keepOnChange });
