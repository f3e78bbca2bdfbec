import { z } from 'zod';

/**
 * One status catalogue for every record (statuses §catalogue). The spec's filters that label 2 as
 * Eliminado and 3 as Suspendido are a bug of the original and are not reproduced.
 */
export const Status = {
  Activo: 1,
  Suspendido: 2,
  Eliminado: 3,
} as const;

export const ReservationStatus = {
  Pendiente: 1,
  Confirmada: 2,
  Cancelada: 3,
  Expirada: 7,
} as const;

export const AppointmentStatus = {
  NoAsistio: 4,
  EnProceso: 5,
  Completada: 6,
  Eliminada: 8,
  Programada: 9,
  /** Booked online, awaiting the salon's approval (DESIGN §11.4); it holds its time. */
  PorConfirmar: 10,
  /** Cancelled with a reason (`motivo_cancelacion`). */
  Cancelada: 11,
} as const;

/**
 * The cita statuses that free its time: the groomer may book another visit over it (the server's
 * overlap check skips it) and the agenda offers the time to the waitlist.
 */
export const FREEING_APPOINTMENT_STATUSES: readonly number[] = [
  AppointmentStatus.NoAsistio,
  AppointmentStatus.Cancelada,
  AppointmentStatus.Eliminada,
];

const A = AppointmentStatus;

/**
 * Statuses §transitions: where a cita may go from each status, the one table the server's
 * refusals (409) and the web's menus read. A visit to come may start, be completed, be missed,
 * be cancelled or be deleted; one started may be completed or undone (back to Programada); a
 * completed one is only corrected back to Programada (a sale charged to the wrong cita, a
 * completion tapped by mistake); a missed, cancelled or deleted one is brought back to
 * Programada, and a missed or cancelled one may be deleted.
 */
export const APPOINTMENT_TRANSITIONS: Readonly<Record<number, readonly number[]>> = {
  [A.Programada]: [A.EnProceso, A.Completada, A.NoAsistio, A.Cancelada, A.Eliminada],
  // An online request is answered in 'Solicitudes en línea' only, which tells the client.
  [A.PorConfirmar]: [],
  [A.EnProceso]: [A.Completada, A.Programada],
  [A.Completada]: [A.Programada],
  [A.NoAsistio]: [A.Programada, A.Eliminada],
  [A.Cancelada]: [A.Programada, A.Eliminada],
  [A.Eliminada]: [A.Programada],
};

/** The statuses a cita in `from` may change to (none for a status the table does not know). */
export function appointmentTransitions(from: number): readonly number[] {
  return APPOINTMENT_TRANSITIONS[from] ?? [];
}

/** Whether a cita in `from` may change to `to`: never to the status it has. */
export function mayChangeAppointment(from: number, to: number): boolean {
  return appointmentTransitions(from).includes(to);
}

/** MUI palette names; `yellow` is the theme's own (spec §001-2: EXPIRADA yellow, not orange). */
const BADGE_COLORS = [
  'success',
  'warning',
  'yellow',
  'error',
  'info',
  'secondary',
  'default',
] as const;
export type BadgeColor = (typeof BADGE_COLORS)[number];

/** Which records a status applies to: the same id means different things per scope. */
const STATUS_SCOPES = ['registro', 'reservacion', 'cita', 'lista_espera'] as const;
export type StatusScope = (typeof STATUS_SCOPES)[number];

export const StatusItemSchema = z.strictObject({
  id_est: z.number().int(),
  nom_est: z.string(),
  color: z.enum(BADGE_COLORS),
  ambito: z.enum(STATUS_SCOPES),
});
export type StatusItem = z.infer<typeof StatusItemSchema>;

export const RECORD_STATUSES: readonly StatusItem[] = [
  { id_est: 1, nom_est: 'Activo', color: 'success', ambito: 'registro' },
  { id_est: 2, nom_est: 'Suspendido', color: 'warning', ambito: 'registro' },
  { id_est: 3, nom_est: 'Eliminado', color: 'error', ambito: 'registro' },
];

/** Badge colours of the spec: CONFIRMADA green, EXPIRADA yellow, PENDIENTE blue, CANCELADA red. */
export const RESERVATION_STATUSES: readonly StatusItem[] = [
  { id_est: 1, nom_est: 'Pendiente', color: 'info', ambito: 'reservacion' },
  { id_est: 2, nom_est: 'Confirmada', color: 'success', ambito: 'reservacion' },
  { id_est: 3, nom_est: 'Cancelada', color: 'error', ambito: 'reservacion' },
  { id_est: 7, nom_est: 'Expirada', color: 'yellow', ambito: 'reservacion' },
];

export const APPOINTMENT_STATUSES: readonly StatusItem[] = [
  { id_est: 4, nom_est: 'No Asistió', color: 'error', ambito: 'cita' },
  { id_est: 5, nom_est: 'En Proceso', color: 'warning', ambito: 'cita' },
  { id_est: 6, nom_est: 'Completada', color: 'success', ambito: 'cita' },
  { id_est: 8, nom_est: 'Eliminada', color: 'default', ambito: 'cita' },
  { id_est: 9, nom_est: 'Programada', color: 'info', ambito: 'cita' },
  { id_est: 10, nom_est: 'Por confirmar', color: 'yellow', ambito: 'cita' },
  { id_est: 11, nom_est: 'Cancelada', color: 'secondary', ambito: 'cita' },
];

/** The whole catalogue, as `GET /api/estados` serves it. */
export const STATUSES: readonly StatusItem[] = [
  ...RECORD_STATUSES,
  ...RESERVATION_STATUSES,
  ...APPOINTMENT_STATUSES,
];

/** The rows of the `estados` table: one name per id, for referential integrity only. */
export const STATUS_ROWS = [...RECORD_STATUSES, ...APPOINTMENT_STATUSES, RESERVATION_STATUSES[3]];

export function statusName(id: number, catalogue: readonly StatusItem[] = RECORD_STATUSES): string {
  return catalogue.find((s) => s.id_est === id)?.nom_est ?? 'Desconocido';
}
