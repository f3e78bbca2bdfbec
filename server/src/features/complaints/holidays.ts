import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { COMPLAINT_MESSAGES as M, HOLIDAY_ENDPOINTS as E } from '@app/domain';
import { actorOf, changesBetween, recordAudit } from '../../audit/record';
import type { Db, Tx } from '../../db/client';
import { holidays } from '../../db/schema';
import { route } from '../../http/endpoint';
import { ok } from '../../http/envelope';
import { conflict, notFound } from '../../http/errors';

/**
 * Peru's public holidays, which due dates skip (DESIGN §11.3): the national ones seeded
 * (db/seed.ts), the rest (regional ones, the years to come) kept by the admin. A change moves no
 * due date already given: a hoja keeps the one its consumer was told.
 */

/** Every holiday (a few dozen a year, one short read): what working days are counted against. */
export async function holidaySet(executor: Db | Tx): Promise<ReadonlySet<string>> {
  const rows = await executor.select({ fecha: holidays.fecha }).from(holidays);
  return new Set(rows.map((row) => row.fecha));
}

export const holidayRoutes: FastifyPluginCallbackZod<{ db: Db }> = (app, { db }, done) => {
  route(app, E.list, async (request) => {
    const { anio } = request.query;
    const rows = await db
      .select({ fecha: holidays.fecha, nombre: holidays.nombre })
      .from(holidays)
      .where(
        anio === undefined
          ? undefined
          : and(gte(holidays.fecha, `${anio}-01-01`), lte(holidays.fecha, `${anio}-12-31`)),
      )
      .orderBy(asc(holidays.fecha));
    return ok(rows);
  });

  route(app, E.create, async (request, reply) => {
    const holiday = request.body;
    const created = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(holidays)
        .values(holiday)
        .onConflictDoNothing()
        .returning({ fecha: holidays.fecha, nombre: holidays.nombre });
      if (!row) throw conflict(M.holidayExists, { fecha: [M.holidayExists] });
      await recordAudit(tx, {
        ...actorOf(request),
        accion: 'crear',
        entidad: 'feriado',
        cambios: changesBetween(null, row),
        detalle: `Feriado ${row.fecha}`,
      });
      return row;
    });
    return reply.status(201).send(ok(created, M.holidaySaved));
  });

  route(app, E.remove, async (request) => {
    const { fecha } = request.params;
    await db.transaction(async (tx) => {
      const [row] = await tx
        .delete(holidays)
        .where(eq(holidays.fecha, fecha))
        .returning({ fecha: holidays.fecha, nombre: holidays.nombre });
      if (!row) throw notFound(M.holidayNotFound);
      await recordAudit(tx, {
        ...actorOf(request),
        accion: 'eliminar',
        entidad: 'feriado',
        cambios: changesBetween(row, null),
        detalle: `Feriado ${row.fecha}`,
      });
    });
    return ok(null, M.holidayDeleted);
  });
  done();
};
