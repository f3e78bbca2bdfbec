import { eq } from 'drizzle-orm';
import {
  DEFAULT_REMINDER_TEMPLATE,
  limaDayStart,
  limaToday,
  type Reminder,
  type RemindersDay,
} from '@app/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  appointmentLinks,
  appointments,
  auditEntries,
  clients,
  reminders,
  settings,
} from '../../db/schema';
import type { Mail, Mailer } from '../../mail/mailer';
import { setupTestApp } from '../../test/app';
import { createService, registerGroomer, registerOwner, type Owner } from '../../test/agenda';
import { apiClient } from '../../test/http';
import { mailText, nextMail, outbox } from '../../test/mail';
import { runDueReminders } from './reminders';

const ctx = await setupTestApp();
let admin: ReturnType<typeof apiClient>;
let desk: ReturnType<typeof apiClient>;
let groomer: ReturnType<typeof apiClient>;

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** A day far from the real one, so its citas never mix with tomorrow's. */
const FIXED_DAY = '2031-03-10';
const start = limaDayStart(FIXED_DAY).getTime();

const TEMPLATE =
  'Hola {cliente}: {mascota} tiene {servicio} el {fecha} a las {hora} en {empresa}. ¿Confirma? Responda SÍ & listo 🐶';

let rosa: Owner;
let luis: Owner;
let ana: Owner;
let bath: number;
let groomerId: number;

/** A cita of `owner`, written straight to the table: this file tests reminders, not booking. */
async function cita(owner: Owner, at: number, id_est = 9, id_emp: number | null = groomerId) {
  const [row] = await ctx.database.db
    .insert(appointments)
    .values({
      fec_cita: new Date(at),
      id_est,
      precio: '45.00',
      id_cli: owner.id_cli,
      id_perro: owner.petId,
      id_srv: bath,
      id_emp,
      id_usu: 1,
      obs_perro: 'Sin observaciones',
      fech_reg: limaToday(),
    })
    .returning({ id: appointments.id_cita });
  return row.id;
}

const day = async (fecha?: string, api = desk) => {
  const res = await api.get(`/recordatorios${fecha === undefined ? '' : `?fecha=${fecha}`}`);
  expect(res.status).toBe(200);
  return res.body.data as RemindersDay;
};

/** Where the run's mails go from: `mailer`, with the test app's address in their links. */
const APP_URL = 'http://127.0.0.1:3000';
const sender = (mailer: Mailer) => ({ mailer, appUrl: APP_URL });

/** The personal link a reminder carries. */
const linkIn = (text: string) => {
  const found = /http:\/\/127\.0\.0\.1:3000\/c\/[\w-]{43}/.exec(text);
  expect(found).not.toBeNull();
  return found?.[0] ?? '';
};

const remind = (id_cita: unknown, canal: unknown, api = desk) =>
  api.post('/recordatorio', { id_cita, canal });

/** The decoded body of an outbox mail: quoted-printable bytes read back as UTF-8. */
const bodyOf = (eml: string) => Buffer.from(mailText(eml), 'latin1').toString('utf8');

beforeAll(async () => {
  admin = apiClient(ctx.app, await ctx.signIn());
  desk = apiClient(ctx.app, await ctx.signIn('recepcion'));
  groomer = apiClient(ctx.app, await ctx.signIn('groomer'));
  const saved = await admin.post('/ajustes', {
    nom: 'Huellitas Spa',
    dir: 'Av. Benavides 1234, Miraflores',
    fono: '987654321',
    email: 'contacto@huellitas.pe',
    ruc: '20131312955',
    plantilla_recordatorio: TEMPLATE,
  });
  expect(saved.status).toBe(201);
  rosa = await registerOwner(admin, 'Rosa', 'Firulais');
  luis = await registerOwner(admin, 'Luis', 'Max');
  ana = await registerOwner(admin, 'Ana', 'Luna');
  // Luis gave a landline; Ana no e-mail.
  const { db } = ctx.database;
  await db.update(clients).set({ tel1_cli: '014451234' }).where(eq(clients.id_cli, luis.id_cli));
  await db.update(clients).set({ email_cli: '' }).where(eq(clients.id_cli, ana.id_cli));
  bath = await createService(db, 'Baño & corte', '45.00');
  groomerId = (await registerGroomer(admin, 'Lucía')).id_emp;
});

