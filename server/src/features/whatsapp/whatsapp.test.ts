import { createHmac } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, desc, eq, like } from 'drizzle-orm';
import {
  AppointmentStatus,
  limaDayStart,
  limaToday,
  MESSAGES_TEXTS,
  OPT_OUT_FOOTER,
  type ConversationRow,
  type WhatsappSettings,
} from '@app/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import {
  appointments,
  auditEntries,
  clients,
  consents,
  freedSlots,
  messages,
  reminders,
  settings,
  whatsappSettings,
} from '../../db/schema';
import type { Mail } from '../../mail/mailer';
import { createService, registerOwner, type Owner } from '../../test/agenda';
import { openTestDatabase, testConfig, TEST_PASSWORD } from '../../test/app';
import { startFakeWhatsapp } from '../../test/fake-whatsapp';
import { apiClient } from '../../test/http';
import { runDueReminders } from '../agenda';
import { createAppointmentLink } from '../online-booking';

const fake = await startFakeWhatsapp();
const database = await openTestDatabase();
const { db } = database;
const app = await buildApp({
  db,
  config: {
    ...testConfig(mkdtempSync(join(tmpdir(), 'groomer-test-'))),
    whatsappApiUrl: fake.url,
  },
});
afterAll(async () => {
  await app.close();
  await database.close();
  await fake.close();
});

async function signIn(login: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { json: JSON.stringify({ login, password: TEST_PASSWORD }) },
  });
  return res.json<{ data: string }>().data;
}

const DAY = 86_400_000;
const HOUR = 3_600_000;
const PHONE_ID = '106540352242922';
const TOKEN = 'EAAG-token-de-prueba-123';
const APP_SECRET = 'secreto-de-la-app-456';
const VERIFY = 'verificar-789';
/** The reminders' day, far from today, and 18:00 in Lima the day before. */
const RUN_DAY = '2031-05-12';
const runStart = limaDayStart(RUN_DAY).getTime();
const sixPm = new Date(runStart - DAY + 18 * HOUR);

let admin: ReturnType<typeof apiClient>;
let desk: ReturnType<typeof apiClient>;
let rosa: Owner;
let luis: Owner;
let ana: Owner;
let bath: number;
const ROSA_WA = '51987654321';

async function cita(owner: Owner, at: number) {
  const [row] = await db
    .insert(appointments)
    .values({
      fec_cita: new Date(at),
      id_est: AppointmentStatus.Programada,
      precio: '45.00',
      id_cli: owner.id_cli,
      id_perro: owner.petId,
      id_srv: bath,
      id_usu: 1,
      obs_perro: 'Sin observaciones',
      fech_reg: limaToday(),
    })
    .returning({ id: appointments.id_cita });
  return row.id;
}

/** Meta's envelope around one change's value. */
const notification = (value: object) => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: '102290129340398',
      changes: [
        {
          field: 'messages',
          value: {
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: '15550783881', phone_number_id: PHONE_ID },
            ...value,
          },
        },
      ],
    },
  ],
});

let sequence = 0;
const incoming = (from: string, message: object) =>
  notification({
    contacts: [{ profile: { name: 'Rosa' }, wa_id: from }],
    messages: [
      {
        from,
        id: `wamid.IN${++sequence}`,
        timestamp: String(Math.floor(Date.now() / 1000)),
        ...message,
      },
    ],
  });

