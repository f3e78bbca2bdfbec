import { beforeAll, describe, expect, it } from 'vitest';
import {
  AppointmentStatus,
  AvailabilitySchema,
  DEFAULT_OPENING_HOURS,
  ONLINE_BOOKING_MESSAGES as M,
  PRIVACY_NOTICE_VERSION,
  limaDayStart,
  limaToday,
  minutesOfTime,
  type OnlineBookingSettings,
  type OpeningHours,
} from '@app/domain';
import { eq } from 'drizzle-orm';
import {
  absences,
  appointments,
  clients,
  employees,
  packages,
  pets,
  services,
  throttleEntries,
  users,
} from '../../db/schema';
import { setupTestApp } from '../../test/app';
import { limaDay } from '../../test/agenda';
import { saveCompany } from '../../test/billing';
import { answerOf } from '../../test/http';
import { freeGroomersAt, type ItemRef } from './availability';
import { saveOnlineBookingSettings } from './booking-settings';
import { READS_PER_MINUTE, TOO_MANY_READS } from './public-availability';

const ctx = await setupTestApp();
const { app } = ctx;
const db = ctx.database.db;

/** Every day from 09:00 to 13:00: the same hours whatever weekday the test runs on. */
const MORNINGS: OpeningHours = DEFAULT_OPENING_HOURS.map((d) => ({
  ...d,
  abierto: true,
  abre: '09:00',
  cierra: '13:00',
}));

const DAY = limaDay(2);
const at = (time: string) => new Date(limaDayStart(DAY).getTime() + minutesOfTime(time) * 60_000);

let serviceId: number;
let retiredId: number;
let notOfferedId: number;
let packageId: number;
let ana: number;
let beto: number;

const SETTINGS: OnlineBookingSettings = {
  modo: 'con_aprobacion',
  aviso_horas: 2,
  horizonte_dias: 30,
  paso_min: 30,
  buffer_min: 15,
  servicios: [],
  paquetes: [],
  politica: 'Cancele con 24 horas de anticipación.',
  cancelar_horas: 24,
};

async function saveBooking(extra: Partial<OnlineBookingSettings> = {}) {
  await db.transaction((tx) =>
    saveOnlineBookingSettings(tx, {
      ...SETTINGS,
      servicios: [serviceId, retiredId],
      paquetes: [packageId],
      ...extra,
    }),
  );
}

let addresses = 0;
/** Each read from its own address unless told: the per-address limit has a test of its own. */
async function get(url: string, remoteAddress = `10.2.0.${++addresses}`) {
  const res = await app.inject({ method: 'GET', url: `/api${url}`, remoteAddress });
  return { ...answerOf(res), headers: res.headers };
}

const availability = (query: string) => get(`/public/disponibilidad?${query}`);

async function groomer(nom_emp: string, dni_emp: string, horario: OpeningHours | null) {
  const [row] = await db
    .insert(employees)
    .values({
      nom_emp,
      ape_emp: 'Quispe Rojas',
      id_tipoDoc: 2,
      dni_emp,
      fec_nac: '1992-03-08',
      email_emp: `${dni_emp}@huellitas.pe`,
      tel_emp: '987654321',
      agenda: true,
      horario,
    })
    .returning({ id: employees.id_emp });
  return row.id;
}

