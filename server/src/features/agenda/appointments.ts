import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AGENDA_MESSAGES,
  APPOINTMENT_ENDPOINTS,
  DEFAULT_DURATION,
  APPOINTMENT_MESSAGES,
  APPOINTMENT_STATUSES,
  AppointmentStatus,
  Status,
  type Appointment,
  type AppointmentInput,
  type AppointmentListQuery,
  type AppointmentUpdate,
  AppointmentStatusSchema,
  appointmentsResource,
  appointmentStatusAccess,
  appointmentTransitionRefused,
  CHARGE_MESSAGES,
  mayChangeAppointment,
  mayChangeStatus,
  mayMoveAppointment,
  durationForSize,
  type SizeMinutes,
} from '@app/domain';
import type { Db, Tx } from '../../db/client';
import { appointments, employees, packages, pets, services } from '../../db/schema';
import { sessionOf } from '../../http/authenticate';
import { recordChange } from '../../audit/record';
import { route } from '../../http/endpoint';
import { ok } from '../../http/envelope';
import { conflict, invalid, notFound } from '../../http/errors';
import { dayRangeConditions, type ListDefinition } from '../../crud/list';
import { findOne, resourceModule } from '../../crud/resource';
import { bookedObject, statusNameSql } from '../../crud/sql';
import {
  AGENDA_SEARCH_FILTERS,
  agendaFilters,
  bookableClientAndPet,
  bookedClient,
  bookedPet,
  bookedUser,
} from './booking';
import { saleOfAppointment } from '../checkout';
import { assertConsentsToStart, sinFirmarSql } from '../pet-care';
import { assertGroomerFree, bookableGroomer, occupiesTime, requireAttend } from './scheduling';
import { withoutMoney, type ExportColumn, type ExportDefinition } from '../../crud/export';
import { seesPrices } from './prices';

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
    id_emp: appointments.id_emp,
    duracion: appointments.duracion,
    id_venta: saleOfAppointment(appointments.id_cita),
    empleado: bookedObject(employees, employees.id_emp, appointments.id_emp, {
      id_emp: employees.id_emp,
      nom_emp: employees.nom_emp,
      ape_emp: employees.ape_emp,
    }),
    id_serie: appointments.id_serie,
    motivo_cancelacion: appointments.motivo_cancelacion,
    confirmada_en: appointments.confirmada_en,
  },
  /**
   * 'Sin firmar' (DESIGN §11.8), for the page's rows only (decisions §consents). A getter: pet-care
   * and agenda import each other, and this module may be evaluated before pet-care's.
   */
  get pageFields() {
    return { sin_firmar: sinFirmarSql };
  },
  id: appointments.id_cita,
  createdAt: appointments.created_at,
  status: appointments.id_est,
  // Today's next visit first (decisions §citas-order), then the rest of the future, then the past.
  timeline: appointments.fec_cita,
  // No `search`: the agenda searches by client (`cli`) and pet (`pe`), each on an index.
  searchFilters: AGENDA_SEARCH_FILTERS,
  // Statuses §soft-delete: 8 (Eliminada) is a soft delete, shown only when the filter asks for it.
  hiddenStatuses: [AppointmentStatus.Eliminada],
};

/** A cita as stored: with its price, which only some callers are answered (`withoutPrice`). */
type StoredAppointment = Appointment & { precio: string };

export const findAppointment = (executor: Db | Tx, id: number) =>
  findOne<StoredAppointment>(executor, appointmentList, id, M.notFound);

interface BookedItem {
  id_srv: number | null;
  id_paq: number | null;
  precio: string;
  /** The item's duration now: a new visit's unless the form gives its own. */
  duracion?: number;
  /** The minutes it adds per pet size (DESIGN §11.4), with `duracion`. */
  minutos_talla?: SizeMinutes;
}

/**
 * The service or package booked, with its price now (decisions §booked-price: the appointment keeps
 * it). Keeping the item an edited appointment already has keeps its price and is allowed even if
 * the item was retired since; a new item must be active.
 */
