import { and, count, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  AppointmentStatus,
  ONLINE_BOOKING_MESSAGES as M,
  PRIVACY_NOTICE_VERSION,
  type OnlineBookingSettings,
} from '@app/domain';
import {
  appointmentLinks,
  appointments,
  auditEntries,
  bookingCodes,
  clients,
  consents,
  pets,
  services,
} from '../../db/schema';
import { INVALID_INPUT } from '../../http/errors';
import {
  createService,
  limaDay,
  nextDni,
  registerGroomer,
  registerOwner,
  type Owner,
} from '../../test/agenda';
import { setupTestApp } from '../../test/app';
import { answerOf, apiClient } from '../../test/http';
import { mailText, outbox } from '../../test/mail';
import { CODE_TRIES } from './booking-codes';
import { saveOnlineBookingSettings } from './booking-settings';
import {
  BOOKINGS_PER_HOUR_BY_ADDRESS,
  CODES_PER_HOUR_BY_ADDRESS,
  CODES_PER_HOUR_BY_DNI,
  LINK_CALLS_PER_HOUR,
} from './public-booking';

const ctx = await setupTestApp();
const { app, dataDir } = ctx;
const { db } = ctx.database;
let admin: ReturnType<typeof apiClient>;
let ana: number;
let beto: number;
let bath: number;
let hidden: number;

const settings = (changes: Partial<OnlineBookingSettings> = {}): OnlineBookingSettings => ({
  modo: 'con_aprobacion',
  aviso_horas: 0,
  horizonte_dias: 30,
  paso_min: 30,
  buffer_min: 0,
  servicios: [bath],
  paquetes: [],
  politica: 'Cancele con 24 horas de anticipación.',
  cancelar_horas: 24,
  ...changes,
});

const saveSettings = (changes: Partial<OnlineBookingSettings> = {}) =>
  db.transaction((tx) => saveOnlineBookingSettings(tx, settings(changes)));

/** The n-th Lima day from today that the salon opens (Monday to Saturday), from the third on. */
function workday(n: number): string {
  let found = 0;
  for (let days = 3; ; days++) {
    const day = limaDay(days);
    if (new Date(`${day}T12:00:00Z`).getUTCDay() === 0) continue;
    if (found === n) return day;
    found += 1;
  }
}

let addresses = 0;
/** Each test from its own address: the limits per address have tests of their own. */
function nextAddress() {
  addresses += 1;
  return `10.5.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
}

/** A public call as the booking page sends it: plain JSON, no session. */
async function post(url: string, body: unknown, remoteAddress: string) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/public${url}`,
    remoteAddress,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  return { ...answerOf(res), headers: res.headers };
}

async function get(url: string, remoteAddress: string) {
  const res = await app.inject({ method: 'GET', url: `/api/public${url}`, remoteAddress });
  return answerOf(res);
}

/** A message's text, its UTF-8 undone too (mailText leaves each quoted byte a character). */
const textOf = (eml: string) => Buffer.from(mailText(eml), 'latin1').toString('utf8');

/**
 * The mails sent to `to` (whose text has `about`, when given) once there are `total` of them:
 * mails go after the answer.
 */
async function mailsTo(to: string, total: number, about = ''): Promise<string[]> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const mails = (await outbox(dataDir)).filter(
      (eml) => eml.includes(`\nTo: ${to}\n`) && textOf(eml).includes(about),
    );
    if (mails.length >= total || Date.now() > deadline) return mails;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Asks for a code for the pair and reads it from the mail sent to the address. */
async function codeFor(dni: string, email: string, ip = nextAddress()): Promise<string> {
  const about = 'Vence en 10 minutos';
  const before = (await mailsTo(email, 0, about)).length;
  const res = await post('/reserva/codigo', { dni, email }, ip);
  expect(res.status).toBe(200);
  const mails = await mailsTo(email, before + 1, about);
  expect(mails.length).toBe(before + 1);
  const code = /: (\d{6})\. Vence en 10 minutos\./.exec(textOf(mails[mails.length - 1]))?.[1];
  if (!code) throw new Error('no code in the mail');
  return code;
}

