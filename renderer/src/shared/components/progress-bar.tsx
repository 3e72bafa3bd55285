/** "Instance n of total" with the annotated count, as a native progressbar for assistive technology. */
export function ProgressBar({ position, total, annotated }: { position: number; total: number; annotated?: number }) {
  const done = annotated ?? 0;
  return (
    <div className="progress">
      <div
        className="progress-track"
        role="progressbar"
        aria-label="Annotated instances"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
      >
        <div className="progress-fill" style={{ width: total ? `${(100 * done) / total}%` : '0%' }} />
      </div>
      <span className="progress-text" data-testid="progress-text" aria-live="polite">
        Instance {position} of {total}
        {annotated !== undefined && ` · ${annotated} annotated`}
      </span>
    </div>
  );
}
