import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DEFAULT_OPENING_HOURS,
  LOGO_PATH,
  ONLINE_BOOKING_PUBLIC_ENDPOINTS as P,
  PRIVACY_NOTICE_VERSION,
  Status,
  type BookingSalon,
  type OfferedItem,
  type OnlineBookingSettings,
} from '@app/domain';
import { LoginThrottle } from '../../auth/throttle';
import type { Db } from '../../db/client';
import { employees, packages, services, settings } from '../../db/schema';
import { route } from '../../http/endpoint';
import { ok } from '../../http/envelope';
import { HttpError } from '../../http/errors';
import { uploadVersion } from '../../http/uploads';
import { loadAvailability } from './availability';
import { readOnlineBookingSettings } from './booking-settings';

/**
 * The booking page's reads (DESIGN §11.4), open to anyone: the salon as the page shows it, and
 * the free times. They tell nothing of any client; each address may read a generous number of
 * times a minute, counted in the database.
 */

/** Reads one address may make in a minute: a person choosing a day makes a few dozen. */
export const READS_PER_MINUTE = 120;

export const TOO_MANY_READS =
  'Se hicieron demasiadas consultas desde esta conexión. Intente de nuevo en un minuto.';

/** The company's details the page shows, or blanks before Ajustes is first saved. */
async function company(db: Db) {
  const [row] = await db
    .select({
      nombre: settings.nomEmp,
      logo: settings.logoEmp,
      direccion: settings.dirEmp,
      telefono: settings.fonoEmp,
      email: settings.emailEmp,
      ruc: settings.rucEmp,
      horario: settings.horario,
    })
    .from(settings)
    .orderBy(asc(settings.id))
    .limit(1);
  return (
    row ?? {
      nombre: '',
      logo: null,
      direccion: '',
      telefono: '',
      email: '',
      ruc: '',
      horario: DEFAULT_OPENING_HOURS,
    }
  );
}

/**
 * The privacy notice the client accepts (Ley N.° 29733 and its regulation). A change of its
 * text must come with a new PRIVACY_NOTICE_VERSION: consents are stored with the version.
 */
export function privacyNotice(salon: {
  nombre: string;
  ruc: string;
  direccion: string;
  email: string;
}): string {
  const who = [
    salon.nombre.trim() || 'El salón',
    salon.ruc.trim() && `con RUC ${salon.ruc.trim()}`,
    salon.direccion.trim() && `con domicilio en ${salon.direccion.trim()}`,
  ]
    .filter(Boolean)
    .join(', ');
  const write = salon.email.trim() ? `al correo ${salon.email.trim()}` : 'al correo del salón';
  return [
    `${who}, es el responsable del tratamiento de los datos personales que usted registra en esta página, conforme a la Ley N.° 29733, Ley de Protección de Datos Personales, y su reglamento.`,
    'Usamos sus datos (nombres, DNI, correo, celular y los datos de su mascota) para gestionar sus reservas y citas y para enviarle la confirmación y los recordatorios de cada cita. Solo si usted lo autoriza, los usaremos también para enviarle promociones; puede retirar esa autorización cuando quiera.',
    'No vendemos ni cedemos sus datos a terceros, salvo obligación legal. Los conservamos mientras sea nuestro cliente o hasta que pida su cancelación.',
    `Puede ejercer sus derechos de acceso, rectificación, cancelación y oposición (derechos ARCO) escribiendo ${write}. Si no queda conforme con la respuesta, puede acudir a la Autoridad Nacional de Protección de Datos Personales del Ministerio de Justicia y Derechos Humanos.`,
  ].join('\n\n');
}

/** The active services and packages offered online, by name. */
async function offeredItems(db: Db, booking: OnlineBookingSettings): Promise<OfferedItem[]> {
  const serviceRows =
    booking.servicios.length === 0
      ? []
      : await db
          .select({
            id: services.id_srv,
            nombre: services.nom_srv,
            descripcion: services.desc_srv,
            precio: services.precio_srv,
            duracion: services.duracion,
            minutos_talla: services.minutos_talla,
          })
          .from(services)
          .where(
            and(inArray(services.id_srv, booking.servicios), eq(services.id_est, Status.Activo)),
          );
  const packageRows =
    booking.paquetes.length === 0
      ? []
      : await db
          .select({
            id: packages.id_paq,
            nombre: packages.nom_paq,
            descripcion: packages.desc_paq,
            precio: packages.precio_paq,
            duracion: packages.duracion,
            minutos_talla: packages.minutos_talla,
          })
          .from(packages)
          .where(
            and(inArray(packages.id_paq, booking.paquetes), eq(packages.id_est, Status.Activo)),
          );
  return [
    ...serviceRows.map((row): OfferedItem => ({ tipo: 'servicio', ...row })),
    ...packageRows.map((row): OfferedItem => ({ tipo: 'paquete', ...row })),
  ].sort((a, b) => a.nombre.localeCompare(b.nombre, 'es'));
}

/** The bookable groomers a client may pick: their first name, nothing else. */
async function bookableGroomers(db: Db) {
  const rows = await db
    .select({ id_emp: employees.id_emp, nombre: employees.nom_emp })
    .from(employees)
    .where(and(eq(employees.agenda, true), eq(employees.id_est, Status.Activo)))
    .orderBy(asc(employees.id_emp));
  return rows.map(({ id_emp, nombre }) => ({
    id_emp,
    nombre: nombre.trim().split(/\s+/)[0] ?? '',
  }));
}

/** `GET /api/public/reserva/salon`: with bookings off, the salon's details and nothing to book. */
async function bookingSalon(db: Db): Promise<BookingSalon> {
  const [booking, salon] = await Promise.all([readOnlineBookingSettings(db), company(db)]);
  const activa = booking.modo !== 'desactivada';
  const [items, groomers] = activa
    ? await Promise.all([offeredItems(db, booking), bookableGroomers(db)])
    : [[], []];
  return {
    activa,
    modo: booking.modo,
    nombre: salon.nombre,
    // The settings' public logo address, versioned so a new upload is not cached.
    logo: salon.logo ? `${LOGO_PATH}?v=${encodeURIComponent(uploadVersion(salon.logo))}` : null,
    direccion: salon.direccion,
    telefono: salon.telefono,
    horario: salon.horario,
    politica: booking.politica,
    cancelar_horas: booking.cancelar_horas,
    items,
    groomers,
    aviso_privacidad: privacyNotice(salon),
    version_privacidad: PRIVACY_NOTICE_VERSION,
  };
}

export const publicAvailabilityModule: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  // A hard limit per address, in the database so every server process counts the same reads.
  const readsByAddress = new LoginThrottle(db, {
    scope: 'reserva.lectura.ip',
    freeAttempts: READS_PER_MINUTE,
    windowMs: 60_000,
  });
  const countRead = async (request: FastifyRequest, reply: FastifyReply) => {
    const wait = await readsByAddress.retryAfter(request.ip);
    if (wait > 0) {
      void reply.header('retry-after', Math.ceil(wait / 1000));
      throw new HttpError(429, TOO_MANY_READS);
    }
    await readsByAddress.fail(request.ip);
  };
  // Before the query is read: a flood of malformed queries counts too.
  app.addHook('onRequest', countRead);

  route(app, P.salon, async () => ok(await bookingSalon(db)));
  route(app, P.availability, async (request) =>
    ok(await loadAvailability(db, request.query, new Date())),
  );
};
