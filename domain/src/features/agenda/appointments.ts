import { z } from 'zod';
import { isoDateTime, isoDay, money } from '../../api';
import type { Permission } from '../../permissions';
import { defineResource } from '../../resource';
import { APPOINTMENT_STATUSES, AppointmentStatus, statusName } from '../../statuses';
import { limaToday } from '../../lima-date';
import { DATE_RANGE_ORDER, optionalDay } from '../../list-query';
import { checkedBeside, isoDate, requiredText } from '../../rules';
import {
  BOOKING_TOO_FAR,
  bookingDni,
  chosenId,
  latestBookingDay,
  optionalId,
  PET_REQUIRED,
  AgendaListQuerySchema,
  BookingClientSchema,
  BookingPetSchema,
  BookingUserSchema,
  NamedStatusSchema,
} from './booking';
import { duration, groomerId } from './agenda';

export const APPOINTMENT_MESSAGES = {
  dateRequired: 'La fecha de cita es requerida',
  dateInvalid: 'La fecha de cita no es válida',
  serviceRequired: 'Debe seleccionar un servicio',
  packageRequired: 'Debe seleccionar un paquete',
  itemRequired: 'Debe seleccionar un servicio o un paquete.',
  itemBoth: 'Seleccione un servicio o un paquete, no ambos.',
  registrationRequired: 'La fecha de registro es requerida',
  registrationInvalid: 'La fecha de registro no es válida',
  registrationFuture: 'La fecha de registro no puede ser mayor a la fecha actual',
  registrationPast: 'La fecha de registro no puede ser anterior al 01/01/2000',
  obsInvalid: 'Las observaciones deben ser un texto',
  obsMax: 'Las observaciones no pueden exceder los 500 caracteres',
  registered: '¡Cita registrada exitosamente!',
  updated: '¡Cita actualizada exitosamente!',
  status: 'Se cambió el estado de la Cita correctamente',
  notFound: 'Cita no encontrada',
  statusInvalid: 'Estado de cita inválido',
  serviceNotFound: 'El servicio no existe',
  serviceInactive: 'El servicio está suspendido o eliminado: no se puede reservar',
  packageNotFound: 'El paquete no existe',
  packageInactive: 'El paquete está suspendido o eliminado: no se puede reservar',
  registerErrorTitle: 'Error al registrar la cita',
  updateErrorTitle: 'Error al actualizar la cita',
  statusErrorTitle: 'Error al cambiar de estado la cita',
  cancelAction: 'Cancelar',
  cancelTitle: 'Cancelar cita',
  cancelReason: 'Motivo de la cancelación',
  cancelReasonRequired: 'El motivo de la cancelación es requerido',
  cancelReasonMax: 'El motivo de la cancelación no puede exceder los 200 caracteres',
  cancelConfirm: 'Cancelar cita',
  cancelBack: 'Volver',
  cancelErrorTitle: 'Error al cancelar la cita',
  cancelledNotMovable: 'No se puede mover una cita cancelada: vuelva a programarla primero',
  cancelReasonShown: 'Motivo de cancelación',
  loadWarning: 'No se recibieron datos de las citas',
} as const;

const M = APPOINTMENT_MESSAGES;

/**
 * Statuses §transitions: why the server refuses a change the table does not allow, e.g. 'No se
 * puede cambiar una cita Completada a En Proceso'.
 */
export function appointmentTransitionRefused(from: number, to: number): string {
  const name = (id: number) => statusName(id, APPOINTMENT_STATUSES);
  return from === to
    ? `La cita ya está ${name(from)}`
    : `No se puede cambiar una cita ${name(from)} a ${name(to)}`;
}

/** The longest cancellation reason kept (`citas.motivo_cancelacion`). */
export const CANCEL_REASON_MAX = 200;

const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;
const ZONED_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * The visit's date and time. The form's `YYYY-MM-DDTHH:mm` is Lima time (decisions §lima); a value
 * with a zone (`...Z`, `...-05:00`) is taken as it is. The output always carries its zone. At
 * most two years ahead (`latestBookingDay`), a new visit, an edit or a move alike.
 */
