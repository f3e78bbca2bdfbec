import { useEffect, useRef, type ReactNode } from 'react';

export const STEP_TEXTS = {
  of: (step: number, total: number) => `Paso ${step} de ${total}`,
  back: 'Volver',
  next: 'Continuar',
} as const;

export interface StepProps {
  id: string;
  /** 1-based; the steps are four. */
  number?: number;
  title: string;
  /** Takes the focus when drawn: the page moved to it, and a screen reader starts here. */
  focus: boolean;
  children?: ReactNode;
}

/** One step of the booking: a card headed by its number and title. */
export function Step({ id, number, title, focus, children }: StepProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  return (
    <section className="card step" aria-labelledby={id}>
      <h2 id={id} ref={heading} tabIndex={-1}>
        {number !== undefined && <span className="step-count">{STEP_TEXTS.of(number, 4)}</span>}
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A notice about the whole step, read out as soon as it appears. */
export function Problem({ message }: { message: string | null | undefined }) {
  return message ? (
    <p className="alert" role="alert">
      {message}
    </p>
  ) : null;
}

export interface StepButtonsProps {
  /** The primary button's text; it submits the step's form. */
  next: string;
  busy?: boolean;
  busyText?: string;
  onBack?: () => void;
}

/** The step's primary button (submit), and 'Volver' when there is a step before it. */
export function StepButtons({ next, busy, busyText, onBack }: StepButtonsProps) {
  return (
    <div className="step-buttons">
      <button type="submit" className="primary" aria-disabled={busy || undefined}>
        {busy && busyText ? busyText : next}
      </button>
      {onBack && (
        <button type="button" className="secondary" onClick={onBack}>
          {STEP_TEXTS.back}
        </button>
      )}
    </div>
  );
}
