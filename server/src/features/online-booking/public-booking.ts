import { and, asc, count, desc, eq, gt, gte, inArray, lt, notInArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AppointmentStatus,
  firstName,
  DURATION_MAX,
  durationForSize,
  FREEING_APPOINTMENT_STATUSES,
  limaDayStart,
  limaToday,
  ONLINE_BOOKING_MESSAGES as M,
  ONLINE_BOOKING_PUBLIC_ENDPOINTS as P,
  PRIVACY_NOTICE_VERSION,
  REMINDER_COMPANY_FALLBACK,
  Status,
  type LinkedAppointment,
  type OnlineBooked,
  type OnlineBookingRequest,
  type OnlineBookingSettings,
  type OnlineClient,
  type PetSize,
  type SizeMinutes,
  CONSENT_MESSAGES,
  DEPOSIT_MESSAGES,
  PublicDepositInputSchema,
} from '@app/domain';
import { changesBetween, publicActor, recordAudit, type AuditActor } from '../../audit/record';
import { LoginThrottle } from '../../auth/throttle';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import {
  appointments,
  clients,
  consents,
  employees,
  packages,
  pets,
  services,
  settings,
  users,
} from '../../db/schema';
import { route } from '../../http/endpoint';
import { ok } from '../../http/envelope';
import {
  conflict,
  HttpError,
  INVALID_INPUT,
  invalid,
  notFound,
  type FieldErrors,
} from '../../http/errors';
import { afterAnswerQueue } from '../../http/after-answer';
import { imageExtension, readMultipart } from '../../http/uploads';
import { moduleMailer, type Mailer } from '../../mail/mailer';
import { assertGroomerFree, recordFreedSlot } from '../agenda';
import { depositOwed, registerClientDeposit } from '../checkout';
import { appointmentConsents, signConsent } from '../pet-care';
import {
  appointmentLinkPath,
  createAppointmentLink,
  linkedAppointmentId,
} from './appointment-links';
import { freeGroomersAt } from './availability';
import { checkCode, consumeCode, storeCode, type CodeOwner } from './booking-codes';
import { bookedMail, codeMail, type BookedVisit, type MailSalon } from './booking-mail';
import { readOnlineBookingSettings } from './booking-settings';

/**
 * The client's side of the booking page (DESIGN §11.4, §11.5): the e-mail code, the known
 * client's pets, the booking itself in one transaction under the groomer's lock, and the
 * personal link that shows and cancels the cita. No answer tells whether a DNI or an e-mail is
 * known before the code proved the address; every route is limited per address in the database.
 */

export interface PublicBookingOptions {
  db: Db;
  config: Pick<Config, 'dataDir' | 'smtpUrl' | 'appUrl'>;
  /** Tests may pass their own; by default one is built from the config. */
  mailer?: Mailer;
}

/** Codes one address may ask for in an hour, and codes for one DNI. */
export const CODES_PER_HOUR_BY_ADDRESS = 10;
export const CODES_PER_HOUR_BY_DNI = 5;
/** Code checks and bookings one address may send in an hour. */
export const BOOKINGS_PER_HOUR_BY_ADDRESS = 30;
/** Calls one address may make in an hour to the personal links (a token is 32 random bytes). */
export const LINK_CALLS_PER_HOUR = 60;
/** Online bookings a client may hold at once, still to come. */
export const OPEN_BOOKINGS_MAX = 3;

const HOUR_MS = 3_600_000;
const ONLINE_NOTE = 'Reserva en línea';
const CONSENT_ORIGIN = 'reserva_en_linea';

