import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  AppointmentStatus,
  CONSENT_MESSAGES,
  limaToday,
  PORTAL_MESSAGES as M,
  type OnlineBookingSettings,
} from '@app/domain';
import {
  appointmentPhotos,
  appointments,
  consents,
  freedSlots,
  portalLinks,
  portalSessions,
  users,
  vaccineProposals,
} from '../../db/schema';
import { hashToken } from '../../auth/sessions';
import { storeUpload } from '../../http/uploads';
import {
  createService,
  limaDay,
  registerGroomer,
  registerOwner,
  type Owner,
} from '../../test/agenda';
import { setupTestApp } from '../../test/app';
import { answerOf, apiClient } from '../../test/http';
import { multipartBody, pngImage } from '../../test/images';
import { mailText, outbox } from '../../test/mail';
import { openPortalSession, PORTAL_CALLS_PER_MINUTE } from './portal-auth';

const ctx = await setupTestApp();
const { app, dataDir } = ctx;
const { db } = ctx.database;

let adminToken: string;
let ana: number;
let bath: number;
let rosa: Owner;
let luis: Owner;
let rosaToken: string;
let luisToken: string;
/**
 * Rosa's and Luis's records: a cita to come, a past one with a photo and a report card, a sale,
 * a pet, a signed consent.
 */
const mine = { future: 0, past: 0, photo: '', sale: 0, signature: 0 };
const theirs = { future: 0, past: 0, photo: '', sale: 0, signature: 0 };

const settings: OnlineBookingSettings = {
  modo: 'automatica',
  aviso_horas: 0,
  horizonte_dias: 30,
  paso_min: 30,
  buffer_min: 0,
  servicios: [],
  paquetes: [],
  politica: 'Cancele con 24 horas de anticipación.',
  cancelar_horas: 24,
};

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

const limaTime = (day: string, hora: string) => new Date(`${day}T${hora}:00-05:00`);

let addresses = 0;
const nextAddress = () => `10.9.0.${(addresses += 1)}`;

