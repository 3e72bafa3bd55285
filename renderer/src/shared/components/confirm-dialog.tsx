/** A modal question with a safe default: the cancel button has the focus, Escape cancels. */
import { useEffect, useRef } from 'react';

interface Props {
  title: string;
  children: React.ReactNode;
  confirm: string;
  cancel: string;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({ title, children, confirm, cancel, onConfirm, onCancel }: Props) {
  const stay = useRef<HTMLButtonElement>(null);
  useEffect(() => stay.current?.focus(), []);
  return (
    <div className="overlay" data-modal="true">
      <div
        className="overlay-box confirm-box"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="confirm-title"
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.preventDefault();
            e.stopPropagation();
            onCancel();
          }
        }}
      >
        <h2 id="confirm-title">{title}</h2>
        <div>{children}</div>
        <div className="actions">
          <button type="button" ref={stay} className="primary" onClick={onCancel}>
            {cancel}
          </button>
          <button type="button" onClick={onConfirm}>
            {confirm}
          </button>
        </div>
      </div>
    </div>
  );
}
