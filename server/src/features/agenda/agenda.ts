import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AGENDA_ENDPOINTS,
  AGENDA_PRICE_PERMISSION,
  AppointmentStatus,
  can,
  Status,
  limaDayStart,
  type AgendaEntry,
  type AgendaGroomer,
} from '@app/domain';
import type { Db } from '../../db/client';
import { saleOfAppointment } from '../checkout';
import {
  appointments,
  clients,
  employees,
  packages,
  pets,
  services,
  triages,
} from '../../db/schema';
import { sessionOf } from '../../http/authenticate';
import { route } from '../../http/endpoint';
import { ok } from '../../http/envelope';
import { petCareFields } from '../clients';
import { overlapping } from './scheduling';
import { openingHours } from '../settings';

/**
 * The calendar (decisions §agenda): the visits of a range with what their cards show, the groomers
 * that are its columns and the opening hours. Placing and moving visits is appointments.ts's.
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

const itemName = sql<string>`coalesce(${services.nom_srv}, ${packages.nom_paq})`;

export const agendaModule: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  route(app, AGENDA_ENDPOINTS.agenda, async (request) => {
    const { desde, hasta, emp } = request.query;
    const from = limaDayStart(desde);
    const to = new Date(limaDayStart(hasta).getTime() + 86_400_000);
    const rows = await db
      .select({
        id_cita: appointments.id_cita,
        fec_cita: appointments.fec_cita,
        duracion: appointments.duracion,
        id_est: appointments.id_est,
        id_emp: appointments.id_emp,
        precio: appointments.precio,
        obs: appointments.obs_perro,
        id_srv: appointments.id_srv,
        cliente: {
          id_cli: clients.id_cli,
          dni_cli: clients.dni_cli,
          nom_cli: clients.nom_cli,
          ape_cli: clients.ape_cli,
          tel1_cli: clients.tel1_cli,
          tel2_cli: clients.tel2_cli,
        },
        perro: { id_perro: pets.id_perro, nom_perro: pets.nom_perro, ...petCareFields },
        item_id: sql<number>`coalesce(${appointments.id_srv}, ${appointments.id_paq})`,
        item_nombre: itemName,
        triaje: sql<boolean>`exists (select 1 from ${triages} where ${triages.id_cita} = ${appointments.id_cita})`,
        id_venta: saleOfAppointment(appointments.id_cita),
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
          emp === undefined || emp === null ? undefined : eq(appointments.id_emp, emp),
        ),
      )
      .orderBy(asc(appointments.fec_cita), asc(appointments.id_cita));
    // A groomer's agenda carries no money (issue 30 §5): the price only for who may charge.
    const withPrice = can(sessionOf(request).role, AGENDA_PRICE_PERMISSION);
    const citas: AgendaEntry[] = rows.map(
      ({ fec_cita, id_srv, item_id, item_nombre, precio, ...row }) => ({
        ...row,
        ...(withPrice ? { precio } : {}),
        inicio: fec_cita.toISOString(),
        fin: new Date(fec_cita.getTime() + row.duracion * 60_000).toISOString(),
        item: {
          tipo: id_srv === null ? 'paquete' : 'servicio',
          id: item_id,
          nombre: item_nombre,
        },
      }),
    );
    const shown = [...new Set(citas.map((c) => c.id_emp).filter((id) => id !== null))];
    const groomers = (await agendaGroomers(db, shown)).filter(
      (g) => emp === undefined || emp === null || g.id_emp === emp,
    );
    return ok({ citas, groomers, horario: await openingHours(db) });
  });

  route(app, AGENDA_ENDPOINTS.groomers, async () => ok(await agendaGroomers(db)));
};