beforeAll(async () => {
  await saveCompany(db, '20123456789');
  const item = { desc_srv: 'Baño, secado y perfume', precio_srv: '45.00', duracion: 30 };
  const [bath, retired, other] = await db
    .insert(services)
    .values([
      { ...item, nom_srv: 'Baño completo', minutos_talla: { grande: 30 } },
      { ...item, nom_srv: 'Baño antiguo', id_est: 2 },
      { ...item, nom_srv: 'Corte de uñas' },
    ])
    .returning({ id: services.id_srv });
  [serviceId, retiredId, notOfferedId] = [bath.id, retired.id, other.id];
  const [pack] = await db
    .insert(packages)
    .values({ nom_paq: 'Spa', desc_paq: 'Baño y corte', precio_paq: '90.00', duracion: 120 })
    .returning({ id: packages.id_paq });
  packageId = pack.id;

  ana = await groomer('Ana María', '47310001', MORNINGS);
  beto = await groomer('Beto', '47310002', MORNINGS);
  // Not bookable: never offered.
  const away = await groomer('Carla', '47310003', MORNINGS);
  await db.update(employees).set({ agenda: false }).where(eq(employees.id_emp, away));

  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.login, 'admin'));
  const [client] = await db
    .insert(clients)
    .values({
      nom_cli: 'Rosa',
      ape_cli: 'Huamán Torres',
      dni_cli: '40100037',
      tel1_cli: '987654321',
      email_cli: 'rosa@correo.pe',
      dir_cli: 'Av. Arequipa 1234, Lince',
    })
    .returning({ id: clients.id_cli });
  const [pet] = await db
    .insert(pets)
    .values({ nom_perro: 'Firulais', raza_perro: 'Mestizo', id_cli: client.id })
    .returning({ id: pets.id_perro });
  const cita = (id_emp: number, time: string, duracion: number, id_est: number) => ({
    fec_cita: at(time),
    id_cli: client.id,
    id_perro: pet.id,
    id_srv: serviceId,
    precio: '45.00',
    id_usu: admin.id,
    id_emp,
    duracion,
    obs_perro: '',
    fech_reg: limaToday(),
    id_est,
  });
  await db.insert(appointments).values([
    // Awaiting approval: it holds Ana's 10:00 to 11:00.
    cita(ana, '10:00', 60, AppointmentStatus.PorConfirmar),
    // Cancelled: Beto's 09:00 stays free.
    cita(beto, '09:00', 60, AppointmentStatus.Cancelada),
  ]);
  await db
    .insert(absences)
    .values({ id_emp: beto, desde: at('12:00'), hasta: at('13:00'), id_usu: admin.id });
});

/** The first day's times of an answer, read through the contract's schema. */
const hours = (body: Record<string, unknown>) => AvailabilitySchema.parse(body.data).dias[0]?.horas;

