import { PORTAL_MESSAGES, PORTAL_PUBLIC_ENDPOINTS, PortalLinkRequestSchema } from '@app/domain';
import { useRef, useState, type FormEvent } from 'react';
import { TextField } from '../form-fields';
import { callPublic } from '../public-api';
import {
  asRefusal,
  firstError,
  issueMessages,
  refusalMessages,
  sortMessages,
  useFocusByName,
  type Message,
  type StepErrors,
} from '../booking/booking-form';
import { Problem, Step, StepButtons } from '../booking/step';

export const SIGN_IN_TEXTS = {
  title: 'Ingrese a su cuenta',
  intro:
    'Escriba el correo que registró en el salón: le enviaremos un enlace para ingresar, sin contraseña. Vence en 15 minutos.',
  email: 'Correo electrónico',
  send: 'Enviarme el enlace',
  sending: 'Enviando…',
  sent: PORTAL_MESSAGES.linkSent,
  spam: 'Revise también su carpeta de spam. Puede pedir otro enlace si no le llega.',
  book: '¿Aún no es cliente? Reserve su cita',
} as const;

const FIELDS = ['email'] as const;
type Field = (typeof FIELDS)[number];

/** Why the client is at the form: a problem (the session ended, a link refused), or done. */
export interface Notice {
  tone: 'problem' | 'done';
  message: string;
}

export interface SignInProps {
  notice: Notice | null;
}

/**
 * The portal's sign-in (DESIGN §11.5): an e-mail address, and the same answer whether or not
 * the salon knows it; the link it mails leads back here with `?token=`.
 */
export function SignIn({ notice }: SignInProps) {
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<StepErrors<Field>>({});
  const [problem, setProblem] = useState<string | null>(
    notice?.tone === 'problem' ? notice.message : null,
  );
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const focusField = useFocusByName(form);

  const show = (messages: Iterable<Message>) => {
    const found = sortMessages(FIELDS, messages);
    setErrors(found.errors);
    setProblem(found.other ?? null);
    setSent(false);
    focusField(firstError(FIELDS, found.errors));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const checked = PortalLinkRequestSchema.safeParse({ email });
    if (!checked.success) return show(issueMessages(checked.error.issues));
    setBusy(true);
    try {
      await callPublic(PORTAL_PUBLIC_ENDPOINTS.link, checked.data);
      setErrors({});
      setProblem(null);
      setSent(true);
    } catch (error) {
      show(refusalMessages(asRefusal(error)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Step id="ingresar" title={SIGN_IN_TEXTS.title} focus={notice !== null}>
      <Problem message={problem} />
      <p className="intro">{SIGN_IN_TEXTS.intro}</p>
      <form ref={form} noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          name="email"
          label={SIGN_IN_TEXTS.email}
          type="email"
          inputMode="email"
          autoComplete="email"
          maxLength={100}
          required
          value={email}
          error={errors.email}
          onChange={setEmail}
        />
        <div role="status">
          {notice?.tone === 'done' && !sent && <p className="success">{notice.message}</p>}
          {sent && (
            <div className="success">
              <p>{SIGN_IN_TEXTS.sent}.</p>
              <p>{SIGN_IN_TEXTS.spam}</p>
            </div>
          )}
        </div>
        <StepButtons next={SIGN_IN_TEXTS.send} busy={busy} busyText={SIGN_IN_TEXTS.sending} />
      </form>
      <p className="salon-links">
        <a href="/reservar">{SIGN_IN_TEXTS.book}</a>
      </p>
    </Step>
  );
}
