import {
  PORTAL_ENDPOINTS,
  PORTAL_MESSAGES,
  PortalVaccineInputSchema,
  VACCINE_MESSAGES,
  type PortalPet,
} from '@app/domain';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { fieldId, TextField } from '../form-fields';
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
import { Problem, StepButtons } from '../booking/step';
import { usePortalApi } from './portal-api';

export const VACCINE_CARD_TEXTS = {
  title: (pet: string) => `Carné de vacunas de ${pet}`,
  intro:
    'Tome una foto del carné donde se lea la vacuna y sus fechas. El salón la revisará antes de registrarla.',
  picture: 'Foto del carné',
  pictureHint: 'PNG, JPG, GIF o WEBP, hasta 2 MB.',
  preview: (pet: string) => `Vista previa del carné de ${pet}`,
  name: 'Vacuna',
  nameHint: 'Como figura en el carné: Antirrábica, Séxtuple…',
  applied: 'Fecha de aplicación',
  expires: 'Fecha de vencimiento',
  send: 'Enviar carné',
  sending: 'Enviando…',
} as const;

/** The pictures the server keeps as a proof: the vaccines' own rule (VACCINE_MESSAGES). */
const CARD_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
const CARD_MAX_BYTES = 2 * 1024 * 1024;

const FIELDS = ['comprobante', 'nombre', 'fecha_aplicacion', 'fecha_vence'] as const;
type Field = (typeof FIELDS)[number];

/** Why the picture cannot be sent, or null. */
function pictureProblem(file: File | null): string | null {
  if (!file) return PORTAL_MESSAGES.cardRequired;
  if (!CARD_TYPES.includes(file.type)) return VACCINE_MESSAGES.proofNotImage;
  if (file.size > CARD_MAX_BYTES) return VACCINE_MESSAGES.proofTooLarge;
  return null;
}

/** The chosen picture and its preview's address, freed when another is chosen or the form goes. */
function usePicture() {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const made = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (made.current) URL.revokeObjectURL(made.current);
    },
    [],
  );
  const choose = (chosen: File | null) => {
    if (made.current) URL.revokeObjectURL(made.current);
    made.current = chosen && CARD_TYPES.includes(chosen.type) ? URL.createObjectURL(chosen) : null;
    setPreview(made.current);
    setFile(chosen);
  };
  return { file, preview, choose };
}

export interface VaccineCardFormProps {
  pet: PortalPet;
  onSent(message: string): void;
  onCancel(): void;
}

/**
 * 'Subir carné de vacunas': the card's picture (previewed), the vaccine and its dates, sent as
 * one multipart form; the card waits for the salon to accept it.
 */
export function VaccineCardForm({ pet, onSent, onCancel }: VaccineCardFormProps) {
  const api = usePortalApi();
  const { file, preview, choose } = usePicture();
  const [nombre, setNombre] = useState('');
  const [aplicada, setAplicada] = useState('');
  const [vence, setVence] = useState('');
  const [errors, setErrors] = useState<StepErrors<Field>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const focusField = useFocusByName(form);

  useEffect(() => {
    form.current?.querySelector<HTMLElement>('[name="comprobante"]')?.focus();
  }, []);

  const show = (messages: Iterable<Message>) => {
    const found = sortMessages(FIELDS, messages);
    setErrors(found.errors);
    setProblem(found.other ?? null);
    focusField(firstError(FIELDS, found.errors));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const checked = PortalVaccineInputSchema.safeParse({
      nombre,
      fecha_aplicacion: aplicada,
      fecha_vence: vence,
    });
    const picture = pictureProblem(file);
    const messages: Message[] = [
      ...(picture ? [['comprobante', picture] as const] : []),
      ...(checked.success ? [] : issueMessages(checked.error.issues)),
    ];
    if (messages.length > 0 || !checked.success || !file) return show(messages);
    const body = new FormData();
    body.append('nombre', checked.data.nombre);
    body.append('fecha_aplicacion', checked.data.fecha_aplicacion);
    body.append('fecha_vence', checked.data.fecha_vence);
    body.append('comprobante', file);
    setBusy(true);
    try {
      await api.upload(PORTAL_ENDPOINTS.vaccine, body, { params: { id: pet.id_perro } });
      onSent(PORTAL_MESSAGES.vaccineSent);
    } catch (error) {
      show(refusalMessages(asRefusal(error)));
      setBusy(false);
    }
  };

  const pictureId = fieldId('comprobante');
  const described =
    [`${pictureId}-hint`, errors.comprobante && `${pictureId}-error`].filter(Boolean).join(' ') ||
    undefined;
  const titleId = `carne-${pet.id_perro}`;
  return (
    <div className="confirm calm" role="group" aria-labelledby={titleId}>
      <h5 id={titleId}>{VACCINE_CARD_TEXTS.title(pet.nom_perro)}</h5>
      <p className="hint">{VACCINE_CARD_TEXTS.intro}</p>
      <Problem message={problem} />
      <form ref={form} noValidate onSubmit={(event) => void submit(event)}>
        <div className="field">
          <label htmlFor={pictureId}>{VACCINE_CARD_TEXTS.picture}</label>
          <input
            type="file"
            id={pictureId}
            name="comprobante"
            accept={CARD_TYPES.join(',')}
            required
            aria-invalid={errors.comprobante ? true : undefined}
            aria-describedby={described}
            onChange={(event) => choose(event.target.files?.[0] ?? null)}
          />
          <p id={`${pictureId}-hint`} className="hint">
            {VACCINE_CARD_TEXTS.pictureHint}
          </p>
          {errors.comprobante && (
            <p id={`${pictureId}-error`} className="error">
              {errors.comprobante}
            </p>
          )}
        </div>
        {preview && (
          <img className="preview" src={preview} alt={VACCINE_CARD_TEXTS.preview(pet.nom_perro)} />
        )}
        <TextField
          name="nombre"
          label={VACCINE_CARD_TEXTS.name}
          hint={VACCINE_CARD_TEXTS.nameHint}
          maxLength={60}
          required
          value={nombre}
          error={errors.nombre}
          onChange={setNombre}
        />
        <div className="grid">
          <TextField
            name="fecha_aplicacion"
            label={VACCINE_CARD_TEXTS.applied}
            type="date"
            required
            value={aplicada}
            error={errors.fecha_aplicacion}
            onChange={setAplicada}
          />
          <TextField
            name="fecha_vence"
            label={VACCINE_CARD_TEXTS.expires}
            type="date"
            required
            value={vence}
            error={errors.fecha_vence}
            onChange={setVence}
          />
        </div>
        <StepButtons
          next={VACCINE_CARD_TEXTS.send}
          busy={busy}
          busyText={VACCINE_CARD_TEXTS.sending}
          onBack={onCancel}
        />
      </form>
    </div>
  );
}