async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string | undefined,
  body?: unknown,
) {
  const res = await app.inject({
    method,
    url: `/api${url}`,
    remoteAddress: nextAddress(),
    headers: {
      ...(token ? { authorization: token } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
  return res;
}

const portal = async (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string | undefined,
  body?: unknown,
) => answerOf(await call(method, `/portal${url}`, token, body));

const textOf = (eml: string) => Buffer.from(mailText(eml), 'latin1').toString('utf8');

async function mailsTo(to: string, total: number): Promise<string[]> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const mails = (await outbox(dataDir)).filter((eml) => eml.includes(`\nTo: ${to}\n`));
    if (mails.length >= total || Date.now() > deadline) return mails;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const tokenIn = (eml: string) => /\/mi-cuenta\?token=([A-Za-z0-9_-]{43})/.exec(textOf(eml))?.[1];

/** Asks for a link for the e-mail and answers the token of the newest mail. */
async function linkFor(email: string): Promise<string> {
  const before = (await mailsTo(email, 0)).length;
  const res = answerOf(await call('POST', '/public/portal/enlace', undefined, { email }));
  expect(res.status).toBe(200);
  const mails = await mailsTo(email, before + 1);
  expect(mails).toHaveLength(before + 1);
  const token = tokenIn(mails[mails.length - 1]);
  if (!token) throw new Error('no link in the mail');
  return token;
}

const signInWith = async (token: string) =>
  answerOf(await call('POST', '/public/portal/sesion', undefined, { token }));

async function insertCita(
  owner: Owner,
  inicio: Date,
  id_est: number = AppointmentStatus.Programada,
) {
  const [user] = await db.select({ id: users.id }).from(users).limit(1);
  const [row] = await db
    .insert(appointments)
    .values({
      fec_cita: inicio,
      id_cli: owner.id_cli,
      id_perro: owner.petId,
      id_srv: bath,
      precio: '50.00',
      id_usu: user.id,
      id_emp: ana,
      duracion: 60,
      obs_perro: '',
      fech_reg: limaToday(),
      id_est,
    })
    .returning({ id: appointments.id_cita });
  return row.id;
}

async function addPhoto(id_cita: number) {
  const [user] = await db.select({ id: users.id }).from(users).limit(1);
  const archivo = await storeUpload(db, 'foto', 'png', pngImage());
  await db
    .insert(appointmentPhotos)
    .values({ id_cita, momento: 'antes', archivo, id_usu: user.id });
  return archivo;
}

async function sellTo(owner: Owner) {
  const res = await apiClient(app, adminToken).post('/venta/register', {
    tipo_comp: 'T',
    id_cliente: owner.id_cli,
    items: [{ tipo: 'otro', descripcion: 'Corte de uñas', cantidad: 1, precio: '20.00' }],
    pagos: [{ metodo: 'efectivo', monto: '20.00' }],
  });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body.data.id_venta as number;
}

beforeAll(async () => {
  adminToken = await ctx.signIn();
  const admin = apiClient(app, adminToken);
  ana = (await registerGroomer(admin, 'Ana María')).id_emp;
  bath = await createService(db, 'Baño completo', '50.00');
  const saved = await admin.put('/ajustes/reserva-online', { ...settings, servicios: [bath] });
  if (saved.status !== 200) throw new Error(JSON.stringify(saved.body));
  const consent = await admin.post('/consentimiento/register', {
    titulo: 'Manejo sin sedación',
    texto: 'Entiendo que el salón no seda a las mascotas y que un perro nervioso puede resistirse.',
    aplica: 'anual',
  });
  if (consent.status !== 201) throw new Error(JSON.stringify(consent.body));
  rosa = await registerOwner(admin, 'Rosa', 'Firulais');
  luis = await registerOwner(admin, 'Luis', 'Rocky');
  for (const [owner, records, hora] of [
    [rosa, mine, '10:00'],
    [luis, theirs, '15:00'],
  ] as const) {
    records.future = await insertCita(owner, limaTime(workday(2), hora));
    records.past = await insertCita(
      owner,
      limaTime(limaDay(-3), hora),
      AppointmentStatus.Completada,
    );
    records.photo = await addPhoto(records.past);
    records.sale = await sellTo(owner);
    const card = await admin.post(`/cita/${records.past}/ficha`, {
      pelaje: 'enredado',
      trabajos: ['Baño', 'Corte de uñas'],
      comportamiento: 4,
      proxima_semanas: 6,
    });
    if (card.status !== 201) throw new Error(JSON.stringify(card.body));
    const signed = await admin.post('/consentimiento/firmar', {
      id_consentimiento: consent.body.data.id_consentimiento,
      id_perro: owner.petId,
      firmante: owner.nom_cli,
      firma: `data:image/png;base64,${pngImage().toString('base64')}`,
    });
    if (signed.status !== 201) throw new Error(JSON.stringify(signed.body));
    records.signature = signed.body.data.id;
  }
  rosaToken = (await signInWith(await linkFor(`${rosa.dni}@correo.pe`))).body.data.token as string;
  luisToken = (await openPortalSession(db, luis.id_cli, undefined, new Date())).token;
});

describe('the sign-in link', () => {
  it('answers the same for a known and an unknown address, and mails only the known one', async () => {
    const unknown = 'nadie.registrado@correo.pe';
    const known = `${rosa.dni}@correo.pe`;
    const before = (await mailsTo(known, 0)).length;
    const answers = [];
    for (const email of [unknown, known]) {
      answers.push(answerOf(await call('POST', '/public/portal/enlace', undefined, { email })));
    }
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ status: 'success', data: null, message: M.linkSent });
    }
    const mails = await mailsTo(known, before + 1);
    expect(mails).toHaveLength(before + 1);
    expect(textOf(mails[mails.length - 1])).toContain(
      `http://127.0.0.1:3000/mi-cuenta?token=${tokenIn(mails[mails.length - 1])}`,
    );
    // The known address's mail has gone: the unknown one's would have gone first.
    expect(await mailsTo(unknown, 0)).toEqual([]);
  });

  it('keeps only the hash and opens one session, once', async () => {
    const token = await linkFor(`${rosa.dni}@correo.pe`);
    const stored = await db.select().from(portalLinks).where(eq(portalLinks.id_cli, rosa.id_cli));
    for (const row of stored) {
      expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.token_hash).not.toBe(token);
    }
    const first = await signInWith(token);
    expect(first.status).toBe(200);
    expect(first.body.data.token).toMatch(/^Cliente [A-Za-z0-9_-]{43}$/);
    expect(first.body.data.nombres).toBe('Rosa');
    const again = await signInWith(token);
    expect(again.status).toBe(401);
    expect(again.body.message).toBe(M.linkInvalid);
  });

  it('refuses an expired link and a made-up one', async () => {
    const token = await linkFor(`${luis.dni}@correo.pe`);
    await db
      .update(portalLinks)
      .set({ vence: new Date(Date.now() - 1000) })
      .where(and(eq(portalLinks.id_cli, luis.id_cli), sql`${portalLinks.usado_en} is null`));
    for (const tried of [token, 'x'.repeat(43)]) {
      const res = await signInWith(tried);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ status: 'error', message: M.linkInvalid });
    }
  });
});

