/**
 * One code on the codebook page: its name, description and prose blocks as text, and the buttons that open its
 * editor or its history in place.
 */
import { useState } from 'react';
import type { CodebookBlock, CodebookCode, CodebookDocument } from '../../shared/api/types.js';
import { CodeEditor } from './code-editor.js';
import { CodeHistory } from './code-history.js';

export type BlockTypes = CodebookDocument['block_types'];
type Prose = CodebookDocument['codes'][number];

/** A block's heading: its type's, or its own label for a custom block. */
export function blockHeading(block: CodebookBlock, types: BlockTypes): string {
  if (block.block_type === 'custom') return block.custom_label || 'Note';
  return types.find((t) => t.key === block.block_type)?.heading ?? block.block_type;
}

export function CodeEntry({
  code,
  prose,
  blockTypes,
  canEdit,
  canEditContent,
  onChanged,
}: {
  code: CodebookCode;
  prose: Prose | null;
  blockTypes: BlockTypes;
  /** may rename and describe the code (else the editor saves prose only, or proposes it) */
  canEdit: boolean;
  /** may save prose and restore versions (else a save is queued as a proposal) */
  canEditContent: boolean;
  onChanged: (message: string) => void;
}) {
  const [open, setOpen] = useState<'edit' | 'history' | null>(null);
  const headingId = `code-${code.id}`;
  const blocks = (prose?.blocks ?? []).filter((b) => b.body_md.trim());
  return (
    <article className="codebook-entry" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {code.color && <span className="swatch" style={{ background: code.color }} aria-hidden="true" />}
        {code.name}
      </h2>
      {code.description && <p className="codebook-description">{code.description}</p>}
      {blocks.length > 0 && (
        <dl>
          {blocks.map((b, i) => (
            <div key={i}>
              <dt>{blockHeading(b, blockTypes)}</dt>
              <dd>{b.body_md}</dd>
            </div>
          ))}
        </dl>
      )}
      <div className="codebook-actions">
        <button
          type="button"
          aria-expanded={open === 'edit'}
          aria-label={`Edit ${code.name}`}
          onClick={() => setOpen(open === 'edit' ? null : 'edit')}
        >
          Edit
        </button>
        <button
          type="button"
          aria-expanded={open === 'history'}
          aria-label={`History of ${code.name}`}
          onClick={() => setOpen(open === 'history' ? null : 'history')}
        >
          History
        </button>
      </div>
      {open === 'edit' && (
        <CodeEditor
          code={code}
          version={prose?.scope_version ?? 0}
          blocks={prose?.blocks ?? []}
          blockTypes={blockTypes}
          canEdit={canEdit}
          canEditContent={canEditContent}
          onDone={(message) => {
            setOpen(null);
            onChanged(message);
          }}
          onCancel={() => setOpen(null)}
        />
      )}
      {open === 'history' && (
        <CodeHistory
          code={code}
          blockTypes={blockTypes}
          canRestore={canEditContent}
          onRestored={(message) => {
            setOpen(null);
            onChanged(message);
          }}
        />
      )}
    </article>
  );
}