export async function bookableItem(
  tx: Tx,
  input: Pick<AppointmentInput, 'id_servicio' | 'id_paquete'>,
  current?: BookedItem,
): Promise<BookedItem> {
  if (input.id_servicio != null) {
    if (current?.id_srv === input.id_servicio) {
      return { id_srv: current.id_srv, id_paq: null, precio: current.precio };
    }
    const [service] = await tx
      .select({
        id_est: services.id_est,
        precio: services.precio_srv,
        duracion: services.duracion,
        minutos_talla: services.minutos_talla,
      })
      .from(services)
      .where(eq(services.id_srv, input.id_servicio))
      .for('share');
    if (!service) throw invalid('id_servicio', M.serviceNotFound);
    if (service.id_est !== Status.Activo) throw invalid('id_servicio', M.serviceInactive);
    return {
      id_srv: input.id_servicio,
      id_paq: null,
      precio: service.precio,
      duracion: service.duracion,
      minutos_talla: service.minutos_talla,
    };
  }
  if (input.id_paquete == null) throw invalid('id_servicio', M.itemRequired);
  if (current?.id_paq === input.id_paquete) {
    return { id_srv: null, id_paq: current.id_paq, precio: current.precio };
  }
  const [pack] = await tx
    .select({
      id_est: packages.id_est,
      precio: packages.precio_paq,
      duracion: packages.duracion,
      minutos_talla: packages.minutos_talla,
    })
    .from(packages)
    .where(eq(packages.id_paq, input.id_paquete))
    .for('share');
  if (!pack) throw invalid('id_paquete', M.packageNotFound);
  if (pack.id_est !== Status.Activo) throw invalid('id_paquete', M.packageInactive);
  return {
    id_srv: null,
    id_paq: input.id_paquete,
    precio: pack.precio,
    duracion: pack.duracion,
    minutos_talla: pack.minutos_talla,
  };
}

/**
 * A new visit's length when the form gives none: the item's own plus what it adds for the pet's
 * size (DESIGN §11.4); an hour when the item's is unknown.
 */
async function defaultDuration(
  tx: Tx,
  { duracion, minutos_talla = {} }: Pick<BookedItem, 'duracion' | 'minutos_talla'>,
  petId: number,
): Promise<number> {
  if (duracion === undefined) return DEFAULT_DURATION;
  const [pet] = await tx.select({ talla: pets.talla }).from(pets).where(eq(pets.id_perro, petId));
  return durationForSize({ duracion, minutos_talla }, pet?.talla);
}

const BOOKING_FIELDS = { dni: 'dni_cli', client: 'id_cliente', pet: 'id_perro' };

/** A new visit's row, by the booking rules (decisions §agenda); a series books each of its own. */
export async function createValues(input: AppointmentInput, tx: Tx, request: FastifyRequest) {
  const booked = await bookableClientAndPet(tx, {
    dni: input.dni_cli,
    clientId: input.id_cliente,
    petId: input.id_perro,
    fields: BOOKING_FIELDS,
  });
  const { duracion, minutos_talla, ...item } = await bookableItem(tx, input);
  const placement = {
    id_emp: await bookableGroomer(tx, input.id_emp ?? null),
    inicio: new Date(input.fec_cita),
    duracion:
      input.duracion ?? (await defaultDuration(tx, { duracion, minutos_talla }, booked.id_perro)),
  };
  await assertGroomerFree(tx, placement);
  return {
    ...booked,
    ...item,
    id_emp: placement.id_emp,
    duracion: placement.duracion,
    fec_cita: placement.inicio,
    // Optional (issue 30 §2): none is an empty note.
    obs_perro: input.obs ?? '',
    fech_reg: input.fech_reg,
    // Who registered it: the signed-in user, never a field of the body.
    id_usu: sessionOf(request).userId,
    id_est: AppointmentStatus.Programada,
  };
}