export const appointmentDateTime = requiredText(M.dateRequired).transform((value, ctx) => {
  const local = LOCAL_DATE_TIME.exec(value);
  const zoned = local
    ? `${local[1]}T${local[2]}:${local[3]}:${local[4] ?? '00'}-05:00`
    : ZONED_DATE_TIME.test(value)
      ? value
      : undefined;
  const day = (zoned ?? '').slice(0, 10);
  const time = zoned ? Date.parse(zoned) : Number.NaN;
  const realDay = isoDate().safeParse(day).success;
  const year = Number(day.slice(0, 4));
  if (!zoned || Number.isNaN(time) || !realDay || year < 2000 || year > 2100) {
    ctx.addIssue({ code: 'custom', message: M.dateInvalid });
    return z.NEVER;
  }
  if (limaToday(new Date(time)) > latestBookingDay()) {
    ctx.addIssue({ code: 'custom', message: BOOKING_TOO_FAR });
    return z.NEVER;
  }
  return zoned;
});

const isRealDay = (day: string) => isoDate().safeParse(day).success;

/** The earliest registration day: the business's records start after it, as visits do. */
export const EARLIEST_REGISTRATION_DAY = '2000-01-01';

/**
 * The visit's registration day: today (the form's default) or earlier, never later, and not
 * before EARLIEST_REGISTRATION_DAY (a typo such as 0001-01-01 is not a day staff back-date to).
 */
const registrationDay = requiredText(M.registrationRequired)
  .pipe(isoDate(M.registrationInvalid))
  .refine((day) => !isRealDay(day) || day >= EARLIEST_REGISTRATION_DAY, M.registrationPast)
  .refine((day) => !isRealDay(day) || day <= limaToday(), M.registrationFuture);

/**
 * Observaciones (issue 30 §2): optional. Empty or null is '' (no note); absent, a new visit has
 * none and an edit keeps the stored one (the server decides).
 */
const observations = z.preprocess(
  (v) => (v === null ? '' : v),
  z.string({ error: M.obsInvalid }).trim().max(500, M.obsMax).optional(),
);

const appointmentFields = {
  fec_cita: appointmentDateTime,
  dni_cli: bookingDni,
  id_perro: chosenId(PET_REQUIRED),
  /** Sent by the spec's client from the lookup; the DNI decides, this must agree with it. */
  id_cliente: optionalId().optional(),
  id_servicio: optionalId(M.serviceRequired).optional(),
  id_paquete: optionalId(M.packageRequired).optional(),
  fech_reg: registrationDay,
  obs: observations,
  /** The groomer (decisions §agenda); none leaves the visit in 'Sin asignar'. */
  id_emp: groomerId.optional(),
  /** Minutes; absent, a new visit takes its service's or package's and an edit keeps its own. */
  duracion: duration.optional(),
};

type ItemChoice = { id_servicio?: number | null; id_paquete?: number | null };

/** The server's rule (spec §001-5 'on submit'): exactly one of a service and a package. */
export function oneItem(input: ItemChoice, ctx: z.RefinementCtx) {
  const hasService = input.id_servicio != null;
  const hasPackage = input.id_paquete != null;
  if (!hasService && !hasPackage) {
    ctx.addIssue({ code: 'custom', path: ['id_servicio'], message: M.itemRequired });
  } else if (hasService && hasPackage) {
    ctx.addIssue({ code: 'custom', path: ['id_paquete'], message: M.itemBoth });
  }
}

const ITEM_FIELDS = ['id_servicio', 'id_paquete'];

/** `oneItem`'s `when`: beside the other fields' errors. */
export const ONE_ITEM_CHECK = checkedBeside(...ITEM_FIELDS);

/**
 * `POST /api/cita/register` (api §payloads): json fec_cita, dni_cli, id_perro, id_cliente,
 * id_servicio, id_paquete, fech_reg, obs.
 */
export const AppointmentInputSchema = z
  .object(appointmentFields)
  .superRefine(oneItem, ONE_ITEM_CHECK);
export type AppointmentInput = z.infer<typeof AppointmentInputSchema>;

/** `PUT /api/cita`: the same fields plus id. */
export const AppointmentUpdateSchema = z
  .object({ id: chosenId(M.notFound), ...appointmentFields })
  .superRefine(oneItem, ONE_ITEM_CHECK);
export type AppointmentUpdate = z.infer<typeof AppointmentUpdateSchema>;

/** The registration form's tabs: the active one decides which of the two is sent. */
export const APPOINTMENT_ITEM_KINDS = ['servicio', 'paquete'] as const;
export type AppointmentItemKind = (typeof APPOINTMENT_ITEM_KINDS)[number];

