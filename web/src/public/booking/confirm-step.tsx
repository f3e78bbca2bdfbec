import {
  ONLINE_BOOKING_MESSAGES,
  ONLINE_BOOKING_PUBLIC_ENDPOINTS,
  OnlineBookingRequestSchema,
  PET_SIZE_LABELS,
  type BookingSalon,
  type OnlineBooked,
} from '@app/domain';
import { useRef, useState, type FormEvent } from 'react';
import { Details } from '../details';
import { CheckboxField, fieldId, RadioGroup, TextField } from '../form-fields';
import { callPublic } from '../public-api';
import { choiceItems, type Identity, type ServiceChoice, type SlotChoice } from './booking-choices';
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

export const CONFIRM_STEP_TEXTS = {
  title: 'Confirme su reserva',
  hello: (names: string) => `Hola, ${names}.`,
  newClient: 'Es su primera reserva con nosotros: cuéntenos quién es y quién es su mascota.',
  nombres: 'Nombres',
  apellidos: 'Apellidos',
  celular: 'Celular',
  celularHint: '9 dígitos, por ejemplo 987654321.',
  pet: 'Mascota',
  otherPet: 'Otra mascota',
  petName: 'Nombre de la mascota',
  petBreed: 'Raza',
  petSize: (size: string) => `Tamaño: ${size}`,
  privacyTitle: 'Aviso de privacidad',
  privacy: 'He leído y acepto el aviso de privacidad',
  marketing: 'Acepto recibir promociones y novedades del salón (opcional)',
  honeypot: 'Sitio web (no llenar)',
  book: 'Reservar',
  booking: 'Reservando…',
  fix: 'Revise los campos marcados: cada uno indica qué corregir.',
} as const;

/** The pet's radio value for a new one. */
const OTHER_PET = 'otra';

const FIELDS = [
  'nombres',
  'apellidos',
  'celular',
  'id_perro',
  'mascota.nombre',
  'mascota.raza',
  'acepta_privacidad',
] as const;
type Field = (typeof FIELDS)[number];

export interface ConfirmStepProps {
  salon: BookingSalon;
  choice: ServiceChoice;
  slot: SlotChoice;
  identity: Identity;
  focus: boolean;
  onBooked(booked: OnlineBooked): void;
  /** 409: the time was taken meanwhile. */
  onSlotTaken(message: string): void;
  /** The code is no longer good (expired, or out of tries): a new one is needed. */
  onCodeRefused(message: string): void;
  onBack(): void;
}

/**
 * Step 4: who comes (a known client's pet, or a new client and pet), the privacy notice with
 * its consent (required) and the marketing one (optional), and 'Reservar'.
 */