describe('the client credential', () => {
  it('opens the portal and nothing else; a staff token opens no portal route', async () => {
    expect((await portal('GET', '/yo', rosaToken)).status).toBe(200);
    for (const token of [adminToken, undefined, rosaToken.replace('Cliente ', 'Bearer ')]) {
      const res = await portal('GET', '/yo', token);
      expect(res.status).toBe(401);
      expect(res.body.message).toBe(M.sessionRequired);
    }
    expect((await call('GET', '/clientes/', rosaToken)).statusCode).toBe(401);
    expect((await call('GET', `/cliente/${rosa.id_cli}`, rosaToken)).statusCode).toBe(401);
  });

  it('ends after 30 days unused, and each use moves the end on', async () => {
    const { token } = await openPortalSession(db, rosa.id_cli, undefined, new Date());
    const hash = { token_hash: hashToken(token.slice('Cliente '.length)) };
    const soon = new Date(Date.now() + 60_000);
    const stale = new Date(Date.now() - 5 * 60_000);
    await db
      .update(portalSessions)
      .set({ expires_at: soon, last_seen_at: stale })
      .where(eq(portalSessions.token_hash, hash.token_hash));
    expect((await portal('GET', '/yo', token)).status).toBe(200);
    const [moved] = await db
      .select()
      .from(portalSessions)
      .where(eq(portalSessions.token_hash, hash.token_hash));
    expect(moved.expires_at.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    await db
      .update(portalSessions)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(portalSessions.token_hash, hash.token_hash));
    expect((await portal('GET', '/yo', token)).status).toBe(401);
  });

  it('is refused with 429 past its calls of a minute, and other clients are not', async () => {
    const marta = await registerOwner(apiClient(app, adminToken), 'Marta', 'Nube');
    const { token } = await openPortalSession(db, marta.id_cli, undefined, new Date());
    for (let call = 0; call < PORTAL_CALLS_PER_MINUTE; call += 1) {
      expect((await portal('GET', '/yo', token)).status).toBe(200);
    }
    const refused = await call('GET', '/portal/yo', token);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ message: string }>().message).toBe(M.tooMany(1));
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await portal('GET', '/yo', luisToken)).status).toBe(200);
  });

  it('is closed by signing out', async () => {
    const { token } = await openPortalSession(db, rosa.id_cli, undefined, new Date());
    expect((await portal('DELETE', '/sesion', token)).status).toBe(200);
    expect((await portal('GET', '/yo', token)).status).toBe(401);
    expect((await portal('GET', '/yo', rosaToken)).status).toBe(200);
  });
});