/** A hard limit per key: each call counts; past the free ones, 429 until the window ends. */
export function hourlyLimit(db: Db, scope: string, freeAttempts: number) {
  const throttle = new LoginThrottle(db, { scope, freeAttempts, windowMs: HOUR_MS });
  return async (key: string, reply: FastifyReply) => {
    // One check and count at a time per key in this process, so a burst meets the limit.
    await throttle.oneAtATime(key, async () => {
      const wait = await throttle.retryAfter(key);
      if (wait > 0) {
        void reply.header('retry-after', Math.ceil(wait / 1000));
        throw new HttpError(429, M.tooMany(Math.max(1, Math.ceil(wait / 60_000))));
      }
      await throttle.fail(key);
    });
  };
}

/** The first word of a name: what the public page and its mails call a person. */

async function salonOf(executor: Db | Tx): Promise<MailSalon> {
  const [row] = await executor
    .select({ nombre: settings.nomEmp, direccion: settings.dirEmp, telefono: settings.fonoEmp })
    .from(settings)
    .orderBy(asc(settings.id))
    .limit(1);
  return row ?? { nombre: REMINDER_COMPANY_FALLBACK, direccion: '', telefono: '' };
}

/** The online booking's settings, refused with 409 while the salon takes no online bookings. */
async function openSettings(executor: Db | Tx): Promise<OnlineBookingSettings> {
  const current = await readOnlineBookingSettings(executor);
  if (current.modo === 'desactivada') throw conflict(M.disabled);
  return current;
}

/** The client with this DNI, locked until the booking ends: one booking of theirs at a time. */
async function clientByDni(executor: Db | Tx, dni: string, lock: boolean) {
  const query = executor
    .select({
      id_cli: clients.id_cli,
      nom_cli: clients.nom_cli,
      email_cli: clients.email_cli,
      id_est: clients.id_est,
    })
    .from(clients)
    .where(eq(clients.dni_cli, dni));
  const [client] = lock ? await query.for('update') : await query;
  return client;
}

const sameEmail = (stored: string, given: string) =>
  stored.trim().toLowerCase() === given.trim().toLowerCase();

/** The item booked, if the salon offers it online: its name, price and minutes per size. */
interface OfferedItem {
  tipo: 'servicio' | 'paquete';
  id: number;
  nombre: string;
  precio: string;
  duracion: number;
  minutos_talla: SizeMinutes;
}

async function offeredItem(
  tx: Tx,
  body: Pick<OnlineBookingRequest, 'servicio' | 'paquete'>,
  current: OnlineBookingSettings,
): Promise<OfferedItem> {
  if (body.servicio !== undefined) {
    const id = body.servicio;
    const [row] = await tx
      .select({
        nombre: services.nom_srv,
        precio: services.precio_srv,
        duracion: services.duracion,
        minutos_talla: services.minutos_talla,
        id_est: services.id_est,
      })
      .from(services)
      .where(eq(services.id_srv, id))
      .for('share');
    if (!row || row.id_est !== Status.Activo || !current.servicios.includes(id)) {
      throw invalid('servicio', M.itemNotOffered);
    }
    return { tipo: 'servicio', id, ...row };
  }
  if (body.paquete === undefined) throw invalid('servicio', M.itemRequired);
  const id = body.paquete;
  const [row] = await tx
    .select({
      nombre: packages.nom_paq,
      precio: packages.precio_paq,
      duracion: packages.duracion,
      minutos_talla: packages.minutos_talla,
      id_est: packages.id_est,
    })
    .from(packages)
    .where(eq(packages.id_paq, id))
    .for('share');
  if (!row || row.id_est !== Status.Activo || !current.paquetes.includes(id)) {
    throw invalid('paquete', M.itemNotOffered);
  }
  return { tipo: 'paquete', id, ...row };
}

/**
 * The booking's client: the one with this DNI if their e-mail is the one the code proved, or a
 * new one from the names and mobile given. A DNI registered with another e-mail is refused only
 * here, after the code proved the address: see the note on `publicBookingModule`.
 */
