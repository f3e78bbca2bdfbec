import { and, asc, eq, getTableColumns, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import {
  ANONYMIZED_CLIENT_NAME,
  anonymizedDni,
  CLIENT_ENDPOINTS,
  CLIENT_MESSAGES,
  type AuditEntity,
  type ClientData,
  clientDataFileName,
} from '@app/domain';
import { actorOf, recordAudit } from '../../audit/record';
import type { Db, Tx } from '../../db/client';
import {
  appointmentPhotos,
  appointments,
  auditEntries,
  clients,
  consents,
  deposits,
  packages,
  pets,
  reminders,
  reportCards,
  reservations,
  saleLines,
  salePayments,
  sales,
  services,
  triages,
  vaccines,
  waitlist,
} from '../../db/schema';
import { route } from '../../http/endpoint';
import { ok } from '../../http/envelope';
import { conflict, notFound } from '../../http/errors';
import { removeUpload } from '../../http/uploads';
import { outboxDir } from '../../mail/mailer';

/**
 * A client's data on request (Ley 29733, decisions §client-data): everything kept about one client
 * as a JSON file, and anonymisation, which removes the person and keeps the visits and sales for
 * the figures. Both are the admin's ('datos.administrar') and both are recorded in the audit log.
 */

const M = CLIENT_MESSAGES;

// The folded search copies are derived from the record, not part of it.
const { search_text: _clientSearch, ...clientColumns } = getTableColumns(clients);
const {
  search_text: _petSearch,
  owner_search: _ownerSearch,
  vacunas_vence: _vaccineExpiry,
  ...petColumns
} = getTableColumns(pets);
const { search_text: _saleSearch, ...saleColumns } = getTableColumns(sales);
const {
  cliente_search: _reservationClientSearch,
  perro_search: _reservationPetSearch,
  ...reservationColumns
} = getTableColumns(reservations);
const {
  cliente_search: _appointmentClientSearch,
  perro_search: _appointmentPetSearch,
  ...appointmentColumns
} = getTableColumns(appointments);

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
export async function clientData(tx: Tx, id: number): Promise<ClientData | undefined> {
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
    .select(reservationColumns)
    .from(reservations)
    .where(eq(reservations.id_cli, id))
    .orderBy(asc(reservations.fec_reg), asc(reservations.id_res));

  const appointmentRows = await tx
    .select({
      ...appointmentColumns,
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

  const consentRows = await tx
    .select()
    .from(consents)
    .where(eq(consents.id_cli, id))
    .orderBy(asc(consents.fecha), asc(consents.id));

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
    consentimientos: consentRows,
  };
}

/** Waitlist states (lista_espera.id_est): 1 Pendiente, 3 Cancelada. */
const WAITLIST_PENDING = 1;
const WAITLIST_CANCELLED = 3;

/** What identified the person before anonymisation: the texts the audit log may repeat. */
type Person = Pick<
  typeof clients.$inferSelect,
  'dni_cli' | 'nom_cli' | 'ape_cli' | 'tel1_cli' | 'tel2_cli' | 'email_cli'
>;

/** The records of the client's life in the salon, by the audit log's entity names. */
type ClientRecords = [AuditEntity, number[]][];

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
 *   So does a deposit's proof (a Yape or bank screenshot shows the payer's name and phone): the
 *   picture goes, the deposit (amount, method, operation number) stays. A report card's notes
 *   are free text and are emptied; its coat, work and behaviour stay.
 * - Signed consents stay whole, PDF included: they are the salon's evidence that the owner
 *   authorised a risky service, kept as the sales are (decisions §client-data).
 * - Pending waitlist entries are cancelled: there is nobody left to call.
 * - Sales are issued tax documents, immutable (decisions §checkout) and kept for SUNAT as the law
 *   requires: their printed customer snapshot is not touched.
 *
 * Answers the records touched, for the audit log's scrubbing.
 */
async function anonymize(tx: Tx, id: number): Promise<ClientRecords> {
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

  const vaccineIds: number[] = [];
  if (petIds.length > 0) {
    const proofs = await tx
      .select({ id: vaccines.id_vac, comprobante: vaccines.comprobante })
      .from(vaccines)
      .where(inArray(vaccines.id_perro, petIds));
    for (const proof of proofs) {
      vaccineIds.push(proof.id);
      if (proof.comprobante) await removeUpload(tx, proof.comprobante);
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
  const ofCitas = async <T>(read: (ids: number[]) => Promise<T[]>) =>
    citaIds.length > 0 ? read(citaIds) : [];
  const cardIds = (
    await ofCitas((ids) =>
      tx
        .update(reportCards)
        .set({ notas: null })
        .where(inArray(reportCards.id_cita, ids))
        .returning({ id: reportCards.id_cita }),
    )
  ).map((c) => c.id);
  const depositIds: number[] = [];
  const depositProofs = await tx
    .select({ id: deposits.id, comprobante: deposits.comprobante })
    .from(deposits)
    .where(eq(deposits.id_cli, id));
  for (const proof of depositProofs) {
    depositIds.push(proof.id);
    if (proof.comprobante) await removeUpload(tx, proof.comprobante);
  }
  await tx.update(deposits).set({ comprobante: null }).where(eq(deposits.id_cli, id));
  const triageIds = (
    await ofCitas((ids) =>
      tx
        .update(triages)
        .set({ nota: '', updated_at: new Date() })
        .where(inArray(triages.id_cita, ids))
        .returning({ id: triages.id }),
    )
  ).map((t) => t.id);
  const reminderIds = (
    await ofCitas((ids) =>
      tx.select({ id: reminders.id_rec }).from(reminders).where(inArray(reminders.id_cita, ids)),
    )
  ).map((r) => r.id);
  const photoIds = (
    await ofCitas((ids) =>
      tx
        .select({ id: appointmentPhotos.id_foto })
        .from(appointmentPhotos)
        .where(inArray(appointmentPhotos.id_cita, ids)),
    )
  ).map((p) => p.id);
  const reservationIds = (
    await tx
      .select({ id: reservations.id_res })
      .from(reservations)
      .where(eq(reservations.id_cli, id))
  ).map((r) => r.id);

  const waitlistIds = (
    await tx
      .update(waitlist)
      .set({ notas: '', updated_at: new Date() })
      .where(eq(waitlist.id_cli, id))
      .returning({ id: waitlist.id_esp })
  ).map((w) => w.id);
  await tx
    .update(waitlist)
    .set({ id_est: WAITLIST_CANCELLED })
    .where(and(eq(waitlist.id_cli, id), eq(waitlist.id_est, WAITLIST_PENDING)));

  return [
    ['cliente', [id]],
    ['mascota', petIds],
    ['vacuna', vaccineIds],
    ['reservacion', reservationIds],
    ['cita', citaIds],
    ['foto', photoIds],
    ['triaje', triageIds],
    ['ficha', cardIds],
    ['adelanto', depositIds],
    ['recordatorio', reminderIds],
    ['lista_espera', waitlistIds],
  ];
}

/** What replaces a recorded value or a text that named the person. */
const SCRUBBED = '(anonimizado)';

/** A text without its accents: the lists' searches are folded, so their filters may be too. */
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '');

/**
 * The texts that identified the person, as whole-word, case-insensitive PostgreSQL patterns:
 * the DNI, phones and e-mail, the full name, and each name or surname of three letters or more
 * (a search typed just 'Huamán'), with and without accents.
 */
function personPatterns(person: Person): string[] {
  const names = `${person.nom_cli} ${person.ape_cli}`.trim();
  const texts = [
    person.dni_cli,
    person.tel1_cli,
    person.tel2_cli ?? '',
    person.email_cli,
    names,
    ...names.split(/\s+/).filter((word) => word.length >= 3),
  ].filter((text) => text.trim().length > 0);
  const unique = [...new Set(texts.flatMap((text) => [text, folded(text)]))];
  // Longest first: the full name goes before its parts.
  unique.sort((a, b) => b.length - a.length);
  const letter = '0-9a-zà-ÿ';
  return unique.map(
    (text) => `(?<![${letter}])${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![${letter}])`,
  );
}

/**
 * The audit log forgets the person too (issue 28 §9). Each entry about the client's records
 * keeps what happened, by whom, when, to which entity and id, and which fields changed; the
 * values it recorded become '(anonimizado)' (one that was null stays null) and its note
 * is cleared. Any other entry's note that repeats the person's DNI, phones, e-mail or names (an
 * export filtered by a search, a refused call's path) has those words replaced.
 */
async function scrubAuditLog(tx: Tx, records: ClientRecords, person: Person) {
  const about = records
    .filter(([, ids]) => ids.length > 0)
    .map(([entidad, ids]) =>
      and(eq(auditEntries.entidad, entidad), inArray(auditEntries.entidad_id, ids)),
    );
  const scrubbed = (side: string) =>
    sql`case when coalesce(value -> ${side}, 'null'::jsonb) = 'null'::jsonb then 'null'::jsonb else to_jsonb(${SCRUBBED}::text) end`;
  await tx
    .update(auditEntries)
    .set({
      cambios: sql`(select jsonb_object_agg(key, jsonb_build_object('antes', ${scrubbed('antes')}, 'despues', ${scrubbed('despues')})) from jsonb_each(${auditEntries.cambios}))`,
      detalle: null,
    })
    .where(or(...about));

  let detalle: SQL = sql`${auditEntries.detalle}`;
  for (const pattern of personPatterns(person)) {
    detalle = sql`regexp_replace(${detalle}, ${pattern}, ${SCRUBBED}, 'gi')`;
  }
  await tx
    .update(auditEntries)
    .set({ detalle })
    .where(sql`${auditEntries.detalle} is distinct from ${detalle}`);
}

/** The addresses in an RFC 822 message's `To:` header, lower-cased. */
function recipientsOf(eml: string): string[] {
  const head = eml.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const to = /^to:(.*)$/im.exec(head.replace(/\r?\n[ \t]+/g, ' '))?.[1] ?? '';
  return (to.match(/[^\s<>,;"]+@[^\s<>,;"]+/g) ?? []).map((a) => a.toLowerCase());
}

/**
 * Deletes the outbox's mails to the person (`DATA_DIR/outbox/`, where mails wait when no SMTP
 * server is configured): a reminder names the client, the pet and the visit.
 */
async function deleteOutboxMails(dataDir: string, email: string) {
  const address = email.trim().toLowerCase();
  if (!address) return;
  const dir = outboxDir(dataDir);
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names.filter((n) => n.endsWith('.eml'))) {
    const file = join(dir, name);
    const eml = await readFile(file, 'utf8').catch(() => '');
    if (recipientsOf(eml).includes(address)) await rm(file, { force: true });
  }
}

export const clientDataModule: FastifyPluginAsyncZod<{ db: Db; dataDir: string }> = async (
  app,
  { db, dataDir },
) => {
  route(app, CLIENT_ENDPOINTS.data, async (request, reply) => {
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
  });

  route(app, CLIENT_ENDPOINTS.anonymize, async (request) => {
    const { id } = request.params;
    await db.transaction(async (tx) => {
      const [person] = await tx
        .select({
          dni_cli: clients.dni_cli,
          nom_cli: clients.nom_cli,
          ape_cli: clients.ape_cli,
          tel1_cli: clients.tel1_cli,
          tel2_cli: clients.tel2_cli,
          email_cli: clients.email_cli,
        })
        .from(clients)
        .where(eq(clients.id_cli, id))
        .for('update');
      if (!person) throw notFound(M.notFound);
      if (person.dni_cli === anonymizedDni(id)) throw conflict(M.alreadyAnonymized);
      const records = await anonymize(tx, id);
      await scrubAuditLog(tx, records, person);
      const counted = (entidad: AuditEntity) =>
        records.find(([name]) => name === entidad)?.[1].length ?? 0;
      // No before/after values: writing the personal data into the log would keep it.
      await recordAudit(tx, {
        ...actorOf(request),
        accion: 'anonimizar',
        entidad: 'cliente',
        entidad_id: id,
        detalle:
          `Datos personales reemplazados (DNI, nombre, apellido, teléfonos, email, dirección); ` +
          `notas borradas de ${counted('mascota')} mascota(s) y ${counted('cita')} cita(s); ` +
          `valores borrados de la auditoría`,
      });
      // Files cannot roll back: deleted last, once every write of the anonymisation went in.
      await deleteOutboxMails(dataDir, person.email_cli);
    });
    return ok(null, M.anonymized);
  });
};
