import {
  CONSENT_MESSAGES,
  ONLINE_BOOKING_PUBLIC_ENDPOINTS,
  PublicConsentSignInputSchema,
  type LinkedAppointment,
} from '@app/domain';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSignaturePad } from '../../lib/signature-pad';
import { fieldId, TextField } from '../form-fields';
import { callPublic } from '../public-api';
import {
  asRefusal,
  firstError,
  issueMessages,
  refusalMessages,
  sortMessages,
  type Message,
  type StepErrors,
} from './booking-form';
import { Problem, StepButtons } from './step';

export const LINK_CONSENTS_TEXTS = {
  title: 'Consentimientos',
  signed: 'Firmado',
  unsigned: 'Falta su firma',
  read: 'Leer y firmar',
  readOf: (title: string) => `Leer y firmar ${title}`,
  version: (version: number) => `Versión ${version}`,
  text: 'Texto del consentimiento',
  signer: 'Nombre de quien firma',
  pad: 'Firma',
  padHint: 'Dibuje su firma en el recuadro con el dedo o el mouse.',
  clear: 'Borrar firma',
  sign: 'Firmar',
  signing: 'Firmando…',
} as const;

const T = LINK_CONSENTS_TEXTS;

type LinkedConsent = LinkedAppointment['consentimientos'][number];

const FIELDS = ['firmante', 'firma'] as const;
type Field = (typeof FIELDS)[number];

export interface LinkConsentsProps {
  token: string;
  consents: LinkedAppointment['consentimientos'];
  /** Whether the cita still takes signatures: it can still be confirmed. */
  canSign: boolean;
  onSigned(cita: LinkedAppointment): void;
}

/**
 * The consents a personal link's cita asks (DESIGN §11.8): each one signed or not, and while
 * the visit is to come, 'Leer y firmar' on an unsigned one: its whole text, who signs and the
 * signature drawn with the finger. One is open at a time.
 */
