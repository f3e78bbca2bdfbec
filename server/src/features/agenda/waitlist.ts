import { and, asc, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AppointmentStatus,
  limaToday,
  WAITLIST_ENDPOINTS,
  WAITLIST_MESSAGES,
  WAITLIST_STATUSES,
  waitlistResource,
  WaitlistStatus,
  type AppointmentInput,
  type FreedSlot,
  type FreedSlotChannel,
  type WaitlistEntry,
  type WaitlistInput,
  type WaitlistUpdate,
} from '@app/domain';
import { actorOf, recordAudit, recordChange } from '../../audit/record';
import type { Db, Tx } from '../../db/client';
import {
  appointments,
  clients,
  employees,
  freedSlots,
  packages,
  pets,
  services,
  waitlist,
} from '../../db/schema';
import { sessionOf } from '../../http/authenticate';
import { route } from '../../http/endpoint';
import { ok } from '../../http/envelope';
import { conflict, notFound } from '../../http/errors';
import type { ListDefinition } from '../../crud/list';
import { findOne, resourceModule } from '../../crud/resource';
import { bookedObject, isoText, statusNameSql } from '../../crud/sql';
import { createValues, bookableItem, findAppointment } from './appointments';
import { agendaFilters, bookableClientAndPet, bookedPet, bookedUser } from './booking';
import { occupiesTime } from './scheduling';

/**
 * The waitlist (decisions §waitlist): clients who want an earlier slot. A freed cita (Eliminada or
 * No Asistió) is offered to the pending entries whose weekdays and hours fit it, oldest first, and
 * one of them is booked into it by the same rules as any cita.
 */

const M = WAITLIST_MESSAGES;

/** The freed times listed at once: a salon has a handful; the oldest past ones drop out. */
const FREED_SLOTS_SHOWN = 50;

/** A `time` column as 'HH:MM', as the form and the API write it. */
const hourOf = (column: PgColumn) => sql<string>`to_char(${column}, 'HH24:MI')`;

export const waitlistList: ListDefinition = {
  table: waitlist,
  fields: {
    id_esp: waitlist.id_esp,
    id_cli: waitlist.id_cli,
    id_perro: waitlist.id_perro,
    id_srv: waitlist.id_srv,
    id_paq: waitlist.id_paq,
    dias: waitlist.dias,
    hora_desde: hourOf(waitlist.hora_desde),
    hora_hasta: hourOf(waitlist.hora_hasta),
    notas: waitlist.notas,
    id_est: waitlist.id_est,
    id_cita: waitlist.id_cita,
    id_usu: waitlist.id_usu,
    created_at: waitlist.created_at,
    // The phone is what staff call to offer the slot.
    cliente: bookedObject(clients, clients.id_cli, waitlist.id_cli, {
      id_cli: clients.id_cli,
      dni_cli: clients.dni_cli,
      nom_cli: clients.nom_cli,
      ape_cli: clients.ape_cli,
      id_est: clients.id_est,
      tel1_cli: clients.tel1_cli,
    }),
    perro: bookedPet(waitlist.id_perro),
    estado: {
      id_est: waitlist.id_est,
      nom_est: statusNameSql(waitlist.id_est, WAITLIST_STATUSES),
    },
    servicio: bookedObject(services, services.id_srv, waitlist.id_srv, {
      id_srv: services.id_srv,
      nom_srv: services.nom_srv,
    }),
    paquete: bookedObject(packages, packages.id_paq, waitlist.id_paq, {
      id_paq: packages.id_paq,
      nom_paq: packages.nom_paq,
    }),
    usuario: bookedUser(waitlist.id_usu),
  },
  id: waitlist.id_esp,
  createdAt: waitlist.created_at,
  status: waitlist.id_est,
};

const findEntry = (executor: Db | Tx, id: number) =>
  findOne<WaitlistEntry>(executor, waitlistList, id, M.notFound);

const BOOKING_FIELDS = { dni: 'dni_cli', client: 'id_cliente', pet: 'id_perro' };

/** The entry's row, locked for the change about to be made; 404 if there is none. */
async function lockedEntry(tx: Tx, id: number) {
  const [row] = await tx
    .select({
      id_est: waitlist.id_est,
      id_cli: waitlist.id_cli,
      id_perro: waitlist.id_perro,
      id_srv: waitlist.id_srv,
      id_paq: waitlist.id_paq,
      notas: waitlist.notas,
    })
    .from(waitlist)
    .where(eq(waitlist.id_esp, id))
    .for('update');
  if (!row) throw notFound(M.notFound);
  return row;
}

/** An entry booked into a cita stays as it was: the cita is what changes from then on. */
async function changeableEntry(tx: Tx, id: number) {
  const row = await lockedEntry(tx, id);
  if (row.id_est === WaitlistStatus.Agendada) throw conflict(M.alreadyBooked);
  return row;
}

