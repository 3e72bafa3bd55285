/** On the annotate form, where Potato draws its pointer note: the session-level questions are asked elsewhere. */
import './sessions.css';
export function SessionsPointer({ schemes }: { schemes: string[] }) {
  if (schemes.length === 0) return null;
  return (
    <p className="sessions-pointer" role="note">
      {schemes.length === 1 ? 'One question is' : `${schemes.length} questions are`} asked once per session, not per
      item ({schemes.join(', ')}): answer {schemes.length === 1 ? 'it' : 'them'} on the{' '}
      <a href="#/sessions">Sessions page</a>.
    </p>
  );
}
