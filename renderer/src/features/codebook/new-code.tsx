/**
 * A new code as both codebook forms ask for it (the codebook page's and the panel beside the annotate form): its
 * name and what it means, the payload those make, and how it reaches the codebook. One copy, so the two forms
 * keep the same fields, limits and words.
 */
import { api } from '../../shared/api/client.js';
import { useUiText } from '../../shared/ui-text.js';

export interface NewCode {
  name: string;
  description: string;
}

export const EMPTY_CODE: NewCode = { name: '', description: '' };

/** The name and meaning typed, trimmed; an empty meaning is left out. */
export const newCodePayload = (code: NewCode) => ({
  name: code.name.trim(),
  ...(code.description.trim() ? { description: code.description.trim() } : {}),
});

/**
 * Adds a code where the caller may (`can_add`), else proposes it for an admin; resolves to the sentence saying
 * which.
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

/** The new code's name and meaning, as labelled fields of the form around them. */
export function NewCodeFields({ value, onChange }: { value: NewCode; onChange: (code: NewCode) => void }) {
  const words = useUiText();
  return (
    <>
      <label>
        {words.codebook_new_code}
        <input
          value={value.name}
          onChange={(e) => onChange({ ...value, name: e.target.value })}
          required
          maxLength={200}
        />
      </label>
      <label>
        {words.codebook_meaning}
        <textarea
          value={value.description}
          onChange={(e) => onChange({ ...value, description: e.target.value })}
          maxLength={5000}
        />
      </label>
    </>
  );
}
