import { useEffect, useId, useRef } from 'react';

export interface ConfirmProps {
  question: string;
  yes: string;
  no: string;
  busy: boolean;
  busyText: string;
  /** A red 'yes': the step cannot be undone (a cancellation). */
  danger?: boolean;
  onYes(): void;
  onNo(): void;
}

/** The question before a change: it takes the focus, and 'No' gives it back to the caller. */
export function Confirm({ question, yes, no, busy, busyText, danger, onYes, onNo }: ConfirmProps) {
  const id = useId();
  const yesButton = useRef<HTMLButtonElement>(null);
  useEffect(() => yesButton.current?.focus(), []);
  return (
    <div className={danger ? 'confirm' : 'confirm calm'} role="group" aria-labelledby={id}>
      <p id={id} className="confirm-question">
        {question}
      </p>
      <div className="step-buttons">
        <button
          ref={yesButton}
          type="button"
          className={danger ? 'primary danger' : 'primary'}
          aria-disabled={busy || undefined}
          onClick={() => !busy && onYes()}
        >
          {busy ? busyText : yes}
        </button>
        <button type="button" className="secondary" onClick={onNo}>
          {no}
        </button>
      </div>
    </div>
  );
}
