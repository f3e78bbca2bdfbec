import { and, asc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AGENDA_ENDPOINTS,
  AppointmentStatus,
  Status,
  limaDayStart,
  limaToday,
  type AgendaGroomer,
  type AgendaQuery,
} from '@app/domain';
import type { Db } from '../../db/client';
import { dataVersion, keptAnswers, latestVersion } from '../../db/data-version';
import { saleOfAppointment } from '../checkout';
import { sinFirmarSql } from '../pet-care';
import {
  absences,
  agendaVersion,
  appointments,
  clients,
  employees,
  packages,
  pets,
  services,
  triages,
} from '../../db/schema';
import { route } from '../../http/endpoint';
import { ok } from '../../http/envelope';
import { checkResponsesByDefault, responseSerializer } from '../../http/responses';
import { isoText } from '../../crud/sql';
import { petCareFields } from '../clients';
import { earliestStart, overlappingBounds } from './scheduling';
import { seesPrices } from './prices';
import { openingHours } from '../settings';

/**
 * The calendar (decisions §agenda): the visits of a range with what their cards show, the groomers
 * that are its columns (with their own hours), their time off and the opening hours. Placing and
 * moving visits is appointments.ts's.
 */
const groomerFields = {
  id_emp: employees.id_emp,
  nombre: sql<string>`${employees.nom_emp} || ' ' || ${employees.ape_emp}`,
  color: employees.color,
};

/** The active bookable employees, and `also` (groomers of visits shown, bookable or not). */
function agendaGroomers(db: Db, also: number[] = []): Promise<AgendaGroomer[]> {
  const bookable = and(eq(employees.agenda, true), eq(employees.id_est, Status.Activo));
  return db
    .select(groomerFields)
    .from(employees)
    .where(also.length ? or(bookable, inArray(employees.id_emp, also)) : bookable)
    .orderBy(asc(employees.nom_emp), asc(employees.id_emp));
}

/** Named values as a select list: `value as "name"`, in order. */
const selectList = (fields: Record<string, SQL | PgColumn>) =>
  sql.join(
    Object.entries(fields).map(([name, value]) => sql`${value} as ${sql.identifier(name)}`),
    sql`, `,
  );

/**
 * A nested record of the row, which row_to_json (and json_agg of rows) writes as an object with
 * these keys: about a third cheaper than json_build_object for the same object.
 */
const record = (fields: Record<string, SQL | PgColumn>) =>
  sql`(select r from (select ${selectList(fields)}) r)`;

/**
 * The cards of the calendar (AgendaEntrySchema), a row each, for json_agg to write. The range's
 * bounds and the groomer are the prepared statement's placeholders.
 */
function agendaCards(withPrice: boolean, oneGroomer: boolean): SQL {
  const end = sql`${appointments.fec_cita} + ${appointments.duracion} * interval '1 minute'`;
  const card = {
    id_cita: appointments.id_cita,
    inicio: isoText(sql`${appointments.fec_cita}`),
    fin: isoText(end),
    duracion: appointments.duracion,
    id_est: appointments.id_est,
    id_emp: appointments.id_emp,
    ...(withPrice ? { precio: sql`${appointments.precio}::text` } : {}),
    obs: appointments.obs_perro,
    cliente: record({
      id_cli: clients.id_cli,
      dni_cli: clients.dni_cli,
      nom_cli: clients.nom_cli,
      ape_cli: clients.ape_cli,
      tel1_cli: clients.tel1_cli,
      tel2_cli: clients.tel2_cli,
    }),
    perro: record({ id_perro: pets.id_perro, nom_perro: pets.nom_perro, ...petCareFields }),
    item: record({
      tipo: sql`case when ${appointments.id_srv} is null then 'paquete' else 'servicio' end`,
      id: sql`coalesce(${appointments.id_srv}, ${appointments.id_paq})`,
      nombre: sql`coalesce(${services.nom_srv}, ${packages.nom_paq})`,
    }),
    triaje: sql`exists (select 1 from ${triages} where ${triages.id_cita} = ${appointments.id_cita})`,
    id_venta: saleOfAppointment(appointments.id_cita),
    origen: appointments.origen,
    confirmada_en: isoText(sql`${appointments.confirmada_en}`),
    sin_firmar: sinFirmarSql,
  };
  const where = and(
    // Visits that started before the range and run into it are shown too.
    overlappingBounds(sql.placeholder('earliest'), sql.placeholder('from'), sql.placeholder('to')),
    ne(appointments.id_est, AppointmentStatus.Eliminada),
    oneGroomer ? eq(appointments.id_emp, sql.placeholder('emp')) : undefined,
  );
  return sql`select ${selectList(card)}
    from ${appointments}
    join ${clients} on ${clients.id_cli} = ${appointments.id_cli}
    join ${pets} on ${pets.id_perro} = ${appointments.id_perro}
    left join ${services} on ${services.id_srv} = ${appointments.id_srv}
    left join ${packages} on ${packages.id_paq} = ${appointments.id_paq}
    where ${where}`;
}

