import { and, asc, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import PDFDocument from 'pdfkit';
import {
  AppointmentStatus,
  CONSENT_APPLIES_NAMES,
  CONSENT_ENDPOINTS as E,
  CONSENT_MESSAGES as M,
  consentsResource,
  RECORD_STATUSES,
  Status,
  statusName,
  type AppointmentConsents,
  type Consent,
  type ConsentInput,
  type PublicConsentSignInput,
  type Signature,
} from '@app/domain';
import {
  actorOf,
  changesBetween,
  publicActor,
  recordAudit,
  recordChange,
} from '../../audit/record';
import type { ExportDefinition } from '../../crud/export';
import type { ListDefinition } from '../../crud/list';
import { resourceModule } from '../../crud/resource';
import { qualified } from '../../crud/sql';
import type { Db, Tx } from '../../db/client';
import {
  appointments,
  clients,
  consentSignatures,
  consentTemplates,
  packages,
  pets,
  services,
  settings,
  users,
} from '../../db/schema';
import { sessionOf } from '../../http/authenticate';
import { route } from '../../http/endpoint';
import { ok } from '../../http/envelope';
import { conflict, invalid, notFound } from '../../http/errors';
import { readUpload, storeUpload } from '../../http/uploads';

/**
 * Consents (DESIGN §11.8, decisions §consents): the templates (admin), the signatures taken at
 * the counter and kept as PDFs, and which of them a cita still lacks.
 */

const consentList: ListDefinition = {
  table: consentTemplates,
  fields: {
    id_consentimiento: consentTemplates.id_consentimiento,
    titulo: consentTemplates.titulo,
    texto: consentTemplates.texto,
    aplica: consentTemplates.aplica,
    servicios: consentTemplates.servicios,
    paquetes: consentTemplates.paquetes,
    version: consentTemplates.version,
    id_est: consentTemplates.id_est,
    created_at: consentTemplates.created_at,
  },
  id: consentTemplates.id_consentimiento,
  createdAt: consentTemplates.created_at,
  status: consentTemplates.id_est,
  search: [sql`${consentTemplates.titulo}`],
  hiddenStatuses: [Status.Eliminado],
};

const consentExport: ExportDefinition<Consent> = {
  sheet: 'Consentimientos',
  columns: [
    { header: 'Título', value: (c) => c.titulo },
    { header: 'Se pide', value: (c) => CONSENT_APPLIES_NAMES[c.aplica] },
    { header: 'Versión', value: (c) => c.version },
    { header: 'Estado', value: (c) => statusName(c.id_est) },
    { header: 'Registrado', value: (c) => c.created_at, kind: 'time' },
  ],
};

/** The services and packages it names must exist. */
async function valuesOf(input: ConsentInput, tx: Tx) {
  const [serviceRows, packageRows] = [
    input.servicios.length
      ? await tx
          .select({ id: services.id_srv })
          .from(services)
          .where(inArray(services.id_srv, input.servicios))
      : [],
    input.paquetes.length
      ? await tx
          .select({ id: packages.id_paq })
          .from(packages)
          .where(inArray(packages.id_paq, input.paquetes))
      : [],
  ];
  const missing = [
    ...input.servicios.filter((id) => !serviceRows.some((row) => row.id === id)),
    ...input.paquetes.filter((id) => !packageRows.some((row) => row.id === id)),
  ];
  if (missing.length > 0) {
    throw invalid('servicios', `${M.itemUnavailable} ${missing.join(', ')}`);
  }
  return {
    titulo: input.titulo,
    texto: input.texto,
    aplica: input.aplica,
    servicios: input.servicios,
    paquetes: input.paquetes,
  };
}

const pdfUrl = (id: number) => `/api/firma/${id}/pdf`;

const signatureFields = {
  id: consentSignatures.id,
  id_consentimiento: consentSignatures.id_consentimiento,
  titulo: consentSignatures.titulo,
  version: consentSignatures.version,
  id_perro: consentSignatures.id_perro,
  // Qualified: in a one-table select drizzle names columns bare, and perros has id_perro too.
  mascota: sql<string>`(select p.nom_perro from perros p where p.id_perro = ${qualified(consentSignatures.id_perro)})`,
  firmante: consentSignatures.firmante,
  testigo: sql<
    string | null
  >`(select u.login from users u where u.id = ${qualified(consentSignatures.id_usu)})`,
  firmado_at: consentSignatures.firmado_at,
};

type SignatureRow = Omit<Signature, 'firmado_at' | 'pdf_url'> & { firmado_at: Date };

const signatureOf = ({ firmado_at, ...row }: SignatureRow): Signature => ({
  ...row,
  firmado_at: firmado_at.toISOString(),
  pdf_url: pdfUrl(row.id),
});

/** The signatures of a pet, or of all a client's pets, the newest first. */
export async function signaturesOf(
  executor: Db | Tx,
  of: { id_perro: number } | { id_cli: number },
): Promise<Signature[]> {
  const rows = await executor
    .select(signatureFields)
    .from(consentSignatures)
    .where(
      'id_perro' in of
        ? eq(consentSignatures.id_perro, of.id_perro)
        : eq(consentSignatures.id_cli, of.id_cli),
    )
    .orderBy(desc(consentSignatures.firmado_at), desc(consentSignatures.id));
  return rows.map(signatureOf);
}

const YEAR_MS = 365 * 86_400_000;

/**
 * What cita `id` asks and what its pet has signed: each active template that applies (every
 * year; the pet's first visit, when no earlier visit of it was completed; its service or package)
 * with the pet's signature of its current version (within the year, for a yearly one).
 */
export async function appointmentConsents(
  executor: Db | Tx,
  id: number,
): Promise<AppointmentConsents> {
  const [cita] = await executor
    .select({
      id_perro: appointments.id_perro,
      id_srv: appointments.id_srv,
      id_paq: appointments.id_paq,
      fec_cita: appointments.fec_cita,
    })
    .from(appointments)
    .where(eq(appointments.id_cita, id));
  if (!cita) throw notFound(M.appointmentNotFound);
  const [templates, signed, [earlier]] = [
    await executor
      .select()
      .from(consentTemplates)
      .where(eq(consentTemplates.id_est, Status.Activo))
      .orderBy(asc(consentTemplates.id_consentimiento)),
    await signaturesOf(executor, { id_perro: cita.id_perro }),
    await executor
      .select({ one: sql`1` })
      .from(appointments)
      .where(
        and(
          eq(appointments.id_perro, cita.id_perro),
          eq(appointments.id_est, AppointmentStatus.Completada),
          lt(appointments.fec_cita, cita.fec_cita),
        ),
      )
      .limit(1),
  ];
  const applies = (t: (typeof templates)[number]) =>
    t.aplica === 'anual' ||
    (t.aplica === 'primera_visita' && !earlier) ||
    (t.aplica === 'servicio' &&
      ((cita.id_srv !== null && t.servicios.includes(cita.id_srv)) ||
        (cita.id_paq !== null && t.paquetes.includes(cita.id_paq))));
  const now = Date.now();
  const consentimientos = templates.filter(applies).map((t) => ({
    id_consentimiento: t.id_consentimiento,
    titulo: t.titulo,
    texto: t.texto,
    version: t.version,
    firma:
      signed.find(
        (s) =>
          s.id_consentimiento === t.id_consentimiento &&
          s.version === t.version &&
          (t.aplica !== 'anual' || now - Date.parse(s.firmado_at) < YEAR_MS),
      ) ?? null,
  }));
  return {
    id_cita: id,
    id_perro: cita.id_perro,
    sin_firmar: consentimientos.some((c) => c.firma === null),
    consentimientos,
  };
}

/** Whether some consent template is active, in SQL: an uncorrelated test, run once a statement. */
const anyActiveConsentSql = sql<boolean>`exists (
  select 1 from ${consentTemplates} where ${consentTemplates.id_est} = ${Status.Activo})`;

/**
 * Whether the cita of the query's `citas` row lacks a signature (`sin_firmar` on the agenda's
 * cards): the rule of appointmentConsents, in SQL, one row at a time.
 */
export const unsignedSql = (() => {
  const pet = qualified(appointments.id_perro);
  const at = qualified(appointments.fec_cita);
  return sql<boolean>`exists (
    select 1 from plantillas_consentimiento t
    where t.id_est = ${Status.Activo}
      and (t.aplica = 'anual'
        or (t.aplica = 'servicio' and (${qualified(appointments.id_srv)} = any(t.servicios)
          or ${qualified(appointments.id_paq)} = any(t.paquetes)))
        or (t.aplica = 'primera_visita' and not exists (
          select 1 from citas earlier where earlier.id_perro = ${pet}
            and earlier.id_est = ${AppointmentStatus.Completada} and earlier.fec_cita < ${at})))
      and not exists (
        select 1 from firmas_consentimiento f
        where f.id_perro = ${pet} and f.id_consentimiento = t.id_consentimiento
          and f.version = t.version
          and (t.aplica <> 'anual' or f.firmado_at > now() - interval '365 days')))`;
})();

/**
 * 'Sin firmar' for the query's `citas` row (the agenda's cards, the Citas list's rows). The rule
 * is looked at only while some template is active, which PostgreSQL asks once per statement:
 * without one no cita lacks a signature, and a week's thousand cards skip it.
 */
export const sinFirmarSql = sql<boolean>`case when ${anyActiveConsentSql} then ${unsignedSql} else false end`;

/**
 * Starting cita `id` (agenda's status change, DESIGN §11.8): a missing signature is asked first
 * (409 naming the consents), unless whoever starts it says why, which is audited.
 */
export async function assertConsentsToStart(
  tx: Tx,
  request: FastifyRequest,
  id: number,
  motivo: string | null,
) {
  const { consentimientos } = await appointmentConsents(tx, id);
  const missing = consentimientos.filter((c) => c.firma === null).map((c) => c.titulo);
  if (missing.length === 0) return;
  if (!motivo) {
    // `motivo` names what would let it start: the web asks for it (decisions §consents).
    const message = M.unsignedToStart(missing.join(', '));
    throw conflict(message, { motivo: [message] });
  }
  await recordAudit(tx, {
    ...actorOf(request),
    accion: 'estado',
    entidad: 'cita',
    entidad_id: id,
    detalle: `${M.startReason} (${missing.join(', ')}): ${motivo}`,
  });
}

/** The signed PDF: the salon, the text as signed with its version, the signature, who and when. */
async function signedPdf(sign: {
  salon: string;
  titulo: string;
  version: number;
  texto: string;
  mascota: string;
  cliente: string;
  firmante: string;
  testigo: string | null;
  ip: string;
  at: Date;
  firma: Buffer;
}): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: sign.titulo, Producer: 'Back-office de grooming' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const when = sign.at.toLocaleString('es-PE', { timeZone: 'America/Lima', hour12: false });
  doc.font('Helvetica-Bold').fontSize(10).text(sign.salon);
  doc.moveDown().fontSize(14).text(sign.titulo);
  doc.font('Helvetica').fontSize(9).text(`Versión ${sign.version}`);
  doc.moveDown().fontSize(11).text(sign.texto, { align: 'justify' });
  doc.moveDown().text(`Mascota: ${sign.mascota}`).text(`Cliente: ${sign.cliente}`);
  doc.moveDown().image(sign.firma, { fit: [240, 100] });
  doc.moveDown().text(`Firmado por: ${sign.firmante}`).text(`Fecha y hora: ${when}`);
  doc.text(`Dirección IP: ${sign.ip}`);
  doc.text(sign.testigo ? `Testigo en el mostrador: ${sign.testigo}` : M.signedFromLink);
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

/** The PNG a signature pad gave, refused unless its bytes say PNG as its data URL claims. */
function signatureImage(dataUrl: string): Buffer {
  const image = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  if (!image.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]))) {
    throw invalid('firma', M.signatureInvalid);
  }
  return image;
}

