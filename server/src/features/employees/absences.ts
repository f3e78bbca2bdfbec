import { and, asc, eq, gt, lt, notInArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  ABSENCE_ENDPOINTS as E,
  ABSENCE_MESSAGES as M,
  affectedAppointmentsWarning,
  DURATION_MAX,
  FREEING_APPOINTMENT_STATUSES,
  limaDayStart,
  type Absence,
} from '@app/domain';
import { actorOf, changesBetween, recordAudit } from '../../audit/record';
import type { Db, Tx } from '../../db/client';
import { absences, appointments, employees } from '../../db/schema';
import { sessionOf } from '../../http/authenticate';
import { route } from '../../http/endpoint';
import { ok } from '../../http/envelope';
import { invalid, notFound } from '../../http/errors';
import { lockGroomer } from '../agenda';

/**
 * A groomer's time off (DESIGN §11.4): listed, added and removed under Empleados. Booking into it
 * is refused where every booking is judged (agenda/scheduling.ts `assertGroomerFree`); the
 * calendar greys it (agenda/agenda.ts).
 */

/**
 * How many of the groomer's visits that still take time fall in the time off: they were booked
 * before it was entered, and the salon moves them. The lower bound (no visit lasts over
 * DURATION_MAX) keeps the count on the index of fec_cita.
 */
const affectedCount = sql<number>`(
  select count(*)::int from ${appointments}
  where ${appointments.id_emp} = ${absences.id_emp}
    and ${appointments.fec_cita} > ${absences.desde} - ${DURATION_MAX} * interval '1 minute'
    and ${appointments.fec_cita} < ${absences.hasta}
    and ${appointments.fec_cita} + ${appointments.duracion} * interval '1 minute' > ${absences.desde}
    and ${notInArray(appointments.id_est, [...FREEING_APPOINTMENT_STATUSES])}
)`;

/** What the audit log keeps of one. */
const auditedFields = {
  id: absences.id,
  id_emp: absences.id_emp,
  desde: absences.desde,
  hasta: absences.hasta,
  motivo: absences.motivo,
};

const absenceFields = {
  ...auditedFields,
  citas_afectadas: affectedCount,
  created_at: absences.created_at,
};

interface AbsenceRow {
  id: number;
  id_emp: number;
  desde: Date;
  hasta: Date;
  motivo: string;
  citas_afectadas: number;
  created_at: Date;
}

const asAbsence = (row: AbsenceRow): Absence => ({
  ...row,
  desde: row.desde.toISOString(),
  hasta: row.hasta.toISOString(),
  created_at: row.created_at.toISOString(),
});

function readAbsences(executor: Db | Tx, where: SQL | undefined) {
  return executor
    .select(absenceFields)
    .from(absences)
    .where(where)
    .orderBy(asc(absences.desde), asc(absences.id));
}

export const absencesModule: FastifyPluginCallbackZod<{ db: Db }> = (app, { db }, done) => {
  route(app, E.list, async (request) => {
    const { emp, desde, hasta } = request.query;
    const rows = await readAbsences(
      db,
      and(
        emp === undefined ? undefined : eq(absences.id_emp, emp),
        // Overlapping the Lima days asked for: it ends after the first starts...
        desde === undefined ? undefined : gt(absences.hasta, limaDayStart(desde)),
        // ...and starts before the last ends.
        hasta === undefined
          ? undefined
          : lt(absences.desde, new Date(limaDayStart(hasta).getTime() + 86_400_000)),
      ),
    );
    return ok(rows.map(asAbsence));
  });

  route(app, E.create, async (request, reply) => {
    const { id_emp, desde, hasta, motivo } = request.body;
    const created = await db.transaction(async (tx) => {
      const [employee] = await tx
        .select({ id_emp: employees.id_emp })
        .from(employees)
        .where(eq(employees.id_emp, id_emp))
        .for('share');
      if (!employee) throw invalid('id_emp', M.groomerNotFound);
      // Judged with the groomer's bookings in turn: the count below sees every visit committed.
      await lockGroomer(tx, id_emp);
      const [inserted] = await tx
        .insert(absences)
        .values({
          id_emp,
          desde: new Date(desde),
          hasta: new Date(hasta),
          motivo,
          id_usu: sessionOf(request).userId,
        })
        .returning(auditedFields);
      const [row] = await readAbsences(tx, eq(absences.id, inserted.id));
      await recordAudit(tx, {
        ...actorOf(request),
        accion: 'crear',
        entidad: 'empleado',
        entidad_id: id_emp,
        cambios: changesBetween(null, inserted),
        detalle: `Ausencia ${row.id}`,
      });
      return row;
    });
    const message = affectedAppointmentsWarning(created.citas_afectadas);
    return reply
      .status(201)
      .send(ok(asAbsence(created), message ? `${M.created} ${message}` : M.created));
  });

  route(app, E.remove, async (request) => {
    const { id } = request.params;
    await db.transaction(async (tx) => {
      const [row] = await tx.delete(absences).where(eq(absences.id, id)).returning(auditedFields);
      if (!row) throw notFound(M.notFound);
      await recordAudit(tx, {
        ...actorOf(request),
        accion: 'eliminar',
        entidad: 'empleado',
        entidad_id: row.id_emp,
        cambios: changesBetween(row, null),
        detalle: `Ausencia ${row.id}`,
      });
    });
    return ok(null, M.deleted);
  });
  done();
};