/** The attachment `filename` of a message, decoded. */
function attachmentOf(eml: string, filename: string): string {
  const start = eml.indexOf(`filename=${filename}`);
  expect(start, `no attachment ${filename}`).toBeGreaterThan(-1);
  const body = eml.slice(eml.indexOf('\n\n', start) + 2);
  return Buffer.from(body.slice(0, body.indexOf('\n--')).replace(/\s+/g, ''), 'base64').toString(
    'utf8',
  );
}

const newClient = (dni: string, email: string) => ({
  dni,
  email,
  nombres: 'Lucía Fernanda',
  apellidos: 'Paredes Soto',
  celular: '912345678',
  mascota: { nombre: 'Toby', raza: 'Golden Retriever', talla: 'grande' },
  acepta_privacidad: true,
});

/** Books `body` with a fresh code for its pair. */
async function bookWithCode(body: Record<string, unknown>, ip = nextAddress()) {
  const codigo = await codeFor(String(body.dni), String(body.email), ip);
  return post('/reserva', { codigo, ...body }, ip);
}

const tokenOf = (eml: string) => /\/c\/([A-Za-z0-9_-]{43})/.exec(textOf(eml))?.[1];

beforeAll(async () => {
  admin = apiClient(app, await ctx.signIn());
  ana = (await registerGroomer(admin, 'Ana María')).id_emp;
  beto = (await registerGroomer(admin, 'Beto')).id_emp;
  bath = await createService(db, 'Baño completo', '50.00');
  await db
    .update(services)
    .set({ minutos_talla: { grande: 30 } })
    .where(eq(services.id_srv, bath));
  hidden = await createService(db, 'Corte de uñas', '15.00');
  await saveSettings();
});

describe('the e-mail code', () => {
  it('answers the same whether or not the DNI and the e-mail are known, and mails a code', async () => {
    const owner = await registerOwner(admin);
    const pairs = [
      { dni: owner.dni, email: `${owner.dni}@correo.pe` },
      { dni: owner.dni, email: 'otra.persona@correo.pe' },
      { dni: nextDni(), email: 'nadie@correo.pe' },
    ];
    const answers = [];
    for (const pair of pairs) answers.push(await post('/reserva/codigo', pair, nextAddress()));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(answers[0].body);
    }
    expect(answers[0].body).toEqual({ status: 'success', data: null, message: M.codeSent });
    for (const pair of pairs) {
      const [mail] = await mailsTo(pair.email, 1);
      expect(textOf(mail)).toMatch(/Su código para reservar en .+: \d{6}\. Vence en 10 minutos\./);
    }
    // Only the code's hash is kept.
    const rows = await db.select().from(bookingCodes).where(eq(bookingCodes.dni, owner.dni));
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.codigo_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('stores and sends nothing when the honeypot is filled, with the same answer', async () => {
    const dni = nextDni();
    const email = `bot${dni}@correo.pe`;
    const res = await post(
      '/reserva/codigo',
      { dni, email, sitio_web: 'http://spam' },
      nextAddress(),
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(M.codeSent);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await mailsTo(email, 0)).toHaveLength(0);
    const [stored] = await db
      .select({ total: count() })
      .from(bookingCodes)
      .where(eq(bookingCodes.dni, dni));
    expect(stored.total).toBe(0);
  });

  it(`gives one DNI ${CODES_PER_HOUR_BY_DNI} codes an hour and one address ${CODES_PER_HOUR_BY_ADDRESS}`, async () => {
    const dni = nextDni();
    for (let i = 0; i < CODES_PER_HOUR_BY_DNI; i++) {
      const res = await post('/reserva/codigo', { dni, email: 'a@correo.pe' }, nextAddress());
      expect(res.status).toBe(200);
    }
    const refused = await post('/reserva/codigo', { dni, email: 'b@correo.pe' }, nextAddress());
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(
      /^Demasiadas solicitudes: intente de nuevo en \d+ minutos?$/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    const ip = nextAddress();
    for (let i = 0; i < CODES_PER_HOUR_BY_ADDRESS; i++) {
      const res = await post('/reserva/codigo', { dni: nextDni(), email: 'c@correo.pe' }, ip);
      expect(res.status).toBe(200);
    }
    const again = await post('/reserva/codigo', { dni: nextDni(), email: 'c@correo.pe' }, ip);
    expect(again.status).toBe(429);
  });

  it(`refuses a wrong code and kills the code at the ${CODE_TRIES}th wrong try`, async () => {
    const dni = nextDni();
    const email = `tries${dni}@correo.pe`;
    const ip = nextAddress();
    const codigo = await codeFor(dni, email, ip);
    const wrong = codigo === '000000' ? '111111' : '000000';
    for (let i = 1; i < CODE_TRIES; i++) {
      const res = await post('/reserva/cliente', { dni, email, codigo: wrong }, ip);
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ codigo: [M.codeWrong] });
    }
    const last = await post('/reserva/cliente', { dni, email, codigo: wrong }, ip);
    expect(last.status).toBe(422);
    expect(last.body.message).toBe(M.codeTries);
    // Dead: the right code no longer works either.
    const right = await post('/reserva/cliente', { dni, email, codigo }, ip);
    expect(right.status).toBe(422);
    expect(right.body.message).toBe(M.codeTries);
    // A new code works again.
    const fresh = await codeFor(dni, email, ip);
    const ok = await post('/reserva/cliente', { dni, email, codigo: fresh }, ip);
    expect(ok.status).toBe(200);
  });

  it('refuses a code once it expired, and a code for another pair', async () => {
    const dni = nextDni();
    const email = `late${dni}@correo.pe`;
    const ip = nextAddress();
    const codigo = await codeFor(dni, email, ip);
    const other = await post('/reserva/cliente', { dni: nextDni(), email, codigo }, ip);
    expect(other.status).toBe(422);
    expect(other.body.errors).toEqual({ codigo: [M.codeWrong] });
    await db
      .update(bookingCodes)
      .set({ vence: new Date(Date.now() - 1000) })
      .where(eq(bookingCodes.dni, dni));
    const res = await post('/reserva/cliente', { dni, email, codigo }, ip);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ codigo: [M.codeWrong] });
  });
});

