import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  limaDayStart,
  ONLINE_BOOKING_MESSAGES as M,
  PRIVACY_NOTICE_VERSION,
  REMINDER_MESSAGES,
  type AgendaEntry,
  type LinkedAppointment,
  type RemindersDay,
} from '@app/domain';
import {
  appointmentLinks,
  appointments,
  auditEntries,
  clients,
  consents,
  settings,
} from '../../db/schema';
import type { Mail, Mailer } from '../../mail/mailer';
import {
  createService,
  limaDay,
  registerGroomer,
  registerOwner,
  type Owner,
} from '../../test/agenda';
import { setupTestApp } from '../../test/app';
import { answerOf, apiClient } from '../../test/http';
import { mailText, nextMail, outbox } from '../../test/mail';
import { runDueReminders } from '../agenda';

/**
 * DESIGN §11.5: the personal link every reminder carries, confirming from it in one tap, the
 * check it leaves on the agenda and the Citas list, and the client's choice of no reminders.
 */

const ctx = await setupTestApp();
const { app, dataDir } = ctx;
const { db } = ctx.database;
let admin: ReturnType<typeof apiClient>;
let bath: number;
let groomer: number;

const APP_URL = 'http://127.0.0.1:3000';
const HOUR = 3_600_000;
const LINK = /http:\/\/127\.0\.0\.1:3000\/c\/([A-Za-z0-9_-]{43})/;