interface AgendaText {
  citas: string;
  groomers: string;
  ausencias: string;
}

interface PreparedAgenda {
  execute(values: Record<string, unknown>): Promise<(AgendaText & { version: number })[]>;
}

/**
 * The statement of `GET /agenda`'s answer for a shape, before it is prepared: agenda.test.ts reads
 * the tables it names, each of which must count its changes in agenda_version (migration 0030).
 */
export function agendaQuery(db: Db, withPrice: boolean, oneGroomer: boolean) {
  const bookable = and(eq(employees.agenda, true), eq(employees.id_est, Status.Activo));
  const groomer = record({
    id_emp: employees.id_emp,
    nombre: groomerFields.nombre,
    color: employees.color,
    horario: employees.horario,
  });
  const away = record({
    id_emp: absences.id_emp,
    desde: isoText(sql`${absences.desde}`),
    hasta: isoText(sql`${absences.hasta}`),
    motivo: absences.motivo,
  });
  const agenda = sql`(with visits as materialized (
        ${agendaCards(withPrice, oneGroomer)}),
      shown as materialized (
        select ${employees.id_emp} as id_emp, ${groomer} as groomer,
          ${employees.nom_emp} as nom_emp
        from ${employees}
        where (${bookable} or ${employees.id_emp} in (select id_emp from visits))
          ${oneGroomer ? sql`and ${employees.id_emp} = ${sql.placeholder('emp')}` : sql``})
      select
        (select coalesce(json_agg(visits order by inicio, id_cita), '[]')::text
          from visits) as citas,
        (select coalesce(json_agg(groomer order by nom_emp, id_emp), '[]')::text
          from shown) as groomers,
        (select coalesce(json_agg(${away} order by ${absences.desde}, ${absences.id}), '[]')::text
          from ${absences}
          where ${absences.id_emp} in (select id_emp from shown)
            and ${absences.desde} < ${sql.placeholder('to')}
            and ${absences.hasta} > ${sql.placeholder('from')}) as ausencias,
        (select ${latestVersion} from ${agendaVersion}) as version) as agenda`;
  return db
    .select({
      citas: sql<string>`citas`,
      groomers: sql<string>`groomers`,
      ausencias: sql<string>`ausencias`,
      version: sql<number>`version`.mapWith(Number),
    })
    .from(agenda);
}

/**
 * `GET /agenda`'s visits, groomers and time off as JSON text, in one statement: PostgreSQL builds
 * the thousand cards of a full week, and the server passes the text on without reading a row
 * (mapping a thousand rows to objects and writing them back out was most of a call's time,
 * decisions §agenda). The groomers are the bookable ones and those of the visits shown, in column
 * order; the time off is theirs that overlaps the range. The statement is prepared once per
 * database and shape (price shown or not, one groomer or all): PostgreSQL parses and plans
 * it once per connection instead of on every call.
 */
function agendaStatement(db: Db, withPrice: boolean, oneGroomer: boolean): PreparedAgenda {
  let byShape = agendaStatements.get(db);
  if (!byShape) agendaStatements.set(db, (byShape = new Map<string, PreparedAgenda>()));
  const shape = [withPrice, oneGroomer].map(Number).join('');
  let prepared = byShape.get(shape);
  if (prepared) return prepared;
  prepared = agendaQuery(db, withPrice, oneGroomer).prepare(`agenda_${++agendaStatementCount}`);
  byShape.set(shape, prepared);
  return prepared;
}

const agendaStatements = new WeakMap<Db, Map<string, PreparedAgenda>>();
// Statement names are per connection, and one connection may serve several databases' objects
// (tests): a counter keeps every name to one text.
let agendaStatementCount = 0;

/**
 * How long a kept answer may serve at most: the signatures' year and the vaccines' state move with
 * the clock, not with a change anyone makes.
 */
const KEPT_ANSWER_MS = 60_000;
/** A week's answer is about 600 KB: a few dozen kept ranges stay within a few dozen MB. */
const KEPT_ANSWERS = 32;

interface KeptAnswer {
  version: number;
  text: AgendaText;
  /** The answer as last sent, with its opening hours, which agenda_version does not count. */
  sent?: SentAnswer;
}

/** An answer's bytes, and the same compressed once for each encoding a client accepted. */
interface SentAnswer {
  horario: string;
  body: Buffer;
  compressed: Partial<Record<Encoding, Promise<Buffer>>>;
}

