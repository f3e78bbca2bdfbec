import { and, asc, eq, gte } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  APPOINTMENT_ENDPOINTS,
  AppointmentStatus,
  limaDayStart,
  SERIES_MESSAGES,
  seriesDates,
  seriesDateText,
  withinOpeningHours,
  type Appointment,
  type AppointmentSeriesInput,
  type SeriesOccurrence,
} from '@app/domain';
import { recordChange } from '../../audit/record';
import type { Db, Tx } from '../../db/client';
import { appointments, appointmentSeries } from '../../db/schema';
import { sessionOf } from '../../http/authenticate';
import { route } from '../../http/endpoint';
import { ok } from '../../http/envelope';
import { conflict, HttpError, notFound } from '../../http/errors';
import { appointmentList, createValues } from './appointments';
import { findOne } from '../../crud/resource';
import { assertGroomerFree } from './scheduling';
import { openingHours } from '../settings';

/**
 * Recurring citas (decisions §series): every 1–12 weeks, 2–26 times. Every date is judged before
 * anything is saved, in the transaction that then books them all: one conflict and none is
 * booked, and the groomer's lock (taken by each check) keeps the slots until it commits.
 */

const M = SERIES_MESSAGES;

/** Each date of the series with what stops it, if anything, and whether it is outside hours. */
async function judge(tx: Tx, input: AppointmentSeriesInput, request: FastifyRequest) {
  // The first visit decides client, pet, item, groomer and duration for all (422 if wrong).
  const values = await createValues(input, tx, request).catch((error: unknown) => {
    // The first date's own overlap is a conflict of the series like any other.
    if (error instanceof HttpError && error.statusCode === 409) return null;
    throw error;
  });
  const hours = await openingHours(tx);
  const base = values ?? (await createValues({ ...input, id_emp: null }, tx, request));
  const id_emp = input.id_emp ?? null;
  const occurrences: (SeriesOccurrence & { at: Date })[] = [];
  for (const at of seriesDates(new Date(input.fec_cita), input.cada_semanas, input.veces)) {
    let mensaje: string | null = null;
    try {
      await assertGroomerFree(tx, { id_emp, inicio: at, duracion: base.duracion });
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode !== 409) throw error;
      mensaje = error.message;
    }
    occurrences.push({
      at,
      fecha: at.toISOString(),
      mensaje,
      fuera_de_horario: !withinOpeningHours(hours, at, base.duracion),
    });
  }
  return { values: { ...base, id_emp }, occurrences };
}

export const seriesModule: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const E = APPOINTMENT_ENDPOINTS;

  route(app, E.seriesValidate, async (request) => {
    // In a transaction: the checks take the groomers' locks, released at its end; it writes nothing.
    const occurrences = await db.transaction(
      async (tx) => (await judge(tx, request.body, request)).occurrences,
    );
    return ok(
      occurrences.map(({ at: _at, ...o }) => o),
      M.validated,
    );
  });

  route(app, E.seriesRegister, async (request, reply) => {
    const input = request.body;
    const series = await db.transaction(async (tx) => {
      const { values, occurrences } = await judge(tx, input, request);
      const conflicts = occurrences.filter((o) => o.mensaje !== null);
      if (conflicts.length > 0) {
        throw conflict(M.conflicts(conflicts.length), {
          fec_cita: conflicts.map((c) => `${seriesDateText(c.at)}: ${c.mensaje}`),
        });
      }
      const [row] = await tx
        .insert(appointmentSeries)
        .values({
          cada_semanas: input.cada_semanas,
          veces: input.veces,
          id_usu: sessionOf(request).userId,
        })
        .returning();
      const inserted = await tx
        .insert(appointments)
        .values(occurrences.map((o) => ({ ...values, fec_cita: o.at, id_serie: row.id_serie })))
        .returning({ id_cita: appointments.id_cita });
      const citas: Appointment[] = [];
      for (const { id_cita } of inserted) {
        const after = await findOne<Appointment>(tx, appointmentList, id_cita, M.notFound);
        await recordChange(tx, request, {
          accion: 'crear',
          entidad: 'cita',
          id: id_cita,
          before: null,
          after,
        });
        citas.push(after);
      }
      return { id_serie: row.id_serie, cada_semanas: row.cada_semanas, veces: row.veces, citas };
    });
    return reply.status(201).send(ok(series, M.registered(series.citas.length)));
  });

  route(app, E.series, async (request) => {
    const [row] = await db
      .select()
      .from(appointmentSeries)
      .where(eq(appointmentSeries.id_serie, request.params.id));
    if (!row) throw notFound(M.notFound);
    const ids = await db
      .select({ id_cita: appointments.id_cita })
      .from(appointments)
      .where(eq(appointments.id_serie, row.id_serie))
      .orderBy(asc(appointments.fec_cita));
    const citas = await Promise.all(
      ids.map(({ id_cita }) => findOne<Appointment>(db, appointmentList, id_cita, M.notFound)),
    );
    return ok({
      id_serie: row.id_serie,
      cada_semanas: row.cada_semanas,
      veces: row.veces,
      citas,
    });
  });

  route(app, E.seriesCancel, async (request) => {
    const { id_serie, desde } = request.body;
    const cancelados = await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ id: appointmentSeries.id_serie })
        .from(appointmentSeries)
        .where(eq(appointmentSeries.id_serie, id_serie))
        .for('update');
      if (!row) throw notFound(M.notFound);
      // Only what is still to happen: completed, started and missed visits stay as they were.
      const cancelled = await tx
        .update(appointments)
        .set({ id_est: AppointmentStatus.Eliminada, updated_at: new Date() })
        .where(
          and(
            eq(appointments.id_serie, id_serie),
            eq(appointments.id_est, AppointmentStatus.Programada),
            gte(appointments.fec_cita, limaDayStart(desde)),
          ),
        )
        .returning({ id_cita: appointments.id_cita });
      for (const { id_cita } of cancelled) {
        await recordChange(tx, request, {
          accion: 'estado',
          entidad: 'cita',
          id: id_cita,
          before: { id_est: AppointmentStatus.Programada },
          after: { id_est: AppointmentStatus.Eliminada },
        });
      }
      return cancelled.length;
    });
    return ok({ cancelados }, M.cancelled(cancelados));
  });
};