describe('what the client sees', () => {
  it('answers their data, pets and choices, never another client’s', async () => {
    const res = await portal('GET', '/yo', rosaToken);
    expect(res.body.data).toMatchObject({
      nom_cli: 'Rosa',
      email_cli: `${rosa.dni}@correo.pe`,
      recordatorios: true,
      marketing: false,
    });
    expect(res.body.data.mascotas.map((p: { id_perro: number }) => p.id_perro)).toEqual([
      rosa.petId,
    ]);
  });

  it('stores each changed choice as a consent from the portal', async () => {
    const count = async () =>
      (await db.select().from(consents).where(eq(consents.id_cli, rosa.id_cli))).length;
    const before = await count();
    const res = await portal('PUT', '/preferencias', rosaToken, {
      recordatorios: true,
      marketing: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.marketing).toBe(true);
    expect(res.body.data.consentimientos[0]).toMatchObject({
      tipo: 'marketing',
      aceptado: true,
      origen: 'portal',
    });
    expect(await count()).toBe(before + 1);
    await portal('PUT', '/preferencias', rosaToken, { recordatorios: true, marketing: true });
    expect(await count()).toBe(before + 1);
    const bad = await portal('PUT', '/preferencias', rosaToken, { marketing: 'sí' });
    expect(bad.status).toBe(422);
    expect(await count()).toBe(before + 1);
  });

  it('lists their citas with what the policy allows and the past photos', async () => {
    const res = await portal('GET', '/citas', rosaToken);
    expect(res.status).toBe(200);
    const { proximas, pasadas } = res.body.data;
    expect(proximas.map((c: { id_cita: number }) => c.id_cita)).toEqual([mine.future]);
    expect(proximas[0]).toMatchObject({
      fecha: workday(2),
      hora: '10:00',
      servicio: 'Baño completo',
      mascota: 'Firulais',
      groomer: 'Ana',
      confirmada_en: null,
      puede_cancelar: true,
      puede_reprogramar: true,
    });
    expect(pasadas.map((c: { id_cita: number }) => c.id_cita)).toEqual([mine.past]);
    expect(pasadas[0].fotos.map((f: { nombre: string }) => f.nombre)).toEqual([mine.photo]);
    expect(pasadas[0].ficha).toEqual({
      pelaje: 'enredado',
      trabajos: ['Baño', 'Corte de uñas'],
      comportamiento: 4,
      notas: null,
      // Six weeks after a visit three days ago.
      proxima_fecha: limaDay(39),
    });
    expect(proximas[0].ficha).toBeNull();
    const photo = await call('GET', `/portal/foto/${mine.photo}`, rosaToken);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
  });

  it('lists their signed consents and serves their PDF', async () => {
    const res = await portal('GET', '/firmas', rosaToken);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      expect.objectContaining({
        id: mine.signature,
        titulo: 'Manejo sin sedación',
        mascota: 'Firulais',
        pdf_url: `/api/portal/firma/${mine.signature}/pdf`,
      }),
    ]);
    // Who witnessed it at the counter is the salon's business.
    expect(res.body.data[0]).not.toHaveProperty('testigo');
    const pdf = await call('GET', `/portal/firma/${mine.signature}/pdf`, rosaToken);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });

  it('lists their receipts and serves their PDF', async () => {
    const res = await portal('GET', '/comprobantes', rosaToken);
    expect(res.body.data.map((r: { id_venta: number }) => r.id_venta)).toEqual([mine.sale]);
    expect(res.body.data[0]).toMatchObject({ tipo: 'Nota de venta', total: '20.00', xml: false });
    const pdf = await call('GET', `/portal/comprobante/${mine.sale}/pdf`, rosaToken);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });

  it('answers their data file', async () => {
    const res = await call('GET', '/portal/datos', rosaToken);
    expect(res.statusCode).toBe(200);
    const data = res.json<{ cliente: { dni_cli: string }; ventas: { id_venta: number }[] }>();
    expect(data.cliente.dni_cli).toBe(rosa.dni);
    expect(data.ventas.map((v) => v.id_venta)).toEqual([mine.sale]);
  });

  it('queues a vaccine card for the salon, with its picture', async () => {
    const send = async (files: boolean) => {
      const { payload, contentType } = await multipartBody(
        { nombre: 'Antirrábica', fecha_aplicacion: limaDay(-10), fecha_vence: limaDay(355) },
        files
          ? [{ name: 'comprobante', filename: 'carne.png', type: 'image/png', bytes: pngImage() }]
          : [],
      );
      return app.inject({
        method: 'POST',
        url: `/api/portal/mascota/${rosa.petId}/vacuna`,
        headers: { authorization: rosaToken, 'content-type': contentType },
        payload,
      });
    };
    const missing = answerOf(await send(false));
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ comprobante: [M.cardRequired] });
    const res = answerOf(await send(true));
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ nombre: 'Antirrábica', estado: 'pendiente' });
    const rows = await db
      .select()
      .from(vaccineProposals)
      .where(eq(vaccineProposals.id_perro, rosa.petId));
    expect(rows).toHaveLength(1);
  });
});

