import { and, asc, eq, gte, inArray, lt, gt, ne, notInArray } from 'drizzle-orm';
import {
  DURATION_MAX,
  FREEING_APPOINTMENT_STATUSES,
  ONLINE_BOOKING_MESSAGES as M,
  Status,
  availableSlots,
  bookableDays,
  durationForSize,
  groomersFreeAt,
  limaDayStart,
  type Availability,
  type AvailabilityInput,
  type AvailabilityQuery,
  type GroomerSchedule,
  type OnlineBookingSettings,
  type PetSize,
  type SizeMinutes,
  type TimeRange,
} from '@app/domain';
import type { Db, Tx } from '../../db/client';
import { absences, appointments, employees, packages, services } from '../../db/schema';
import { conflict, invalid } from '../../http/errors';
import { openingHours } from '../settings';
import { readOnlineBookingSettings } from './booking-settings';

/**
 * The availability the public page offers (DESIGN §11.4), read from the database: the settings,
 * the item's length for the pet's size, and each bookable groomer's hours, time off and citas
 * that hold time over the days asked; the rules themselves are the domain's `availableSlots`.
 */

const MINUTE_MS = 60_000;

/** A service or a package, as the public page names it. */
export interface ItemRef {
  tipo: 'servicio' | 'paquete';
  id: number;
}

/** The settings, or 409 'La reserva en línea no está disponible' while bookings are off. */
async function openSettings(executor: Db | Tx): Promise<OnlineBookingSettings> {
  const settings = await readOnlineBookingSettings(executor);
  if (settings.modo === 'desactivada') throw conflict(M.disabled);
  return settings;
}

/**
 * The minutes and size additions of an item the salon offers online and still sells; else 422
 * 'Ese servicio no se reserva en línea' (on `servicio`, the page's one choice of item).
 */
async function offeredLength(
  executor: Db | Tx,
  settings: OnlineBookingSettings,
  item: ItemRef,
): Promise<{ duracion: number; minutos_talla: SizeMinutes }> {
  const offered =
    item.tipo === 'servicio'
      ? settings.servicios.includes(item.id)
      : settings.paquetes.includes(item.id);
  const [row] = !offered
    ? []
    : item.tipo === 'servicio'
      ? await executor
          .select({ duracion: services.duracion, minutos_talla: services.minutos_talla })
          .from(services)
          .where(and(eq(services.id_srv, item.id), eq(services.id_est, Status.Activo)))
      : await executor
          .select({ duracion: packages.duracion, minutos_talla: packages.minutos_talla })
          .from(packages)
          .where(and(eq(packages.id_paq, item.id), eq(packages.id_est, Status.Activo)));
  if (!row) throw invalid('servicio', M.itemNotOffered);
  return row;
}

/**
 * Each bookable groomer's (active, in the agenda; only `emp` when given) hours, time off and
 * citas that hold time between the Lima days `desde` and `hasta`, widened by the buffer: one
 * query per kind, on the indexes of groomer and start.
 */