/** Whether a visit at `stored` (ISO) now starts at another time. */
const movedFrom = (stored: string | Date, inicio: Date) =>
  new Date(stored).getTime() !== inicio.getTime();

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
  // An edit keeps its duration unless the form gives one: the item's minutes are unused.
  const {
    duracion: _duration,
    minutos_talla: _sizes,
    ...item
  } = await bookableItem(tx, input, stored);
  // Absent, the groomer and the duration stay: clients of the spec's API do not send them.
  const placement = {
    id_emp: await bookableGroomer(
      tx,
      input.id_emp === undefined ? stored.id_emp : input.id_emp,
      stored.id_emp,
    ),
    inicio: new Date(input.fec_cita),
    duracion: input.duracion ?? stored.duracion,
    except: stored.id_cita,
  };
  if (occupiesTime(stored.id_est)) await assertGroomerFree(tx, placement);
  return {
    ...booked,
    ...item,
    id_emp: placement.id_emp,
    duracion: placement.duracion,
    fec_cita: placement.inicio,
    // Absent, the note stays: a client that does not send it does not erase it.
    obs_perro: input.obs ?? stored.obs_perro,
    fech_reg: input.fech_reg,
    // The client confirmed another time: moved, the visit waits for a new confirmation.
    ...(movedFrom(stored.fec_cita, placement.inicio) ? { confirmada_en: null } : {}),
  };
}

const ALLOWED = APPOINTMENT_STATUSES.map((s) => s.id_est);

/** The visit's row, locked for the change about to be made to it; 404 if there is none. */
async function lockedAppointment(tx: Tx, id: number) {
  const [row] = await tx
    .select({
      id_est: appointments.id_est,
      id_emp: appointments.id_emp,
      fec_cita: appointments.fec_cita,
      duracion: appointments.duracion,
      id_venta: saleOfAppointment(appointments.id_cita),
    })
    .from(appointments)
    .where(eq(appointments.id_cita, id))
    .for('update', { of: appointments });
  if (!row) throw notFound(M.notFound);
  return row;
}

/**
 * Only the changes of the transitions table (statuses §transitions), each refused with a 409
 * that names both statuses; a groomer attends only their own or unassigned visits; and a visit
 * brought back from No Asistió, Cancelada or Eliminada takes its time again, so it must still
 * be free. Cancelling keeps its reason; leaving Cancelada clears it (the audit keeps both).
 */
async function onStatusChange(tx: Tx, id: number, estado: number, request: FastifyRequest) {
  const row = await lockedAppointment(tx, id);
  if (!mayChangeStatus(row)) throw conflict(CHARGE_MESSAGES.chargedStatus);
  if (!mayChangeAppointment(row.id_est, estado)) {
    throw conflict(appointmentTransitionRefused(row.id_est, estado));
  }
  if (appointmentStatusAccess(estado) === 'agenda.atender') {
    await requireAttend(tx, request, row.id_emp);
  }
  if (!occupiesTime(row.id_est) && occupiesTime(estado)) {
    await assertGroomerFree(tx, {
      id_emp: row.id_emp,
      inicio: row.fec_cita,
      duracion: row.duracion,
      except: id,
    });
  }
  // The route validated the body already; parsing it again only gives it its type.
  const { motivo } = AppointmentStatusSchema.parse(request.body);
  if (estado === AppointmentStatus.EnProceso) {
    await assertConsentsToStart(tx, request, id, motivo);
  }
  if (estado === AppointmentStatus.Cancelada || row.id_est === AppointmentStatus.Cancelada) {
    await tx
      .update(appointments)
      .set({ motivo_cancelacion: estado === AppointmentStatus.Cancelada ? motivo : null })
      .where(eq(appointments.id_cita, id));
  }
}

