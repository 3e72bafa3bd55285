/**
 * The task's instructions banner (open at first, folded by the annotator, toggled with `i`) and its codebook
 * link. The HTML was sanitized by the server from the config's Markdown or HTML.
 */
import type { Instructions } from '../../shared/api/types.js';

interface Props {
  instructions: Instructions | null;
  open: boolean;
  onToggle: (open: boolean) => void;
}

export function InstructionsPanel({ instructions, open, onToggle }: Props) {
  if (!instructions || (!instructions.html && !instructions.codebook_url)) return null;
  return (
    <div className="instructions-bar" data-testid="instructions">
      {instructions.html && (
        <details open={open} onToggle={(e) => onToggle((e.currentTarget as HTMLDetailsElement).open)}>
          <summary aria-keyshortcuts="i">
            Instructions <kbd>i</kbd>
          </summary>
          <div className="instructions-body" dangerouslySetInnerHTML={{ __html: instructions.html }} />
        </details>
      )}
      {instructions.codebook_url && (
        <a className="codebook-link" href={instructions.codebook_url} target="_blank" rel="noopener noreferrer">
          Codebook ↗
        </a>
      )}
    </div>
  );
}