async function groomerSchedules(
  executor: Db | Tx,
  days: { desde: string; hasta: string },
  bufferMin: number,
  emp?: number,
  /** A cita being moved: its own time does not hold the groomer. */
  except?: number,
): Promise<GroomerSchedule[]> {
  const groomers = await executor
    .select({ id_emp: employees.id_emp, horario: employees.horario })
    .from(employees)
    .where(
      and(
        eq(employees.agenda, true),
        eq(employees.id_est, Status.Activo),
        emp === undefined ? undefined : eq(employees.id_emp, emp),
      ),
    )
    .orderBy(asc(employees.id_emp));
  if (groomers.length === 0) return [];
  const ids = groomers.map((g) => g.id_emp);
  const from = limaDayStart(days.desde).getTime() - bufferMin * MINUTE_MS;
  const to = limaDayStart(days.hasta).getTime() + 86_400_000 + bufferMin * MINUTE_MS;
  // The company's hours are read only when a groomer has none of their own.
  const company = groomers.every((g) => g.horario) ? [] : await openingHours(executor);
  const away = await executor
    .select({ id_emp: absences.id_emp, desde: absences.desde, hasta: absences.hasta })
    .from(absences)
    .where(
      and(
        inArray(absences.id_emp, ids),
        lt(absences.desde, new Date(to)),
        gt(absences.hasta, new Date(from)),
      ),
    );
  // No visit lasts over DURATION_MAX: the lower bound keeps the search on the index's range.
  const booked = await executor
    .select({
      id_emp: appointments.id_emp,
      inicio: appointments.fec_cita,
      duracion: appointments.duracion,
    })
    .from(appointments)
    .where(
      and(
        inArray(appointments.id_emp, ids),
        gte(appointments.fec_cita, new Date(from - DURATION_MAX * MINUTE_MS)),
        lt(appointments.fec_cita, new Date(to)),
        notInArray(appointments.id_est, [...FREEING_APPOINTMENT_STATUSES]),
        except === undefined ? undefined : ne(appointments.id_cita, except),
      ),
    );
  const schedules = new Map<number, GroomerSchedule>(
    groomers.map((g) => [
      g.id_emp,
      { id_emp: g.id_emp, horario: g.horario ?? company, ausencias: [], citas: [] },
    ]),
  );
  for (const a of away) {
    schedules.get(a.id_emp)?.ausencias.push({ start: a.desde.getTime(), end: a.hasta.getTime() });
  }
  for (const c of booked) {
    if (c.id_emp === null) continue;
    const start = c.inicio.getTime();
    const cita: TimeRange = { start, end: start + c.duracion * MINUTE_MS };
    schedules.get(c.id_emp)?.citas.push(cita);
  }
  return [...schedules.values()];
}

/** What `availableSlots` reads of the settings. */
const rulesOf = (settings: OnlineBookingSettings) => ({
  paso_min: settings.paso_min,
  buffer_min: settings.buffer_min,
  aviso_horas: settings.aviso_horas,
  horizonte_dias: settings.horizonte_dias,
});

/** The query's one item (the schema lets exactly one of `servicio` and `paquete` through). */
function itemOf(query: Pick<AvailabilityQuery, 'servicio' | 'paquete'>): ItemRef {
  if (query.servicio !== undefined) return { tipo: 'servicio', id: query.servicio };
  if (query.paquete !== undefined) return { tipo: 'paquete', id: query.paquete };
  throw invalid('servicio', M.itemRequired);
}

/**
 * `GET /api/public/disponibilidad`: the free starts per day of the item for the size, with the
 * groomers who can take each. Only the days the notice and the horizon leave open are read.
 */
export async function loadAvailability(
  executor: Db | Tx,
  query: AvailabilityQuery,
  now: Date,
): Promise<Availability> {
  const settings = await openSettings(executor);
  const length = await offeredLength(executor, settings, itemOf(query));
  const input: AvailabilityInput = {
    now,
    desde: query.desde,
    hasta: query.hasta,
    duracion: durationForSize(length, query.talla),
    ...rulesOf(settings),
    groomers: [],
  };
  const open = bookableDays(input);
  if (open) input.groomers = await groomerSchedules(executor, open, settings.buffer_min, query.emp);
  return availableSlots(input);
}

/**
 * The groomers (only `emp` when given) who can take the visit starting at `hora` on `fecha` by
 * the rules that offered it; it reads that day alone. The booking calls it in its transaction,
 * again once it holds the groomer's lock, so it sees a visit booked meanwhile.
 */
export async function freeGroomersAt(
  tx: Db | Tx,
  slot: {
    item: ItemRef;
    talla: PetSize | null;
    fecha: string;
    hora: string;
    emp?: number;
    /** The cita being moved (the client's portal): its own time does not count as taken. */
    except?: number;
  },
  now: Date,
): Promise<number[]> {
  const settings = await openSettings(tx);
  const length = await offeredLength(tx, settings, slot.item);
  const input: AvailabilityInput = {
    now,
    desde: slot.fecha,
    hasta: slot.fecha,
    duracion: durationForSize(length, slot.talla),
    ...rulesOf(settings),
    groomers: [],
  };
  if (!bookableDays(input)) return [];
  input.groomers = await groomerSchedules(
    tx,
    { desde: slot.fecha, hasta: slot.fecha },
    settings.buffer_min,
    slot.emp,
    slot.except,
  );
  return groomersFreeAt(input, slot.fecha, slot.hora);
}
