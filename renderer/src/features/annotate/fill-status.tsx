/** The accept button of a hint, and after a fill what it did: filled, or which answers it left for a second press. */
import type { Filled } from './fill.js';

export function FillStatus({
  filled,
  k,
  label,
  onAccept,
}: {
  filled: Filled | null;
  k: string;
  label: string;
  onAccept: () => void;
}) {
  if (!filled)
    return (
      <button type="button" onClick={onAccept} aria-keyshortcuts={k}>
        {label} <kbd>{k}</kbd>
      </button>
    );
  if (!filled.kept.length) return <p role="status">Applied to the form. Review it, then submit.</p>;
  return (
    <div role="status">
      <p>
        Filled what you had not answered. Your answers for {filled.kept.join(', ')} are kept; press <kbd>{k}</kbd> again
        to replace them.
      </p>
      <button type="button" onClick={onAccept} aria-keyshortcuts={k}>
        Replace my answers too <kbd>{k}</kbd>
      </button>
    </div>
  );
}
