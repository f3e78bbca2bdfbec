import { and, asc, eq, getTableColumns, inArray, or, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ANONYMIZED_CLIENT_NAME,
  anonymizedDni,
  CLIENT_DATA_PATHS,
  CLIENT_MESSAGES,
  type ClientData,
  clientDataFileName,
  ClientDataSchema,
  DoneSchema,
  IdParamSchema,
} from '@app/domain';
import { actorOf, recordAudit } from '../audit/record';
import type { Db, Tx } from '../db/client';
import {
  appointmentPhotos,
  appointments,
  clients,
  packages,
  pets,
  reminders,
  reservations,
  saleLines,
  salePayments,
  sales,
  services,
  triages,
  vaccines,
  waitlist,
} from '../db/schema';
import { ok } from '../http/envelope';
import { conflict, notFound } from '../http/errors';
import { removeUpload } from '../http/uploads';

/**
 * A client's data on request (Ley 29733, DESIGN §10.7): everything kept about one client as a
 * JSON file, and anonymisation, which removes the person and keeps the visits and sales for the
 * figures. Both are the admin's ('datos.administrar') and both are recorded in the audit log.
 */

const M = CLIENT_MESSAGES;
const tags = ['clientes'];
const config = { permission: 'datos.administrar' } as const;

// The folded search copies are derived from the record, not part of it.
const { search_text: _clientSearch, ...clientColumns } = getTableColumns(clients);
const {
  search_text: _petSearch,
  owner_search: _ownerSearch,
  ...petColumns
} = getTableColumns(pets);
const { search_text: _saleSearch, ...saleColumns } = getTableColumns(sales);

type Row = Record<string, unknown>;

/** Rows of `rows` grouped by their `key`, for nesting children under their parent. */
function groupBy<T extends Row>(rows: T[], key: keyof T): Map<unknown, T[]> {
  const groups = new Map<unknown, T[]>();
  for (const row of rows) {
    const group = groups.get(row[key]) ?? [];
    group.push(row);
    groups.set(row[key], group);
  }
  return groups;
}

/** `column in ids`, or no row when there are no ids. */
const within = <T>(ids: T[], where: (ids: T[]) => SQL) => (ids.length > 0 ? where(ids) : undefined);

