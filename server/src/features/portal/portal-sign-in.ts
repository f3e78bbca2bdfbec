import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { randomBytes } from 'node:crypto';
import {
  PORTAL_LINK_MINUTES,
  PORTAL_MESSAGES as M,
  PORTAL_PAGE_PATH,
  PORTAL_PUBLIC_ENDPOINTS as P,
  REMINDER_COMPANY_FALLBACK,
  Status,
} from '@app/domain';
import { publicActor, recordAudit } from '../../audit/record';
import { LoginThrottle } from '../../auth/throttle';
import { hashToken } from '../../auth/sessions';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { clients, portalLinks, settings } from '../../db/schema';
import { afterAnswerQueue } from '../../http/after-answer';
import { route } from '../../http/endpoint';
import { ok } from '../../http/envelope';
import { HttpError } from '../../http/errors';
import { moduleMailer, type Mail, type Mailer } from '../../mail/mailer';
import { openPortalSession } from './portal-auth';

/**
 * Signing in to /mi-cuenta (DESIGN §11.5). The link route answers the same, at once, for any
 * address; only after the answer is the address looked up and, for a known active client, a
 * link mailed. Several clients may share one e-mail (a family): the one mail carries one link
 * per client, each with the client's name, the most recent first (at most LINKS_PER_MAIL).
 */

export interface PortalSignInOptions {
  db: Db;
  config: Pick<Config, 'dataDir' | 'smtpUrl' | 'appUrl'>;
  /** Tests may pass their own; by default one is built from the config. */
  mailer?: Mailer;
}

/** Link requests one address may send in an hour: past them, 429. */
export const LINKS_PER_HOUR_BY_ADDRESS = 10;
/**
 * Links mailed to one e-mail in an hour: past them the answer is the same and nothing is sent,
 * so nobody can fill a mailbox nor learn anything from the limit.
 */
export const LINKS_PER_HOUR_BY_EMAIL = 5;
/** Sign-in attempts (link tokens tried) one address may send in an hour. */
export const SESSIONS_PER_HOUR_BY_ADDRESS = 30;
/** Clients sharing one e-mail who get a link in its mail. */
export const LINKS_PER_MAIL = 5;

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

const throttleOf = (db: Db, scope: string, freeAttempts: number) =>
  new LoginThrottle(db, { scope, freeAttempts, windowMs: HOUR_MS });

/** A hard limit per address: each call counts; past the free ones, 429 until the window ends. */
function limitByAddress(throttle: LoginThrottle) {
  return async (key: string, reply: FastifyReply) => {
    await throttle.oneAtATime(key, async () => {
      const wait = await throttle.retryAfter(key);
      if (wait > 0) {
        void reply.header('retry-after', Math.ceil(wait / 1000));
        throw new HttpError(429, M.tooMany(Math.max(1, Math.ceil(wait / MINUTE_MS))));
      }
      await throttle.fail(key);
    });
  };
}

async function salonName(db: Db): Promise<string> {
  const [row] = await db
    .select({ nombre: settings.nomEmp })
    .from(settings)
    .orderBy(asc(settings.id))
    .limit(1);
  return row?.nombre || REMINDER_COMPANY_FALLBACK;
}

interface LinkFor {
  nombre: string;
  enlace: string;
}

function linkMail(to: string, salon: string, links: LinkFor[]): Mail {
  const lines =
    links.length === 1
      ? [`Para ingresar a su cuenta en ${salon}, abra este enlace:`, '', links[0].enlace]
      : [
          `Su correo está registrado para varios clientes de ${salon}. Abra el enlace de quien desea ingresar:`,
          ...links.flatMap((link) => ['', `${link.nombre}:`, link.enlace]),
        ];
  const text = [
    ...lines,
    '',
    `El enlace sirve una sola vez y vence en ${PORTAL_LINK_MINUTES} minutos.`,
    'Si usted no pidió ingresar, ignore este correo: nadie podrá entrar sin este enlace.',
    '',
  ].join('\n');
  return { to, subject: `Ingrese a su cuenta en ${salon}`, text };
}

/** The active clients with this e-mail, the most recent first. */
async function clientsWithEmail(db: Db, email: string) {
  return db
    .select({ id_cli: clients.id_cli, nom_cli: clients.nom_cli, ape_cli: clients.ape_cli })
    .from(clients)
    .where(
      and(sql`lower(trim(${clients.email_cli})) = ${email}`, eq(clients.id_est, Status.Activo)),
    )
    .orderBy(desc(clients.id_cli))
    .limit(LINKS_PER_MAIL);
}