const sign = (raw: string, secret = APP_SECRET) =>
  `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;

/** Posts `body` to the webhook as Meta does: the raw JSON, signed unless told otherwise. */
function deliver(body: object, signature?: string | null) {
  const raw = JSON.stringify(body);
  const header = signature === undefined ? sign(raw) : signature;
  return app.inject({
    method: 'POST',
    url: '/api/public/whatsapp',
    headers: {
      'content-type': 'application/json',
      ...(header === null ? {} : { 'x-hub-signature-256': header }),
    },
    payload: raw,
  });
}

const storedMessages = () => db.select().from(messages).orderBy(messages.id);

/** The requests the fake got of type text, to `to`. */
const textsTo = (to: string) =>
  fake.received.flatMap(({ body }) =>
    typeof body === 'object' &&
    body !== null &&
    'type' in body &&
    body.type === 'text' &&
    'to' in body &&
    body.to === to &&
    'text' in body
      ? [body.text]
      : [],
  );

beforeAll(async () => {
  admin = apiClient(app, await signIn('admin'));
  desk = apiClient(app, await signIn('recepcion'));
  const saved = await admin.post('/ajustes', {
    nom: 'Huellitas Spa',
    dir: 'Av. Benavides 1234, Miraflores',
    fono: '014451234',
    email: 'contacto@huellitas.pe',
    ruc: '20131312955',
  });
  expect(saved.status).toBe(201);
  await db.update(settings).set({ hora_recordatorio: 18 });
  rosa = await registerOwner(admin, 'Rosa', 'Firulais');
  luis = await registerOwner(admin, 'Luis', 'Max');
  ana = await registerOwner(admin, 'Ana', 'Luna');
  // Luis has a landline; Ana stopped her reminders; Rosa alone has the mobile 987654321.
  await db.update(clients).set({ tel1_cli: '014451235' }).where(eq(clients.id_cli, luis.id_cli));
  await db
    .update(clients)
    .set({ recordatorios: false, tel1_cli: '912345678' })
    .where(eq(clients.id_cli, ana.id_cli));
  bath = await createService(db, 'Baño & corte', '45.00');
});

describe('Ajustes › WhatsApp', () => {
  it('is off until set up, and turning it on asks for what is missing', async () => {
    const first = await admin.get('/ajustes/whatsapp');
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({
      activo: false,
      phone_number_id: null,
      plantilla_recordatorio: null,
      idioma: 'es',
      tiene_token: false,
      tiene_app_secret: false,
      tiene_verify_token: false,
      webhook_url: 'http://127.0.0.1:3000/api/public/whatsapp',
    });
    const refused = await admin.put('/ajustes/whatsapp', { activo: true, token: TOKEN });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      phone_number_id: [MESSAGES_TEXTS.phoneNumberIdRequired],
      app_secret: [MESSAGES_TEXTS.appSecretRequired],
      verify_token: [MESSAGES_TEXTS.verifyTokenRequired],
      plantilla_recordatorio: [MESSAGES_TEXTS.templateRequired],
    });
    expect(await db.select().from(whatsappSettings)).toEqual([]);
    const badName = await admin.put('/ajustes/whatsapp', {
      activo: false,
      plantilla_recordatorio: 'Recordatorio Cita',
    });
    expect(badName.status).toBe(422);
    expect(badName.body.errors.plantilla_recordatorio).toEqual([MESSAGES_TEXTS.templateInvalid]);
  });

  it('keeps the secrets sealed and never answers them', async () => {
    const saved = await admin.put('/ajustes/whatsapp', {
      activo: true,
      phone_number_id: PHONE_ID,
      token: TOKEN,
      app_secret: APP_SECRET,
      verify_token: VERIFY,
      plantilla_recordatorio: 'recordatorio_cita',
      idioma: 'es_PE',
    });
    expect(saved.status).toBe(200);
    const expected: WhatsappSettings = {
      activo: true,
      phone_number_id: PHONE_ID,
      plantilla_recordatorio: 'recordatorio_cita',
      idioma: 'es_PE',
      tiene_token: true,
      tiene_app_secret: true,
      tiene_verify_token: true,
      webhook_url: 'http://127.0.0.1:3000/api/public/whatsapp',
    };
    expect(saved.body.data).toEqual(expected);

    // A save without the secrets keeps them.
    const again = await admin.put('/ajustes/whatsapp', {
      activo: true,
      phone_number_id: PHONE_ID,
      plantilla_recordatorio: 'recordatorio_cita',
      idioma: 'es_PE',
    });
    expect(again.status).toBe(200);
    const read = await admin.get('/ajustes/whatsapp');
    expect(read.body.data).toEqual(expected);

    const [row] = await db.select().from(whatsappSettings);
    for (const secret of [TOKEN, APP_SECRET, VERIFY]) {
      expect(JSON.stringify(row)).not.toContain(secret);
      expect(JSON.stringify(read.body)).not.toContain(secret);
    }
    const audit = await db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entidad, 'ajustes'), like(auditEntries.detalle, 'WhatsApp%')))
      .orderBy(desc(auditEntries.id));
    expect(audit.map((entry) => entry.detalle)).toEqual([
      'WhatsApp',
      'WhatsApp; cambió: token de acceso, clave secreta de la aplicación, token de verificación',
    ]);
    for (const secret of [TOKEN, APP_SECRET, VERIFY]) {
      expect(JSON.stringify(audit)).not.toContain(secret);
    }
  });
});

describe('GET /public/whatsapp (the subscription handshake)', () => {
  const verify = (token: string, mode = 'subscribe') =>
    app.inject({
      method: 'GET',
      url: `/api/public/whatsapp?hub.mode=${mode}&hub.verify_token=${encodeURIComponent(token)}&hub.challenge=1158201444`,
    });

  it('answers the challenge as text to the stored verify token', async () => {
    const res = await verify(VERIFY);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe('1158201444');
  });

  it('refuses another token or mode with 403', async () => {
    expect((await verify('otro')).statusCode).toBe(403);
    expect((await verify(VERIFY, 'unsubscribe')).statusCode).toBe(403);
  });
});

describe('the automatic reminders by WhatsApp', () => {
  let rosaCita: number;
  let luisCita: number;
  let anaCita: number;
  const mails: Mail[] = [];

  it('go out at the reminder hour as the approved template, with the buttons', async () => {
    rosaCita = await cita(rosa, runStart + 10 * HOUR);
    luisCita = await cita(luis, runStart + 11 * HOUR);
    anaCita = await cita(ana, runStart + 12 * HOUR);
    const mailer = { send: async (mail: Mail) => void mails.push(mail) };
    const sender = { mailer, appUrl: 'http://127.0.0.1:3000' };

    // Before the hour, nothing.
    expect(await runDueReminders(db, sender, new Date(sixPm.getTime() - 1))).toBe(0);
    expect(fake.received).toEqual([]);

    await runDueReminders(db, sender, sixPm);
    expect(fake.received).toHaveLength(1);
    const [request] = fake.received;
    expect(request.path).toBe(`/v21.0/${PHONE_ID}/messages`);
    expect(request.authorization).toBe(`Bearer ${TOKEN}`);
    expect(request.body).toMatchObject({
      messaging_product: 'whatsapp',
      to: ROSA_WA,
      type: 'template',
      template: {
        name: 'recordatorio_cita',
        language: { code: 'es_PE' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Rosa' },
              { type: 'text', text: 'Firulais' },
              { type: 'text', text: '12/05/2031' },
              { type: 'text', text: '10:00' },
            ],
          },
          { type: 'button', sub_type: 'quick_reply', index: '0' },
          { type: 'button', sub_type: 'quick_reply', index: '1' },
        ],
      },
    });
    const payloads = JSON.stringify(request.body).match(/"payload":"([^"]+)"/g) ?? [];
    expect(payloads).toHaveLength(2);
    expect(payloads[0]).toMatch(/^"payload":"confirmar:[\w-]{43}"$/);
    expect(payloads[1]).toBe(payloads[0]?.replace('confirmar:', 'cancelar:'));

    // Kept in the conversation and as the cita's one automatic reminder; Rosa gets no e-mail,
    // Luis (a landline) gets his by e-mail, Ana (reminders off) nothing.
    const [sent] = await storedMessages();
    expect(sent).toMatchObject({
      telefono: ROSA_WA,
      direccion: 'saliente',
      estado: 'enviado',
      wa_id: request.wamid,
      id_cli: rosa.id_cli,
      id_cita: rosaCita,
    });
    expect(sent?.texto).toContain(OPT_OUT_FOOTER);
    const rows = await db
      .select({ id_cita: reminders.id_cita, canal: reminders.canal, auto: reminders.automatico })
      .from(reminders)
      .orderBy(reminders.id_cita);
    expect(rows).toEqual([
      { id_cita: rosaCita, canal: 'whatsapp', auto: true },
      { id_cita: luisCita, canal: 'email', auto: true },
    ]);
    expect(mails.map((mail) => mail.to)).toEqual([`${luis.dni}@correo.pe`]);
    expect(rows.some((r) => r.id_cita === anaCita)).toBe(false);

    // The next run sends nothing again.
    await runDueReminders(db, sender, new Date(sixPm.getTime() + HOUR));
    expect(fake.received).toHaveLength(1);
  });

  it('a refused template gives the claim back', async () => {
    const other = await cita(rosa, runStart + 15 * HOUR);
    fake.failNext();
    const mailer = { send: async (mail: Mail) => void mails.push(mail) };
    await runDueReminders(db, { mailer, appUrl: 'http://127.0.0.1:3000' }, sixPm);
    const rows = await db.select().from(reminders).where(eq(reminders.id_cita, other));
    // Not by WhatsApp: the e-mail run that follows took it.
    expect(rows.map((r) => r.canal)).toEqual(['email']);
    expect(fake.received.at(-1)?.wamid).toBeNull();
  });

  it('a button reply confirms the cita, audited as público, and answers the client', async () => {
    const reminder = fake.received[0]?.body;
    const token = /confirmar:([\w-]+)/.exec(JSON.stringify(reminder))?.[1] ?? '';
    const res = await deliver(
      incoming(ROSA_WA, {
        context: { from: '15550783881', id: fake.received[0]?.wamid },
        type: 'button',
        button: { payload: `confirmar:${token}`, text: 'Confirmar' },
      }),
    );
    expect(res.statusCode).toBe(200);
    const [row] = await db
      .select({ confirmada_en: appointments.confirmada_en, id_est: appointments.id_est })
      .from(appointments)
      .where(eq(appointments.id_cita, rosaCita));
    expect(row?.confirmada_en).toBeInstanceOf(Date);
    expect(row?.id_est).toBe(AppointmentStatus.Programada);
    const [audit] = await db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entidad, 'cita'), eq(auditEntries.entidad_id, rosaCita)));
    expect(audit).toMatchObject({ login: 'público', accion: 'editar', id_usu: null });
    await vi.waitFor(() =>
      expect(textsTo(ROSA_WA)).toEqual([
        { preview_url: false, body: MESSAGES_TEXTS.confirmedReply },
      ]),
    );
    // The reply is kept once the Graph API took it.
    await vi.waitFor(async () => {
      const thread = await desk.get(`/mensajes/${ROSA_WA}`);
      const texts: string[] = thread.body.data.mensajes.map((m: { texto: string }) => m.texto);
      expect(texts.slice(1)).toEqual(['Confirmar', MESSAGES_TEXTS.confirmedReply]);
      expect(texts[0]).toContain('Firulais');
    });
  });

  it('a button reply cancels within the policy, and is refused with the salon phone after it', async () => {
    const token = /cancelar:([\w-]+)/.exec(JSON.stringify(fake.received[0]?.body))?.[1] ?? '';
    const cancel = await deliver(
      incoming(ROSA_WA, {
        type: 'button',
        button: { payload: `cancelar:${token}`, text: 'Cancelar' },
      }),
    );
    expect(cancel.statusCode).toBe(200);
    const [row] = await db
      .select({ id_est: appointments.id_est, motivo: appointments.motivo_cancelacion })
      .from(appointments)
      .where(eq(appointments.id_cita, rosaCita));
    expect(row).toEqual({
      id_est: AppointmentStatus.Cancelada,
      motivo: MESSAGES_TEXTS.cancelReason,
    });
    const [freed] = await db
      .select({ canal: freedSlots.canal })
      .from(freedSlots)
      .where(eq(freedSlots.id_cita, rosaCita));
    expect(freed).toEqual({ canal: 'whatsapp' });

    // A cita two hours ahead: past the policy's 24 h.
    const soon = await cita(rosa, Date.now() + 2 * HOUR);
    const soonToken = await db.transaction((tx) =>
      createAppointmentLink(tx, soon, new Date(Date.now() + 2 * HOUR)),
    );
    const late = await deliver(
      incoming(ROSA_WA, {
        type: 'button',
        button: { payload: `cancelar:${soonToken}`, text: 'Cancelar' },
      }),
    );
    expect(late.statusCode).toBe(200);
    const [kept] = await db
      .select({ id_est: appointments.id_est })
      .from(appointments)
      .where(eq(appointments.id_cita, soon));
    expect(kept?.id_est).toBe(AppointmentStatus.Programada);
    await vi.waitFor(() =>
      expect(textsTo(ROSA_WA).slice(1)).toEqual([
        { preview_url: false, body: MESSAGES_TEXTS.cancelledReply },
        { preview_url: false, body: MESSAGES_TEXTS.tooLateReply('014451234') },
      ]),
    );
    // Both replies kept in the conversation before the next test writes to it.
    await vi.waitFor(async () =>
      expect((await storedMessages()).at(-1)?.texto).toBe(MESSAGES_TEXTS.tooLateReply('014451234')),
    );
  });
});

describe('POST /public/whatsapp', () => {
  it('refuses a forged or missing signature with 401 and stores nothing', async () => {
    const before = await storedMessages();
    const body = incoming(ROSA_WA, { type: 'text', text: { body: 'Hola' } });
    const raw = JSON.stringify(body);
    expect((await deliver(body, sign(raw, 'otro-secreto'))).statusCode).toBe(401);
    expect((await deliver(body, null)).statusCode).toBe(401);
    expect((await deliver(body, 'sha256=abc')).statusCode).toBe(401);
    // Signed, then changed on the way.
    const tampered = await app.inject({
      method: 'POST',
      url: '/api/public/whatsapp',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': sign(raw) },
      payload: raw.replace('Hola', 'Hola!'),
    });
    expect(tampered.statusCode).toBe(401);
    expect(await storedMessages()).toEqual(before);
  });

  it('keeps a text once, linked to the client, however often Meta delivers it', async () => {
    const body = incoming(ROSA_WA, {
      type: 'text',
      text: { body: '¿Puedo llevar a Firulais antes?' },
    });
    expect((await deliver(body)).statusCode).toBe(200);
    expect((await deliver(body)).statusCode).toBe(200);
    const kept = (await storedMessages()).filter(
      (m) => m.texto === '¿Puedo llevar a Firulais antes?',
    );
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({
      direccion: 'entrante',
      estado: 'recibido',
      id_cli: rosa.id_cli,
      telefono: ROSA_WA,
    });
    // An unknown number is kept without a client.
    expect(
      (await deliver(incoming('51911122233', { type: 'text', text: { body: 'Hola' } }))).statusCode,
    ).toBe(200);
    const [unknown] = (await storedMessages()).filter((m) => m.telefono === '51911122233');
    expect(unknown?.id_cli).toBeNull();
  });

  it('moves an outgoing message on with the statuses, never back', async () => {
    const wamid = fake.received[0]?.wamid ?? '';
    const status = (name: string) =>
      deliver(
        notification({
          statuses: [{ id: wamid, status: name, timestamp: '1700000000', recipient_id: ROSA_WA }],
        }),
      );
    const state = async () =>
      (
        await db.select({ estado: messages.estado }).from(messages).where(eq(messages.wa_id, wamid))
      )[0]?.estado;
    expect((await status('delivered')).statusCode).toBe(200);
    expect(await state()).toBe('entregado');
    await status('read');
    expect(await state()).toBe('leido');
    await status('delivered');
    expect(await state()).toBe('leido');
    // A status of a message the salon never sent changes nothing and is still answered 200.
    expect(
      (await deliver(notification({ statuses: [{ id: 'wamid.OTRO', status: 'read' }] })))
        .statusCode,
    ).toBe(200);
  });
});

describe('AGENDA › Mensajes', () => {
  it('lists one conversation per number with the client and the unread count', async () => {
    const res = await desk.get('/mensajes');
    expect(res.status).toBe(200);
    const rows = res.body.data as ConversationRow[];
    expect(rows.map((r) => r.telefono)).toEqual(['51911122233', ROSA_WA]);
    const [unknown, rosaRow] = rows;
    expect(unknown).toMatchObject({ cliente: null, id_cli: null, sin_leer: 1 });
    expect(rosaRow).toMatchObject({
      cliente: 'Rosa Huamán Torres',
      id_cli: rosa.id_cli,
      sin_leer: 1,
      ultimo: { texto: '¿Puedo llevar a Firulais antes?', direccion: 'entrante' },
    });
  });

  it('sends free text within 24 h of the client’s last message, and refuses it after', async () => {
    const sent = await desk.post(`/mensajes/${ROSA_WA}`, { texto: 'Sí, puede venir a las 9:00' });
    expect(sent.status).toBe(201);
    expect(sent.body.data).toMatchObject({
      direccion: 'saliente',
      estado: 'enviado',
      texto: 'Sí, puede venir a las 9:00',
      usuario: 'recepcion',
    });
    expect(textsTo(ROSA_WA).at(-1)).toEqual({
      preview_url: false,
      body: 'Sí, puede venir a las 9:00',
    });
    const list = (await desk.get('/mensajes')).body.data as ConversationRow[];
    expect(list.find((r) => r.telefono === ROSA_WA)?.sin_leer).toBe(0);

    const empty = await desk.post(`/mensajes/${ROSA_WA}`, { texto: '   ' });
    expect(empty.status).toBe(422);

    // 25 hours later.
    await db
      .update(messages)
      .set({ fecha: new Date(Date.now() - 25 * HOUR) })
      .where(eq(messages.telefono, ROSA_WA));
    const count = fake.received.length;
    const late = await desk.post(`/mensajes/${ROSA_WA}`, { texto: 'Hola de nuevo' });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(MESSAGES_TEXTS.windowClosed);
    const thread = await desk.get(`/mensajes/${ROSA_WA}`);
    expect(thread.body.data).toMatchObject({
      puede_responder: false,
      cliente: 'Rosa Huamán Torres',
    });
    // A number that never wrote.
    expect((await desk.post('/mensajes/51999888777', { texto: 'Hola' })).status).toBe(409);
    expect(fake.received).toHaveLength(count);
  });

  it("'BAJA' stops the client's reminders and keeps the consent", async () => {
    expect(
      (await deliver(incoming(ROSA_WA, { type: 'text', text: { body: ' Baja ' } }))).statusCode,
    ).toBe(200);
    const [client] = await db
      .select({ recordatorios: clients.recordatorios })
      .from(clients)
      .where(eq(clients.id_cli, rosa.id_cli));
    expect(client?.recordatorios).toBe(false);
    const rows = await db.select().from(consents).where(eq(consents.id_cli, rosa.id_cli));
    expect(rows).toMatchObject([{ tipo: 'recordatorios', aceptado: false, origen: 'whatsapp' }]);
    await vi.waitFor(() =>
      expect(textsTo(ROSA_WA).at(-1)).toEqual({
        preview_url: false,
        body: MESSAGES_TEXTS.optedOutReply,
      }),
    );
  });
});