async function entryValues(
  input: WaitlistInput,
  tx: Tx,
  current?: { id_cli: number; id_perro: number; id_srv: number | null; id_paq: number | null },
) {
  const booked = await bookableClientAndPet(
    tx,
    {
      dni: input.dni_cli,
      clientId: input.id_cliente,
      petId: input.id_perro,
      fields: BOOKING_FIELDS,
    },
    current,
  );
  // Keeping the item an entry has is allowed even if it was retired since; the price is unused.
  const item = await bookableItem(tx, input, current && { ...current, precio: '0.00' });
  return {
    ...booked,
    id_srv: item.id_srv,
    id_paq: item.id_paq,
    dias: input.dias,
    hora_desde: input.hora_desde,
    hora_hasta: input.hora_hasta,
    notas: input.notas,
  };
}

async function createValuesOf(input: WaitlistInput, tx: Tx, request: FastifyRequest) {
  return {
    ...(await entryValues(input, tx)),
    id_usu: sessionOf(request).userId,
    id_est: WaitlistStatus.Pendiente,
  };
}

async function updateValuesOf(input: WaitlistUpdate, tx: Tx) {
  const stored = await changeableEntry(tx, input.id);
  return entryValues(input, tx, stored);
}

/** A cita whose time is free again: 404 if there is none, 409 while it still takes its time. */
async function freedAppointment(executor: Db | Tx, id: number, lock: boolean) {
  const select = executor
    .select({
      id_est: appointments.id_est,
      fec_cita: appointments.fec_cita,
      id_emp: appointments.id_emp,
      duracion: appointments.duracion,
      id_perro: appointments.id_perro,
    })
    .from(appointments)
    .where(eq(appointments.id_cita, id));
  const [row] = lock ? await select.for('update') : await select;
  if (!row) throw notFound(M.citaNotFound);
  if (occupiesTime(row.id_est)) throw conflict(M.citaNotFreed);
  return row;
}

/** A moment as Lima's wall clock (UTC-5 all year), a timestamp without zone. */
const limaWallClockSql = (at: SQL | PgColumn) =>
  sql`((${at}) at time zone 'UTC' - interval '5 hours')`;

/**
 * The pending entries a freed time fits: its Lima weekday among theirs and its start within
 * [hora_desde, hora_hasta); another pet's (the one that missed it is not offered its own slot).
 */
function fitsFreedTime(at: SQL | PgColumn, petId: SQL | PgColumn): SQL {
  const lima = limaWallClockSql(at);
  return sql`${waitlist.id_est} = ${WaitlistStatus.Pendiente}
    and extract(isodow from ${lima})::smallint = any(${waitlist.dias})
    and ${waitlist.hora_desde} <= ${lima}::time and ${waitlist.hora_hasta} > ${lima}::time
    and ${waitlist.id_perro} <> ${petId}`;
}

/** The entries a freed cita's time fits, oldest first. */
async function matchesOf(db: Db, citaId: number): Promise<WaitlistEntry[]> {
  const cita = await freedAppointment(db, citaId, false);
  const rows = await db
    .select(waitlistList.fields)
    .from(waitlist)
    .where(fitsFreedTime(sql`${cita.fec_cita.toISOString()}::timestamptz`, sql`${cita.id_perro}`))
    .orderBy(asc(waitlist.created_at), asc(waitlist.id_esp))
    .limit(20);
  return rows as WaitlistEntry[];
}

/**
 * A cita its client cancelled (link, Mi cuenta, WhatsApp): its time is shown to offer to the
 * waitlist. Cancelled again after a restore, it is shown again.
 */
export async function recordFreedSlot(tx: Tx, id_cita: number, canal: FreedSlotChannel) {
  await tx
    .insert(freedSlots)
    .values({ id_cita, canal })
    .onConflictDoUpdate({
      target: freedSlots.id_cita,
      set: { canal, liberado_en: sql`now()`, atendido_en: null, id_usu: null },
    });
}

/** How many of the pending entries fit the freed cita's time. */
const interestedSql = sql<number>`(select count(*) from ${waitlist}
  where ${fitsFreedTime(appointments.fec_cita, appointments.id_perro)})::int`;

/**
 * The freed times still to offer, soonest first: cancelled by their client, still cancelled, not
 * past, neither booked from the waitlist nor dismissed. Only a few at a time exist.
 */
export function freedSlotsOf(db: Db): Promise<FreedSlot[]> {
  return db
    .select({
      id_cita: freedSlots.id_cita,
      fec_cita: isoText(appointments.fec_cita),
      duracion: appointments.duracion,
      canal: sql<FreedSlotChannel>`${freedSlots.canal}`,
      liberado_en: isoText(freedSlots.liberado_en),
      cliente: sql<string>`${clients.nom_cli} || ' ' || ${clients.ape_cli}`,
      perro: pets.nom_perro,
      groomer: sql<string | null>`${employees.nom_emp} || ' ' || ${employees.ape_emp}`,
      interesados: interestedSql,
    })
    .from(freedSlots)
    .innerJoin(appointments, eq(appointments.id_cita, freedSlots.id_cita))
    .innerJoin(clients, eq(clients.id_cli, appointments.id_cli))
    .innerJoin(pets, eq(pets.id_perro, appointments.id_perro))
    .leftJoin(employees, eq(employees.id_emp, appointments.id_emp))
    .where(
      and(
        isNull(freedSlots.atendido_en),
        eq(appointments.id_est, AppointmentStatus.Cancelada),
        gt(appointments.fec_cita, sql`now()`),
      ),
    )
    .orderBy(asc(appointments.fec_cita), asc(freedSlots.id_cita))
    .limit(FREED_SLOTS_SHOWN);
}

