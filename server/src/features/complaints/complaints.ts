import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addWorkingDays,
  COMPLAINT_DUE_WORKING_DAYS,
  COMPLAINT_ENDPOINTS as E,
  COMPLAINT_MESSAGES as M,
  COMPLAINT_PUBLIC_ENDPOINTS as P,
  complaintNumber,
  limaToday,
  type ComplaintFiled,
  type ComplaintInput,
} from '@app/domain';
import { actorOf, changesBetween, publicActor, recordAudit } from '../../audit/record';
import { LoginThrottle } from '../../auth/throttle';
import type { Config } from '../../config';
import { listPage } from '../../crud/list';
import { listRows, sendExport } from '../../crud/export';
import type { Db, Tx } from '../../db/client';
import { complaints, complaintYears } from '../../db/schema';
import { sessionOf } from '../../http/authenticate';
import { route } from '../../http/endpoint';
import { ok } from '../../http/envelope';
import { conflict, HttpError, INVALID_INPUT } from '../../http/errors';
import { afterAnswerQueue } from '../../http/after-answer';
import { moduleMailer, type Mailer } from '../../mail/mailer';
import { answerMail, companyCopyMail, filedMail } from './complaint-mail';
import { complaintPdf } from './complaint-pdf';
import {
  asListQuery,
  complaintCompany,
  complaintFilters,
  complaintOf,
  complaintsExportList,
  complaintsList,
  dueContext,
  findComplaint,
  findStoredComplaint,
  summaryOf,
  type StoredComplaint,
} from './complaint-read';
import { complaintsExport } from './complaint-export';
import { holidayRoutes, holidaySet } from './holidays';

/**
 * The Libro de Reclamaciones virtual (DESIGN §11.3): anyone files a hoja on the public page, which
 * numbers it gapless per year and e-mails it at once; staff with `reclamos.atender` list it with
 * its due date, answer it once (which e-mails the consumer and closes it), and export the book.
 * A hoja is never edited nor deleted.
 */

export interface ComplaintsModuleOptions {
  db: Db;
  config: Pick<Config, 'dataDir' | 'smtpUrl'>;
  /** Tests may pass their own; by default one is built from the config. */
  mailer?: Mailer;
}

/** Hojas one address may file in an hour: a consumer files one; a script files hundreds. */
export const FILINGS_PER_HOUR = 5;

/**
 * The next number of `anio`'s book: the year's row is created at its first hoja, and its update
 * locks it until the hoja that takes the number commits or rolls back, as the receipt series
 * do (checkout/receipt-numbers.ts): gapless, never repeated.
 */
export async function nextComplaintNumber(tx: Tx, anio: number): Promise<number> {
  const [row] = await tx
    .insert(complaintYears)
    .values({ anio, ultimo: 1 })
    .onConflictDoUpdate({
      target: complaintYears.anio,
      set: { ultimo: sql`${complaintYears.ultimo} + 1` },
    })
    .returning({ numero: complaintYears.ultimo });
  return row.numero;
}

/** Stores a hoja, numbered, with its legal due date, in one transaction with its audit entry. */
async function fileComplaint(
  db: Db,
  ip: string,
  hoja: Omit<ComplaintInput, 'acepta' | 'sitio_web'>,
  now = new Date(),
): Promise<ComplaintFiled & { id: number }> {
  return db.transaction(async (tx) => {
    const today = limaToday(now);
    const anio = Number(today.slice(0, 4));
    const vence = addWorkingDays(today, COMPLAINT_DUE_WORKING_DAYS, await holidaySet(tx));
    const numero = await nextComplaintNumber(tx, anio);
    const { apoderado, ...fields } = hoja;
    const [row] = await tx
      .insert(complaints)
      .values({
        ...fields,
        anio,
        numero,
        fecha: now,
        vence,
        apoderado_nombre: apoderado?.nombre ?? null,
        apoderado_tipo_doc: apoderado?.tipo_doc ?? null,
        apoderado_doc: apoderado?.doc ?? null,
      })
      .returning({ id: complaints.id });
    const filed = { numero: complaintNumber(anio, numero), fecha: now.toISOString(), vence };
    await recordAudit(tx, {
      ...publicActor(ip),
      accion: 'crear',
      entidad: 'reclamo',
      entidad_id: row.id,
      cambios: changesBetween(null, { numero: filed.numero, tipo: hoja.tipo, vence }),
      detalle: `Hoja de reclamación N° ${filed.numero} desde el libro virtual`,
    });
    return { id: row.id, ...filed };
  });
}

const tooMany = (reply: FastifyReply, waitMs: number) => {
  void reply.header('retry-after', Math.ceil(waitMs / 1000));
  return new HttpError(429, M.tooMany(Math.max(1, Math.ceil(waitMs / 60_000))));
};

