/**
 * One API resource read through TanStack Query: cached under its key and kept on screen while a newer copy loads,
 * so a refresh never flashes a loading state. With `refreshMs` it is fetched again that often while shown and
 * whenever the window regains focus (the dashboard's live figures). `keepOnChange` also keeps the last copy shown
 * while a new key loads (a table's next page or filter), not for a new subject (another item). `loading` is true while
 * any fetch runs (for aria-busy).
 */
import { keepPreviousData, QueryClient, useQuery } from '@tanstack/react-query';
import { errorText } from './client.js';

export interface Resource<T> {
  data: T | null;
  error: string | null;
  loading: boolean;
  reload: () => Promise<void>;
}

export const queryClient = new QueryClient({
  // a read that fails says so at once, with a Retry button, rather than retrying behind a spinner
  defaultOptions: { queries: { retry: false } },
});

export interface ResourceOptions {
  refreshMs?: number;
  keepOnChange?: boolean;
}

export function useResource<T>(
  key: readonly unknown[],
  load: () => Promise<T>,
  options: ResourceOptions = {},
): Resource<T> {
  const query = useQuery({
    queryKey: key,
    queryFn: load,
    placeholderData: options.keepOnChange ? keepPreviousData : undefined,
    refetchInterval: options.refreshMs ?? false,
    refetchOnWindowFocus: options.refreshMs !== undefined,
  });
  return {
    data: query.data ?? null,
    error: query.error ? errorText(query.error) : null,
    loading: query.isFetching,
    reload: async () => {
      await query.refetch();
    },
  };
}