async function bookingClient(tx: Tx, body: OnlineBookingRequest, who: AuditActor) {
  const found = await clientByDni(tx, body.dni, true);
  if (found) {
    if (!sameEmail(found.email_cli, body.email)) throw invalid('dni', M.dniOtherEmail);
    if (found.id_est !== Status.Activo) throw invalid('dni', M.clientInactive);
    return { id_cli: found.id_cli, nombres: found.nom_cli, nuevo: false };
  }
  const errors: FieldErrors = {};
  if (!body.nombres) errors.nombres = [M.namesRequired];
  if (!body.apellidos) errors.apellidos = [M.surnamesRequired];
  if (!body.celular) errors.celular = [M.mobileRequired];
  if (!body.nombres || !body.apellidos || !body.celular) {
    throw new HttpError(422, INVALID_INPUT, errors);
  }
  const values = {
    dni_cli: body.dni,
    nom_cli: body.nombres,
    ape_cli: body.apellidos,
    tel1_cli: body.celular,
    email_cli: body.email,
    dir_cli: '',
  };
  const [created] = await tx.insert(clients).values(values).returning({ id: clients.id_cli });
  await recordAudit(tx, {
    ...who,
    accion: 'crear',
    entidad: 'cliente',
    entidad_id: created.id,
    cambios: changesBetween(null, values),
    detalle: ONLINE_NOTE,
  });
  return { id_cli: created.id, nombres: body.nombres, nuevo: true };
}

/** The booking's pet: one of the client's active pets, or the new one given, created now. */
async function bookingPet(tx: Tx, id_cli: number, body: OnlineBookingRequest, who: AuditActor) {
  if (body.mascota) {
    const values = {
      id_cli,
      nom_perro: body.mascota.nombre,
      raza_perro: body.mascota.raza,
      talla: body.mascota.talla,
    };
    const [created] = await tx.insert(pets).values(values).returning({ id: pets.id_perro });
    await recordAudit(tx, {
      ...who,
      accion: 'crear',
      entidad: 'mascota',
      entidad_id: created.id,
      cambios: changesBetween(null, values),
      detalle: ONLINE_NOTE,
    });
    return { id_perro: created.id, nombre: values.nom_perro, talla: values.talla };
  }
  const [pet] =
    body.id_perro === undefined
      ? []
      : await tx
          .select({ id_perro: pets.id_perro, nombre: pets.nom_perro, talla: pets.talla })
          .from(pets)
          .where(
            and(
              eq(pets.id_perro, body.id_perro),
              eq(pets.id_cli, id_cli),
              eq(pets.id_est, Status.Activo),
            ),
          )
          .for('share');
  if (!pet) throw invalid('id_perro', M.petRequired);
  if (pet.talla !== null || !body.talla) return pet;
  // A pet with no size yet takes the one its owner booked for: the visit's length follows it.
  await tx.update(pets).set({ talla: body.talla }).where(eq(pets.id_perro, pet.id_perro));
  await recordAudit(tx, {
    ...who,
    accion: 'editar',
    entidad: 'mascota',
    entidad_id: pet.id_perro,
    cambios: changesBetween({ talla: null }, { talla: body.talla }),
    detalle: ONLINE_NOTE,
  });
  return { ...pet, talla: body.talla };
}

/** The client's online bookings still to come: at most OPEN_BOOKINGS_MAX at once. */
async function assertFewOpenBookings(tx: Tx, id_cli: number, now: Date) {
  const [open] = await tx
    .select({ total: count() })
    .from(appointments)
    .where(
      and(
        eq(appointments.id_cli, id_cli),
        eq(appointments.origen, 'en_linea'),
        inArray(appointments.id_est, [
          AppointmentStatus.Programada,
          AppointmentStatus.PorConfirmar,
        ]),
        gt(appointments.fec_cita, now),
      ),
    );
  if (open.total >= OPEN_BOOKINGS_MAX) throw conflict(M.tooManyOpen);
}