/**
 * Pet `id_perro`'s owner signs template `input.id_consentimiento` (its current version): the PDF
 * is made and stored, the signature kept and audited. At the counter `testigo` is the staff
 * member watching; from the cita's link there is none, and the audit names the address.
 */
export async function signConsent(
  tx: Tx,
  request: FastifyRequest,
  input: PublicConsentSignInput,
  by: { id_perro: number; testigo: { id: number; login: string | null } | null },
): Promise<Signature> {
  const firma = signatureImage(input.firma);
  const [template] = await tx
    .select()
    .from(consentTemplates)
    .where(eq(consentTemplates.id_consentimiento, input.id_consentimiento))
    .for('share');
  if (!template) throw invalid('id_consentimiento', M.notFound);
  if (template.id_est !== Status.Activo) throw conflict(M.notActive);
  const [pet] = await tx
    .select({
      nombre: pets.nom_perro,
      id_cli: pets.id_cli,
      cliente: sql<string>`${clients.nom_cli} || ' ' || ${clients.ape_cli}`,
    })
    .from(pets)
    .innerJoin(clients, eq(clients.id_cli, pets.id_cli))
    .where(eq(pets.id_perro, by.id_perro));
  if (!pet) throw invalid('id_perro', M.petNotFound);
  const [company] = await tx.select({ nombre: settings.nomEmp }).from(settings).limit(1);
  const at = new Date();
  const pdf = await signedPdf({
    salon: company?.nombre ?? '',
    titulo: template.titulo,
    version: template.version,
    texto: template.texto,
    mascota: pet.nombre,
    cliente: pet.cliente,
    firmante: input.firmante,
    testigo: by.testigo?.login ?? null,
    ip: request.ip,
    at,
    firma,
  });
  const file = await storeUpload(tx, 'firma', 'pdf', pdf);
  const [row] = await tx
    .insert(consentSignatures)
    .values({
      id_consentimiento: template.id_consentimiento,
      version: template.version,
      titulo: template.titulo,
      texto: template.texto,
      id_perro: by.id_perro,
      id_cli: pet.id_cli,
      firmante: input.firmante,
      pdf: file,
      ip: request.ip,
      id_usu: by.testigo?.id ?? null,
      firmado_at: at,
    })
    .returning({ id: consentSignatures.id });
  const after = {
    id_consentimiento: template.id_consentimiento,
    version: template.version,
    id_perro: by.id_perro,
    firmante: input.firmante,
  };
  if (by.testigo) {
    await recordChange(tx, request, {
      accion: 'crear',
      entidad: 'firma',
      id: row.id,
      before: null,
      after,
    });
  } else {
    await recordAudit(tx, {
      ...publicActor(request.ip),
      accion: 'crear',
      entidad: 'firma',
      entidad_id: row.id,
      cambios: changesBetween(null, after),
      detalle: M.signedFromLink,
    });
  }
  const [signed] = await tx
    .select(signatureFields)
    .from(consentSignatures)
    .where(eq(consentSignatures.id, row.id));
  return signatureOf(signed);
}

