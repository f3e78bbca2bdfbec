import {
  BookingCodeRequestSchema,
  ONLINE_BOOKING_MESSAGES,
  ONLINE_BOOKING_PUBLIC_ENDPOINTS,
  OnlineClientRequestSchema,
} from '@app/domain';
import { useRef, useState, type FormEvent } from 'react';
import { TextField } from '../form-fields';
import { callPublic } from '../public-api';
import type { Identity } from './booking-choices';
import {
  asRefusal,
  firstError,
  issueMessages,
  refusalMessages,
  sortMessages,
  type Message,
  type StepErrors,
  useFocusByName,
} from './booking-form';
import { Problem, Step, StepButtons } from './step';

export const CLIENT_STEP_TEXTS = {
  title: 'Sus datos',
  intro:
    'Le enviaremos un código a su correo para confirmar que es usted. Sus datos solo se muestran después.',
  dni: 'DNI',
  email: 'Correo electrónico',
  send: 'Enviar código',
  sending: 'Enviando…',
  code: 'Código de 6 dígitos',
  codeHint: 'Vence en 10 minutos. Revise también su carpeta de spam.',
  confirm: 'Confirmar código',
  confirming: 'Confirmando…',
  again: 'Enviar otro código',
  change: 'Cambiar DNI o correo',
} as const;

const FIELDS = ['dni', 'email', 'codigo'] as const;
type Field = (typeof FIELDS)[number];

export interface ClientStepProps {
  /** The DNI and e-mail given before, kept when the client comes back. */
  known: Pick<Identity, 'dni' | 'email'> | null;
  /** Why the client is back here: the code expired or ran out of tries. */
  notice: string | null;
  focus: boolean;
  onVerified(identity: Identity): void;
  onBack(): void;
}

/**
 * Step 3: the DNI and e-mail, the 6-digit code mailed to it, and then what the server knows of
 * the client (nothing of them is shown before the code, DESIGN §11.4).
 */
export function ClientStep({ known, notice, focus, onVerified, onBack }: ClientStepProps) {
  const [dni, setDni] = useState(known?.dni ?? '');
  const [email, setEmail] = useState(known?.email ?? '');
  const [codigo, setCodigo] = useState('');
  // Whether the code was asked: the code's field appears, the DNI and e-mail stay as sent.
  const [sent, setSent] = useState<string | null>(null);
  const [errors, setErrors] = useState<StepErrors<Field>>({});
  const [problem, setProblem] = useState<string | null>(notice);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const focusField = useFocusByName(form);

  const show = (messages: Iterable<Message>) => {
    const found = sortMessages(FIELDS, messages);
    setErrors(found.errors);
    setProblem(found.other ?? null);
    focusField(firstError(FIELDS, found.errors));
  };

  const askCode = async () => {
    const checked = BookingCodeRequestSchema.safeParse({ dni, email });
    if (!checked.success) return show(issueMessages(checked.error.issues));
    setBusy(true);
    try {
      await callPublic(ONLINE_BOOKING_PUBLIC_ENDPOINTS.code, checked.data);
      setErrors({});
      setProblem(null);
      setCodigo('');
      setSent(`${ONLINE_BOOKING_MESSAGES.codeSent}: ${checked.data.email}.`);
      focusField('codigo');
    } catch (error) {
      show(refusalMessages(asRefusal(error)));
    } finally {
      setBusy(false);
    }
  };

  const confirmCode = async () => {
    const checked = OnlineClientRequestSchema.safeParse({ dni, email, codigo });
    if (!checked.success) return show(issueMessages(checked.error.issues));
    setBusy(true);
    try {
      const client = await callPublic(ONLINE_BOOKING_PUBLIC_ENDPOINTS.client, checked.data);
      onVerified({ ...checked.data, client });
    } catch (error) {
      show(refusalMessages(asRefusal(error)));
      setBusy(false);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    void (sent === null ? askCode() : confirmCode());
  };

  const change = () => {
    setSent(null);
    setErrors({});
    setProblem(null);
    focusField('dni');
  };

  return (
    <Step id="paso-datos" number={3} title={CLIENT_STEP_TEXTS.title} focus={focus}>
      <form ref={form} noValidate onSubmit={submit}>
        <p className="hint intro">{CLIENT_STEP_TEXTS.intro}</p>
        <div className="grid">
          <TextField
            name="dni"
            label={CLIENT_STEP_TEXTS.dni}
            required
            inputMode="numeric"
            autoComplete="off"
            maxLength={8}
            value={dni}
            readOnly={sent !== null}
            onChange={setDni}
            error={errors.dni}
          />
          <TextField
            name="email"
            label={CLIENT_STEP_TEXTS.email}
            required
            type="email"
            autoComplete="email"
            maxLength={120}
            value={email}
            readOnly={sent !== null}
            onChange={setEmail}
            error={errors.email}
          />
        </div>
        {sent !== null && (
          <>
            <p className="success" role="status">
              {sent}
            </p>
            <TextField
              name="codigo"
              label={CLIENT_STEP_TEXTS.code}
              required
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              hint={CLIENT_STEP_TEXTS.codeHint}
              value={codigo}
              onChange={setCodigo}
              error={errors.codigo}
            />
          </>
        )}
        <Problem message={problem} />
        <StepButtons
          next={sent === null ? CLIENT_STEP_TEXTS.send : CLIENT_STEP_TEXTS.confirm}
          busy={busy}
          busyText={sent === null ? CLIENT_STEP_TEXTS.sending : CLIENT_STEP_TEXTS.confirming}
          onBack={onBack}
        />
        {sent !== null && (
          <div className="link-buttons">
            <button type="button" className="link" onClick={() => void askCode()}>
              {CLIENT_STEP_TEXTS.again}
            </button>
            <button type="button" className="link" onClick={change}>
              {CLIENT_STEP_TEXTS.change}
            </button>
          </div>
        )}
      </form>
    </Step>
  );
}