/** Who registered an online cita (citas.id_usu is required): the first active admin. */
async function systemUser(tx: Tx): Promise<number> {
  const [user] = await tx
    .select({ id: users.id })
    .from(users)
    .orderBy(
      desc(sql`(${users.rol} = 'admin' and ${users.id_est} = ${Status.Activo})`),
      asc(users.id),
    )
    .limit(1);
  if (!user) throw new Error('No hay usuarios registrados');
  return user.id;
}

/** Of the free groomers, the one with the fewest citas holding time that Lima day. */
async function leastBusy(tx: Tx, free: number[], fecha: string): Promise<number> {
  const start = limaDayStart(fecha);
  const end = new Date(start.getTime() + 24 * HOUR_MS);
  const rows = await tx
    .select({ id_emp: appointments.id_emp, total: count() })
    .from(appointments)
    .where(
      and(
        inArray(appointments.id_emp, free),
        gte(appointments.fec_cita, start),
        lt(appointments.fec_cita, end),
        notInArray(appointments.id_est, [...FREEING_APPOINTMENT_STATUSES]),
      ),
    )
    .groupBy(appointments.id_emp);
  const busy = new Map(rows.map((row) => [row.id_emp, row.total]));
  return [...free].sort((a, b) => (busy.get(a) ?? 0) - (busy.get(b) ?? 0) || a - b)[0];
}

/**
 * The groomer who takes the visit: the one asked for, else the free one with the fewest citas
 * that day. Their lock is taken (assertGroomerFree) and the slot checked again under it by the
 * rules that offered it, so of two bookings of one slot at once the second sees the first.
 */
async function placeVisit(
  tx: Tx,
  slot: {
    item: OfferedItem;
    talla: PetSize | null;
    fecha: string;
    hora: string;
    emp?: number;
    inicio: Date;
    duracion: number;
  },
  now: Date,
): Promise<number> {
  const ask = {
    item: { tipo: slot.item.tipo, id: slot.item.id },
    talla: slot.talla,
    fecha: slot.fecha,
    hora: slot.hora,
  };
  const free = await freeGroomersAt(tx, { ...ask, emp: slot.emp }, now);
  if (free.length === 0) throw conflict(M.slotTaken);
  const id_emp = slot.emp ?? (await leastBusy(tx, free, slot.fecha));
  try {
    await assertGroomerFree(tx, { id_emp, inicio: slot.inicio, duracion: slot.duracion });
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 409) throw conflict(M.slotTaken);
    throw error;
  }
  const still = await freeGroomersAt(tx, { ...ask, emp: id_emp }, now);
  if (!still.includes(id_emp)) throw conflict(M.slotTaken);
  return id_emp;
}

const minutesOf = (hora: string) => {
  const [h, m] = hora.split(':').map(Number);
  return h * 60 + m;
};

interface Booked {
  answer: OnlineBooked;
  visit: Omit<BookedVisit, 'enlace' | 'cancelar_horas' | 'politica'>;
  token: string;
}

/**
 * The booking, in one transaction: the code consumed, the client and pet found or created, the
 * consents stored, the slot placed under the groomer's lock, the cita, its link and the audit.
 */