/** Everything kept about the client, read in one snapshot. */
async function clientData(tx: Tx, id: number): Promise<ClientData | undefined> {
  const [client] = await tx.select(clientColumns).from(clients).where(eq(clients.id_cli, id));
  if (!client) return undefined;

  const petRows = await tx
    .select(petColumns)
    .from(pets)
    .where(eq(pets.id_cli, id))
    .orderBy(asc(pets.id_perro));
  const petIds = petRows.map((p) => p.id_perro);
  const vaccineRows = petIds.length
    ? await tx
        .select()
        .from(vaccines)
        .where(inArray(vaccines.id_perro, petIds))
        .orderBy(asc(vaccines.fecha_aplicacion), asc(vaccines.id_vac))
    : [];
  const vaccinesOf = groupBy(vaccineRows, 'id_perro');

  const reservationRows = await tx
    .select()
    .from(reservations)
    .where(eq(reservations.id_cli, id))
    .orderBy(asc(reservations.fec_reg), asc(reservations.id_res));

  const appointmentRows = await tx
    .select({
      ...getTableColumns(appointments),
      servicio: services.nom_srv,
      paquete: packages.nom_paq,
    })
    .from(appointments)
    .leftJoin(services, eq(services.id_srv, appointments.id_srv))
    .leftJoin(packages, eq(packages.id_paq, appointments.id_paq))
    .where(eq(appointments.id_cli, id))
    .orderBy(asc(appointments.fec_cita), asc(appointments.id_cita));
  const citaIds = appointmentRows.map((c) => c.id_cita);
  const photoRows = citaIds.length
    ? await tx
        .select({
          id_foto: appointmentPhotos.id_foto,
          id_cita: appointmentPhotos.id_cita,
          momento: appointmentPhotos.momento,
          archivo: appointmentPhotos.archivo,
          created_at: appointmentPhotos.created_at,
        })
        .from(appointmentPhotos)
        .where(inArray(appointmentPhotos.id_cita, citaIds))
        .orderBy(asc(appointmentPhotos.id_foto))
    : [];
  const photosOf = groupBy(photoRows, 'id_cita');
  const triageRows = citaIds.length
    ? await tx
        .select()
        .from(triages)
        .where(inArray(triages.id_cita, citaIds))
        .orderBy(asc(triages.id))
    : [];
  const reminderRows = citaIds.length
    ? await tx
        .select()
        .from(reminders)
        .where(inArray(reminders.id_cita, citaIds))
        .orderBy(asc(reminders.id_rec))
    : [];

  // A sale is the client's when it names the client or charges one of the client's citas.
  const saleRows = await tx
    .select(saleColumns)
    .from(sales)
    .where(
      or(
        eq(sales.id_cli, id),
        within(citaIds, (ids) => inArray(sales.id_cita, ids)),
      ),
    )
    .orderBy(asc(sales.fecha), asc(sales.id_venta));
  const saleIds = saleRows.map((s) => s.id_venta);
  const lineRows = saleIds.length
    ? await tx
        .select()
        .from(saleLines)
        .where(inArray(saleLines.id_venta, saleIds))
        .orderBy(asc(saleLines.id_venta), asc(saleLines.linea))
    : [];
  const paymentRows = saleIds.length
    ? await tx
        .select()
        .from(salePayments)
        .where(inArray(salePayments.id_venta, saleIds))
        .orderBy(asc(salePayments.id))
    : [];
  const linesOf = groupBy(lineRows, 'id_venta');
  const paymentsOf = groupBy(paymentRows, 'id_venta');

  const waitlistRows = await tx
    .select()
    .from(waitlist)
    .where(eq(waitlist.id_cli, id))
    .orderBy(asc(waitlist.id_esp));

  return {
    documento: `Datos personales del cliente ${client.id_cli} (Ley 29733)`,
    generado: new Date().toISOString(),
    cliente: client,
    mascotas: petRows.map((p) => ({ ...p, vacunas: vaccinesOf.get(p.id_perro) ?? [] })),
    reservaciones: reservationRows,
    citas: appointmentRows.map((c) => ({ ...c, fotos: photosOf.get(c.id_cita) ?? [] })),
    triajes: triageRows,
    ventas: saleRows.map((s) => ({
      ...s,
      items: linesOf.get(s.id_venta) ?? [],
      pagos: paymentsOf.get(s.id_venta) ?? [],
    })),
    lista_espera: waitlistRows,
    recordatorios: reminderRows,
  };
}

/** Waitlist states (lista_espera.id_est): 1 Pendiente, 3 Cancelada. */
const WAITLIST_PENDING = 1;
const WAITLIST_CANCELLED = 3;

/**
 * Removes the person from the client's records, in the caller's transaction.
 *
 * - The client row keeps its id and status (so visits, sales and figures still point at it);
 *   the DNI becomes a placeholder derived from the id (unique, never a real DNI), the name
 *   'Cliente anonimizado', the surname, phones, e-mail and address empty (tel2 null).
 * - Pets are not persons: they keep their name, breed and safety alerts, and their visits.
 *   Free text written about them or their visits may name or describe the owner ("llamar a su
 *   hija Ana al 98…"), so the care notes, the citas' observations, the triage notes and the
 *   waitlist notes are emptied; measures, dates, services and amounts stay.
 * - A vaccine card's picture usually shows the owner's name and address: it is deleted, the
 *   vaccine itself (name and dates) stays. Before/after photos of visits show the pet and stay.
 * - Pending waitlist entries are cancelled: there is nobody left to call.
 * - Sales are issued tax documents, immutable (DESIGN §10.3) and kept for SUNAT as the law
 *   requires: their printed customer snapshot is not touched.
 */