/** Stores one link per client (only its hash) and answers the addresses to mail. */
async function storeLinks(
  db: Db,
  found: { id_cli: number; nom_cli: string; ape_cli: string }[],
  appUrl: string,
  now: Date,
): Promise<LinkFor[]> {
  const vence = new Date(now.getTime() + PORTAL_LINK_MINUTES * MINUTE_MS);
  const links = found.map((client) => ({
    client,
    token: randomBytes(32).toString('base64url'),
  }));
  await db.insert(portalLinks).values(
    links.map(({ client, token }) => ({
      token_hash: hashToken(token),
      id_cli: client.id_cli,
      vence,
    })),
  );
  return links.map(({ client, token }) => {
    const url = new URL(PORTAL_PAGE_PATH, appUrl);
    url.searchParams.set('token', token);
    return { nombre: `${client.nom_cli} ${client.ape_cli}`, enlace: url.toString() };
  });
}

export const portalSignInModule: FastifyPluginAsyncZod<PortalSignInOptions> = async (
  app,
  { db, config, mailer: givenMailer },
) => {
  const mailer = moduleMailer(app, config, givenMailer);
  const afterAnswer = afterAnswerQueue(app);
  const linksByAddress = limitByAddress(
    throttleOf(db, 'portal.enlace.ip', LINKS_PER_HOUR_BY_ADDRESS),
  );
  const linksByEmail = throttleOf(db, 'portal.enlace.email', LINKS_PER_HOUR_BY_EMAIL);
  const sessionsByAddress = limitByAddress(
    throttleOf(db, 'portal.sesion.ip', SESSIONS_PER_HOUR_BY_ADDRESS),
  );

  const mailLink = async (email: string, log: FastifyBaseLogger) => {
    try {
      // Counted for any address, known or not: the limit tells nothing either.
      const allowed = await linksByEmail.oneAtATime(email, async () => {
        if ((await linksByEmail.retryAfter(email)) > 0) return false;
        await linksByEmail.fail(email);
        return true;
      });
      if (!allowed) return;
      const found = await clientsWithEmail(db, email);
      if (found.length === 0) return;
      const links = await storeLinks(db, found, config.appUrl, new Date());
      await mailer.send(linkMail(email, await salonName(db), links));
    } catch (error) {
      log.error({ err: error }, 'No se pudo enviar el enlace de ingreso');
    }
  };

  route(app, P.link, async (request, reply) => {
    await linksByAddress(request.ip, reply);
    const { email } = request.body;
    // Looked up and mailed after the answer: the same answer, in the same time, for any address.
    const work = () => afterAnswer(mailLink(email, request.log));
    reply.send(ok(null, M.linkSent)).then(work, work);
    return reply;
  });

  route(app, P.session, async (request, reply) => {
    await sessionsByAddress(request.ip, reply);
    const now = new Date();
    const opened = await db.transaction(async (tx) => {
      // Single use: the link is spent in the statement that finds it.
      const [link] = await tx
        .update(portalLinks)
        .set({ usado_en: now })
        .where(
          and(
            eq(portalLinks.token_hash, hashToken(request.body.token)),
            isNull(portalLinks.usado_en),
            gt(portalLinks.vence, now),
          ),
        )
        .returning({ id_cli: portalLinks.id_cli });
      if (!link) throw new HttpError(401, M.linkInvalid);
      const [client] = await tx
        .select({ nom_cli: clients.nom_cli, id_est: clients.id_est })
        .from(clients)
        .where(eq(clients.id_cli, link.id_cli));
      if (client?.id_est !== Status.Activo) throw new HttpError(401, M.linkInvalid);
      const session = await openPortalSession(tx, link.id_cli, request.headers['user-agent'], now);
      await recordAudit(tx, {
        ...publicActor(request.ip),
        accion: 'iniciar_sesion',
        entidad: 'cliente',
        entidad_id: link.id_cli,
        detalle: 'Ingreso del cliente a Mi cuenta con el enlace de su correo',
      });
      return { ...session, nombres: client.nom_cli.trim().split(/\s+/)[0] ?? '' };
    });
    return ok(
      { token: opened.token, expira: opened.expira.toISOString(), nombres: opened.nombres },
      M.signedIn,
    );
  });
};
