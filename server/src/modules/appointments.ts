import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AgendaListQuerySchema,
  APPOINTMENT_MESSAGES,
  APPOINTMENT_STATUSES,
  AppointmentInputSchema,
  AppointmentStatus,
  AppointmentStatusSchema,
  AppointmentUpdateSchema,
  Status,
  type Appointment,
  type AppointmentInput,
  type AppointmentUpdate,
  appointmentsResource,
  appointmentStatusAccess,
} from '@app/domain';
import type { Db, Tx } from '../db/client';
import { appointments, packages, services } from '../db/schema';
import { sessionOf } from '../http/authenticate';
import { invalid } from '../http/errors';
import type { ListDefinition } from '../crud/list';
import { findOne, resourceModule } from '../crud/resource';
import { bookedObject, statusNameSql } from '../crud/sql';
import {
  agendaFilters,
  bookableClientAndPet,
  bookedClient,
  bookedPet,
  bookedUser,
} from './booking';

const M = APPOINTMENT_MESSAGES;

export const appointmentList: ListDefinition = {
  table: appointments,
  fields: {
    id_cita: appointments.id_cita,
    fec_cita: appointments.fec_cita,
    id_cli: appointments.id_cli,
    id_perro: appointments.id_perro,
    id_srv: appointments.id_srv,
    id_paq: appointments.id_paq,
    id_usu: appointments.id_usu,
    id_est: appointments.id_est,
    obs_perro: appointments.obs_perro,
    precio: appointments.precio,
    fech_reg: appointments.fech_reg,
    created_at: appointments.created_at,
    cliente: bookedClient(appointments.id_cli),
    perro: bookedPet(appointments.id_perro),
    estado: {
      id_est: appointments.id_est,
      nom_est: statusNameSql(appointments.id_est, APPOINTMENT_STATUSES),
    },
    // An appointment has a service or a package; the other comes back null.
    servicio: bookedObject(services, services.id_srv, appointments.id_srv, {
      id_srv: services.id_srv,
      nom_srv: services.nom_srv,
      id_est: services.id_est,
    }),
    paquete: bookedObject(packages, packages.id_paq, appointments.id_paq, {
      id_paq: packages.id_paq,
      nom_paq: packages.nom_paq,
      id_est: packages.id_est,
    }),
    usuario: bookedUser(appointments.id_usu),
  },
  id: appointments.id_cita,
  createdAt: appointments.created_at,
  status: appointments.id_est,
  // No `search`: the agenda searches by client (`cli`) and pet (`pe`), each on its own index.
  // DESIGN §5: 8 (Eliminada) is a soft delete, shown only when the filter asks for it.
  hiddenStatuses: [AppointmentStatus.Eliminada],
};

const findAppointment = (executor: Db | Tx, id: number) =>
  findOne<Appointment>(executor, appointmentList, id, M.notFound);

interface BookedItem {
  id_srv: number | null;
  id_paq: number | null;
  precio: string;
}

/**
 * The service or package booked, with its price now (DESIGN §6: the appointment keeps it).
 * Keeping the item an edited appointment already has keeps its price and is allowed even if
 * the item was retired since; a new item must be active.
 */
async function bookableItem(
  tx: Tx,
  input: Pick<AppointmentInput, 'id_servicio' | 'id_paquete'>,
  current?: BookedItem,
): Promise<BookedItem> {
  if (input.id_servicio != null) {
    if (current?.id_srv === input.id_servicio) {
      return { id_srv: current.id_srv, id_paq: null, precio: current.precio };
    }
    const [service] = await tx
      .select({ id_est: services.id_est, precio: services.precio_srv })
      .from(services)
      .where(eq(services.id_srv, input.id_servicio))
      .for('share');
    if (!service) throw invalid('id_servicio', M.serviceNotFound);
    if (service.id_est !== Status.Activo) throw invalid('id_servicio', M.serviceInactive);
    return { id_srv: input.id_servicio, id_paq: null, precio: service.precio };
  }
  if (input.id_paquete == null) throw invalid('id_servicio', M.itemRequired);
  if (current?.id_paq === input.id_paquete) {
    return { id_srv: null, id_paq: current.id_paq, precio: current.precio };
  }
  const [pack] = await tx
    .select({ id_est: packages.id_est, precio: packages.precio_paq })
    .from(packages)
    .where(eq(packages.id_paq, input.id_paquete))
    .for('share');
  if (!pack) throw invalid('id_paquete', M.packageNotFound);
  if (pack.id_est !== Status.Activo) throw invalid('id_paquete', M.packageInactive);
  return { id_srv: null, id_paq: input.id_paquete, precio: pack.precio };
}

const BOOKING_FIELDS = { dni: 'dni_cli', client: 'id_cliente', pet: 'id_perro' };

async function createValues(input: AppointmentInput, tx: Tx, request: FastifyRequest) {
  const booked = await bookableClientAndPet(tx, {
    dni: input.dni_cli,
    clientId: input.id_cliente,
    petId: input.id_perro,
    fields: BOOKING_FIELDS,
  });
  return {
    ...booked,
    ...(await bookableItem(tx, input)),
    fec_cita: new Date(input.fec_cita),
    obs_perro: input.obs,
    fech_reg: input.fech_reg,
    // Who registered it: the signed-in user, never a field of the body.
    id_usu: sessionOf(request).userId,
    id_est: AppointmentStatus.Programada,
  };
}

async function updateValues(input: AppointmentUpdate, tx: Tx) {
  const stored = await findAppointment(tx, input.id);
  const booked = await bookableClientAndPet(
    tx,
    {
      dni: input.dni_cli,
      clientId: input.id_cliente,
      petId: input.id_perro,
      fields: BOOKING_FIELDS,
    },
    stored,
  );
  return {
    ...booked,
    ...(await bookableItem(tx, input, stored)),
    fec_cita: new Date(input.fec_cita),
    obs_perro: input.obs,
    fech_reg: input.fech_reg,
  };
}

const ALLOWED = APPOINTMENT_STATUSES.map((s) => s.id_est);

export const appointmentsModule: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  await app.register(
    resourceModule({
      resource: appointmentsResource,
      table: appointments,
      id: appointments.id_cita,
      list: appointmentList,
      listQuery: AgendaListQuerySchema,
      filters: agendaFilters(appointments),
      create: { schema: AppointmentInputSchema, toValues: createValues, message: M.registered },
      update: { schema: AppointmentUpdateSchema, toValues: updateValues, message: M.updated },
      // Spec 001 §7: `PATCH /cita/estado` with `cita, est`; 4, 5, 6, 8 and 9, in any order (§4).
      status: {
        allowed: ALLOWED,
        column: appointments.id_est,
        message: M.status,
        invalid: M.statusInvalid,
        schema: AppointmentStatusSchema,
        // Starting and completing a visit is the groomer's work too; the rest is booking's.
        access: { route: 'agenda.atender', of: appointmentStatusAccess },
      },
      notFound: M.notFound,
    }),
    { db },
  );
};