async function book(
  db: Db,
  body: OnlineBookingRequest,
  codeId: number,
  ip: string,
  now: Date,
): Promise<Booked & { settings: OnlineBookingSettings }> {
  const who = publicActor(ip);
  return db.transaction(async (tx) => {
    const current = await openSettings(tx);
    await consumeCode(tx, codeId, now);
    const item = await offeredItem(tx, body, current);
    const client = await bookingClient(tx, body, who);
    if (!client.nuevo) await assertFewOpenBookings(tx, client.id_cli, now);
    const pet = await bookingPet(tx, client.id_cli, body, who);
    await tx.insert(consents).values([
      {
        id_cli: client.id_cli,
        tipo: 'privacidad',
        aceptado: true,
        version: PRIVACY_NOTICE_VERSION,
        origen: CONSENT_ORIGIN,
        fecha: now,
      },
      {
        id_cli: client.id_cli,
        tipo: 'marketing',
        aceptado: body.acepta_marketing,
        version: PRIVACY_NOTICE_VERSION,
        origen: CONSENT_ORIGIN,
        fecha: now,
      },
    ]);
    const duracion = durationForSize(item, pet.talla);
    // The public page offers nothing longer; a catalogue edited meanwhile is told as not offered.
    if (duracion > DURATION_MAX) throw invalid(item.tipo, M.itemNotOffered);
    const inicio = new Date(limaDayStart(body.fecha).getTime() + minutesOf(body.hora) * 60_000);
    const id_emp = await placeVisit(
      tx,
      {
        item,
        talla: pet.talla,
        fecha: body.fecha,
        hora: body.hora,
        emp: body.emp,
        inicio,
        duracion,
      },
      now,
    );
    const estado =
      current.modo === 'automatica' ? AppointmentStatus.Programada : AppointmentStatus.PorConfirmar;
    const values = {
      fec_cita: inicio,
      id_cli: client.id_cli,
      id_perro: pet.id_perro,
      id_srv: item.tipo === 'servicio' ? item.id : null,
      id_paq: item.tipo === 'paquete' ? item.id : null,
      // The server decides the money: the catalogue's price now.
      precio: item.precio,
      id_usu: await systemUser(tx),
      id_emp,
      duracion,
      obs_perro: ONLINE_NOTE,
      fech_reg: limaToday(now),
      id_est: estado,
      origen: 'en_linea' as const,
    };
    const [cita] = await tx
      .insert(appointments)
      .values(values)
      .returning({ id: appointments.id_cita });
    const token = await createAppointmentLink(tx, cita.id, inicio);
    await recordAudit(tx, {
      ...who,
      accion: 'crear',
      entidad: 'cita',
      entidad_id: cita.id,
      cambios: changesBetween(null, values),
      detalle: ONLINE_NOTE,
    });
    const [groomer] = await tx
      .select({ nom_emp: employees.nom_emp })
      .from(employees)
      .where(eq(employees.id_emp, id_emp));
    const groomerName = firstName(groomer?.nom_emp);
    return {
      settings: current,
      token,
      answer: { id_cita: cita.id, estado, inicio: inicio.toISOString(), groomer: groomerName },
      visit: {
        to: body.email,
        nombres: firstName(client.nombres),
        id_cita: cita.id,
        estado,
        inicio,
        duracion,
        servicio: item.nombre,
        mascota: pet.nombre,
        groomer: groomerName,
      },
    };
  });
}

/** A linked cita as its page shows it: nothing but that cita and what the link allows. */
async function linkedAppointment(
  executor: Db | Tx,
  id_cita: number,
  now: Date,
  lock = false,
): Promise<LinkedAppointment> {
  const query = executor
    .select({
      fec_cita: appointments.fec_cita,
      id_est: appointments.id_est,
      confirmada_en: appointments.confirmada_en,
      servicio: sql<string>`coalesce(${services.nom_srv}, ${packages.nom_paq}, '')`,
      mascota: pets.nom_perro,
      groomer: employees.nom_emp,
    })
    .from(appointments)
    .innerJoin(pets, eq(pets.id_perro, appointments.id_perro))
    .leftJoin(services, eq(services.id_srv, appointments.id_srv))
    .leftJoin(packages, eq(packages.id_paq, appointments.id_paq))
    .leftJoin(employees, eq(employees.id_emp, appointments.id_emp))
    .where(
      and(
        eq(appointments.id_cita, id_cita),
        // A deleted cita is no one's business any more: its link is no longer valid.
        sql`${appointments.id_est} <> ${AppointmentStatus.Eliminada}`,
      ),
    );
  const [row] = lock ? await query.for('update', { of: appointments }) : await query;
  if (!row) throw notFound(M.linkInvalid);
  const { cancelar_horas } = await readOnlineBookingSettings(executor);
  const salon = await salonOf(executor);
  return {
    inicio: row.fec_cita.toISOString(),
    servicio: row.servicio,
    mascota: row.mascota,
    groomer: firstName(row.groomer),
    estado: row.id_est,
    puede_cancelar: mayCancel(row.id_est, row.fec_cita, cancelar_horas, now),
    confirmada: row.confirmada_en !== null,
    puede_confirmar: isBooked(row.id_est) && now.getTime() < row.fec_cita.getTime(),
    salon: salon.nombre,
    adelanto: await depositOwed(executor, id_cita),
    consentimientos: (await appointmentConsents(executor, id_cita)).consentimientos.map(
      ({ firma, ...consent }) => ({ ...consent, firmado: firma !== null }),
    ),
  };
}