describe('GET /recordatorios', () => {
  let first: number;
  let last: number;
  let landline: number;

  it("lists the day's Programada citas in time order, with the filled template and wa.me link", async () => {
    // Lima's whole day: its first and last moments, and neither neighbour.
    last = await cita(rosa, start + DAY - 1);
    first = await cita(rosa, start);
    landline = await cita(luis, start + 10.5 * HOUR, 9, null);
    await cita(rosa, start - 1);
    await cita(rosa, start + DAY);
    // Not to remind: En Proceso, No Asistió, Completada, Eliminada.
    for (const [i, id_est] of [5, 4, 6, 8].entries())
      await cita(rosa, start + (12 + i) * HOUR, id_est);

    const { fecha, citas } = await day(FIXED_DAY);
    expect(fecha).toBe(FIXED_DAY);
    expect(citas.map((c) => c.id_cita)).toEqual([first, landline, last]);

    // A template without {enlace} gets the cita's personal link after it, then how to stop.
    const link = linkIn(citas[0].mensaje);
    const text = `Hola Rosa: Firulais tiene Baño & corte el 10/03/2031 a las 00:00 en Huellitas Spa. ¿Confirma? Responda SÍ & listo 🐶\n\nConfirme o cancele aquí: ${link}\n\nSi no desea recibir recordatorios, avísenos por este medio o desde su cuenta: ${APP_URL}/mi-cuenta`;
    expect(citas[0]).toEqual({
      id_cita: first,
      inicio: new Date(start).toISOString(),
      hora: '00:00',
      cliente: {
        id_cli: rosa.id_cli,
        nom_cli: 'Rosa',
        ape_cli: 'Huamán Torres',
        tel1_cli: '987654321',
        email_cli: `${rosa.dni}@correo.pe`,
        recordatorios: true,
      },
      perro: { id_perro: rosa.petId, nom_perro: 'Firulais' },
      servicio: 'Baño & corte',
      groomer: 'Lucía Quispe Rojas',
      telefono_valido: true,
      whatsapp_url: `https://wa.me/51987654321?text=${encodeURIComponent(text)}`,
      mensaje: text,
      enviados: [],
    });
    expect(citas[0].whatsapp_url).toContain(
      'https://wa.me/51987654321?text=Hola%20Rosa%3A%20Firulais%20tiene%20Ba%C3%B1o%20%26%20corte%20el%2010%2F03%2F2031%20a%20las%2000%3A00%20en%20Huellitas%20Spa.%20%C2%BFConfirma%3F%20Responda%20S%C3%8D%20%26%20listo%20%F0%9F%90%B6',
    );
    expect(citas[2]).toMatchObject({
      hora: '23:59',
      mensaje: expect.stringContaining('a las 23:59'),
    });
  });

  it('flags a phone that is not a valid mobile and gives it no WhatsApp link', async () => {
    const row = (await day(FIXED_DAY)).citas.find((c) => c.id_cita === landline);
    expect(row).toMatchObject({
      hora: '10:30',
      groomer: null,
      cliente: { tel1_cli: '014451234' },
      telefono_valido: false,
      whatsapp_url: null,
      mensaje: expect.stringContaining('Hola Luis: Max tiene'),
    });
  });

  it('uses the default template when the company has written none', async () => {
    const { db } = ctx.database;
    await db.update(settings).set({ plantilla_recordatorio: null });
    const [row] = (await day(FIXED_DAY)).citas;
    // The default template places the link itself: it is not written twice.
    expect(row.mensaje).toBe(
      `Hola Rosa, le recordamos la cita de Firulais para Baño & corte el 10/03/2031 a las 00:00 en Huellitas Spa. Confirme o cancele aquí: ${linkIn(row.mensaje)} ¡Gracias!\n\nSi no desea recibir recordatorios, avísenos por este medio o desde su cuenta: ${APP_URL}/mi-cuenta`,
    );
    expect(DEFAULT_REMINDER_TEMPLATE).toContain('{cliente}');
    await db.update(settings).set({ plantilla_recordatorio: TEMPLATE });
  });

  it("answers tomorrow's citas, by Lima's day, when no date is given", async () => {
    const tomorrow = limaToday(new Date(Date.now() + DAY));
    const id = await cita(ana, limaDayStart(tomorrow).getTime() + 15 * HOUR);
    const answer = await day();
    expect(answer.fecha).toBe(tomorrow);
    expect(answer.citas.map((c) => c.id_cita)).toEqual([id]);
    expect(answer.citas[0].cliente.email_cli).toBeNull();
    expect((await day('')).fecha).toBe(tomorrow);
  });

  it('refuses a malformed date', async () => {
    for (const fecha of ['mañana', '2031-13-01', '10/03/2031']) {
      const res = await desk.get(`/recordatorios?fecha=${encodeURIComponent(fecha)}`);
      expect(res.status).toBe(422);
      expect(res.body.errors.fecha).toEqual(['La fecha debe tener el formato AAAA-MM-DD']);
    }
  });

  it('is the desk’s: a groomer is refused', async () => {
    expect((await groomer.get(`/recordatorios?fecha=${FIXED_DAY}`)).status).toBe(403);
    expect((await remind(first, 'whatsapp', groomer)).status).toBe(403);
    expect(await ctx.database.db.select().from(reminders)).toEqual([]);
    expect((await admin.get(`/recordatorios?fecha=${FIXED_DAY}`)).status).toBe(200);
  });
});