/** A form's rule: the item of its active tab is chosen ('Debe seleccionar un servicio'). */
export function itemOfTab(input: ItemChoice & { tipo: AppointmentItemKind }, ctx: z.RefinementCtx) {
  if (input.tipo === 'servicio' && input.id_servicio == null) {
    ctx.addIssue({ code: 'custom', path: ['id_servicio'], message: M.serviceRequired });
  }
  if (input.tipo === 'paquete' && input.id_paquete == null) {
    ctx.addIssue({ code: 'custom', path: ['id_paquete'], message: M.packageRequired });
  }
}

/** `itemOfTab`'s `when`: beside the other fields' errors. */
export const ITEM_OF_TAB_CHECK = checkedBeside('tipo', ...ITEM_FIELDS);

/**
 * The form: the API's fields plus the active tab (`tipo`). Its output clears the item of the
 * other tab, as the spec's client does, so it is the API's payload as it stands.
 */
/** The form's fields before its output is made: a recurring series extends them (series.ts). */
export const AppointmentFormFieldsSchema = z
  .object({
    id: optionalId().optional(),
    ...appointmentFields,
    tipo: z.enum(APPOINTMENT_ITEM_KINDS),
  })
  .superRefine(itemOfTab, ITEM_OF_TAB_CHECK);
type AppointmentFormFields = z.output<typeof AppointmentFormFieldsSchema>;

/** The API's payload from the form's fields: the item of the inactive tab is cleared. */
export const appointmentPayloadOf = <T extends AppointmentFormFields>({ tipo, ...input }: T) => ({
  ...input,
  id_servicio: tipo === 'servicio' ? (input.id_servicio ?? null) : null,
  id_paquete: tipo === 'paquete' ? (input.id_paquete ?? null) : null,
});

export const AppointmentFormSchema = AppointmentFormFieldsSchema.transform(appointmentPayloadOf);

/** The visits' filters Citas and Historial share: the agenda's list query and `emp`, one groomer. */
export const VisitListQuerySchema = AgendaListQuerySchema.safeExtend({
  emp: groomerId.optional(),
});

/**
 * `GET /api/citas/`: the visits' filters and `desde`..`hasta` for the visits' own days (Lima
 * days, both included), beside the registration days `ficial`..`final`.
 */
export const AppointmentListQuerySchema = VisitListQuerySchema.safeExtend({
  desde: optionalDay,
  hasta: optionalDay,
}).refine((q) => !q.desde || !q.hasta || q.desde <= q.hasta, {
  message: DATE_RANGE_ORDER,
  path: ['desde'],
});
export type AppointmentListQuery = z.infer<typeof AppointmentListQuerySchema>;

/** Why a cita is cancelled: required, at most CANCEL_REASON_MAX characters. */
const cancelReason = requiredText(M.cancelReasonRequired).max(CANCEL_REASON_MAX, M.cancelReasonMax);

/**
 * `PATCH /api/cita/estado`: cita, est (spec §001-7), and `motivo`, required when `est` is 11
 * Cancelada and ignored otherwise, so the spec's `{cita, est}` works as it did for the others.
 */
export const AppointmentStatusSchema = z
  .object({
    cita: chosenId(M.notFound),
    est: z.coerce.number({ error: M.statusInvalid }).int(M.statusInvalid),
    motivo: z
      .string({ error: M.cancelReasonRequired })
      .trim()
      .max(CANCEL_REASON_MAX, M.cancelReasonMax)
      .nullish()
      .transform((v) => v || null),
  })
  .superRefine((input, ctx) => {
    if (input.est === AppointmentStatus.Cancelada && !input.motivo) {
      ctx.addIssue({ code: 'custom', path: ['motivo'], message: M.cancelReasonRequired });
    }
  });
export type AppointmentStatusPatch = z.infer<typeof AppointmentStatusSchema>;

/** The 'Cancelar' dialog's form: the reason, sent with `est` 11 to `PATCH /api/cita/estado`. */
export const AppointmentCancelSchema = z.object({ motivo: cancelReason });
export type AppointmentCancel = z.infer<typeof AppointmentCancelSchema>;

