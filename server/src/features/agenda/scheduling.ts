import { and, asc, eq, gt, lt, ne, notInArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  AGENDA_MESSAGES,
  DURATION_MAX,
  FREEING_APPOINTMENT_STATUSES,
  ONLINE_BOOKING_MESSAGES,
  Status,
  can,
  mayAttend,
  overlapMessage,
} from '@app/domain';
import type { Db, Tx } from '../../db/client';
import { absences, appointments, employees, users } from '../../db/schema';
import { sessionOf } from '../../http/authenticate';
import { conflict, HttpError, invalid } from '../../http/errors';

/**
 * The rules every path that places a visit shares (decisions §agenda): a bookable groomer, no two
 * visits of one groomer at once; and who may attend a visit (decisions §roles).
 */

/** Whether a visit in this status still holds its groomer's time. */
export const occupiesTime = (estado: number) => !FREEING_APPOINTMENT_STATUSES.includes(estado);

/** An arbitrary constant: with a groomer's id, the advisory lock of that groomer's bookings. */
const GROOMER_LOCK = 5_210_013;

const minutes = (count: unknown) => sql`(${count} * interval '1 minute')`;

/**
 * The visits that overlap [from, to): they start before `to` and end after `from`. The lower
 * bound (no visit lasts over DURATION_MAX) keeps the search on an index of fec_cita.
 */
export function overlapping(from: Date, to: Date): SQL | undefined {
  return overlappingBounds(earliestStart(from), from, to);
}

/** The earliest start of a visit that may still run at `from`: no visit lasts over DURATION_MAX. */
export const earliestStart = (from: Date) => new Date(from.getTime() - DURATION_MAX * 60_000);

/**
 * `overlapping` with its bounds as values or a prepared statement's placeholders: `earliest` is
 * `earliestStart(from)`.
 */
export function overlappingBounds(
  earliest: Date | SQLWrapper,
  from: Date | SQLWrapper,
  to: Date | SQLWrapper,
): SQL | undefined {
  return and(
    gt(appointments.fec_cita, earliest),
    lt(appointments.fec_cita, to),
    sql`${appointments.fec_cita} + ${minutes(appointments.duracion)} > ${from}`,
  );
}

/** The employee a visit is given to must be active and bookable; keeping the one it has is allowed. */
export async function bookableGroomer(tx: Tx, id: number | null, current?: number | null) {
  if (id === null || id === current) return id;
  const [employee] = await tx
    .select({ id_est: employees.id_est, agenda: employees.agenda })
    .from(employees)
    .where(eq(employees.id_emp, id))
    .for('share');
  if (!employee) throw invalid('id_emp', AGENDA_MESSAGES.groomerNotFound);
  if (employee.id_est !== Status.Activo || !employee.agenda) {
    throw invalid('id_emp', AGENDA_MESSAGES.groomerNotBookable);
  }
  return id;
}

export interface Placement {
  id_emp: number | null;
  inicio: Date;
  duracion: number;
  /** The visit being moved or edited: it does not collide with itself. */
  except?: number;
}

/**
 * Takes the groomer's lock until the transaction ends: what books, moves or blocks a groomer's
 * time (a visit, time off) is judged one at a time per groomer.
 */
export async function lockGroomer(tx: Tx, id_emp: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${GROOMER_LOCK}, ${id_emp})`);
}

/**
 * 409 'El groomer no atiende en ese horario' when [inicio, end) overlaps the groomer's time off.
 * A visit edited without changing its time or groomer is let be: time off may be put over
 * visits already booked, and their notes can still be changed until the salon moves them.
 */
async function assertGroomerPresent(tx: Tx, placement: Placement, end: Date) {
  const { id_emp, inicio, duracion, except } = placement;
  if (id_emp === null) return;
  const [away] = await tx
    .select({ id: absences.id })
    .from(absences)
    .where(and(eq(absences.id_emp, id_emp), lt(absences.desde, end), gt(absences.hasta, inicio)))
    .limit(1);
  if (!away) return;
  if (except !== undefined) {
    const [stored] = await tx
      .select({
        id_emp: appointments.id_emp,
        fec_cita: appointments.fec_cita,
        id_est: appointments.id_est,
      })
      .from(appointments)
      .where(and(eq(appointments.id_cita, except), eq(appointments.duracion, duracion)));
    const unchanged =
      stored?.id_emp === id_emp &&
      stored.fec_cita.getTime() === inicio.getTime() &&
      occupiesTime(stored.id_est);
    if (unchanged) return;
  }
  const message = ONLINE_BOOKING_MESSAGES.groomerAway;
  throw conflict(message, { fec_cita: [message] });
}

/**
 * 409 'El groomer ya tiene una cita de HH:MM a HH:MM' when the groomer has another visit that
 * overlaps [inicio, inicio + duracion), and 409 'El groomer no atiende en ese horario' when it
 * falls in their time off (their working hours are not checked: the counter may book overtime).
 * Bookings of one groomer take the groomer's lock in turn until their transaction ends, so two
 * at once are judged one after the other and the second sees the first: one slot is never given
 * twice. Unassigned visits never collide.
 */
export async function assertGroomerFree(tx: Tx, placement: Placement) {
  const { id_emp, inicio, duracion, except } = placement;
  if (id_emp === null) return;
  await lockGroomer(tx, id_emp);
  const end = new Date(inicio.getTime() + duracion * 60_000);
  await assertGroomerPresent(tx, placement, end);
  const [other] = await tx
    .select({ fec_cita: appointments.fec_cita, duracion: appointments.duracion })
    .from(appointments)
    .where(
      and(
        eq(appointments.id_emp, id_emp),
        overlapping(inicio, end),
        notInArray(appointments.id_est, [...FREEING_APPOINTMENT_STATUSES]),
        except === undefined ? undefined : ne(appointments.id_cita, except),
      ),
    )
    .orderBy(asc(appointments.fec_cita))
    .limit(1);
  if (other) {
    const otherEnd = new Date(other.fec_cita.getTime() + other.duracion * 60_000);
    throw conflict(overlapMessage(other.fec_cita, otherEnd), {
      fec_cita: [overlapMessage(other.fec_cita, otherEnd)],
    });
  }
}

/**
 * Decisions §roles: who may not book (a groomer) starts, completes and triages only the visits
 * assigned to them or to no one.
 */
export async function requireAttend(
  executor: Db | Tx,
  request: FastifyRequest,
  assigned: number | null,
) {
  const { userId, role } = sessionOf(request);
  const book = can(role, 'agenda.escribir');
  if (book || assigned === null) return;
  const [user] = await executor
    .select({ id_emp: users.id_emp })
    .from(users)
    .where(eq(users.id, userId));
  if (!mayAttend({ book, ownEmployee: user?.id_emp ?? null }, assigned)) {
    throw new HttpError(403, AGENDA_MESSAGES.notYours);
  }
}
