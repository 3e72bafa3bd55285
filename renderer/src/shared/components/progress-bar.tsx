import type { Progress } from '../api/types.js';

/**
 * "Instance n of total" with what is done and left, as a native progressbar for assistive technology. With the
 * server's `progress` the bar measures done against what the annotator is expected to do (their quota, or every
 * instance they can get), so it holds still when their list grows; without it, against the list.
 */
export function ProgressBar({
  position,
  total,
  annotated,
  progress,
}: {
  position: number;
  total: number;
  annotated?: number;
  progress?: Progress;
}) {
  const done = progress?.done ?? annotated ?? 0;
  const of = progress?.expected ?? total;
  const byQuota = progress && progress.quota !== null && progress.expected === progress.quota;
  return (
    <div className="progress">
      <div
        className="progress-track"
        role="progressbar"
        aria-label={byQuota ? `Annotated instances of your quota of ${progress.quota}` : 'Annotated instances'}
        aria-valuemin={0}
        aria-valuemax={of}
        aria-valuenow={Math.min(done, of)}
      >
        <div className="progress-fill" style={{ transform: `scaleX(${of ? Math.min(done, of) / of : 0})` }} />
      </div>
      <span className="progress-text" data-testid="progress-text" aria-live="polite">
        Instance {position} of {progress ? Math.max(progress.positions, position) : total}
        {progress
          ? ` · ${done} annotated · ${progress.left} left${byQuota ? ' of your quota' : ''}`
          : annotated !== undefined && ` · ${annotated} annotated`}
      </span>
    </div>
  );
}