export const complaintsModule: FastifyPluginAsyncZod<ComplaintsModuleOptions> = async (
  app,
  { db, config, mailer: givenMailer },
) => {
  const mailer = moduleMailer(app, config, givenMailer);
  const afterAnswer = afterAnswerQueue(app);
  // A public route that stores data and sends mail: a hard limit per address, in the database.
  const filingsByAddress = new LoginThrottle(db, {
    scope: 'reclamo.ip',
    freeAttempts: FILINGS_PER_HOUR,
    windowMs: 60 * 60_000,
  });

  /** The hoja whole and its PDF, as the mails carry them. */
  const hojaWithPdf = async (id: number) => {
    const [hoja, company] = await Promise.all([findComplaint(db, id), complaintCompany(db)]);
    return { hoja, company, pdf: await complaintPdf(hoja, company) };
  };

  /** The consumer's copy and the company's; a failure is logged, the hoja stays filed. */
  const mailFiled = async (id: number, log: FastifyBaseLogger) => {
    try {
      const { hoja, company, pdf } = await hojaWithPdf(id);
      await mailer.send(filedMail(hoja, company, pdf));
      if (company.email) await mailer.send(companyCopyMail(hoja, company.email, pdf));
    } catch (error) {
      log.error({ err: error }, 'No se pudo enviar la hoja de reclamación por correo');
    }
  };

  const mailAnswer = async (id: number, log: FastifyBaseLogger) => {
    try {
      const { hoja, company, pdf } = await hojaWithPdf(id);
      await mailer.send(answerMail(hoja, company, pdf));
    } catch (error) {
      log.error({ err: error }, 'No se pudo enviar la respuesta de la hoja de reclamación');
    }
  };

  route(app, P.file, async (request, reply) => {
    // One check and count at a time per address in this process, so a burst meets the limit.
    await filingsByAddress.oneAtATime(request.ip, async () => {
      const wait = await filingsByAddress.retryAfter(request.ip);
      if (wait > 0) throw tooMany(reply, wait);
      await filingsByAddress.fail(request.ip);
    });
    const { acepta: _accepted, sitio_web, ...hoja } = request.body;
    // The honeypot: only a bot fills it; the answer does not say which field gave it away.
    if (sitio_web?.trim()) throw new HttpError(422, INVALID_INPUT);
    const { id, ...filed } = await fileComplaint(db, request.ip, hoja);
    const work = () => afterAnswer(mailFiled(id, request.log));
    reply
      .status(201)
      .send(ok(filed, M.filed(filed.numero)))
      .then(work, work);
    return reply;
  });

  // Only the header's three fields: the public page learns nothing else of the company.
  route(app, P.company, async () => {
    const { razon_social, ruc, direccion } = await complaintCompany(db);
    return ok({ razon_social, ruc, direccion });
  });

  route(app, E.list, async (request) => {
    const due = await dueContext(db);
    const page = await listPage<StoredComplaint>(
      db,
      complaintsList,
      asListQuery(request.query),
      complaintFilters(request.query),
    );
    return ok({ ...page, data: page.data.map((row) => summaryOf(row, due)) });
  });

  route(app, E.export, async (request, reply) => {
    const due = await dueContext(db);
    return sendExport(db, request, reply, {
      format: request.query.formato,
      file: 'libro-reclamaciones',
      definition: complaintsExport(due),
      rows: listRows<StoredComplaint>(
        db,
        complaintsExportList,
        asListQuery(request.query),
        complaintFilters(request.query),
      ),
      audit: { entidad: 'reclamo', query: request.query },
    });
  });

  route(app, E.one, async (request) => ok(await findComplaint(db, request.params.id)));

  route(app, E.pdf, async (request, reply) => {
    const { hoja, pdf } = await hojaWithPdf(request.params.id);
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="hoja-reclamacion-${hoja.numero}.pdf"`)
      .header('cache-control', 'no-store')
      .send(pdf);
  });

  route(app, E.answer, async (request) => {
    const { id } = request.params;
    const { respuesta } = request.body;
    const { userId } = sessionOf(request);
    const answered = await db.transaction(async (tx) => {
      // Locked: of two answers at once, the second finds the first and is refused.
      const before = await findStoredComplaint(tx, id, true);
      if (before.respondido_at !== null) throw conflict(M.alreadyAnswered);
      const respondido_at = new Date();
      await tx
        .update(complaints)
        .set({ respuesta, respondido_at, respondido_por: userId })
        .where(eq(complaints.id, id));
      await recordAudit(tx, {
        ...actorOf(request),
        accion: 'editar',
        entidad: 'reclamo',
        entidad_id: id,
        cambios: changesBetween(
          { respuesta: null, respondido_at: null },
          { respuesta, respondido_at },
        ),
        detalle: `Respuesta a la hoja de reclamación N° ${before.numero}`,
      });
      return complaintOf(await findStoredComplaint(tx, id), await dueContext(tx));
    });
    afterAnswer(mailAnswer(id, request.log));
    return ok(answered, M.answered);
  });

  await app.register(holidayRoutes, { db });
};