/** The bell's count: the freed times someone on the waitlist could take. */
export async function freedSlotsToOffer(db: Db): Promise<number> {
  return (await freedSlotsOf(db)).filter((slot) => slot.interesados > 0).length;
}

export const waitlistModule: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  route(app, WAITLIST_ENDPOINTS.matches, async (request) =>
    ok(await matchesOf(db, request.query.cita)),
  );

  route(app, WAITLIST_ENDPOINTS.freed, async () => ok(await freedSlotsOf(db)));

  route(app, WAITLIST_ENDPOINTS.dismiss, async (request) => {
    const id = request.params.id;
    await db.transaction(async (tx) => {
      const [dismissed] = await tx
        .update(freedSlots)
        .set({ atendido_en: sql`now()`, id_usu: sessionOf(request).userId })
        .where(and(eq(freedSlots.id_cita, id), isNull(freedSlots.atendido_en)))
        .returning({ id: freedSlots.id_cita });
      if (!dismissed) throw notFound(M.freedNotFound);
      await recordAudit(tx, {
        ...actorOf(request),
        accion: 'editar',
        entidad: 'cita',
        entidad_id: id,
        detalle: 'Espacio liberado por el cliente descartado para la lista de espera',
      });
    });
    return ok(null, M.dismissed);
  });

  // The freed cita's time, groomer and duration for the entry's client, pet and item.
  route(app, WAITLIST_ENDPOINTS.book, async (request, reply) => {
    const { id_esp, id_cita } = request.body;
    const booked = await db.transaction(async (tx) => {
      const entry = await lockedEntry(tx, id_esp);
      if (entry.id_est !== WaitlistStatus.Pendiente) throw conflict(M.notPending);
      const freed = await freedAppointment(tx, id_cita, true);
      const [client] = await tx
        .select({ dni_cli: clients.dni_cli })
        .from(clients)
        .where(eq(clients.id_cli, entry.id_cli));
      const input: AppointmentInput = {
        fec_cita: freed.fec_cita.toISOString(),
        dni_cli: client.dni_cli,
        id_cliente: entry.id_cli,
        id_perro: entry.id_perro,
        id_servicio: entry.id_srv,
        id_paquete: entry.id_paq,
        fech_reg: limaToday(),
        obs: entry.notas || M.bookedObs,
        id_emp: freed.id_emp,
        duracion: freed.duracion,
      };
      // The rules of any booking: the slot may have been taken meanwhile (409).
      const values = await createValues(input, tx, request);
      const [inserted] = await tx
        .insert(appointments)
        .values(values)
        .returning({ id: appointments.id_cita });
      const cita = await findAppointment(tx, inserted.id);
      await recordChange(tx, request, {
        accion: 'crear',
        entidad: 'cita',
        id: inserted.id,
        before: null,
        after: cita,
      });
      const before = await findEntry(tx, id_esp);
      await tx
        .update(waitlist)
        .set({ id_est: WaitlistStatus.Agendada, id_cita: inserted.id, updated_at: new Date() })
        .where(eq(waitlist.id_esp, id_esp));
      const entrada = await findEntry(tx, id_esp);
      await tx
        .update(freedSlots)
        .set({ atendido_en: sql`now()`, id_usu: sessionOf(request).userId })
        .where(and(eq(freedSlots.id_cita, id_cita), isNull(freedSlots.atendido_en)));
      await recordChange(tx, request, {
        accion: 'estado',
        entidad: 'lista_espera',
        id: id_esp,
        before,
        after: entrada,
      });
      return { entrada, cita };
    });
    return reply.status(201).send(ok(booked, M.booked));
  });

  await app.register(
    resourceModule({
      resource: waitlistResource,
      table: waitlist,
      id: waitlist.id_esp,
      list: waitlistList,
      filters: agendaFilters(waitlist),
      create: { toValues: createValuesOf, message: M.registered },
      update: { toValues: updateValuesOf, message: M.updated },
      // Staff leave an entry Pendiente or cancel it; Agendada comes only from booking it.
      status: {
        allowed: [WaitlistStatus.Pendiente, WaitlistStatus.Cancelada],
        column: waitlist.id_est,
        message: M.status,
        invalid: M.statusInvalid,
        onChange: async (tx, id) => {
          await changeableEntry(tx, id);
        },
      },
      notFound: M.notFound,
    }),
    { db },
  );
};
