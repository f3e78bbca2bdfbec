import { and, asc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  AGENDA_ENDPOINTS,
  AppointmentStatus,
  Status,
  limaDayStart,
  type AgendaGroomer,
  type AgendaQuery,
} from '@app/domain';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/sql-rows';
import { saleOfAppointment } from '../checkout';
import { anyActiveConsent, unsignedSql } from '../pet-care';
import {
  absences,
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
import { overlapping } from './scheduling';
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

/** One card of the calendar (AgendaEntrySchema) as JSON, built by PostgreSQL. */
function agendaEntryJson(withPrice: boolean, withConsents: boolean): SQL {
  const end = sql`${appointments.fec_cita} + ${appointments.duracion} * interval '1 minute'`;
  return sql`json_build_object(
    'id_cita', ${appointments.id_cita},
    'inicio', ${isoText(sql`${appointments.fec_cita}`)},
    'fin', ${isoText(end)},
    'duracion', ${appointments.duracion},
    'id_est', ${appointments.id_est},
    'id_emp', ${appointments.id_emp},
    ${withPrice ? sql`'precio', ${appointments.precio}::text,` : sql``}
    'obs', ${appointments.obs_perro},
    'cliente', json_build_object('id_cli', ${clients.id_cli}, 'dni_cli', ${clients.dni_cli},
      'nom_cli', ${clients.nom_cli}, 'ape_cli', ${clients.ape_cli},
      'tel1_cli', ${clients.tel1_cli}, 'tel2_cli', ${clients.tel2_cli}),
    'perro', json_build_object('id_perro', ${pets.id_perro}, 'nom_perro', ${pets.nom_perro},
      'alertas', ${petCareFields.alertas}, 'notas_cuidado', ${petCareFields.notas_cuidado},
      'vacunas', ${petCareFields.vacunas}),
    'item', json_build_object(
      'tipo', case when ${appointments.id_srv} is null then 'paquete' else 'servicio' end,
      'id', coalesce(${appointments.id_srv}, ${appointments.id_paq}),
      'nombre', coalesce(${services.nom_srv}, ${packages.nom_paq})),
    'triaje', exists (select 1 from ${triages} where ${triages.id_cita} = ${appointments.id_cita}),
    'id_venta', ${saleOfAppointment(appointments.id_cita)},
    'origen', ${appointments.origen},
    'confirmada_en', ${isoText(sql`${appointments.confirmada_en}`)},
    'sin_firmar', ${withConsents ? unsignedSql : sql`false`}
  )`;
}

/**
 * `GET /agenda`'s visits, groomers and time off as JSON text, in one statement: PostgreSQL builds
 * the thousand cards of a full week, and the server passes the text on without reading a row
 * (mapping a thousand rows to objects and writing them back out was most of a call's time,
 * decisions §agenda). The groomers are the bookable ones and those of the visits shown, in column
 * order; the time off is theirs that overlaps the range.
 */
async function agendaJson(db: Db, query: AgendaQuery, withPrice: boolean) {
  const { desde, hasta, emp } = query;
  const from = limaDayStart(desde);
  const to = new Date(limaDayStart(hasta).getTime() + 86_400_000);
  const oneGroomer = emp === undefined || emp === null ? undefined : emp;
  // Each card's consents are looked at only while some template is active: the rule costs the
  // statement's planning and a week's thousand cards otherwise.
  const withConsents = await anyActiveConsent(db);
  const visits = db
    .select({
      fec_cita: sql`${appointments.fec_cita}`.as('fec_cita'),
      id_cita: sql`${appointments.id_cita}`.as('id_cita'),
      id_emp: sql`${appointments.id_emp}`.as('id_emp'),
      entry: agendaEntryJson(withPrice, withConsents).as('entry'),
    })
    .from(appointments)
    .innerJoin(clients, eq(clients.id_cli, appointments.id_cli))
    .innerJoin(pets, eq(pets.id_perro, appointments.id_perro))
    .leftJoin(services, eq(services.id_srv, appointments.id_srv))
    .leftJoin(packages, eq(packages.id_paq, appointments.id_paq))
    .where(
      and(
        // Visits that started before the range and run into it are shown too.
        overlapping(from, to),
        ne(appointments.id_est, AppointmentStatus.Eliminada),
        oneGroomer === undefined ? undefined : eq(appointments.id_emp, oneGroomer),
      ),
    );
  const bookable = and(eq(employees.agenda, true), eq(employees.id_est, Status.Activo));
  const groomer = sql`json_build_object('id_emp', ${employees.id_emp}, 'nombre', ${groomerFields.nombre}, 'color', ${employees.color}, 'horario', ${employees.horario})`;
  const away = sql`json_build_object('id_emp', ${absences.id_emp}, 'desde', ${isoText(sql`${absences.desde}`)}, 'hasta', ${isoText(sql`${absences.hasta}`)}, 'motivo', ${absences.motivo})`;
  const [row] = rowsOf<{ citas: string; groomers: string; ausencias: string }>(
    await db.execute(sql`with visits as materialized (${visits}),
      shown as materialized (
        select ${employees.id_emp} as id_emp, ${groomer} as groomer,
          ${employees.nom_emp} as nom_emp
        from ${employees}
        where (${bookable} or ${employees.id_emp} in (select id_emp from visits))
          ${oneGroomer === undefined ? sql`` : sql`and ${employees.id_emp} = ${oneGroomer}`})
      select
        (select coalesce(json_agg(entry order by fec_cita, id_cita), '[]')::text from visits) as citas,
        (select coalesce(json_agg(groomer order by nom_emp, id_emp), '[]')::text from shown) as groomers,
        (select coalesce(json_agg(${away} order by ${absences.desde}, ${absences.id}), '[]')::text
          from ${absences}
          where ${absences.id_emp} in (select id_emp from shown)
            and ${absences.desde} < ${to} and ${absences.hasta} > ${from}) as ausencias`),
  );
  return {
    citas: row?.citas ?? '[]',
    groomers: row?.groomers ?? '[]',
    ausencias: row?.ausencias ?? '[]',
  };
}

/**
 * Sends an answer whose parts are JSON text already, as is. Where answers are checked (tests,
 * the browser tests' server) it is checked against the contract like every other answer
 * (http/responses.ts), which a string sent as is would skip.
 */
function sendJsonText(reply: FastifyReply, schema: z.ZodType, json: string) {
  if (checkResponsesByDefault()) {
    const { method, path: url } = AGENDA_ENDPOINTS.agenda;
    responseSerializer(true)({ schema, method, url, httpStatus: '200' })(JSON.parse(json));
  }
  return reply.type('application/json; charset=utf-8').send(json);
}

export const agendaModule: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  route(app, AGENDA_ENDPOINTS.agenda, async (request, reply) => {
    // A groomer's agenda carries no money (issue 30 §5): the price only for who may charge.
    const withPrice = seesPrices(request);
    const [{ citas, groomers, ausencias }, horario] = await Promise.all([
      agendaJson(db, request.query, withPrice),
      openingHours(db),
    ]);
    const data = `{"citas":${citas},"groomers":${groomers},"horario":${JSON.stringify(horario)},"ausencias":${ausencias}}`;
    return sendJsonText(
      reply,
      AGENDA_ENDPOINTS.agenda.responses[200],
      `{"status":"success","data":${data}}`,
    );
  });

  route(app, AGENDA_ENDPOINTS.groomers, async () => ok(await agendaGroomers(db)));
};