describe('POST /recordatorio', () => {
  let citaId: number;

  beforeAll(async () => {
    citaId = await cita(rosa, start + 2 * DAY + 9 * HOUR);
  });

  it('records that the user opened the WhatsApp message, and shows who and when', async () => {
    const before = Date.now();
    const res = await remind(citaId, 'whatsapp');
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Recordatorio registrado');
    const recorded = res.body.data as Reminder;
    expect(recorded).toMatchObject({
      id_cita: citaId,
      canal: 'whatsapp',
      automatico: false,
      usuario: 'recepcion',
    });
    expect(Date.parse(recorded.created_at)).toBeGreaterThanOrEqual(before - 1000);

    const fecha = limaToday(new Date(start + 2 * DAY));
    const [row] = (await day(fecha)).citas;
    expect(row.enviados).toEqual([recorded]);

    const [entry] = await ctx.database.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.entidad, 'recordatorio'));
    expect(entry).toMatchObject({ accion: 'crear', entidad_id: recorded.id_rec, id_usu: 2 });
  });

  it("e-mails the filled message to the client's address and records it", async () => {
    const seen = (await outbox(ctx.dataDir)).length;
    const res = await remind(String(citaId), 'email', admin);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Recordatorio enviado por e-mail');
    expect(res.body.data).toMatchObject({ canal: 'email', usuario: 'admin' });
    const eml = await nextMail(ctx.dataDir, seen);
    expect(eml).toContain(`To: ${rosa.dni}@correo.pe`);
    expect(eml).toContain('Subject: Recordatorio de su cita en Huellitas Spa');
    expect(bodyOf(eml)).toContain(
      'Hola Rosa: Firulais tiene Baño & corte el 12/03/2031 a las 09:00 en Huellitas Spa. ¿Confirma? Responda SÍ & listo 🐶',
    );
    const fecha = limaToday(new Date(start + 2 * DAY));
    const [row] = (await day(fecha)).citas;
    expect(row.enviados.map((r) => `${r.canal} ${r.usuario}`)).toEqual([
      'whatsapp recepcion',
      'email admin',
    ]);
  });

  it('refuses what cannot be reminded, changing nothing', async () => {
    const count = async () => (await ctx.database.db.select().from(reminders)).length;
    const recorded = await count();
    const mails = (await outbox(ctx.dataDir)).length;
    const done = await cita(rosa, start + 3 * DAY, 6);
    const landline = await cita(luis, start + 3 * DAY + HOUR);
    const noEmail = await cita(ana, start + 3 * DAY + 2 * HOUR);
    const cases: [unknown, unknown, string, string][] = [
      [999_999, 'whatsapp', 'id_cita', 'Cita no encontrada'],
      ['abc', 'whatsapp', 'id_cita', 'Cita no encontrada'],
      [0, 'email', 'id_cita', 'Cita no encontrada'],
      [undefined, 'email', 'id_cita', 'Cita no encontrada'],
      [done, 'whatsapp', 'id_cita', 'Solo se recuerdan citas programadas'],
      [citaId, 'sms', 'canal', 'Seleccione un canal válido: whatsapp o email'],
      [citaId, undefined, 'canal', 'Seleccione un canal válido: whatsapp o email'],
      [
        landline,
        'whatsapp',
        'canal',
        'El teléfono del cliente no es un celular válido para WhatsApp',
      ],
      [noEmail, 'email', 'canal', 'El cliente no tiene un e-mail registrado'],
    ];
    for (const [id, canal, field, message] of cases) {
      const res = await remind(id, canal);
      expect(res.status, `${String(id)} ${String(canal)}`).toBe(422);
      expect(res.body.errors[field]).toEqual([message]);
    }
    expect((await desk.raw('POST', '/recordatorio', { json: '{' })).status).toBe(422);
    expect(await count()).toBe(recorded);
    expect((await outbox(ctx.dataDir)).length).toBe(mails);
    // A landline can still get its e-mail.
    expect((await remind(landline, 'email')).status).toBe(201);
  });
});