/** The signed PDF of the one signature `which` selects, or a 404 (another client's too). */
export async function sendSignedPdf(db: Db, reply: FastifyReply, which: SQL | undefined) {
  const [row] = await db
    .select({ id: consentSignatures.id, pdf: consentSignatures.pdf })
    .from(consentSignatures)
    .where(which);
  const file = row ? await readUpload(db, row.pdf) : undefined;
  if (!row || !file) throw notFound(M.signatureNotFound);
  return reply
    .type('application/pdf')
    .header('cache-control', 'private, no-cache')
    .header('content-disposition', `inline; filename="consentimiento-${row.id}.pdf"`)
    .send(file.bytes);
}

export const consentsModule: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  await app.register(
    resourceModule({
      resource: consentsResource,
      table: consentTemplates,
      id: consentTemplates.id_consentimiento,
      list: consentList,
      export: consentExport,
      create: { toValues: valuesOf, message: M.registered },
      update: { toValues: valuesOf, message: M.updated },
      status: {
        allowed: RECORD_STATUSES.map((s) => s.id_est),
        column: consentTemplates.id_est,
        message: M.status,
      },
      remove: { inUse: M.inUse },
      notFound: M.notFound,
    }),
    { db },
  );

  route(app, E.ofAppointment, async (request) =>
    ok(await appointmentConsents(db, request.params.id)),
  );

  route(app, E.ofClient, async (request) => {
    const [client] = await db
      .select({ id: clients.id_cli })
      .from(clients)
      .where(eq(clients.id_cli, request.params.id));
    if (!client) throw notFound(M.clientNotFound);
    return ok(await signaturesOf(db, { id_cli: client.id }));
  });

  route(app, E.ofPet, async (request) => {
    const [pet] = await db
      .select({ id: pets.id_perro })
      .from(pets)
      .where(eq(pets.id_perro, request.params.id));
    if (!pet) throw notFound(M.petNotFound);
    return ok(await signaturesOf(db, { id_perro: pet.id }));
  });

  route(app, E.sign, async (request, reply) => {
    const { id_perro, ...input } = request.body;
    const session = sessionOf(request);
    const signature = await db.transaction(async (tx) => {
      const [witness] = await tx
        .select({ login: users.login })
        .from(users)
        .where(eq(users.id, session.userId));
      return signConsent(tx, request, input, {
        id_perro,
        testigo: { id: session.userId, login: witness?.login ?? null },
      });
    });
    return reply.status(201).send(ok(signature, M.signed));
  });

  route(app, E.pdf, async (request, reply) =>
    sendSignedPdf(db, reply, eq(consentSignatures.id, request.params.id)),
  );
};
