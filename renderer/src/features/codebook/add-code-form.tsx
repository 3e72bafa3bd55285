/**
 * Adding a code on the codebook page: a name and what it means (the fields of new-code.tsx, which the annotate
 * page's panel asks too), and where it goes in the tree. Added at once where the mode lets annotators add codes,
 * otherwise proposed to an admin.
 */
import { useState, type FormEvent } from 'react';
import { errorText } from '../../shared/api/client.js';
import type { CodebookCode } from '../../shared/api/types.js';
import { ErrorNote } from '../../shared/components/status.js';
import { useUiText } from '../../shared/ui-text.js';
import { CodeSelect } from './code-select.js';
import { addCode, EMPTY_CODE, NewCodeFields, newCodePayload } from './new-code.js';

export function AddCodeForm({
  codes,
  canAdd,
  onAdded,
}: {
  codes: CodebookCode[];
  canAdd: boolean;
  onAdded: (message: string) => void;
}) {
  const [code, setCode] = useState(EMPTY_CODE);
  const [parent, setParent] = useState('');
  const [error, setError] = useState<string | null>(null);
  const words = useUiText();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const payload = { ...newCodePayload(code), ...(parent ? { parent_id: parent } : {}) };
    addCode(canAdd, payload).then(
      (message) => {
        setCode(EMPTY_CODE);
        setParent('');
        onAdded(message);
      },
      (err) => setError(errorText(err)),
    );
  };

  return (
    <form className="codebook-add" aria-labelledby="codebook-add-title" onSubmit={submit}>
      <h2 id="codebook-add-title">{canAdd ? words.codebook_add_code : words.codebook_propose_code}</h2>
      <NewCodeFields value={code} onChange={setCode} />
      <CodeSelect label="Under" none="(top level)" codes={codes} value={parent} onChange={setParent} />
      <ErrorNote>{error}</ErrorNote>
      <button type="submit">{canAdd ? words.codebook_add_code : words.codebook_propose_code}</button>
    </form>
  );
}