async function anonymize(tx: Tx, id: number) {
  await tx
    .update(clients)
    .set({
      dni_cli: anonymizedDni(id),
      nom_cli: ANONYMIZED_CLIENT_NAME,
      ape_cli: '',
      tel1_cli: '',
      tel2_cli: null,
      email_cli: '',
      dir_cli: '',
      updated_at: new Date(),
    })
    .where(eq(clients.id_cli, id));

  const petIds = (
    await tx
      .update(pets)
      .set({ notas_cuidado: '', updated_at: new Date() })
      .where(eq(pets.id_cli, id))
      .returning({ id: pets.id_perro })
  ).map((p) => p.id);

  if (petIds.length > 0) {
    const proofs = await tx
      .select({ id: vaccines.id_vac, comprobante: vaccines.comprobante })
      .from(vaccines)
      .where(inArray(vaccines.id_perro, petIds));
    for (const proof of proofs.filter((p) => p.comprobante)) {
      await removeUpload(tx, proof.comprobante);
    }
    await tx
      .update(vaccines)
      .set({ comprobante: null, updated_at: new Date() })
      .where(inArray(vaccines.id_perro, petIds));
  }

  const citaIds = (
    await tx
      .update(appointments)
      .set({ obs_perro: '', updated_at: new Date() })
      .where(eq(appointments.id_cli, id))
      .returning({ id: appointments.id_cita })
  ).map((c) => c.id);
  if (citaIds.length > 0) {
    await tx
      .update(triages)
      .set({ nota: '', updated_at: new Date() })
      .where(inArray(triages.id_cita, citaIds));
  }

  await tx
    .update(waitlist)
    .set({ notas: '', updated_at: new Date() })
    .where(eq(waitlist.id_cli, id));
  await tx
    .update(waitlist)
    .set({ id_est: WAITLIST_CANCELLED })
    .where(and(eq(waitlist.id_cli, id), eq(waitlist.id_est, WAITLIST_PENDING)));

  return { mascotas: petIds.length, citas: citaIds.length };
}

export const clientDataModule: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    CLIENT_DATA_PATHS.export(':id'),
    {
      config,
      schema: {
        params: IdParamSchema,
        response: {
          200: ClientDataSchema.describe(
            'Archivo JSON con todos los datos del cliente: mascotas, visitas, triajes y ventas',
          ),
        },
        tags,
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      // One snapshot: a visit booked meanwhile is in every section or in none.
      const data = await db.transaction(
        async (tx) => {
          const found = await clientData(tx, id);
          if (!found) throw notFound(M.notFound);
          return found;
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
      // Who took a copy of whose data, on its own: the read changed nothing.
      await recordAudit(db, {
        ...actorOf(request),
        accion: 'exportar',
        entidad: 'cliente',
        entidad_id: id,
        detalle: 'Datos personales del cliente (Ley 29733), JSON',
      });
      const dni = String(data.cliente.dni_cli);
      return reply
        .header('content-disposition', `attachment; filename="${clientDataFileName(dni)}"`)
        .header('cache-control', 'no-store')
        .type('application/json; charset=utf-8')
        .send(data);
    },
  );

  app.post(
    CLIENT_DATA_PATHS.anonymize(':id'),
    {
      config,
      schema: { params: IdParamSchema, response: { 200: DoneSchema }, tags },
    },
    async (request) => {
      const { id } = request.params;
      await db.transaction(async (tx) => {
        const [client] = await tx
          .select({ dni_cli: clients.dni_cli })
          .from(clients)
          .where(eq(clients.id_cli, id))
          .for('update');
        if (!client) throw notFound(M.notFound);
        if (client.dni_cli === anonymizedDni(id)) throw conflict(M.alreadyAnonymized);
        const counts = await anonymize(tx, id);
        // No before/after values: writing the personal data into the log would keep it.
        await recordAudit(tx, {
          ...actorOf(request),
          accion: 'anonimizar',
          entidad: 'cliente',
          entidad_id: id,
          detalle:
            `Datos personales reemplazados (DNI, nombre, apellido, teléfonos, email, dirección); ` +
            `notas borradas de ${counts.mascotas} mascota(s) y ${counts.citas} cita(s)`,
        });
      });
      return ok(null, M.anonymized);
    },
  );
};
