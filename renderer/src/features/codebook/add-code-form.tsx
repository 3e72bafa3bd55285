/**
 * Adding a code on the codebook page: a name, what it means and where it goes in the tree. Added at once where
 * the mode lets annotators add codes, otherwise proposed to an admin.
 */
import { useState, type FormEvent } from 'react';
import { api, errorText } from '../../shared/api/client.js';
import type { CodebookCode } from '../../shared/api/types.js';
import { ErrorNote } from '../../shared/components/status.js';
import { useUiText } from '../../shared/ui-text.js';
import { CodeSelect } from './code-select.js';

/**
 * Adds a code where the caller may (`can_add`), else proposes it for an admin; resolves to the sentence saying
 * which. The annotate page's panel adds codes the same way.
 */
export function addCode(
  canAdd: boolean,
  payload: { name: string; description?: string; parent_id?: string },
): Promise<string> {
  return canAdd
    ? api.post('/api/codebook', payload).then(() => `Added “${payload.name}” to the codebook.`)
    : api
        .post('/api/codebook/proposals', { op: 'add', payload })
        .then(() => `Proposed “${payload.name}”: an admin will confirm it.`);
}

export function AddCodeForm({
  codes,
  canAdd,
  onAdded,
}: {
  codes: CodebookCode[];
  canAdd: boolean;
  onAdded: (message: string) => void;
}) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [parent, setParent] = useState('');
  const [error, setError] = useState<string | null>(null);
  const words = useUiText();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const added = name.trim();
    const payload = {
      name: added,
      ...(description.trim() ? { description: description.trim() } : {}),
      ...(parent ? { parent_id: parent } : {}),
    };
    addCode(canAdd, payload).then(
      (message) => {
        setName('');
        setDescription('');
        setParent('');
        onAdded(message);
      },
      (err) => setError(errorText(err)),
    );
  };

  return (
    <form className="codebook-add" aria-labelledby="codebook-add-title" onSubmit={submit}>
      <h2 id="codebook-add-title">{canAdd ? words.codebook_add_code : words.codebook_propose_code}</h2>
      <label>
        {words.codebook_new_code}
        <input value={name} onChange={(e) => setName(e.target.value)} required maxLength={200} />
      </label>
      <label>
        {words.codebook_meaning}
        <textarea value={description} onChange={(e) => setDescription(e.target.value)} maxLength={5000} />
      </label>
      <CodeSelect label="Under" none="(top level)" codes={codes} value={parent} onChange={setParent} />
      <ErrorNote>{error}</ErrorNote>
      <button type="submit">{canAdd ? words.codebook_add_code : words.codebook_propose_code}</button>
    </form>
  );
}
