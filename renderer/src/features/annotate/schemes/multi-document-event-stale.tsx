/**
 * The sentence shown when the event registry refused a change because another came first (409 stale_write): the
 * event as the registry has it now, drawn as text, with the annotator's text left in the fields above; they save
 * theirs over it or take the registry's.
 */
import type { RegistryEvent } from '../../../shared/api/types.js';
import type { StaleNotice, useRegistrySync } from './multi-document-event-sync.js';

interface Props {
  notice: StaleNotice;
  slots: string[];
  onTake: (current: RegistryEvent) => void;
}

export function StaleSentence({ notice: { current, retry }, slots, onTake }: Props) {
  const held = slots.filter((s) => current.slot_values[s]).map((s) => `${s} “${current.slot_values[s]}”`);
  return (
    <div className="error" role="alert" data-testid="mde-stale">
      <p>
        Someone else changed event {current.id} first, so the registry did not take yours. It now has title “
        {current.title}”{held.length ? `, ${held.join(', ')}` : ''} (version {current.version}). Your text is kept in
        the fields above.
      </p>
      <button type="button" onClick={retry}>
        Save mine over it
      </button>{' '}
      <button type="button" onClick={() => onTake(current)}>
        Take the registry’s
      </button>
    </div>
  );
}

interface DetachProps {
  sync: Pick<ReturnType<typeof useRegistrySync>, 'stale' | 'failed' | 'dismiss'>;
  /** the ids of the events still in the form: their notices are shown with them */
  inForm: string[];
}

/**
 * Notices about events not in the form: one removed from it whose letting go of this document the registry
 * refused, or changes a closed page kept for an event that is no longer in the answer.
 */
export function OutOfFormNotices({ sync, inForm }: DetachProps) {
  const stale = Object.entries(sync.stale).filter(([id]) => !inForm.includes(id));
  const failed = Object.entries(sync.failed).filter(([id]) => id && !inForm.includes(id));
  return (
    <>
      {stale.map(([id, { retry, detach, current }]) => (
        <div key={id} className="error" role="alert" data-testid="mde-stale">
          {detach ? (
            <p>
              Someone else changed event {id} first, so the registry still lists this document in it (and its evidence
              from here).
            </p>
          ) : (
            <p>
              Someone else changed event {id} first, so the registry did not take your changes kept from a page closed
              before they were sent. It now has title “{current.title}” (version {current.version}).
            </p>
          )}
          <button type="button" onClick={retry}>
            {detach ? 'Remove this document anyway' : 'Send mine over it'}
          </button>{' '}
          <button type="button" onClick={() => sync.dismiss(id)}>
            {detach ? 'Leave it listed' : 'Drop mine'}
          </button>
        </div>
      ))}
      {failed.map(([id, why]) => (
        <p key={id} className="error" role="alert">
          The event registry did not take the change to event {id} ({why}).
        </p>
      ))}
    </>
  );
}