describe('the daily e-mail run', () => {
  /** A mailer that takes a while, as a real server does, and lists whom it wrote to. */
  const slowMailer = (failFor?: string) => {
    const sent: Mail[] = [];
    const mailer: Mailer = {
      async send(mail) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        if (mail.to === failFor) throw new Error('SMTP caído');
        sent.push(mail);
      },
    };
    return { mailer, sent };
  };

  /** The run's day: two days after FIXED_DAY + 2, with citas of its own. */
  const RUN_DAY = '2031-04-20';
  const runStart = limaDayStart(RUN_DAY).getTime();
  /** 18:00 in Lima on the day before RUN_DAY. */
  const sixPm = new Date(runStart - DAY + 18 * HOUR);
  let due: number[];
  let staffEmailed: number;
  let whatsapped: number;
  let maria: Owner;

  beforeAll(async () => {
    maria = await registerOwner(admin, 'María', 'Toby');
    due = [
      await cita(rosa, runStart + 9 * HOUR),
      await cita(luis, runStart + 10 * HOUR),
      await cita(maria, runStart + DAY - 1),
    ];
    whatsapped = await cita(maria, runStart + 11 * HOUR);
    due.push(whatsapped);
    staffEmailed = await cita(rosa, runStart + 12 * HOUR);
    const { db } = ctx.database;
    await db.insert(reminders).values([
      { id_cita: whatsapped, canal: 'whatsapp', id_usu: 2 },
      { id_cita: staffEmailed, canal: 'email', id_usu: 2 },
    ]);
    // Not for the run: no e-mail, not Programada, another day.
    await cita(ana, runStart + 13 * HOUR);
    await cita(rosa, runStart + 14 * HOUR, 6);
    await cita(rosa, runStart + DAY);
    await cita(rosa, runStart - 1);
  });

  it('sends nothing while no hour is set, or before the hour in Lima', async () => {
    const { mailer, sent } = slowMailer();
    await ctx.database.db.update(settings).set({ hora_recordatorio: null });
    // Every run forgets the personal links whose visit has started, hour or not.
    const { db } = ctx.database;
    await db.insert(appointmentLinks).values([
      { token_hash: 'a'.repeat(64), id_cita: staffEmailed, vence: new Date(sixPm.getTime() - 1) },
      { token_hash: 'b'.repeat(64), id_cita: staffEmailed, vence: new Date(sixPm.getTime() + 1) },
    ]);
    expect(await runDueReminders(ctx.database.db, sender(mailer), sixPm)).toBe(0);
    const links = await db
      .select({ token_hash: appointmentLinks.token_hash })
      .from(appointmentLinks)
      .where(eq(appointmentLinks.id_cita, staffEmailed));
    expect(links).toEqual([{ token_hash: 'b'.repeat(64) }]);
    await ctx.database.db.update(settings).set({ hora_recordatorio: 18 });
    expect(
      await runDueReminders(ctx.database.db, sender(mailer), new Date(sixPm.getTime() - 1)),
    ).toBe(0);
    expect(sent).toEqual([]);
  });

  it('e-mails each due cita of the next day exactly once, even when two runs race', async () => {
    const { mailer, sent } = slowMailer();
    const other = slowMailer();
    const counts = await Promise.all([
      runDueReminders(ctx.database.db, sender(mailer), sixPm),
      runDueReminders(ctx.database.db, sender(other.mailer), new Date(sixPm.getTime() + 1)),
    ]);
    expect(counts[0] + counts[1]).toBe(due.length);
    const all = [...sent, ...other.sent];
    // Luis's landline does not matter to an e-mail; María has two citas that day.
    expect(all.map((m) => m.to).sort()).toEqual(
      [rosa, luis, maria, maria].map((o) => `${o.dni}@correo.pe`).sort(),
    );
    const rosas = all.find((m) => m.to === `${rosa.dni}@correo.pe`)?.text ?? '';
    expect(rosas).toBe(
      `Hola Rosa: Firulais tiene Baño & corte el 20/04/2031 a las 09:00 en Huellitas Spa. ¿Confirma? Responda SÍ & listo 🐶\n\nConfirme o cancele aquí: ${linkIn(rosas)}\n\nSi no desea recibir recordatorios, avísenos por este medio o desde su cuenta: ${APP_URL}/mi-cuenta\n`,
    );
    const automatic = await ctx.database.db
      .select()
      .from(reminders)
      .where(eq(reminders.automatico, true));
    expect(automatic.map((r) => r.id_cita).sort()).toEqual([...due].sort());
    expect(automatic.every((r) => r.canal === 'email' && r.id_usu === null)).toBe(true);

    // Later the same evening: nothing left to send.
    const again = slowMailer();
    expect(
      await runDueReminders(
        ctx.database.db,
        sender(again.mailer),
        new Date(sixPm.getTime() + HOUR),
      ),
    ).toBe(0);
    expect(again.sent).toEqual([]);

    const [row] = (await day(RUN_DAY)).citas;
    expect(row.enviados).toMatchObject([
      { canal: 'email', automatico: true, usuario: 'Automático' },
    ]);
  });

  it('reminds a cita booked after the run on its next pass, and retries a mail that failed', async () => {
    const late = await cita(rosa, runStart + 16 * HOUR);
    const later = await cita(luis, runStart + 17 * HOUR);
    const failing = slowMailer(`${luis.dni}@correo.pe`);
    expect(
      await runDueReminders(
        ctx.database.db,
        sender(failing.mailer),
        new Date(sixPm.getTime() + 2 * HOUR),
      ),
    ).toBe(1);
    expect(failing.sent.map((m) => m.to)).toEqual([`${rosa.dni}@correo.pe`]);
    const claimed = async (id: number) =>
      (await ctx.database.db.select().from(reminders).where(eq(reminders.id_cita, id))).length;
    expect(await claimed(late)).toBe(1);
    // The failed mail gave its claim back: the next pass sends it.
    expect(await claimed(later)).toBe(0);
    const retry = slowMailer();
    expect(
      await runDueReminders(
        ctx.database.db,
        sender(retry.mailer),
        new Date(sixPm.getTime() + 3 * HOUR),
      ),
    ).toBe(1);
    expect(retry.sent.map((m) => m.to)).toEqual([`${luis.dni}@correo.pe`]);
  });
});