export function LinkConsents({ token, consents, canSign, onSigned }: LinkConsentsProps) {
  const [open, setOpen] = useState<number | null>(null);
  const [signed, setSigned] = useState<string | null>(null);
  const note = useRef<HTMLDivElement>(null);
  // The form is gone once signed: the focus goes to what the salon answered instead.
  useEffect(() => {
    if (signed) note.current?.focus();
  }, [signed]);

  return (
    <section className="link-consents" aria-labelledby="consentimientos-titulo">
      <h3 id="consentimientos-titulo">{T.title}</h3>
      {/* Always there, so a reader hears the salon's answer as it comes. */}
      <div role="status" ref={note} tabIndex={-1}>
        {signed && <p className="success">{signed}</p>}
      </div>
      <ul className="consent-list">
        {consents.map((consent) => {
          const titleId = `consentimiento-${consent.id_consentimiento}`;
          const formId = `consentimiento-${consent.id_consentimiento}-firmar`;
          const expanded = open === consent.id_consentimiento;
          return (
            <li key={consent.id_consentimiento} className="consent">
              <p className="consent-head">
                <strong id={titleId}>{consent.titulo}</strong>
                <span className={consent.firmado ? 'consent-state signed' : 'consent-state'}>
                  {consent.firmado ? T.signed : T.unsigned}
                </span>
              </p>
              {canSign && !consent.firmado && (
                <>
                  <button
                    type="button"
                    className="secondary"
                    aria-label={T.readOf(consent.titulo)}
                    aria-expanded={expanded}
                    aria-controls={expanded ? formId : undefined}
                    onClick={() => {
                      setSigned(null);
                      setOpen(expanded ? null : consent.id_consentimiento);
                    }}
                  >
                    {T.read}
                  </button>
                  {expanded && (
                    <SignForm
                      id={formId}
                      titleId={titleId}
                      token={token}
                      consent={consent}
                      onSigned={(cita) => {
                        setOpen(null);
                        setSigned(CONSENT_MESSAGES.signed);
                        onSigned(cita);
                      }}
                    />
                  )}
                </>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

interface SignFormProps {
  id: string;
  /** The consent's title: the form's name. */
  titleId: string;
  token: string;
  consent: LinkedConsent;
  onSigned(cita: LinkedAppointment): void;
}

/** The consent's whole text, who signs, the pad and 'Firmar'. */
function SignForm({ id, titleId, token, consent, onSigned }: SignFormProps) {
  const [firmante, setFirmante] = useState('');
  const [errors, setErrors] = useState<StepErrors<Field>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const { canvas, ready, image, clear } = useSignaturePad(() =>
    setErrors((before) => ({ ...before, firma: undefined })),
  );
  // The first field in error, focused once its message is drawn (so it is read with it).
  const [focusOn, setFocusOn] = useState<{ field: Field } | null>(null);
  useEffect(() => {
    if (focusOn === null) return;
    const target =
      focusOn.field === 'firma'
        ? canvas.current
        : form.current?.querySelector<HTMLElement>(`[name="${focusOn.field}"]`);
    target?.focus();
  }, [focusOn, canvas]);

  const show = (messages: Iterable<Message>) => {
    const found = sortMessages(FIELDS, messages);
    setErrors(found.errors);
    setProblem(found.other ?? null);
    const first = firstError(FIELDS, found.errors);
    setFocusOn(first ? { field: first } : null);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const checked = PublicConsentSignInputSchema.safeParse({
      id_consentimiento: consent.id_consentimiento,
      firmante,
      firma: image(),
    });
    if (!checked.success) return show(issueMessages(checked.error.issues));
    setBusy(true);
    try {
      const cita = await callPublic(ONLINE_BOOKING_PUBLIC_ENDPOINTS.sign, checked.data, {
        params: { token },
      });
      onSigned(cita);
    } catch (error) {
      show(refusalMessages(asRefusal(error)));
    } finally {
      setBusy(false);
    }
  };

  const textId = `${id}-texto`;
  const padId = fieldId('firma');
  const padLabelId = `${padId}-label`;
  const padDescribed = [`${padId}-hint`, errors.firma && `${padId}-error`]
    .filter(Boolean)
    .join(' ');
  return (
    <div id={id} className="consent-sign" role="group" aria-labelledby={titleId}>
      <p className="hint">{T.version(consent.version)}</p>
      {/* The whole text, scrolled by the keyboard too: it is a focusable region. */}
      <div
        id={textId}
        className="notice consent-text"
        role="region"
        aria-label={T.text}
        tabIndex={0}
      >
        {consent.texto}
      </div>
      <Problem message={problem} />
      <form ref={form} noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          name="firmante"
          label={T.signer}
          autoComplete="name"
          maxLength={120}
          required
          value={firmante}
          error={errors.firmante}
          onChange={(value) => {
            setFirmante(value);
            setErrors((before) => ({ ...before, firmante: undefined }));
          }}
        />
        <div className="field">
          <p id={padLabelId} className="pad-label">
            {T.pad}
            <span className="required" aria-hidden="true">
              {' *'}
            </span>
          </p>
          <div className="signature-pad">
            <canvas
              ref={canvas}
              aria-busy={!ready || undefined}
              id={padId}
              role="img"
              tabIndex={-1}
              aria-labelledby={padLabelId}
              aria-describedby={padDescribed}
              aria-invalid={errors.firma ? true : undefined}
            />
          </div>
          <p id={`${padId}-hint`} className="hint">
            {T.padHint}
          </p>
          {errors.firma && (
            <p id={`${padId}-error`} className="error">
              {errors.firma}
            </p>
          )}
          <button
            type="button"
            className="link"
            onClick={() => {
              clear();
              setErrors((before) => ({ ...before, firma: undefined }));
            }}
          >
            {T.clear}
          </button>
        </div>
        <StepButtons next={T.sign} busy={busy} busyText={T.signing} />
      </form>
    </div>
  );
}
