import { z } from 'zod';
import { isoDateTime, money } from '../../api';
import { exportQueryOf } from '../../list-query';
import { optionalId, NamedStatusSchema, BookingClientSchema } from '../agenda/booking';
import { VisitListQuerySchema, AppointmentSchema } from '../agenda/appointments';

/**
 * Historial de Citas (decisions §history): every appointment before today in Lima, newest first,
 * with its triage and its sale; and a pet's visits over time (its timeline).
 */

export const HISTORY_PATHS = {
  list: '/citas/historial',
  export: '/citas/historial/export',
  /** `GET /perro/{id}/historial` */
  pet: (id: number | string) => `/perro/${id}/historial`,
} as const;

export const HISTORY_TEXTS = {
  title: 'Historial de Citas',
  empty: 'No hay citas pasadas con esos filtros',
  loading: 'Cargando el historial...',
  loadError: 'No se pudo cargar el historial',
  petTitle: 'Historial de la mascota',
  petNotFound: 'Mascota no encontrada',
  exportFile: 'historial-citas',
} as const;

/**
 * `GET /api/citas/historial`: the citas list's filters (`cli`, `pe`, `usu`, `emp`, `est`) plus
 * the booked service (`srv`) or package (`paq`) and one pet (`perro`); `ficial` and `final` are
 * the days of the visit (Lima), not of its registration.
 */
export const HistoryListQuerySchema = VisitListQuerySchema.safeExtend({
  srv: optionalId('El servicio no existe').optional(),
  paq: optionalId('El paquete no existe').optional(),
  perro: optionalId('La mascota no existe').optional(),
});
export type HistoryListQuery = z.infer<typeof HistoryListQuerySchema>;

export const HistoryExportQuerySchema = exportQueryOf(HistoryListQuerySchema);

/** The triage of a visit as the history shows it. */
export const HistoryTriageSchema = z.strictObject({
  id: z.number().int(),
  edad: z.string(),
  peso: z.string(),
  temperatura: z.string(),
  nota: z.string(),
});

/**
 * The sale in force of a visit: its receipt and total. Money only for who may charge
 * (`AGENDA_PRICE_PERMISSION`): a groomer's history carries none (issue 30 §5).
 */
export const HistorySaleSchema = z.strictObject({
  id_venta: z.number().int(),
  serie: z.string(),
  numero: z.number().int(),
  total: money.optional(),
});

/** A past cita with what happened at it; its price only for who may charge, as the sale's. */
export const HistoryRowSchema = AppointmentSchema.extend({
  precio: money.optional(),
  triaje: HistoryTriageSchema.nullable(),
  venta: HistorySaleSchema.nullable(),
});
export type HistoryRow = z.infer<typeof HistoryRowSchema>;

/** One visit of a pet's timeline, oldest first: weight and temperature from its triage. */
export const PetVisitSchema = z.strictObject({
  id_cita: z.number().int(),
  fec_cita: isoDateTime,
  estado: NamedStatusSchema,
  /** The service's or package's name. */
  item: z.string(),
  /** 'Nombre Apellido' of the groomer, or null when unassigned. */
  groomer: z.string().nullable(),
  /** Only for who may charge, as the history's. */
  precio: money.optional(),
  /** Kilograms and °C as recorded ('12.50', '38.5'), or null without a triage. */
  peso: z.string().nullable(),
  temperatura: z.string().nullable(),
  /** Whether the groomer wrote its report card (`GET /api/cita/{id}/ficha` reads it). */
  ficha: z.boolean(),
});
export type PetVisit = z.infer<typeof PetVisitSchema>;

/** `GET /api/perro/{id}/historial`: the pet, its owner and its visits (not deleted). */
export const PetTimelineSchema = z.strictObject({
  perro: z.strictObject({
    id_perro: z.number().int(),
    nom_perro: z.string(),
    raza_perro: z.string(),
    cliente: BookingClientSchema,
  }),
  visitas: z.array(PetVisitSchema),
});
export type PetTimeline = z.infer<typeof PetTimelineSchema>;
