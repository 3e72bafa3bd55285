/**
 * The task's instructions banner (folded by the annotator, toggled with `i`) and its codebook link. It holds the
 * config's annotation instructions and the study's instructions pages, so the guidelines stay readable after
 * their phase. The HTML was rendered from Markdown and sanitized by the server.
 */
import { useCallback, useState } from 'react';
import { api } from '../../shared/api/client.js';
import { useUiText } from '../../shared/ui-text.js';
import type { Instructions } from '../../shared/api/types.js';
import { useResource } from '../../shared/api/use-resource.js';

interface Props {
  instructions: Instructions | null;
  open: boolean;
  onToggle: (open: boolean) => void;
}

const INSTRUCTIONS_ID = 'instructions';

export const hasInstructions = (i: Instructions | null) => !!i && (!!i.html || !!i.guidelines?.length);

/** The instructions and whether the banner is open: the config's instructions start open, guidelines from a
 * passed instructions page start folded; `toggle` (the `i` key) scrolls an opened banner into view. */
export function useInstructions() {
  const instructions = useResource(['instructions'], () => api.get<Instructions>('/api/instructions'));
  const [choice, setOpen] = useState<boolean | null>(null);
  const open = choice ?? !!instructions.data?.html;
  const toggle = useCallback(() => {
    setOpen(!open);
    if (!open)
      requestAnimationFrame(() => document.getElementById(INSTRUCTIONS_ID)?.scrollIntoView({ block: 'nearest' }));
  }, [open]);
  return { instructions: instructions.data, open, setOpen, toggle };
}

export function InstructionsPanel({ instructions, open, onToggle }: Props) {
  const text = useUiText();
  if (!instructions || (!hasInstructions(instructions) && !instructions.codebook_url)) return null;
  const guidelines = instructions.guidelines ?? [];
  return (
    <div className="instructions-bar" data-testid="instructions">
      {hasInstructions(instructions) && (
        <details
          id={INSTRUCTIONS_ID}
          open={open}
          onToggle={(e) => onToggle((e.currentTarget as HTMLDetailsElement).open)}
        >
          <summary aria-keyshortcuts="i">
            {text.instructions_heading} <kbd>i</kbd>
          </summary>
          <div className="instructions-body">
            {instructions.html && <div className="markdown" dangerouslySetInnerHTML={{ __html: instructions.html }} />}
            {guidelines.map((g) => (
              <section key={g.title} className="guideline" aria-label={g.title}>
                <h3>{g.title}</h3>
                <div className="markdown" dangerouslySetInnerHTML={{ __html: g.html }} />
              </section>
            ))}
          </div>
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