describe('GET /api/public/disponibilidad', () => {
  it('answers 409 while online booking is off', async () => {
    const res = await availability(`servicio=${serviceId}&talla=mediano&desde=${DAY}&hasta=${DAY}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(M.disabled);
  });

  it('refuses an item not offered online, retired, or unknown with 422 on servicio', async () => {
    await saveBooking();
    for (const item of [
      `servicio=${notOfferedId}`,
      `servicio=${retiredId}`,
      'servicio=999999',
      `paquete=${packageId + 1}`,
    ]) {
      const res = await availability(`${item}&talla=mediano&desde=${DAY}&hasta=${DAY}`);
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ servicio: [M.itemNotOffered] });
    }
  });

  it('refuses a malformed query with 422 in Spanish', async () => {
    await saveBooking();
    const cases: [string, string, string][] = [
      [`desde=${DAY}&hasta=${DAY}&talla=mediano`, 'servicio', M.itemRequired],
      [
        `servicio=${serviceId}&paquete=${packageId}&desde=${DAY}&hasta=${DAY}&talla=mediano`,
        'servicio',
        M.itemRequired,
      ],
      [`servicio=${serviceId}&desde=${DAY}&hasta=${DAY}`, 'talla', M.sizeRequired],
      [`servicio=${serviceId}&desde=${DAY}&hasta=${DAY}&talla=enorme`, 'talla', M.sizeRequired],
      [
        `servicio=${serviceId}&desde=2026-02-30&hasta=${DAY}&talla=mediano`,
        'desde',
        'Fecha inválida',
      ],
      [`servicio=${serviceId}&desde=${DAY}&talla=mediano`, 'hasta', 'Fecha inválida'],
      [
        `servicio=${serviceId}&desde=${limaDay(3)}&hasta=${DAY}&talla=mediano`,
        'hasta',
        'Rango de fechas inválido',
      ],
      [
        `servicio=${serviceId}&desde=${DAY}&hasta=${limaDay(40)}&talla=mediano`,
        'hasta',
        M.rangeTooLong,
      ],
    ];
    for (const [query, field, message] of cases) {
      const res = await availability(query);
      expect(res.status, query).toBe(422);
      expect(res.body.errors[field], query).toContain(message);
    }
    for (const query of [
      `servicio=abc&desde=${DAY}&hasta=${DAY}&talla=mediano`,
      `servicio=-1&desde=${DAY}&hasta=${DAY}&talla=mediano`,
      `servicio=${serviceId}&emp=1.5&desde=${DAY}&hasta=${DAY}&talla=mediano`,
      // Beyond a PostgreSQL integer: refused before any query.
      `servicio=${serviceId}&emp=3000000000&desde=${DAY}&hasta=${DAY}&talla=mediano`,
      `paquete=99999999999&desde=${DAY}&hasta=${DAY}&talla=mediano`,
    ]) {
      const res = await availability(query);
      expect(res.status, query).toBe(422);
      expect(Object.values(res.body.errors), query).toEqual([['Identificador inválido']]);
    }
  });

  it('answers the free times of a known day, without a booked cita and its buffer nor time off', async () => {
    await saveBooking();
    const res = await availability(`servicio=${serviceId}&talla=pequeño&desde=${DAY}&hasta=${DAY}`);
    expect(res.status).toBe(200);
    expect(res.body.data.dias).toHaveLength(1);
    expect(res.body.data.dias[0].fecha).toBe(DAY);
    // 30 minutes: Ana's cita from 10:00 to 11:00 with 15 minutes each side takes 09:30 to
    // 11:00; Beto is away from 12:00 and his cancelled 09:00 is free again.
    expect(hours(res.body)).toEqual([
      { hora: '09:00', groomers: [ana, beto] },
      { hora: '09:30', groomers: [beto] },
      { hora: '10:00', groomers: [beto] },
      { hora: '10:30', groomers: [beto] },
      { hora: '11:00', groomers: [beto] },
      { hora: '11:30', groomers: [ana, beto] },
      { hora: '12:00', groomers: [ana] },
      { hora: '12:30', groomers: [ana] },
    ]);
  });

  it("adds the minutes of the pet's size", async () => {
    await saveBooking();
    const res = await availability(`servicio=${serviceId}&talla=grande&desde=${DAY}&hasta=${DAY}`);
    expect(hours(res.body)).toEqual([
      { hora: '09:00', groomers: [beto] },
      { hora: '09:30', groomers: [beto] },
      { hora: '10:00', groomers: [beto] },
      { hora: '10:30', groomers: [beto] },
      { hora: '11:00', groomers: [beto] },
      { hora: '11:30', groomers: [ana] },
      { hora: '12:00', groomers: [ana] },
    ]);
  });

  it("keeps one groomer's times with emp, and none of a groomer who does not take bookings", async () => {
    await saveBooking();
    const query = `servicio=${serviceId}&talla=pequeño&desde=${DAY}&hasta=${DAY}`;
    const res = await availability(`${query}&emp=${ana}`);
    expect(hours(res.body)).toEqual(
      ['09:00', '11:30', '12:00', '12:30'].map((hora) => ({ hora, groomers: [ana] })),
    );
    const [carla] = await db
      .select({ id: employees.id_emp })
      .from(employees)
      .where(eq(employees.nom_emp, 'Carla'));
    expect(hours((await availability(`${query}&emp=${carla.id}`)).body)).toEqual([]);
  });

  it('lists every day asked, and nothing beyond the horizon', async () => {
    await saveBooking({ horizonte_dias: 3, paso_min: 15 });
    const res = await availability(
      `paquete=${packageId}&talla=mediano&desde=${limaDay(-1)}&hasta=${limaDay(5)}`,
    );
    expect(res.status).toBe(200);
    const dias: { fecha: string; horas: { hora: string }[] }[] = res.body.data.dias;
    expect(dias.map((d) => d.fecha)).toEqual([-1, 0, 1, 2, 3, 4, 5].map(limaDay));
    expect(dias[0].horas).toEqual([]);
    expect(dias[5].horas).toEqual([]);
    expect(dias[6].horas).toEqual([]);
    // The two-hour package from 09:00 to 13:00 every 15 minutes: 09:00 to 11:00.
    expect(dias[4].horas.map((h) => h.hora)).toEqual([
      '09:00',
      '09:15',
      '09:30',
      '09:45',
      '10:00',
      '10:15',
      '10:30',
      '10:45',
      '11:00',
    ]);
  });
});

describe('freeGroomersAt', () => {
  it('answers the groomers free for one start of one day, as the availability does', async () => {
    await saveBooking();
    const item: ItemRef = { tipo: 'servicio', id: serviceId };
    const slot = { item, talla: null, fecha: DAY };
    const now = new Date();
    expect(await freeGroomersAt(db, { ...slot, hora: '09:00' }, now)).toEqual([ana, beto]);
    expect(await freeGroomersAt(db, { ...slot, hora: '10:00' }, now)).toEqual([beto]);
    expect(await freeGroomersAt(db, { ...slot, hora: '10:00', emp: ana }, now)).toEqual([]);
    expect(await freeGroomersAt(db, { ...slot, hora: '12:30', emp: ana }, now)).toEqual([ana]);
    expect(await freeGroomersAt(db, { ...slot, hora: '09:10' }, now)).toEqual([]);
    expect(await freeGroomersAt(db, { ...slot, hora: '09:00', fecha: limaDay(40) }, now)).toEqual(
      [],
    );
  });
});

describe('GET /api/public/reserva/salon', () => {
  it('shows the salon and nothing to book while online booking is off', async () => {
    await saveBooking({ modo: 'desactivada' });
    const res = await get('/public/reserva/salon');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      activa: false,
      modo: 'desactivada',
      nombre: 'Peluquería Canina Huellitas',
      items: [],
      groomers: [],
    });
  });

  it('shows the offered items, first names and the privacy notice', async () => {
    await saveBooking({ modo: 'automatica' });
    const res = await get('/public/reserva/salon');
    expect(res.status).toBe(200);
    const salon = res.body.data;
    expect(salon).toMatchObject({
      activa: true,
      modo: 'automatica',
      nombre: 'Peluquería Canina Huellitas',
      logo: null,
      direccion: 'Av. Benavides 1234, Miraflores',
      telefono: '987654321',
      horario: DEFAULT_OPENING_HOURS,
      politica: SETTINGS.politica,
      cancelar_horas: 24,
      version_privacidad: PRIVACY_NOTICE_VERSION,
    });
    expect(salon.items).toEqual([
      {
        tipo: 'servicio',
        id: serviceId,
        nombre: 'Baño completo',
        descripcion: 'Baño, secado y perfume',
        precio: '45.00',
        duracion: 30,
        minutos_talla: { grande: 30 },
      },
      {
        tipo: 'paquete',
        id: packageId,
        nombre: 'Spa',
        descripcion: 'Baño y corte',
        precio: '90.00',
        duracion: 120,
        minutos_talla: {},
      },
    ]);
    expect(salon.groomers).toEqual([
      { id_emp: ana, nombre: 'Ana' },
      { id_emp: beto, nombre: 'Beto' },
    ]);
    expect(salon.aviso_privacidad).toContain('Peluquería Canina Huellitas, con RUC 20123456789');
    expect(salon.aviso_privacidad).toContain('Ley N.° 29733');
    expect(salon.aviso_privacidad).toContain('escribiendo al correo contacto@huellitas.pe');
  });
});

describe('the per-address limit', () => {
  it(`refuses the read after ${READS_PER_MINUTE} a minute with 429 and when to retry`, async () => {
    const address = '10.3.0.1';
    const now = Date.now();
    await db.insert(throttleEntries).values({
      clave: `reserva.lectura.ip:${address}`,
      fallos: READS_PER_MINUTE - 1,
      desde: now,
      ultimo: now,
      vence: now + 60_000,
    });
    expect((await get('/public/reserva/salon', address)).status).toBe(200);
    const refused = await get('/public/reserva/salon', address);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(TOO_MANY_READS);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const another = await get(`/public/disponibilidad?servicio=abc`, address);
    expect(another.status).toBe(429);
    expect((await get('/public/reserva/salon', '10.3.0.2')).status).toBe(200);
  });
});