export function ConfirmStep({
  salon,
  choice,
  slot,
  identity,
  focus,
  onBooked,
  onSlotTaken,
  onCodeRefused,
  onBack,
}: ConfirmStepProps) {
  const { client } = identity;
  const [pet, setPet] = useState(
    client.mascotas.length === 1 ? String(client.mascotas[0]?.id_perro) : '',
  );
  const [values, setValues] = useState({
    nombres: '',
    apellidos: '',
    celular: '',
    petName: '',
    petBreed: '',
    sitio_web: '',
  });
  const [privacy, setPrivacy] = useState(false);
  const [marketing, setMarketing] = useState(false);
  const [errors, setErrors] = useState<StepErrors<Field>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const focusField = useFocusByName(form);

  const newPet = !client.conocido || pet === OTHER_PET;
  const set = (name: keyof typeof values) => (value: string) =>
    setValues((known) => ({ ...known, [name]: value }));

  const show = (messages: Iterable<Message>) => {
    const found = sortMessages(FIELDS, messages);
    setErrors(found.errors);
    setProblem(found.other ?? CONFIRM_STEP_TEXTS.fix);
    focusField(firstError(FIELDS, found.errors));
  };

  /** The request as the contract takes it; a new client's blanks are sent to be refused. */
  const request = () => ({
    dni: identity.dni,
    email: identity.email,
    codigo: identity.codigo,
    ...(client.conocido
      ? {}
      : {
          nombres: values.nombres,
          apellidos: values.apellidos,
          celular: values.celular.replace(/[\s-]+/g, ''),
        }),
    ...(newPet
      ? { mascota: { nombre: values.petName, raza: values.petBreed, talla: choice.talla } }
      : pet
        ? { id_perro: Number(pet), talla: choice.talla }
        : {}),
    ...(choice.item.tipo === 'servicio'
      ? { servicio: choice.item.id }
      : { paquete: choice.item.id }),
    fecha: slot.fecha,
    hora: slot.hora,
    ...(choice.emp === null ? {} : { emp: choice.emp }),
    acepta_privacidad: privacy,
    acepta_marketing: marketing,
    sitio_web: values.sitio_web,
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const checked = OnlineBookingRequestSchema.safeParse(request());
    if (!checked.success) return show(issueMessages(checked.error.issues));
    setErrors({});
    setProblem(null);
    setBusy(true);
    try {
      onBooked(await callPublic(ONLINE_BOOKING_PUBLIC_ENDPOINTS.book, checked.data));
    } catch (error) {
      const refusal = asRefusal(error);
      setBusy(false);
      if (refusal.status === 409 && refusal.message === ONLINE_BOOKING_MESSAGES.slotTaken) {
        onSlotTaken(refusal.message);
      } else if (refusal.errors.codigo?.[0]) {
        onCodeRefused(refusal.errors.codigo[0]);
      } else {
        show(refusalMessages(refusal));
      }
    }
  };

  const petOptions = [
    ...client.mascotas.map((mascota) => ({
      value: String(mascota.id_perro),
      label: mascota.nom_perro,
      description: mascota.talla ? PET_SIZE_LABELS[mascota.talla] : undefined,
    })),
    { value: OTHER_PET, label: CONFIRM_STEP_TEXTS.otherPet },
  ];

  return (
    <Step id="paso-confirmar" number={4} title={CONFIRM_STEP_TEXTS.title} focus={focus}>
      <Details items={choiceItems(salon, choice, slot)} />
      <form ref={form} noValidate onSubmit={(event) => void submit(event)}>
        {client.conocido ? (
          <>
            <p className="greeting">{CONFIRM_STEP_TEXTS.hello(client.nombres)}</p>
            <RadioGroup
              name="id_perro"
              label={CONFIRM_STEP_TEXTS.pet}
              required
              value={pet}
              options={petOptions}
              onChange={setPet}
              error={errors.id_perro}
            />
          </>
        ) : (
          <>
            <p className="hint intro">{CONFIRM_STEP_TEXTS.newClient}</p>
            <div className="grid">
              <TextField
                name="nombres"
                label={CONFIRM_STEP_TEXTS.nombres}
                required
                autoComplete="given-name"
                maxLength={100}
                value={values.nombres}
                onChange={set('nombres')}
                error={errors.nombres}
              />
              <TextField
                name="apellidos"
                label={CONFIRM_STEP_TEXTS.apellidos}
                required
                autoComplete="family-name"
                maxLength={100}
                value={values.apellidos}
                onChange={set('apellidos')}
                error={errors.apellidos}
              />
            </div>
            <TextField
              name="celular"
              label={CONFIRM_STEP_TEXTS.celular}
              required
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              maxLength={11}
              hint={CONFIRM_STEP_TEXTS.celularHint}
              value={values.celular}
              onChange={set('celular')}
              error={errors.celular}
            />
          </>
        )}
        {newPet && (
          <div className="grid new-pet">
            <TextField
              name="mascota.nombre"
              label={CONFIRM_STEP_TEXTS.petName}
              required
              autoComplete="off"
              maxLength={60}
              value={values.petName}
              onChange={set('petName')}
              error={errors['mascota.nombre']}
            />
            <TextField
              name="mascota.raza"
              label={CONFIRM_STEP_TEXTS.petBreed}
              required
              autoComplete="off"
              maxLength={60}
              hint={CONFIRM_STEP_TEXTS.petSize(PET_SIZE_LABELS[choice.talla])}
              value={values.petBreed}
              onChange={set('petBreed')}
              error={errors['mascota.raza']}
            />
          </div>
        )}

        <h3 id="aviso-privacidad">{CONFIRM_STEP_TEXTS.privacyTitle}</h3>
        {/* Focusable: a keyboard scrolls it (axe's scrollable-region-focusable). */}
        <div className="notice" role="region" aria-labelledby="aviso-privacidad" tabIndex={0}>
          {salon.aviso_privacidad}
        </div>
        <CheckboxField
          name="acepta_privacidad"
          label={CONFIRM_STEP_TEXTS.privacy}
          required
          checked={privacy}
          onChange={(checked) => {
            setPrivacy(checked);
            if (checked) setErrors((known) => ({ ...known, acepta_privacidad: undefined }));
          }}
          error={errors.acepta_privacidad}
        />
        <CheckboxField
          name="acepta_marketing"
          label={CONFIRM_STEP_TEXTS.marketing}
          checked={marketing}
          onChange={setMarketing}
        />

        {/* People never see this field; a script that fills it is refused. */}
        <div className="trap" aria-hidden="true">
          <label htmlFor={fieldId('sitio_web')}>{CONFIRM_STEP_TEXTS.honeypot}</label>
          <input
            id={fieldId('sitio_web')}
            name="sitio_web"
            tabIndex={-1}
            autoComplete="off"
            value={values.sitio_web}
            onChange={(event) => set('sitio_web')(event.target.value)}
          />
        </div>

        <Problem message={problem} />
        <StepButtons
          next={CONFIRM_STEP_TEXTS.book}
          busy={busy}
          busyText={CONFIRM_STEP_TEXTS.booking}
          onBack={onBack}
        />
      </form>
    </Step>
  );
}
