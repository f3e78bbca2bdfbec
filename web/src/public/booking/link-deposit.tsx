import {
  DEPOSIT_MESSAGES,
  DEPOSIT_METHODS,
  ONLINE_BOOKING_PUBLIC_ENDPOINTS,
  parseCents,
  PublicDepositInputSchema,
  type LinkedAppointment,
  type PublicDepositInput,
} from '@app/domain';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { moneyText } from '../details';
import { fieldId, RadioGroup, TextField } from '../form-fields';
import { endpointUrl, fetchPublic } from '../public-api';
import {
  asRefusal,
  firstError,
  issueMessages,
  refusalMessages,
  sortMessages,
  useFocusByName,
  type Message,
  type StepErrors,
} from './booking-form';
import { Problem, StepButtons } from './step';

export const LINK_DEPOSIT_TEXTS = {
  asked: 'Adelanto:',
  paid: (amount: string) => `Pagado: ${moneyText(amount)}`,
  fullyPaid: (amount: string) => `Adelanto pagado: ${moneyText(amount)}`,
  title: 'Pagar adelanto',
  intro: (amount: string) =>
    `Pague ${moneyText(amount)} por Yape, Plin o transferencia según la política del salón y registre aquí su pago.`,
  method: 'Método',
  operation: 'N.º de operación',
  operationHint: 'Figura en la constancia de Yape, Plin o de su banco.',
  picture: 'Captura del pago',
  pictureHint: 'PNG, JPG, GIF o WEBP, hasta 2 MB.',
  send: 'Enviar pago',
  sending: 'Enviando…',
} as const;

type LinkMethod = PublicDepositInput['metodo'];
const METHOD_IDS: readonly LinkMethod[] = ['yape', 'plin', 'transferencia'];
const METHOD_OPTIONS = METHOD_IDS.map((value) => ({ value, label: DEPOSIT_METHODS[value] }));

/** The pictures the server keeps as a proof, and their size (DEPOSIT_MESSAGES). */
const PROOF_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
const PROOF_MAX_BYTES = 2 * 1024 * 1024;

const FIELDS = ['metodo', 'operacion', 'comprobante'] as const;
type Field = (typeof FIELDS)[number];

/** Why the picture cannot be sent, or null. */
function proofProblem(file: File | null): string | null {
  if (!file) return DEPOSIT_MESSAGES.proofRequired;
  if (!PROOF_TYPES.includes(file.type)) return DEPOSIT_MESSAGES.proofNotImage;
  if (file.size > PROOF_MAX_BYTES) return DEPOSIT_MESSAGES.proofTooLarge;
  return null;
}

const ENDPOINT = ONLINE_BOOKING_PUBLIC_ENDPOINTS.deposit;

/** Sends the payment as one multipart form; answers the updated cita and the server's message. */
async function sendDeposit(token: string, form: FormData) {
  const response = await fetchPublic(endpointUrl(ENDPOINT, { params: { token } }), {
    method: ENDPOINT.method,
    headers: { Accept: 'application/vnd.api+json' },
    body: form,
  });
  return ENDPOINT.responses[201].parse(await response.json());
}

/** Whether an amount of the answer ('20.00') is above zero. */
const positive = (amount: string) => (parseCents(amount) ?? 0) > 0;

export interface LinkDepositProps {
  token: string;
  adelanto: NonNullable<LinkedAppointment['adelanto']>;
  /** Whether the cita still takes payments: it can still be confirmed. */
  canPay: boolean;
  onPaid(cita: LinkedAppointment): void;
}

/**
 * The deposit of a personal link's cita (DESIGN §11.6): what its service asks, what was paid,
 * and while something is pending and the visit is to come, 'Pagar adelanto': the method, the
 * operation number and the picture of the proof, which the salon verifies.
 */
