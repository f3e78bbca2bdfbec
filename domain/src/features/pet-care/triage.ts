import { z } from 'zod';
import { chosenId } from '../agenda/booking';

export const TRIAGE_MESSAGES = {
  notesMax: 'Las notas no pueden exceder los 100 caracteres',
  appointmentRequired: 'Debe indicar la cita',
  appointmentNotFound: 'Cita no encontrada',
  appointmentDeleted: 'La cita está eliminada: no se puede registrar su triaje',
  notFound: 'No hay Registro de triaje, por favor registre uno nuevo',
  exists: 'La cita ya tiene un triaje registrado: actualícelo',
  otherAppointment: 'El triaje no pertenece a esa cita',
  registered: '¡Triaje registrado exitosamente!',
  updated: '¡Triaje actualizado exitosamente!',
  status: 'Se cambió el estado del Triaje correctamente',
  statusInvalid: 'Estado inválido',
  registerErrorTitle: 'Error al registrar el triaje',
  loadErrorTitle: 'Error al cargar el triaje',
} as const;

interface MeasureMessages {
  invalid: string;
  required: string;
  format: string;
  range: string;
}

/**
 * Each measure's messages: the spec's three (spec §001-5 Triage) and a sane range (issue 30: a
 * dog weighs 0.1 to 120 kg and its temperature is 30 to 45 °C).
 */
export const MEASURE_MESSAGES = {
  edad: {
    invalid: 'Ingrese una edad válida',
    required: 'La edad es obligatoria',
    format: 'La edad debe ser un número entero o decimal con uno o dos decimales',
    range: 'La edad debe estar entre 0 y 30 años',
  },
  peso: {
    invalid: 'Ingrese un peso válido',
    required: 'El peso es obligatorio',
    format: 'El peso debe ser un número entero o decimal con uno o dos decimales',
    range: 'El peso debe estar entre 0.1 y 120 kg',
  },
  temperatura: {
    invalid: 'Ingrese una temperatura válida',
    required: 'La temperatura es obligatoria',
    format: 'La temperatura debe ser un número entero o decimal con uno o dos decimales',
    range: 'La temperatura debe estar entre 30 y 45 °C',
  },
} as const satisfies Record<string, MeasureMessages>;

/** A decimal point or a decimal comma ('12,5' is 12.5, as a Spanish keyboard writes it). */
const NUMBER = /^-?\d+([.,]\d+)?$/;
const TWO_DECIMALS = /^\d+([.,]\d{1,2})?$/;

/** Hundredths, on the digits: the comparison never goes through floating point. */
function hundredths(value: string): number {
  const [whole = '0', fraction = ''] = value.split(/[.,]/);
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/**
 * A measure as a number or a numeric string, with at most two decimals after a point or a
 * comma, within `[min, max]` (in hundredths). One message at a time, the most basic first.
 * Output: the decimal text the numeric column takes as it is ('12,5' → '12.5').
 */
function measure(messages: MeasureMessages, min: number, max: number) {
  return z.union([z.string(), z.number()], { error: messages.required }).transform((value, ctx) => {
    const text = typeof value === 'number' ? String(value) : value.trim();
    const message =
      text === ''
        ? messages.required
        : !NUMBER.test(text)
          ? messages.invalid
          : !TWO_DECIMALS.test(text)
            ? text.startsWith('-')
              ? messages.range
              : messages.format
            : hundredths(text) < min || hundredths(text) > max
              ? messages.range
              : undefined;
    if (message) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return text.replace(',', '.');
  });
}

const triageFields = {
  id_cita: chosenId(TRIAGE_MESSAGES.appointmentRequired),
  edad: measure(MEASURE_MESSAGES.edad, 0, 3000),
  peso: measure(MEASURE_MESSAGES.peso, 10, 12000),
  temperatura: measure(MEASURE_MESSAGES.temperatura, 3000, 4500),
  notas: z
    .string({ error: TRIAGE_MESSAGES.notesMax })
    .nullish()
    .transform((v) => (v ?? '').trim())
    .pipe(z.string().max(100, TRIAGE_MESSAGES.notesMax)),
};

/** `POST /api/triaje/register` (api §payloads): json id_cita, edad, peso, temperatura, notas. */
export const TriageInputSchema = z.object(triageFields);
export type TriageInput = z.infer<typeof TriageInputSchema>;

/** `PUT /api/triaje`: the same plus id_triaje. */
export const TriageUpdateSchema = z.object({
  id_triaje: chosenId(TRIAGE_MESSAGES.notFound),
  ...triageFields,
});
export type TriageUpdate = z.infer<typeof TriageUpdateSchema>;

/** `PATCH /api/triaje/estado`: id (or id_triaje), est (or estado); a record status 1, 2 or 3. */
export const TriageStatusSchema = z.preprocess(
  (body) => {
    if (typeof body !== 'object' || body === null) return body;
    const b = body as Record<string, unknown>;
    return { id: b.id ?? b.id_triaje, est: b.est ?? b.estado };
  },
  z.object({
    id: chosenId(TRIAGE_MESSAGES.notFound),
    est: z.coerce
      .number({ error: TRIAGE_MESSAGES.statusInvalid })
      .int(TRIAGE_MESSAGES.statusInvalid),
  }),
);
export type TriageStatusPatch = z.infer<typeof TriageStatusSchema>;

/** `GET /api/triaje/{appointmentId}` (spec §001-3: id, id_cita, edad, peso, temperatura, nota). */
export const TriageSchema = z.strictObject({
  id: z.number().int(),
  id_cita: z.number().int(),
  edad: z.string(),
  peso: z.string(),
  temperatura: z.string(),
  nota: z.string(),
  id_est: z.number().int(),
});
export type Triage = z.infer<typeof TriageSchema>;
