/**
 * What a trace step holds besides its text, drawn inside its card: a coding agent's diff (removed and added lines),
 * a command with its output as a terminal, a file's text or a tool's output as code, a web agent's labelled notes.
 * Outputs longer than the display's line limit fold away when it says so. All of it is text.
 */
import type { DisplayBlock } from '../../shared/api/types.js';

type Trace = NonNullable<Extract<DisplayBlock, { type: 'dialogue' }>['trace']>;
type Part = NonNullable<Trace['steps'][number]['parts']>[number];

function Output({ text, options }: { text: string; options: Trace['options'] }) {
  const lines = text.split('\n');
  const max = options.max_output_lines ?? Infinity;
  const pre = <pre className="part-output">{text}</pre>;
  if (!options.collapse_long_outputs || lines.length <= max) return pre;
  return (
    <details className="part-fold">
      <summary>Show all {lines.length} lines</summary>
      {pre}
    </details>
  );
}

const lines = (text: string, mark: string) => (text === '' ? [] : text.split('\n').map((l) => `${mark} ${l}`));

export function StepParts({ parts, options }: { parts: Part[]; options: Trace['options'] }) {
  return (
    <>
      {parts.map((part, i) => {
        switch (part.kind) {
          case 'diff':
            return (
              <figure key={i} className="part-diff" aria-label={`Change to ${part.file ?? 'a file'}`}>
                {part.file && <figcaption>{part.file}</figcaption>}
                <pre>
                  {lines(part.removed, '-').map((l, j) => (
                    <span key={`r${j}`} className="diff-removed">
                      {l}
                      {'\n'}
                    </span>
                  ))}
                  {lines(part.added, '+').map((l, j) => (
                    <span key={`a${j}`} className="diff-added">
                      {l}
                      {'\n'}
                    </span>
                  ))}
                </pre>
              </figure>
            );
          case 'terminal':
            return (
              <div key={i} className="part-terminal" aria-label="Terminal">
                <pre className="terminal-command">$ {part.command}</pre>
                {part.output && <Output text={part.output} options={options} />}
              </div>
            );
          case 'code':
            return (
              <figure key={i} className="part-code">
                {part.file && <figcaption>{part.file}</figcaption>}
                <Output text={part.text} options={options} />
              </figure>
            );
          default:
            if (part.label === 'Thought' && options.show_thought === false) return null;
            if (part.label === 'Observation' && options.show_observation === false) return null;
            if (part.label === 'Element' && options.show_element_info === false) return null;
            return (
              <p key={i} className="part-note">
                <strong>{part.label}:</strong> <span dir="auto">{part.text}</span>
              </p>
            );
        }
      })}
    </>
  );
}