describe('what the client does with a cita', () => {
  it('confirms it, and a second tap answers the same', async () => {
    const first = await portal('POST', `/cita/${mine.future}/confirmar`, rosaToken);
    expect(first.status).toBe(200);
    expect(first.body.data.confirmada_en).not.toBeNull();
    const again = await portal('POST', `/cita/${mine.future}/confirmar`, rosaToken);
    expect(again.status).toBe(200);
    expect(again.body.data.confirmada_en).toBe(first.body.data.confirmada_en);
  });

  it('moves it to a free time, keeping the groomer, also over its own time', async () => {
    const res = await portal('POST', `/cita/${mine.future}/reprogramar`, rosaToken, {
      fecha: workday(2),
      hora: '10:30',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ hora: '10:30', groomer: 'Ana', confirmada_en: null });
    const [row] = await db.select().from(appointments).where(eq(appointments.id_cita, mine.future));
    expect(row.fec_cita.toISOString()).toBe(limaTime(workday(2), '10:30').toISOString());
  });

  it('refuses a time taken by another visit with 409', async () => {
    const res = await portal('POST', `/cita/${mine.future}/reprogramar`, rosaToken, {
      fecha: workday(2),
      hora: '15:00',
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(M.slotTaken);
    const bad = await portal('POST', `/cita/${mine.future}/reprogramar`, rosaToken, {
      fecha: 'mañana',
      hora: '25:00',
    });
    expect(bad.status).toBe(422);
  });

  it('cancels within the policy, once; not within 24 hours of the visit', async () => {
    const res = await portal('POST', `/cita/${mine.future}/cancelar`, rosaToken);
    expect(res.status).toBe(200);
    expect(res.body.data.estado).toBe(AppointmentStatus.Cancelada);
    // Its time is listed for the desk to offer to the waitlist.
    const [freed] = await db
      .select({ canal: freedSlots.canal })
      .from(freedSlots)
      .where(eq(freedSlots.id_cita, mine.future));
    expect(freed).toEqual({ canal: 'mi_cuenta' });
    const again = await portal('POST', `/cita/${mine.future}/cancelar`, rosaToken);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(M.alreadyCancelled);
    const soon = await insertCita(rosa, new Date(Date.now() + 2 * 3_600_000));
    const late = await portal('POST', `/cita/${soon}/cancelar`, rosaToken);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(M.tooLateToCancel);
  });
});

describe('another client’s records are not found (IDOR)', () => {
  it.each([
    ['POST', 'confirm their cita', () => `/cita/${theirs.future}/confirmar`, M.appointmentNotFound],
    ['POST', 'cancel their cita', () => `/cita/${theirs.future}/cancelar`, M.appointmentNotFound],
    [
      'POST',
      'confirm their past cita',
      () => `/cita/${theirs.past}/confirmar`,
      M.appointmentNotFound,
    ],
    ['GET', 'their photo', () => `/foto/${theirs.photo}`, M.photoNotFound],
    [
      'GET',
      'their signed consent',
      () => `/firma/${theirs.signature}/pdf`,
      CONSENT_MESSAGES.signatureNotFound,
    ],
    ['GET', 'their receipt PDF', () => `/comprobante/${theirs.sale}/pdf`, M.receiptNotFound],
    ['GET', 'their receipt XML', () => `/comprobante/${theirs.sale}/xml`, M.receiptNotFound],
  ] as const)('%s: %s', async (method, _what, url, message) => {
    const res = await portal(method, url(), rosaToken);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ status: 'error', message });
  });

  it('does not move another client’s cita', async () => {
    const res = await portal('POST', `/cita/${theirs.future}/reprogramar`, rosaToken, {
      fecha: workday(3),
      hora: '11:00',
    });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(M.appointmentNotFound);
  });

  it('does not take a vaccine card for another client’s pet', async () => {
    const { payload, contentType } = await multipartBody(
      { nombre: 'Antirrábica', fecha_aplicacion: limaDay(-10), fecha_vence: limaDay(355) },
      [{ name: 'comprobante', filename: 'carne.png', type: 'image/png', bytes: pngImage() }],
    );
    const res = answerOf(
      await app.inject({
        method: 'POST',
        url: `/api/portal/mascota/${luis.petId}/vacuna`,
        headers: { authorization: rosaToken, 'content-type': contentType },
        payload,
      }),
    );
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(M.petNotFound);
    const rows = await db
      .select()
      .from(vaccineProposals)
      .where(eq(vaccineProposals.id_perro, luis.petId));
    expect(rows).toEqual([]);
  });

  it('leaves the other client’s cita as it was', async () => {
    const [row] = await db
      .select({ id_est: appointments.id_est, confirmada_en: appointments.confirmada_en })
      .from(appointments)
      .where(eq(appointments.id_cita, theirs.future));
    expect(row).toEqual({ id_est: AppointmentStatus.Programada, confirmada_en: null });
  });

  it('lists only the own records, and the other client sees theirs', async () => {
    const lists = async (token: string) => ({
      citas: (await portal('GET', '/citas', token)).body.data,
      recibos: (await portal('GET', '/comprobantes', token)).body.data,
      firmas: (await portal('GET', '/firmas', token)).body.data,
      yo: (await portal('GET', '/yo', token)).body.data,
      datos: (await call('GET', '/portal/datos', token)).json<{ cliente: { id_cli: number } }>(),
    });
    const seen = JSON.stringify(await lists(rosaToken));
    for (const id of [theirs.photo, `"id_venta":${theirs.sale}`, `"id_perro":${luis.petId}`]) {
      expect(seen).not.toContain(id);
    }
    expect(seen).not.toContain(`"id_cita":${theirs.future}`);
    const other = await lists(luisToken);
    expect(other.citas.proximas.map((c: { id_cita: number }) => c.id_cita)).toEqual([
      theirs.future,
    ]);
    expect(other.recibos.map((r: { id_venta: number }) => r.id_venta)).toEqual([theirs.sale]);
    expect(other.datos.cliente.id_cli).toBe(luis.id_cli);
  });
});