export const AppointmentSchema = z.strictObject({
  id_cita: z.number().int(),
  /** The visit's date and time (ISO). */
  fec_cita: isoDateTime,
  id_cli: z.number().int(),
  id_perro: z.number().int(),
  id_srv: z.number().int().nullable(),
  id_paq: z.number().int().nullable(),
  id_usu: z.number().int(),
  id_est: z.number().int(),
  obs_perro: z.string(),
  /**
   * The service's or package's price when it was booked; only for who may charge
   * (`AGENDA_PRICE_PERMISSION`): a groomer's citas carry no money (issue 30 §5).
   */
  precio: money.optional(),
  /** Registration day. */
  fech_reg: isoDay,
  created_at: isoDateTime,
  cliente: BookingClientSchema,
  perro: BookingPetSchema,
  estado: NamedStatusSchema,
  servicio: z
    .strictObject({ id_srv: z.number().int(), nom_srv: z.string(), id_est: z.number().int() })
    .nullable(),
  paquete: z
    .strictObject({ id_paq: z.number().int(), nom_paq: z.string(), id_est: z.number().int() })
    .nullable(),
  usuario: BookingUserSchema,
  id_emp: z.number().int().nullable(),
  duracion: z.number().int(),
  /** The groomer, or null while the visit is unassigned. */
  empleado: z
    .strictObject({ id_emp: z.number().int(), nom_emp: z.string(), ape_emp: z.string() })
    .nullable(),
  /** Its sale, not voided (decisions §checkout): null while the visit is not charged. */
  id_venta: z.number().int().nullable(),
  /** The recurring series it was booked in (decisions §series), or null for a single visit. */
  id_serie: z.number().int().nullable(),
  /** Why it was cancelled, while it is 11 Cancelada; null otherwise. */
  motivo_cancelacion: z.string().nullable(),
  /** When the client confirmed from their personal link: null until then (DESIGN §11.5). */
  confirmada_en: isoDateTime.nullable(),
  /**
   * The Citas list's rows only: whether its pet lacks a consent the visit asks (DESIGN §11.8).
   * The details read `GET /api/cita/{id}/consentimientos`.
   */
  sin_firmar: z.boolean().optional(),
});
export type Appointment = z.infer<typeof AppointmentSchema>;

/** Spec §001-7: `PATCH /cita/estado` with `cita, est`. */
export const appointmentsResource = defineResource({
  plural: 'citas',
  exportFile: 'citas',
  singular: 'cita',
  record: AppointmentSchema,
  access: { read: 'agenda.leer', write: 'agenda.escribir' },
  audit: 'cita',
  rowId: (c) => c.id_cita,
  status: { path: '/cita/estado', id: 'cita', estado: 'est' },
  crud: {
    listQuery: AppointmentListQuerySchema,
    register: AppointmentInputSchema,
    update: AppointmentUpdateSchema,
    statusBody: AppointmentStatusSchema,
    // Starting and completing a visit is the groomer's work too; the rest is booking's.
    statusPermission: 'agenda.atender',
  },
});

/**
 * Visits that stay where they happened: the calendar's drag cannot move them (the server
 * refuses, the web does not offer it). A cancelled one is brought back to Programada first.
 */
const UNMOVABLE: readonly number[] = [
  AppointmentStatus.Completada,
  AppointmentStatus.Cancelada,
  AppointmentStatus.Eliminada,
];

export const mayMoveAppointment = (estado: number) => !UNMOVABLE.includes(estado);

/** `PATCH /api/cita/mover`: a new time, groomer and duration for one visit (the calendar's drag). */
export const AppointmentMoveSchema = z.object({
  id: chosenId(M.notFound),
  fec_cita: appointmentDateTime,
  id_emp: groomerId,
  duracion: duration,
});
export type AppointmentMove = z.infer<typeof AppointmentMoveSchema>;

/**
 * Decisions §roles: 5 En Proceso and 6 Completada need agenda.atender (groomers start and complete
 * visits); any other status is booking's work, agenda.escribir. The server refuses by it and
 * the web hides by it. A user who has agenda.atender without agenda.escribir (a groomer) does so
 * only on the citas assigned to them or to no one (`mayAttend`).
 */
export function appointmentStatusAccess(estado: number): Permission {
  return estado === AppointmentStatus.EnProceso || estado === AppointmentStatus.Completada
    ? 'agenda.atender'
    : 'agenda.escribir';
}

/**
 * Whether a user may start, complete or triage this visit: anyone who books may; a groomer only
 * when it is theirs (`ownEmployee`, the employee their account belongs to) or nobody's yet.
 */
export function mayAttend(
  permissions: { book: boolean; ownEmployee: number | null },
  assigned: number | null,
): boolean {
  return permissions.book || assigned === null || assigned === permissions.ownEmployee;
}