export function LinkDeposit({ token, adelanto, canPay, onPaid }: LinkDepositProps) {
  const [metodo, setMetodo] = useState<LinkMethod | ''>('');
  const [operacion, setOperacion] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<StepErrors<Field>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [received, setReceived] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const focusField = useFocusByName(form);
  const note = useRef<HTMLDivElement>(null);
  // The form is gone once paid: the focus goes to what the salon answered instead.
  useEffect(() => {
    if (received) note.current?.focus();
  }, [received]);

  const pending = positive(adelanto.pendiente);
  const paid = positive(adelanto.pagado);

  const show = (messages: Iterable<Message>) => {
    const found = sortMessages(FIELDS, messages);
    setErrors(found.errors);
    setProblem(found.other ?? null);
    focusField(firstError(FIELDS, found.errors));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const checked = PublicDepositInputSchema.safeParse({ metodo, operacion });
    const proof = proofProblem(file);
    const messages: Message[] = [
      ...(checked.success ? [] : issueMessages(checked.error.issues)),
      ...(proof ? [['comprobante', proof] as const] : []),
    ];
    if (messages.length > 0 || !checked.success || !file) return show(messages);
    const body = new FormData();
    body.append('metodo', checked.data.metodo);
    body.append('operacion', checked.data.operacion);
    body.append('comprobante', file);
    setBusy(true);
    setReceived(null);
    try {
      const answer = await sendDeposit(token, body);
      show([]);
      setReceived(answer.message ?? DEPOSIT_MESSAGES.publicReceived);
      onPaid(answer.data);
    } catch (error) {
      show(refusalMessages(asRefusal(error)));
    } finally {
      setBusy(false);
    }
  };

  const pictureId = fieldId('comprobante');
  const described =
    [`${pictureId}-hint`, errors.comprobante && `${pictureId}-error`].filter(Boolean).join(' ') ||
    undefined;
  return (
    <div className="link-deposit">
      <p>
        <strong>{LINK_DEPOSIT_TEXTS.asked}</strong> {moneyText(adelanto.requerido)}
      </p>
      {/* Always there, so a reader hears the salon's answer as it comes. */}
      <div role="status" ref={note} tabIndex={-1}>
        {received && <p className="success">{received}</p>}
      </div>
      {paid && (
        <p>
          <strong>
            {pending
              ? LINK_DEPOSIT_TEXTS.paid(adelanto.pagado)
              : LINK_DEPOSIT_TEXTS.fullyPaid(adelanto.pagado)}
          </strong>
        </p>
      )}
      {pending && canPay && (
        <div role="group" aria-labelledby="adelanto-pagar">
          <h3 id="adelanto-pagar">{LINK_DEPOSIT_TEXTS.title}</h3>
          <Problem message={problem} />
          <form ref={form} noValidate onSubmit={(event) => void submit(event)}>
            <p className="hint">{LINK_DEPOSIT_TEXTS.intro(adelanto.pendiente)}</p>
            <RadioGroup<LinkMethod>
              name="metodo"
              label={LINK_DEPOSIT_TEXTS.method}
              required
              inline
              value={metodo}
              options={METHOD_OPTIONS}
              error={errors.metodo}
              onChange={setMetodo}
            />
            <TextField
              name="operacion"
              label={LINK_DEPOSIT_TEXTS.operation}
              hint={LINK_DEPOSIT_TEXTS.operationHint}
              autoComplete="off"
              maxLength={30}
              required
              value={operacion}
              error={errors.operacion}
              onChange={setOperacion}
            />
            <div className="field">
              <label htmlFor={pictureId}>
                {LINK_DEPOSIT_TEXTS.picture}
                <span className="required" aria-hidden="true">
                  {' *'}
                </span>
              </label>
              <input
                type="file"
                id={pictureId}
                name="comprobante"
                accept={PROOF_TYPES.join(',')}
                required
                aria-invalid={errors.comprobante ? true : undefined}
                aria-describedby={described}
                onChange={(event) => setFile(event.target.files?.[0] ?? null)}
              />
              <p id={`${pictureId}-hint`} className="hint">
                {LINK_DEPOSIT_TEXTS.pictureHint}
              </p>
              {errors.comprobante && (
                <p id={`${pictureId}-error`} className="error">
                  {errors.comprobante}
                </p>
              )}
            </div>
            <StepButtons
              next={LINK_DEPOSIT_TEXTS.send}
              busy={busy}
              busyText={LINK_DEPOSIT_TEXTS.sending}
            />
          </form>
        </div>
      )}
    </div>
  );
}