describe('the client', () => {
  let owner: Owner;
  const emailOf = (o: Owner) => `${o.dni}@correo.pe`;

  beforeAll(async () => {
    owner = await registerOwner(admin, 'Rosa Elena', 'Firulais');
  });

  it("shows a known client's active pets only to the e-mail on record", async () => {
    const ip = nextAddress();
    const email = emailOf(owner);
    const known = await post(
      '/reserva/cliente',
      { dni: owner.dni, email, codigo: await codeFor(owner.dni, email, ip) },
      ip,
    );
    expect(known.status).toBe(200);
    expect(known.body.data).toEqual({
      conocido: true,
      nombres: 'Rosa',
      mascotas: [{ id_perro: owner.petId, nom_perro: 'Firulais', talla: null }],
    });
    const stranger = 'extrano@correo.pe';
    const other = await post(
      '/reserva/cliente',
      { dni: owner.dni, email: stranger, codigo: await codeFor(owner.dni, stranger, ip) },
      ip,
    );
    const unknownDni = nextDni();
    const nobody = await post(
      '/reserva/cliente',
      { dni: unknownDni, email: stranger, codigo: await codeFor(unknownDni, stranger, ip) },
      ip,
    );
    expect(other.status).toBe(200);
    expect(other.body).toEqual(nobody.body);
    expect(nobody.body.data).toEqual({ conocido: false, nombres: '', mascotas: [] });
  });

  it('books a known client’s pet and, in automatic mode, confirms it at once', async () => {
    await saveSettings({ modo: 'automatica' });
    try {
      const sent = (await mailsTo(emailOf(owner), 0)).length;
      const fecha = workday(0);
      const res = await bookWithCode({
        dni: owner.dni,
        email: emailOf(owner),
        id_perro: owner.petId,
        talla: 'grande',
        servicio: bath,
        fecha,
        hora: '09:00',
        emp: beto,
        acepta_privacidad: true,
        acepta_marketing: true,
      });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({
        estado: AppointmentStatus.Programada,
        groomer: 'Beto',
      });
      expect(res.body.message).toBe(M.bookingConfirmed);
      const [cita] = await db
        .select()
        .from(appointments)
        .where(eq(appointments.id_cita, res.body.data.id_cita));
      // No size on record: the pet takes the size it was booked for, and the visit its minutes.
      expect(cita).toMatchObject({ id_cli: owner.id_cli, duracion: 90, origen: 'en_linea' });
      const [pet] = await db
        .select({ talla: pets.talla })
        .from(pets)
        .where(eq(pets.id_perro, owner.petId));
      expect(pet).toEqual({ talla: 'grande' });
      const mails = await mailsTo(emailOf(owner), sent + 2);
      expect(mails.at(-1)).toMatch(/Subject: Cita confirmada en /);
    } finally {
      await saveSettings();
    }
  });

  it("refuses another client's pet", async () => {
    const other = await registerOwner(admin);
    const res = await bookWithCode({
      dni: owner.dni,
      email: emailOf(owner),
      id_perro: other.petId,
      servicio: bath,
      fecha: workday(0),
      hora: '15:00',
      acepta_privacidad: true,
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ id_perro: [M.petRequired] });
  });

  it('refuses a DNI on record with another e-mail, once the code proved the address', async () => {
    const res = await bookWithCode({
      ...newClient(owner.dni, 'nuevo@correo.pe'),
      servicio: bath,
      fecha: workday(0),
      hora: '16:00',
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ dni: [M.dniOtherEmail] });
  });

  it('refuses a fourth open online booking', async () => {
    const client = await registerOwner(admin);
    const fecha = workday(1);
    const body = {
      dni: client.dni,
      email: emailOf(client),
      id_perro: client.petId,
      servicio: bath,
      fecha,
      acepta_privacidad: true,
    };
    for (const hora of ['09:00', '10:00', '11:00']) {
      expect((await bookWithCode({ ...body, hora })).status).toBe(201);
    }
    const fourth = await bookWithCode({ ...body, hora: '13:00' });
    expect(fourth.status).toBe(409);
    expect(fourth.body.message).toBe(M.tooManyOpen);
  });
});