/** A cita as a row of a file: the citas list's export and the history's. */
export const appointmentColumns: ExportColumn<Appointment>[] = [
  { header: 'Fecha', value: (a) => a.fec_cita, kind: 'time' },
  { header: 'DNI', value: (a) => a.cliente.dni_cli },
  { header: 'Cliente', value: (a) => `${a.cliente.nom_cli} ${a.cliente.ape_cli}` },
  { header: 'Mascota', value: (a) => a.perro.nom_perro },
  { header: 'Servicio o paquete', value: (a) => a.servicio?.nom_srv ?? a.paquete?.nom_paq },
  {
    header: 'Groomer',
    value: (a) => (a.empleado ? `${a.empleado.nom_emp} ${a.empleado.ape_emp}` : 'Sin asignar'),
  },
  { header: 'Duración (min)', value: (a) => a.duracion },
  { header: 'Estado', value: (a) => a.estado.nom_est },
  { header: 'Precio (S/.)', value: (a) => a.precio, kind: 'money' },
  { header: 'Observaciones', value: (a) => a.obs_perro },
  { header: 'Registrada por', value: (a) => a.usuario.login },
  { header: 'Fecha de registro', value: (a) => a.fech_reg, kind: 'day' },
  { header: 'Motivo de cancelación', value: (a) => a.motivo_cancelacion },
];

const appointmentExport: ExportDefinition<Appointment> = {
  sheet: 'Citas',
  columns: appointmentColumns,
};

/** A groomer's citas carry no money (issue 30 §5): no price in a row, no money column. */
const withoutPrice = {
  applies: (request: FastifyRequest) => !seesPrices(request),
  row: ({ precio: _price, ...row }: Appointment): Appointment => row,
  export: withoutMoney(appointmentExport),
};

export const appointmentsModule: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  await app.register(
    resourceModule({
      resource: appointmentsResource,
      table: appointments,
      id: appointments.id_cita,
      list: appointmentList,
      export: appointmentExport,
      filters: (query) => {
        const { emp, desde, hasta } = query as Partial<AppointmentListQuery>;
        return [
          ...agendaFilters(appointments)(query),
          emp ? eq(appointments.id_emp, emp) : undefined,
          // The visit's own days, on the citas_fec_cita_idx index.
          ...dayRangeConditions(appointments.fec_cita, desde, hasta),
        ];
      },
      create: { toValues: createValues, message: M.registered },
      update: { toValues: updateValues, message: M.updated },
      // Spec §001-7: `PATCH /cita/estado` with `cita, est` (and `motivo` to cancel); 4, 5, 6,
      // 8, 9 and 11, along the transitions table only (statuses §transitions), not in any order
      // as spec §001-4 had it.
      status: {
        allowed: ALLOWED,
        column: appointments.id_est,
        message: M.status,
        invalid: M.statusInvalid,
        // The route needs agenda.atender (the declaration's); each status what it names.
        permissionOf: appointmentStatusAccess,
        onChange: onStatusChange,
      },
      notFound: M.notFound,
      redact: withoutPrice,
    }),
    { db },
  );

  // Decisions §agenda: the calendar's drag and resize; the server's answer decides where it lands.
  route(app, APPOINTMENT_ENDPOINTS.move, async (request) => {
    const { id, fec_cita, id_emp, duracion } = request.body;
    const row = await db.transaction(async (tx) => {
      const locked = await lockedAppointment(tx, id);
      const before = await findAppointment(tx, id);
      if (locked.id_est === AppointmentStatus.Cancelada) throw conflict(M.cancelledNotMovable);
      if (!mayMoveAppointment(locked.id_est)) throw conflict(AGENDA_MESSAGES.notMovable);
      const placement = {
        id_emp: await bookableGroomer(tx, id_emp, locked.id_emp),
        inicio: new Date(fec_cita),
        duracion,
        except: id,
      };
      if (occupiesTime(locked.id_est)) await assertGroomerFree(tx, placement);
      await tx
        .update(appointments)
        .set({
          fec_cita: placement.inicio,
          id_emp,
          duracion,
          updated_at: new Date(),
          // The client confirmed another time: moved, the visit waits for a new confirmation.
          ...(movedFrom(locked.fec_cita, placement.inicio) ? { confirmada_en: null } : {}),
        })
        .where(eq(appointments.id_cita, id));
      const after = await findAppointment(tx, id);
      await recordChange(tx, request, { accion: 'mover', entidad: 'cita', id, before, after });
      return after;
    });
    return ok(row, AGENDA_MESSAGES.moved);
  });
};
