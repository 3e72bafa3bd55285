/** A dashboard section: a heading, and its resource's loading or error state until the data is there. */
import type { ReactNode } from 'react';
import type { Resource } from '../../shared/api/use-resource.js';
import { ErrorNote, Loading } from '../../shared/components/status.js';
import { useUiText } from '../../shared/ui-text.js';

export function Section<T>({
  title,
  id,
  resource,
  children,
}: {
  title: string;
  id: string;
  resource: Resource<T>;
  children: (data: T) => ReactNode;
}) {
  const words = useUiText();
  return (
    <section className="card-section" aria-labelledby={`${id}-title`} data-testid={`section-${id}`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {resource.data !== null ? (
        children(resource.data)
      ) : resource.error ? null : (
        <Loading what={title.toLowerCase()} label={words.admin_loading} />
      )}
      <ErrorNote onRetry={() => void resource.reload()} retry={words.admin_retry}>
        {resource.error}
      </ErrorNote>
    </section>
  );
}

export const percent = (x: number | null | undefined) =>
  x === null || x === undefined ? '—' : `${Math.round(x * 1000) / 10}%`;
export const when = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString() : '—');