/**
 * The answers this server built, by shape, range and day (decisions §agenda): the counter's
 * screens ask for the same week over and over, and building it is PostgreSQL writing a thousand
 * cards. Each carries the agenda_version its statement read, in the cards' own snapshot, and
 * serves while the table still holds that number: a change committed through any server process
 * shows on the next call.
 */
const keptWeeks = keptAnswers<KeptAnswer>(KEPT_ANSWERS, KEPT_ANSWER_MS);

async function agendaAnswer(db: Db, query: AgendaQuery, withPrice: boolean): Promise<KeptAnswer> {
  const { desde, hasta, emp } = query;
  const oneGroomer = emp !== undefined && emp !== null;
  const kept = keptWeeks(db);
  // The day is in the key: a pet's vaccines fall due as days pass.
  const key = [Number(withPrice), oneGroomer ? emp : '', desde, hasta, limaToday()].join(' ');
  const answer = kept.get(key);
  if (answer && (await dataVersion(db)) === answer.version) return answer;

  const from = limaDayStart(desde);
  const to = new Date(limaDayStart(hasta).getTime() + 86_400_000);
  const start = performance.now();
  const [row] = await agendaStatement(db, withPrice, oneGroomer).execute({
    // As ISO text, as drizzle sends a timestamp.
    earliest: earliestStart(from).toISOString(),
    from: from.toISOString(),
    to: to.toISOString(),
    emp: oneGroomer ? emp : undefined,
  });
  const built: KeptAnswer = {
    version: row?.version ?? -1,
    text: {
      citas: row?.citas ?? '[]',
      groomers: row?.groomers ?? '[]',
      ausencias: row?.ausencias ?? '[]',
    },
  };
  if (row) kept.set(key, built, { start });
  return built;
}

type Encoding = 'br' | 'gzip';
const encodings = new Negotiator<Encoding>({ supportedValues: ['br', 'gzip'] });
/** Smaller answers (a quiet day) are sent as they are: compressing them saves nothing worth it. */
const COMPRESS_FROM_BYTES = 2048;
const compressors: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  // Quality 5: a week's 570 KB in a few milliseconds, to under a tenth of its size.
  br: (body) => promisify(brotliCompress)(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }),
  gzip: (body) => promisify(gzip)(body),
};

/**
 * The answer's bytes with these opening hours, made once per kept answer, and compressed once per
 * encoding when the client accepts one: a tablet on the salon's Wi-Fi fetches a full week's
 * 570 KB as about 50.
 */
function sentAnswer(answer: KeptAnswer, horario: string): SentAnswer {
  if (answer.sent?.horario === horario) return answer.sent;
  const { citas, groomers, ausencias } = answer.text;
  const data = `{"citas":${citas},"groomers":${groomers},"horario":${horario},"ausencias":${ausencias}}`;
  // Encoded once here: a string would be scanned for its length, then encoded by the socket.
  const body = Buffer.from(`{"status":"success","data":${data}}`);
  return (answer.sent = { horario, body, compressed: {} });
}

/**
 * Sends an answer that is JSON bytes already, as is or compressed. Where answers are checked
 * (tests, the browser tests' server) it is checked against the contract like every other answer
 * (http/responses.ts), which bytes sent as they are would skip.
 */
async function sendAnswer(request: FastifyRequest, reply: FastifyReply, sent: SentAnswer) {
  if (checkResponsesByDefault()) {
    const { method, path: url, responses } = AGENDA_ENDPOINTS.agenda;
    const check = responseSerializer(true)({
      schema: responses[200],
      method,
      url,
      httpStatus: '200',
    });
    check(JSON.parse(sent.body.toString()));
  }
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  const encoding = encodings.negotiate(request.headers['accept-encoding'] ?? '');
  if (!encoding || sent.body.length < COMPRESS_FROM_BYTES) return reply.send(sent.body);
  const compressed = (sent.compressed[encoding] ??= compressors[encoding](sent.body));
  return reply.header('content-encoding', encoding).send(await compressed);
}

export const agendaModule: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  route(app, AGENDA_ENDPOINTS.agenda, async (request, reply) => {
    // A groomer's agenda carries no money (issue 30 §5): the price only for who may charge.
    const withPrice = seesPrices(request);
    const [answer, horario] = await Promise.all([
      agendaAnswer(db, request.query, withPrice),
      openingHours(db),
    ]);
    return sendAnswer(request, reply, sentAnswer(answer, JSON.stringify(horario)));
  });

  route(app, AGENDA_ENDPOINTS.groomers, async () => ok(await agendaGroomers(db)));
};