/** A visit booked: Programada (9) or awaiting the salon (10). */
const isBooked = (estado: number) =>
  estado === AppointmentStatus.Programada || estado === AppointmentStatus.PorConfirmar;

/** Whether the client may still cancel from the link: booked (9 or 10) and within the policy. */
function mayCancel(estado: number, inicio: Date, cancelarHoras: number, now: Date) {
  return isBooked(estado) && now.getTime() <= inicio.getTime() - cancelarHoras * HOUR_MS;
}

/**
 * DESIGN §11.4 'no answer tells whether a DNI or an e-mail is known'. The code route does the
 * same work for any pair (store a code, mail it to the address given) and never looks a client
 * up. The client route tells a known client only to whom the code proved the address. One case
 * is left: a DNI registered with another e-mail. `cliente` answers it as a new client, as it does
 * an unknown DNI; the booking then refuses to register the DNI twice (422 on `dni`). That tells
 * someone who can read the mailbox they gave that the DNI is a client of the salon, nothing more
 * (no name, no e-mail, no pet), and only at the end of a booking, after a code: at most
 * CODES_PER_HOUR_BY_DNI tries per DNI and CODES_PER_HOUR_BY_ADDRESS per address an hour. Taking
 * the booking anyway on that client's record would let anyone book in their name; pretending to
 * book would leave a real client without the visit they believe they have.
 */