let addresses = 0;
/** Each call from its own address: the links' limit per address has tests of its own. */
const nextAddress = () => `10.35.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;

async function publicCall(method: 'GET' | 'POST', url: string) {
  const res = await app.inject({ method, url: `/api/public${url}`, remoteAddress: nextAddress() });
  return answerOf(res);
}
const confirm = (token: string) => publicCall('POST', `/cita/${token}/confirmar`);
const linked = (token: string) => publicCall('GET', `/cita/${token}`);

/** A Programada cita of `owner` at `at`, written straight to the table. */
async function cita(owner: Owner, at: Date, id_est = 9) {
  const [row] = await db
    .insert(appointments)
    .values({
      fec_cita: at,
      id_est,
      precio: '50.00',
      id_cli: owner.id_cli,
      id_perro: owner.petId,
      id_srv: bath,
      id_emp: groomer,
      id_usu: 1,
      obs_perro: '',
      fech_reg: limaDay(0),
    })
    .returning({ id: appointments.id_cita });
  return row.id;
}

/** `hours` after the start of the Lima day `days` from today. */
const at = (days: number, hours: number) =>
  new Date(limaDayStart(limaDay(days)).getTime() + hours * HOUR);

const remindersOn = async (fecha: string) => {
  const res = await admin.get(`/recordatorios?fecha=${fecha}`);
  expect(res.status).toBe(200);
  return res.body.data as RemindersDay;
};

/** The token of the personal link in the WhatsApp text of cita `id` on the Recordatorios list. */
async function whatsappToken(days: number, id: number) {
  const row = (await remindersOn(limaDay(days))).citas.find((c) => c.id_cita === id);
  const token = LINK.exec(row?.mensaje ?? '')?.[1];
  if (!token) throw new Error(`no link in ${row?.mensaje}`);
  expect(decodeURIComponent(row?.whatsapp_url ?? '')).toContain(`${APP_URL}/c/${token}`);
  return token;
}

const confirmedAt = async (id: number) =>
  (
    await db
      .select({ at: appointments.confirmada_en })
      .from(appointments)
      .where(eq(appointments.id_cita, id))
  )[0].at;

/** A message's text, its UTF-8 undone too. */
const textOf = (eml: string) => Buffer.from(mailText(eml), 'latin1').toString('utf8');

/** Sets a client's two choices at the counter, through the client form's call. */
async function setChoices(owner: Owner, choices: { recordatorios?: boolean; marketing?: boolean }) {
  const res = await admin.put('/cliente', {
    id: owner.id_cli,
    dni: owner.dni,
    name: owner.nom_cli,
    surname: owner.ape_cli,
    tel1: '987654321',
    tel2: '',
    email: `${owner.dni}@correo.pe`,
    direccion: 'Av. Arequipa 1234, Lince',
    ...choices,
  });
  expect(res.status).toBe(200);
  return res.body.data as { recordatorios: boolean; marketing: boolean };
}

beforeAll(async () => {
  admin = apiClient(app, await ctx.signIn());
  groomer = (await registerGroomer(admin, 'Lucía')).id_emp;
  bath = await createService(db, 'Baño completo', '50.00');
});

describe('confirming from the personal link', () => {
  let owner: Owner;
  let id: number;
  let token: string;

  beforeAll(async () => {
    owner = await registerOwner(admin, 'Rosa', 'Canela');
    id = await cita(owner, at(3, 10));
    token = await whatsappToken(3, id);
  });

  it("opens the reminder's link on that cita, and confirms it in one tap, twice alike", async () => {
    const shown = await linked(token);
    expect(shown.status).toBe(200);
    expect(shown.body.data).toMatchObject({
      inicio: at(3, 10).toISOString(),
      mascota: 'Canela',
      servicio: 'Baño completo',
      estado: 9,
      confirmada: false,
      puede_confirmar: true,
    });

    const first = await confirm(token);
    expect(first.status).toBe(200);
    expect(first.body.message).toBe(M.confirmed);
    expect(first.body.data).toMatchObject({ confirmada: true, puede_confirmar: true, estado: 9 });
    const stamped = await confirmedAt(id);
    expect(stamped).not.toBeNull();

    const second = await confirm(token);
    expect(second.status).toBe(200);
    expect(second.body.data).toEqual(first.body.data as LinkedAppointment);
    expect(await confirmedAt(id)).toEqual(stamped);

    const audited = await db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entidad, 'cita'), eq(auditEntries.entidad_id, id)));
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ login: 'público', id_usu: null, accion: 'editar' });
  });

  it('shows the confirmation on the agenda card and the Citas row', async () => {
    const stamped = (await confirmedAt(id))?.toISOString();
    const day = limaDay(3);
    const agenda = await admin.get(`/agenda?desde=${day}&hasta=${day}`);
    expect(agenda.status).toBe(200);
    const card = (agenda.body.data.citas as AgendaEntry[]).find((c) => c.id_cita === id);
    expect(card?.confirmada_en).toBe(stamped);
    const row = await admin.get(`/cita/${id}`);
    expect(row.body.data.confirmada_en).toBe(stamped);
    const list = await admin.get(`/citas/?cli=${owner.dni}`);
    expect(list.status).toBe(200);
    const listed = (
      list.body.data.data as { id_cita: number; confirmada_en: string | null }[]
    ).find((c) => c.id_cita === id);
    expect(listed?.confirmada_en).toBe(stamped);
  });

  it('loses the confirmation when the cita moves to another time, not when it stays', async () => {
    const edit = (fec_cita: string, obs: string) =>
      admin.put('/cita', {
        id,
        fec_cita,
        dni_cli: owner.dni,
        id_cliente: owner.id_cli,
        id_perro: owner.petId,
        id_servicio: bath,
        id_emp: groomer,
        fech_reg: limaDay(0),
        obs,
      });
    const same = await edit(at(3, 10).toISOString(), 'Trae su toalla');
    expect(same.status).toBe(200);
    expect(same.body.data.confirmada_en).not.toBeNull();

    const moved = await admin.patch('/cita/mover', {
      id,
      fec_cita: at(3, 12).toISOString(),
      id_emp: groomer,
      duracion: 60,
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data.confirmada_en).toBeNull();
    expect((await linked(token)).body.data).toMatchObject({ confirmada: false });

    expect((await confirm(token)).status).toBe(200);
    const edited = await edit(at(3, 15).toISOString(), 'Trae su toalla');
    expect(edited.status).toBe(200);
    expect(edited.body.data.confirmada_en).toBeNull();
  });

  it('refuses a wrong or expired token alike, and a cancelled or started cita with a reason', async () => {
    const wrong = await confirm('x'.repeat(43));
    expect(wrong).toMatchObject({ status: 404, body: { message: M.linkInvalid } });

    const other = await registerOwner(admin, 'Luis', 'Bruno');
    const later = await cita(other, at(4, 9));
    const laterToken = await whatsappToken(4, later);
    await db
      .update(appointmentLinks)
      .set({ vence: new Date(Date.now() - 1000) })
      .where(eq(appointmentLinks.id_cita, later));
    expect(await confirm(laterToken)).toMatchObject({
      status: 404,
      body: { message: M.linkInvalid },
    });

    const cancelled = await cita(other, at(4, 11));
    const cancelledToken = await whatsappToken(4, cancelled);
    expect((await publicCall('POST', `/cita/${cancelledToken}/cancelar`)).status).toBe(200);
    expect(await confirm(cancelledToken)).toMatchObject({
      status: 409,
      body: { message: M.cancelledCannotConfirm },
    });
    expect(await confirmedAt(cancelled)).toBeNull();

    // A visit already begun (its link still valid): too late to confirm.
    const started = await cita(other, at(4, 13));
    const startedToken = await whatsappToken(4, started);
    await db
      .update(appointments)
      .set({ fec_cita: new Date(Date.now() - HOUR) })
      .where(eq(appointments.id_cita, started));
    const shown = await linked(startedToken);
    expect(shown.body.data).toMatchObject({ puede_confirmar: false, confirmada: false });
    expect(await confirm(startedToken)).toMatchObject({
      status: 409,
      body: { message: M.cannotConfirm },
    });
    expect(await confirmedAt(started)).toBeNull();
  });
});

describe('reminders carry the link and respect the client’s choice', () => {
  it('an e-mailed reminder carries a working link and says how to stop', async () => {
    const owner = await registerOwner(admin, 'Elena', 'Pelusa');
    const id = await cita(owner, at(5, 9));
    const seen = (await outbox(dataDir)).length;
    const sent = await admin.post('/recordatorio', { id_cita: id, canal: 'email' });
    expect(sent.status).toBe(201);
    const text = textOf(await nextMail(dataDir, seen));
    expect(text).toContain('Confirme o cancele aquí: http://127.0.0.1:3000/c/');
    expect(text).toContain(
      `Si no desea recibir recordatorios, avísenos por este medio o desde su cuenta: ${APP_URL}/mi-cuenta`,
    );
    const token = LINK.exec(text)?.[1] ?? '';
    const shown = await linked(token);
    expect(shown.status).toBe(200);
    expect(shown.body.data).toMatchObject({ mascota: 'Pelusa', inicio: at(5, 9).toISOString() });
  });

  it("'Enviar todos' e-mails the day's due reminders once, skipping who opted out", async () => {
    const days = 6;
    const fecha = limaDay(days);
    const willing = await registerOwner(admin, 'Marta', 'Rocky');
    const unwilling = await registerOwner(admin, 'Jorge', 'Luna');
    const emailed = await registerOwner(admin, 'Paola', 'Nala');
    const noEmail = await registerOwner(admin, 'Raúl', 'Toby');
    await db.update(clients).set({ email_cli: '' }).where(eq(clients.id_cli, noEmail.id_cli));
    const willingCita = await cita(willing, at(days, 9));
    const unwillingCita = await cita(unwilling, at(days, 10));
    const emailedCita = await cita(emailed, at(days, 11));
    await cita(noEmail, at(days, 12));
    expect(
      (await admin.post('/recordatorio', { id_cita: emailedCita, canal: 'email' })).status,
    ).toBe(201);
    expect(await setChoices(unwilling, { recordatorios: false })).toMatchObject({
      recordatorios: false,
    });

    const row = (await remindersOn(fecha)).citas.find((c) => c.id_cita === unwillingCita);
    expect(row).toMatchObject({ cliente: { recordatorios: false }, whatsapp_url: null });
    expect(row?.mensaje).not.toMatch(LINK);
    const refused = await admin.post('/recordatorio', { id_cita: unwillingCita, canal: 'email' });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.id_cita).toEqual([REMINDER_MESSAGES.optedOut]);

    const seen = (await outbox(dataDir)).length;
    const all = await admin.post('/recordatorios/email-todos', { fecha });
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({
      data: { enviados: 1 },
      message: REMINDER_MESSAGES.sentAll(1),
    });
    const mails = (await outbox(dataDir)).slice(seen);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`To: ${willing.dni}@correo.pe`);
    const token = LINK.exec(textOf(mails[0]))?.[1] ?? '';
    expect((await linked(token)).body.data).toMatchObject({ mascota: 'Rocky' });

    const again = await admin.post('/recordatorios/email-todos', { fecha });
    expect(again.body.data).toEqual({ enviados: 0 });
    const listed = (await remindersOn(fecha)).citas.find((c) => c.id_cita === willingCita);
    expect(listed?.enviados).toMatchObject([{ canal: 'email', automatico: false }]);

    const bad = await admin.post('/recordatorios/email-todos', { fecha: 'mañana' });
    expect(bad.status).toBe(422);
  });

  it('the daily run sends no reminder to a client who opted out', async () => {
    const days = 7;
    const willing = await registerOwner(admin, 'Sonia', 'Coco');
    const unwilling = await registerOwner(admin, 'Iván', 'Max');
    await cita(willing, at(days, 9));
    await cita(unwilling, at(days, 10));
    await setChoices(unwilling, { recordatorios: false });
    const saved = await admin.post('/ajustes', {
      nom: 'Huellitas Spa',
      dir: 'Av. Benavides 1234, Miraflores',
      fono: '987654321',
      email: 'contacto@huellitas.pe',
      ruc: '20131312955',
    });
    expect(saved.status).toBe(201);
    await db.update(settings).set({ hora_recordatorio: 18 });
    const sent: Mail[] = [];
    const mailer: Mailer = {
      async send(mail) {
        sent.push(mail);
      },
    };
    // 18:00 in Lima the day before.
    const evening = new Date(limaDayStart(limaDay(days)).getTime() - 6 * HOUR);
    expect(await runDueReminders(db, { mailer, appUrl: APP_URL }, evening)).toBe(1);
    expect(sent.map((m) => m.to)).toEqual([`${willing.dni}@correo.pe`]);
    expect(sent[0].text).toMatch(LINK);
  });
});

describe('the client form’s two choices', () => {
  it('keeps each change as a consent given at the counter, and nothing when unchanged', async () => {
    const owner = await registerOwner(admin, 'Gloria', 'Kira');
    const choices = () =>
      db
        .select({ tipo: consents.tipo, aceptado: consents.aceptado, origen: consents.origen })
        .from(consents)
        .where(eq(consents.id_cli, owner.id_cli))
        .orderBy(consents.id);
    const shown = await admin.get(`/cliente/${owner.id_cli}`);
    expect(shown.body.data).toMatchObject({ recordatorios: true, marketing: false });

    expect(await setChoices(owner, { recordatorios: false, marketing: true })).toMatchObject({
      recordatorios: false,
      marketing: true,
    });
    expect(await choices()).toEqual([
      { tipo: 'recordatorios', aceptado: false, origen: 'mostrador' },
      { tipo: 'marketing', aceptado: true, origen: 'mostrador' },
    ]);
    // Unchanged, or left out: nothing more is recorded, and nothing changes.
    await setChoices(owner, { recordatorios: false });
    expect(await setChoices(owner, {})).toMatchObject({ recordatorios: false, marketing: true });
    expect(await choices()).toHaveLength(2);
    const [row] = await db.select().from(consents).where(eq(consents.id_cli, owner.id_cli));
    expect(row.version).toBe(PRIVACY_NOTICE_VERSION);

    const bad = await admin.put('/cliente', {
      id: owner.id_cli,
      dni: owner.dni,
      name: owner.nom_cli,
      surname: owner.ape_cli,
      tel1: '987654321',
      tel2: '',
      email: `${owner.dni}@correo.pe`,
      direccion: 'Av. Arequipa 1234, Lince',
      marketing: 'sí',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.marketing).toEqual(['Indique si acepta publicidad']);
  });
});