describe('the booking of a new client', () => {
  it('creates the client, the pet, the consents and a cita to confirm, and mails it with an .ics and the link', async () => {
    const dni = nextDni();
    const email = `nueva${dni}@correo.pe`;
    const fecha = workday(2);
    const ip = nextAddress();
    const res = await bookWithCode(
      { ...newClient(dni, email), servicio: bath, fecha, hora: '10:00', emp: ana },
      ip,
    );
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(M.requestReceived);
    const { id_cita, inicio } = res.body.data;
    expect(res.body.data).toEqual({
      id_cita,
      estado: AppointmentStatus.PorConfirmar,
      inicio: new Date(`${fecha}T15:00:00Z`).toISOString(),
      groomer: 'Ana',
    });
    expect(inicio).toBe(`${fecha}T15:00:00.000Z`);

    const [client] = await db.select().from(clients).where(eq(clients.dni_cli, dni));
    expect(client).toMatchObject({
      nom_cli: 'Lucía Fernanda',
      ape_cli: 'Paredes Soto',
      tel1_cli: '912345678',
      email_cli: email,
      dir_cli: '',
    });
    const [pet] = await db.select().from(pets).where(eq(pets.id_cli, client.id_cli));
    expect(pet).toMatchObject({
      nom_perro: 'Toby',
      raza_perro: 'Golden Retriever',
      talla: 'grande',
    });
    const given = await db
      .select({
        tipo: consents.tipo,
        aceptado: consents.aceptado,
        version: consents.version,
        origen: consents.origen,
      })
      .from(consents)
      .where(eq(consents.id_cli, client.id_cli));
    expect(given).toEqual(
      expect.arrayContaining([
        {
          tipo: 'privacidad',
          aceptado: true,
          version: PRIVACY_NOTICE_VERSION,
          origen: 'reserva_en_linea',
        },
        {
          tipo: 'marketing',
          aceptado: false,
          version: PRIVACY_NOTICE_VERSION,
          origen: 'reserva_en_linea',
        },
      ]),
    );
    expect(given).toHaveLength(2);
    const [cita] = await db.select().from(appointments).where(eq(appointments.id_cita, id_cita));
    expect(cita).toMatchObject({
      id_cli: client.id_cli,
      id_perro: pet.id_perro,
      id_srv: bath,
      id_emp: ana,
      precio: '50.00',
      // The service's hour plus its 30 minutes for a large dog.
      duracion: 90,
      id_est: AppointmentStatus.PorConfirmar,
      origen: 'en_linea',
      obs_perro: 'Reserva en línea',
      id_usu: 1,
    });
    const [link] = await db
      .select()
      .from(appointmentLinks)
      .where(eq(appointmentLinks.id_cita, id_cita));
    expect(link.vence.toISOString()).toBe(inicio);
    const audit = await db
      .select({ entidad: auditEntries.entidad, login: auditEntries.login, ip: auditEntries.ip })
      .from(auditEntries)
      .where(eq(auditEntries.ip, ip));
    expect(audit).toEqual(
      expect.arrayContaining(
        ['cliente', 'mascota', 'cita'].map((entidad) => ({ entidad, login: 'público', ip })),
      ),
    );

    const mails = await mailsTo(email, 2);
    const mail = mails[1];
    expect(mail).toMatch(/Subject: Solicitud de cita recibida en /);
    expect(textOf(mail)).toContain('Solicitud recibida, el salón la confirmará.');
    const token = tokenOf(mail);
    expect(token).toBeDefined();
    expect(textOf(mail)).toContain(`http://127.0.0.1:3000/c/${token}`);
    const ics = attachmentOf(mail, 'cita.ics');
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(ics).toContain(`DTSTART;TZID=America/Lima:${fecha.replaceAll('-', '')}T100000`);
    expect(ics).toContain(`DTEND;TZID=America/Lima:${fecha.replaceAll('-', '')}T113000`);
    expect(ics).toContain('BEGIN:VTIMEZONE');

    // The code was used: it books nothing twice.
    const codigo = await db
      .select({ usado: bookingCodes.usado })
      .from(bookingCodes)
      .where(eq(bookingCodes.dni, dni))
      .orderBy(desc(bookingCodes.id));
    expect(codigo[0].usado).toBe(true);
  });

  it('asks a new client for names, surnames and mobile, and keeps the code for the next try', async () => {
    const dni = nextDni();
    const email = `faltan${dni}@correo.pe`;
    const ip = nextAddress();
    const codigo = await codeFor(dni, email, ip);
    const { nombres: _n, apellidos: _a, celular: _c, ...rest } = newClient(dni, email);
    const res = await post(
      '/reserva',
      { ...rest, codigo, servicio: bath, fecha: workday(2), hora: '12:00' },
      ip,
    );
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      nombres: [M.namesRequired],
      apellidos: [M.surnamesRequired],
      celular: [M.mobileRequired],
    });
    const [stored] = await db
      .select({ total: count() })
      .from(clients)
      .where(eq(clients.dni_cli, dni));
    expect(stored.total).toBe(0);
    const again = await post(
      '/reserva',
      { ...newClient(dni, email), codigo, servicio: bath, fecha: workday(2), hora: '12:00' },
      ip,
    );
    expect(again.status).toBe(201);
  });

  it('refuses an item the salon does not offer online, and a filled honeypot', async () => {
    const dni = nextDni();
    const email = `item${dni}@correo.pe`;
    const res = await bookWithCode({
      ...newClient(dni, email),
      servicio: hidden,
      fecha: workday(2),
      hora: '14:00',
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ servicio: [M.itemNotOffered] });
    const bot = await bookWithCode({
      ...newClient(dni, email),
      servicio: bath,
      fecha: workday(2),
      hora: '14:00',
      sitio_web: 'x',
    });
    expect(bot.status).toBe(422);
    expect(bot.body).toEqual({ status: 'error', message: INVALID_INPUT });
  });

  it('refuses a time nobody can take', async () => {
    const dni = nextDni();
    const res = await bookWithCode({
      ...newClient(dni, `cerrado${dni}@correo.pe`),
      servicio: bath,
      fecha: workday(2),
      hora: '22:00',
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(M.slotTaken);
    const [stored] = await db
      .select({ total: count() })
      .from(clients)
      .where(eq(clients.dni_cli, dni));
    expect(stored.total).toBe(0);
  });

  it('gives a slot once when two clients book it at the same moment', async () => {
    const fecha = workday(3);
    // Known clients: a new one's registration waits on the client counts (migration 0004),
    // which would keep the two bookings apart before they reach the slot.
    const people = [await registerOwner(admin), await registerOwner(admin)];
    const ips = people.map(() => nextAddress());
    const codes = await Promise.all(
      people.map((p, i) => codeFor(p.dni, `${p.dni}@correo.pe`, ips[i])),
    );
    const answers = await Promise.all(
      people.map((p, i) =>
        post(
          '/reserva',
          {
            dni: p.dni,
            email: `${p.dni}@correo.pe`,
            codigo: codes[i],
            id_perro: p.petId,
            servicio: bath,
            fecha,
            hora: '11:00',
            emp: ana,
            acepta_privacidad: true,
          },
          ips[i],
        ),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const refused = answers.find((a) => a.status === 409);
    expect(refused?.body.message).toBe(M.slotTaken);
    const [booked] = await db
      .select({ total: count() })
      .from(appointments)
      .where(
        and(
          eq(appointments.id_emp, ana),
          eq(appointments.fec_cita, new Date(`${fecha}T16:00:00Z`)),
        ),
      );
    expect(booked.total).toBe(1);
  });

  it('picks the free groomer with the fewest citas that day', async () => {
    const fecha = workday(4);
    const first = await bookWithCode({
      ...newClient(nextDni(), 'uno@correo.pe'),
      servicio: bath,
      fecha,
      hora: '09:00',
      emp: ana,
    });
    expect(first.status).toBe(201);
    const dni = nextDni();
    const second = await bookWithCode({
      ...newClient(dni, `dos${dni}@correo.pe`),
      servicio: bath,
      fecha,
      hora: '15:00',
    });
    expect(second.status).toBe(201);
    expect(second.body.data.groomer).toBe('Beto');
  });
});

describe('while online booking is off', () => {
  it('refuses codes, clients and bookings', async () => {
    await saveSettings({ modo: 'desactivada' });
    try {
      const dni = nextDni();
      const ip = nextAddress();
      const email = 'apagado@correo.pe';
      const answers = [
        await post('/reserva/codigo', { dni, email }, ip),
        await post('/reserva/cliente', { dni, email, codigo: '123456' }, ip),
        await post(
          '/reserva',
          {
            ...newClient(dni, email),
            codigo: '123456',
            servicio: bath,
            fecha: workday(0),
            hora: '10:00',
          },
          ip,
        ),
      ];
      for (const answer of answers) {
        expect(answer.status).toBe(409);
        expect(answer.body.message).toBe(M.disabled);
      }
    } finally {
      await saveSettings();
    }
  });
});

describe('the personal link', () => {
  /** A new client's booking on `fecha` at `hora`, and its link's token. */
  async function booked(fecha: string, hora: string) {
    const dni = nextDni();
    const email = `enlace${dni}@correo.pe`;
    const res = await bookWithCode({ ...newClient(dni, email), servicio: bath, fecha, hora });
    expect(res.status).toBe(201);
    const mails = await mailsTo(email, 2);
    const token = tokenOf(mails[1]);
    if (!token) throw new Error('no link in the mail');
    return { id: res.body.data.id_cita as number, token };
  }

  it('shows the cita and cancels it within the policy, once', async () => {
    const ip = nextAddress();
    const { id, token } = await booked(workday(5), '10:00');
    const shown = await get(`/cita/${token}`, ip);
    expect(shown.status).toBe(200);
    expect(shown.body.data).toMatchObject({
      servicio: 'Baño completo',
      mascota: 'Toby',
      estado: AppointmentStatus.PorConfirmar,
      puede_cancelar: true,
    });
    const cancelled = await post(`/cita/${token}/cancelar`, {}, ip);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({
      estado: AppointmentStatus.Cancelada,
      puede_cancelar: false,
    });
    const [cita] = await db.select().from(appointments).where(eq(appointments.id_cita, id));
    expect(cita).toMatchObject({
      id_est: AppointmentStatus.Cancelada,
      motivo_cancelacion: 'Cancelada por el cliente',
    });
    const [entry] = await db
      .select({ accion: auditEntries.accion, login: auditEntries.login })
      .from(auditEntries)
      .where(and(eq(auditEntries.entidad, 'cita'), eq(auditEntries.entidad_id, id)))
      .orderBy(desc(auditEntries.id))
      .limit(1);
    expect(entry).toEqual({ accion: 'estado', login: 'público' });
    const again = await post(`/cita/${token}/cancelar`, {}, ip);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(M.alreadyCancelled);
  });

  it('refuses to cancel past the policy’s hours', async () => {
    const ip = nextAddress();
    const { id, token } = await booked(workday(5), '11:00');
    const soon = new Date(Date.now() + 3 * 3_600_000);
    await db.update(appointments).set({ fec_cita: soon }).where(eq(appointments.id_cita, id));
    const shown = await get(`/cita/${token}`, ip);
    expect(shown.body.data.puede_cancelar).toBe(false);
    const res = await post(`/cita/${token}/cancelar`, {}, ip);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(M.tooLateToCancel);
  });

  it('answers an unknown token and an expired one alike', async () => {
    const ip = nextAddress();
    const { id, token } = await booked(workday(5), '12:00');
    await db
      .update(appointmentLinks)
      .set({ vence: new Date(Date.now() - 1000) })
      .where(eq(appointmentLinks.id_cita, id));
    const expired = await get(`/cita/${token}`, ip);
    const unknown = await get(`/cita/${'x'.repeat(43)}`, ip);
    expect(expired.status).toBe(404);
    expect(expired.body).toEqual({ status: 'error', message: M.linkInvalid });
    expect(unknown).toEqual(expired);
    const cancel = await post(`/cita/${token}/cancelar`, {}, ip);
    expect(cancel.status).toBe(404);
    expect(cancel.body).toEqual(expired.body);
  });

  it(`answers one address ${LINK_CALLS_PER_HOUR} calls an hour`, async () => {
    const ip = nextAddress();
    for (let i = 0; i < LINK_CALLS_PER_HOUR; i++) {
      expect((await get(`/cita/${'y'.repeat(43)}`, ip)).status).toBe(404);
    }
    expect((await get(`/cita/${'y'.repeat(43)}`, ip)).status).toBe(429);
    expect((await post(`/cita/${'y'.repeat(43)}/cancelar`, {}, ip)).status).toBe(429);
  });
});

describe('malformed requests', () => {
  it(`limits code checks and bookings to ${BOOKINGS_PER_HOUR_BY_ADDRESS} an hour per address`, async () => {
    const ip = nextAddress();
    const body = { dni: nextDni(), email: 'limite@correo.pe', codigo: '123456' };
    for (let i = 0; i < BOOKINGS_PER_HOUR_BY_ADDRESS; i++) {
      expect((await post('/reserva/cliente', body, ip)).status).toBe(422);
    }
    expect((await post('/reserva/cliente', body, ip)).status).toBe(429);
  });

  it('never answers a 5xx, whatever the body', async () => {
    const valid = {
      ...newClient(nextDni(), 'raro@correo.pe'),
      codigo: '123456',
      servicio: bath,
      fecha: workday(0),
      hora: '10:00',
    };
    const bodies: unknown[] = [
      null,
      [],
      'texto',
      42,
      {},
      { ...valid, dni: 12345678 },
      { ...valid, email: 'no-es-correo' },
      { ...valid, fecha: '2026-02-30' },
      { ...valid, hora: '25:00' },
      { ...valid, mascota: 'perro' },
      { ...valid, mascota: { nombre: 'Toby', raza: 'Pug', talla: 'enorme' } },
      { ...valid, servicio: -1 },
      { ...valid, paquete: 3 },
      { ...valid, emp: 'uno' },
      { ...valid, id_perro: 1 },
      { ...valid, acepta_privacidad: false },
      { ...valid, codigo: '12ab56' },
      { ...valid, nombres: 'x'.repeat(5000) },
      { ...valid, sitio_web: { a: 1 } },
    ];
    const urls = [
      '/reserva/codigo',
      '/reserva/cliente',
      '/reserva',
      `/cita/${'z'.repeat(43)}/cancelar`,
    ];
    for (const url of urls) {
      for (const body of bodies) {
        const res = await post(url, body, nextAddress());
        expect(res.status, `${url} ${JSON.stringify(body)}`).toBeLessThan(500);
      }
      for (const [type, payload] of [
        ['text/plain', 'dni=1'],
        ['application/x-www-form-urlencoded', 'dni=40000000&email=a%40b.pe'],
        ['application/json', '{"dni": '],
        ['application/xml', '<a/>'],
      ]) {
        const res = await app.inject({
          method: 'POST',
          url: `/api/public${url}`,
          remoteAddress: nextAddress(),
          headers: { 'content-type': type },
          payload,
        });
        expect(res.statusCode, `${url} ${type}`).toBeLessThan(500);
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
      }
    }
    const short = await get('/cita/corto', nextAddress());
    expect(short.status).toBeLessThan(500);
  });
});