export const publicBookingModule: FastifyPluginAsyncZod<PublicBookingOptions> = async (
  app,
  { db, config, mailer: givenMailer },
) => {
  const mailer = moduleMailer(app, config, givenMailer);
  const afterAnswer = afterAnswerQueue(app);
  const codesByAddress = hourlyLimit(db, 'reserva.codigo.ip', CODES_PER_HOUR_BY_ADDRESS);
  const codesByDni = hourlyLimit(db, 'reserva.codigo.dni', CODES_PER_HOUR_BY_DNI);
  const bookingsByAddress = hourlyLimit(db, 'reserva.ip', BOOKINGS_PER_HOUR_BY_ADDRESS);
  const linksByAddress = hourlyLimit(db, 'cita.enlace.ip', LINK_CALLS_PER_HOUR);

  const mailCode = async (owner: CodeOwner, log: FastifyBaseLogger) => {
    try {
      const code = await storeCode(db, owner);
      await mailer.send(codeMail(owner.email, await salonOf(db), code));
    } catch (error) {
      log.error({ err: error }, 'No se pudo enviar el código de reserva');
    }
  };

  const mailBooked = async (visit: BookedVisit, log: FastifyBaseLogger) => {
    try {
      await mailer.send(bookedMail(visit, await salonOf(db)));
    } catch (error) {
      log.error({ err: error }, 'No se pudo enviar la confirmación de la reserva');
    }
  };

  route(app, P.code, async (request, reply) => {
    await openSettings(db);
    await codesByAddress(request.ip, reply);
    const { dni, email, sitio_web } = request.body;
    // The honeypot: only a bot fills it. It gets the same answer and nothing is sent.
    if (sitio_web?.trim()) return ok(null, M.codeSent);
    await codesByDni(dni, reply);
    // Stored and mailed after the answer: the same answer, in the same time, for any pair.
    const work = () => afterAnswer(mailCode({ dni, email }, request.log));
    reply.send(ok(null, M.codeSent)).then(work, work);
    return reply;
  });

  route(app, P.client, async (request, reply) => {
    await openSettings(db);
    await bookingsByAddress(request.ip, reply);
    const { dni, email, codigo } = request.body;
    await checkCode(db, { dni, email }, codigo);
    const unknown: OnlineClient = { conocido: false, nombres: '', mascotas: [] };
    const client = await clientByDni(db, dni, false);
    if (!client || client.id_est !== Status.Activo || !sameEmail(client.email_cli, email)) {
      return ok(unknown);
    }
    const mascotas = await db
      .select({ id_perro: pets.id_perro, nom_perro: pets.nom_perro, talla: pets.talla })
      .from(pets)
      .where(and(eq(pets.id_cli, client.id_cli), eq(pets.id_est, Status.Activo)))
      .orderBy(asc(pets.nom_perro), asc(pets.id_perro));
    return ok({ conocido: true, nombres: firstName(client.nom_cli), mascotas });
  });

  route(app, P.book, async (request, reply) => {
    await openSettings(db);
    await bookingsByAddress(request.ip, reply);
    const body = request.body;
    // The honeypot: a bot is told no more than that the data are not valid.
    if (body.sitio_web?.trim()) throw new HttpError(422, INVALID_INPUT);
    const now = new Date();
    const codeId = await checkCode(db, { dni: body.dni, email: body.email }, body.codigo, now);
    const booked = await book(db, body, codeId, request.ip, now);
    const visit: BookedVisit = {
      ...booked.visit,
      enlace: new URL(appointmentLinkPath(booked.token), config.appUrl).toString(),
      cancelar_horas: booked.settings.cancelar_horas,
      politica: booked.settings.politica,
    };
    const message =
      booked.answer.estado === AppointmentStatus.Programada
        ? M.bookingConfirmed
        : M.requestReceived;
    const work = () => afterAnswer(mailBooked(visit, request.log));
    reply.status(201).send(ok(booked.answer, message)).then(work, work);
    return reply;
  });

  route(app, P.linked, async (request, reply) => {
    await linksByAddress(request.ip, reply);
    const now = new Date();
    const id = await linkedAppointmentId(db, request.params.token, now);
    if (id === undefined) throw notFound(M.linkInvalid);
    return ok(await linkedAppointment(db, id, now));
  });

  route(app, P.cancel, async (request, reply) => {
    await linksByAddress(request.ip, reply);
    const now = new Date();
    const cancelled = await db.transaction(async (tx) => {
      const id = await linkedAppointmentId(tx, request.params.token, now);
      if (id === undefined) throw notFound(M.linkInvalid);
      // Locked: a change by the salon at the same moment waits, and this one sees it after.
      const before = await linkedAppointment(tx, id, now, true);
      if (before.estado === AppointmentStatus.Cancelada) throw conflict(M.alreadyCancelled);
      if (!before.puede_cancelar) throw conflict(M.tooLateToCancel);
      const change = {
        id_est: AppointmentStatus.Cancelada,
        motivo_cancelacion: M.cancelledByClient,
      };
      await tx.update(appointments).set(change).where(eq(appointments.id_cita, id));
      await recordFreedSlot(tx, id, 'enlace');
      await recordAudit(tx, {
        ...publicActor(request.ip),
        accion: 'estado',
        entidad: 'cita',
        entidad_id: id,
        cambios: changesBetween({ id_est: before.estado, motivo_cancelacion: null }, change),
        detalle: 'Cancelada por el cliente desde su enlace',
      });
      return linkedAppointment(tx, id, now);
    });
    return ok(cancelled, M.cancelled);
  });

  route(app, P.confirm, async (request, reply) => {
    await linksByAddress(request.ip, reply);
    const now = new Date();
    const confirmed = await db.transaction(async (tx) => {
      const id = await linkedAppointmentId(tx, request.params.token, now);
      if (id === undefined) throw notFound(M.linkInvalid);
      const before = await linkedAppointment(tx, id, now, true);
      // A second tap answers the same: the first confirmation stands, with its time.
      if (before.confirmada && before.puede_confirmar) return before;
      if (before.estado === AppointmentStatus.Cancelada) throw conflict(M.cancelledCannotConfirm);
      if (!before.puede_confirmar) throw conflict(M.cannotConfirm);
      const change = { confirmada_en: now };
      await tx.update(appointments).set(change).where(eq(appointments.id_cita, id));
      await recordAudit(tx, {
        ...publicActor(request.ip),
        accion: 'editar',
        entidad: 'cita',
        entidad_id: id,
        cambios: changesBetween({ confirmada_en: null }, change),
        detalle: 'Asistencia confirmada por el cliente desde su enlace',
      });
      return linkedAppointment(tx, id, now);
    });
    return ok(confirmed, M.confirmed);
  });

  route(app, P.deposit, async (request, reply) => {
    await linksByAddress(request.ip, reply);
    const { fields, files } = await readMultipart(request, {
      fileFields: ['comprobante'],
      tooLarge: DEPOSIT_MESSAGES.proofTooLarge,
    });
    const input = PublicDepositInputSchema.parse(fields);
    const bytes = files.get('comprobante');
    if (!bytes) throw invalid('comprobante', DEPOSIT_MESSAGES.proofRequired);
    const ext = await imageExtension(bytes, 'comprobante', DEPOSIT_MESSAGES.proofNotImage);
    const now = new Date();
    const paid = await db.transaction(async (tx) => {
      const id = await linkedAppointmentId(tx, request.params.token, now);
      if (id === undefined) throw notFound(M.linkInvalid);
      // Locked: a cancellation or a charge at the same moment waits, and this one sees it after.
      const before = await linkedAppointment(tx, id, now, true);
      if (!before.puede_confirmar) throw conflict(DEPOSIT_MESSAGES.publicClosed);
      const deposit = await registerClientDeposit(tx, id, input, { ext, bytes });
      await recordAudit(tx, {
        ...publicActor(request.ip),
        accion: 'crear',
        entidad: 'adelanto',
        entidad_id: deposit,
        cambios: changesBetween(null, { id_cita: id, ...input }),
        detalle: 'Adelanto informado por el cliente desde su enlace',
      });
      return linkedAppointment(tx, id, now);
    });
    return reply.status(201).send(ok(paid, DEPOSIT_MESSAGES.publicReceived));
  });

  // DESIGN §11.8: the owner signs on their phone, with no one at the counter to witness it.
  route(app, P.sign, async (request, reply) => {
    await linksByAddress(request.ip, reply);
    const input = request.body;
    const now = new Date();
    const signed = await db.transaction(async (tx) => {
      const id = await linkedAppointmentId(tx, request.params.token, now);
      if (id === undefined) throw notFound(M.linkInvalid);
      const before = await linkedAppointment(tx, id, now, true);
      if (!before.puede_confirmar) throw conflict(CONSENT_MESSAGES.linkClosed);
      const asked = before.consentimientos.find(
        (c) => c.id_consentimiento === input.id_consentimiento,
      );
      if (!asked) throw invalid('id_consentimiento', CONSENT_MESSAGES.notAsked);
      if (asked.firmado) throw conflict(CONSENT_MESSAGES.alreadySigned);
      const [cita] = await tx
        .select({ id_perro: appointments.id_perro })
        .from(appointments)
        .where(eq(appointments.id_cita, id));
      await signConsent(tx, request, input, { id_perro: cita.id_perro, testigo: null });
      return linkedAppointment(tx, id, now);
    });
    return reply.status(201).send(ok(signed, CONSENT_MESSAGES.signed));
  });
};
