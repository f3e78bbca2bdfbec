import { and, eq, sql } from 'drizzle-orm';
import { inflateSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addWorkingDays,
  COMPLAINT_MESSAGES as M,
  COMPLAINT_TEXTS,
  DNI_MESSAGES,
  limaToday,
  MONEY_MESSAGES,
  NOTIFICATION_TEXTS,
  ONLY_LETTERS,
  SETTINGS_MESSAGES,
  workingDaysBetween,
} from '@app/domain';
import { auditEntries, complaints, complaintYears, holidays } from '../../db/schema';
import { INVALID_INPUT } from '../../http/errors';
import { setupTestApp } from '../../test/app';
import { saveCompany } from '../../test/billing';
import { csvRows, download, xlsxRows } from '../../test/files';
import { answerOf, apiClient } from '../../test/http';
import { mailText, outbox } from '../../test/mail';
import { FILINGS_PER_HOUR, nextComplaintNumber } from './complaints';

const ctx = await setupTestApp();
const { app, dataDir } = ctx;
const db = ctx.database.db;
let admin: ReturnType<typeof apiClient>;
let adminToken: string;
let desk: ReturnType<typeof apiClient>;

const YEAR = limaToday().slice(0, 4);

beforeAll(async () => {
  await saveCompany(db, '20123456789');
  adminToken = await ctx.signIn();
  admin = apiClient(app, adminToken);
  desk = apiClient(app, await ctx.signIn('recepcion'));
});

const HOJA = {
  tipo_doc: 'DNI',
  doc: '45678912',
  nombres: 'Ana María',
  apellidos: 'Quispe Rojas',
  direccion: 'Av. Arequipa 123, Lima',
  telefono: '987654321',
  email: 'ana@correo.pe',
  menor: false,
  bien: 'servicio',
  monto: '80',
  descripcion: 'Baño y corte de Firulais',
  tipo: 'queja',
  detalle: 'Me hicieron esperar una hora y la recepcionista me trató mal.',
  pedido: 'Una disculpa y mejor atención',
  acepta: true,
};

let addresses = 0;
/** Each filing from its own address unless told: the per-address limit has tests of its own. */
function nextAddress() {
  addresses += 1;
  return `10.1.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
}

/** `POST /api/public/reclamo` as the public page sends it: plain JSON, no session. */
async function file(body: object, remoteAddress = nextAddress()) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/public/reclamo',
    remoteAddress,
    headers: { 'content-type': 'application/vnd.api+json' },
    payload: JSON.stringify(body),
  });
  return { ...answerOf(res), headers: res.headers };
}

const storedCount = async () =>
  Number((await db.select({ n: sql<number>`count(*)` }).from(complaints))[0].n);

const idOf = async (numero: string) => {
  const [anio, numeroText] = numero.split('-');
  const [row] = await db
    .select({ id: complaints.id })
    .from(complaints)
    .where(and(eq(complaints.anio, Number(anio)), eq(complaints.numero, Number(numeroText))));
  return row.id;
};

const holidaySet = async () =>
  new Set((await db.select({ fecha: holidays.fecha }).from(holidays)).map((h) => h.fecha));

/**
 * The mails sent to `to` (whose subject has `about`, when given) once there are `count` of them:
 * mails go after the answer.
 */
async function mailsTo(to: string, count: number, about = ''): Promise<string[]> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const mails = (await outbox(dataDir)).filter(
      (eml) => eml.includes(`\nTo: ${to}\n`) && subjectOf(eml).includes(about),
    );
    if (mails.length >= count || Date.now() > deadline) return mails;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A message's text, its UTF-8 undone too (mailText leaves each quoted byte a character). */
const textOf = (eml: string) => Buffer.from(mailText(eml), 'latin1').toString('utf8');

/** A message's decoded subject (RFC 2047, quoted-printable words). */
function subjectOf(eml: string): string {
  const header = /\nSubject: ((?:.*)(?:\n .*)*)/.exec(eml)?.[1] ?? '';
  return header
    .replace(/\?=\s+=\?UTF-8\?Q\?/g, '')
    .replace(/=\?UTF-8\?Q\?(.*?)\?=/g, (_, text: string) =>
      Buffer.from(
        text
          .replace(/_/g, ' ')
          .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      ).toString('utf8'),
    );
}

/** The attachment `filename` of a message, decoded. */
function attachmentOf(eml: string, filename: string): Buffer {
  const start = eml.indexOf(`filename=${filename}`);
  expect(start, `no attachment ${filename}`).toBeGreaterThan(-1);
  const body = eml.slice(eml.indexOf('\n\n', start) + 2);
  return Buffer.from(body.slice(0, body.indexOf('\n--')).replace(/\s+/g, ''), 'base64');
}

/** The text a PDF shows: pdfkit's deflated content streams, their hex strings as WinAnsi. */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  for (const stream of raw.matchAll(/stream\n([\s\S]*?)\nendstream/g)) {
    const content = inflateSync(Buffer.from(stream[1], 'latin1')).toString('latin1');
    for (const shown of content.matchAll(/\[(.*?)\] TJ/g)) {
      const hex = [...shown[1].matchAll(/<([0-9a-f]*)>/gi)].map((h) => h[1]).join('');
      lines.push(Buffer.from(hex, 'hex').toString('latin1'));
    }
  }
  return lines.join('\n');
}

describe('filing a hoja (public)', () => {
  it('numbers ten filings at once gapless from the year’s first', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => file({ ...HOJA, nombres: `Ana ${'I'.repeat(i + 1)}` })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    const numbers = answers.map((a) => a.body.data.numero as string).sort();
    expect(numbers).toEqual(
      Array.from({ length: 10 }, (_, i) => `${YEAR}-${String(i + 1).padStart(6, '0')}`),
    );
    const [year] = await db
      .select()
      .from(complaintYears)
      .where(eq(complaintYears.anio, Number(YEAR)));
    expect(year.ultimo).toBe(10);
  });

  it('starts each year at 1, and a number taken by a filing that rolls back is not spent', async () => {
    await expect(
      db.transaction(async (tx) => {
        expect(await nextComplaintNumber(tx, 2031)).toBe(1);
        expect(await nextComplaintNumber(tx, 2031)).toBe(2);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await db.transaction(async (tx) => {
      expect(await nextComplaintNumber(tx, 2031)).toBe(1);
    });
    const current = await db.transaction((tx) => nextComplaintNumber(tx, Number(YEAR)));
    expect(current).toBe(11);
    // Given back: the test took the current year's number without a hoja.
    await db
      .update(complaintYears)
      .set({ ultimo: 10 })
      .where(eq(complaintYears.anio, Number(YEAR)));
  });

  it('answers the number, the filing time and the due date 15 working days later, no session needed', async () => {
    const before = Date.now();
    const res = await file(HOJA);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      status: 'success',
      data: { numero: `${YEAR}-000011`, fecha: res.body.data.fecha, vence: res.body.data.vence },
      message: M.filed(`${YEAR}-000011`),
    });
    expect(Date.parse(res.body.data.fecha)).toBeGreaterThanOrEqual(before);
    expect(res.body.data.vence).toBe(addWorkingDays(limaToday(), 15, await holidaySet()));

    const [entry] = await db
      .select()
      .from(auditEntries)
      .where(
        and(
          eq(auditEntries.entidad, 'reclamo'),
          eq(auditEntries.entidad_id, await idOf(`${YEAR}-000011`)),
        ),
      );
    expect(entry).toMatchObject({ id_usu: null, login: 'público', accion: 'crear' });
  });

  it('e-mails the consumer the hoja as a PDF at once, and the company a copy', async () => {
    const numero = (
      await file({
        ...HOJA,
        email: 'pdf@correo.pe',
        menor: true,
        apoderado: { nombre: 'Rosa Rojas', tipo_doc: 'CE', doc: '001234567' },
      })
    ).body.data.numero as string;
    const [mail] = await mailsTo('pdf@correo.pe', 1);
    expect(subjectOf(mail)).toBe(`Hoja de reclamación N° ${numero}`);
    const text = textOf(mail);
    expect(text).toContain(`hoja de reclamación N° ${numero}`);
    expect(text).toContain(COMPLAINT_TEXTS.otherRemedies);
    const pdf = attachmentOf(mail, `hoja-reclamacion-${numero}.pdf`);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const shown = pdfText(pdf);
    for (const line of [
      `HOJA DE RECLAMACIÓN N° ${numero}`,
      'Peluquería Canina Huellitas',
      'RUC 20123456789',
      'Av. Benavides 1234, Miraflores',
      'Ana María Quispe Rojas',
      'DNI 45678912',
      'Rosa Rojas',
      'Carné de extranjería 001234567',
      'S/. 80.00',
      'Baño y corte de Firulais',
      'Me hicieron esperar una hora',
      'Una disculpa y mejor atención',
      'Pendiente de respuesta.',
    ]) {
      expect(shown).toContain(line);
    }
    // Long notes wrap: their words are all there, in order.
    const words = shown.replace(/\s+/g, ' ');
    expect(words).toContain(COMPLAINT_TEXTS.otherRemedies);
    expect(words).toContain(COMPLAINT_TEXTS.answerTerm);

    const copies = await mailsTo('contacto@huellitas.pe', 1, numero);
    expect(copies).toHaveLength(1);
    expect(subjectOf(copies[0])).toBe(`Nueva hoja de reclamación N° ${numero}`);
    expect(
      attachmentOf(copies[0], `hoja-reclamacion-${numero}.pdf`).subarray(0, 5).toString(),
    ).toBe('%PDF-');
  });

  const refused: [string, object, string, string][] = [
    ['an unknown document type', { tipo_doc: 'LE' }, 'tipo_doc', M.docTypeInvalid],
    ['a missing document', { doc: '' }, 'doc', M.docRequired],
    ['a DNI of 4 digits', { doc: '4567' }, 'doc', DNI_MESSAGES.length],
    ['a DNI of equal digits', { doc: '11111111' }, 'doc', DNI_MESSAGES.equal],
    [
      'a RUC whose check digit fails',
      { tipo_doc: 'RUC', doc: '20123456788' },
      'doc',
      SETTINGS_MESSAGES.rucCheckDigit,
    ],
    ['a short carné de extranjería', { tipo_doc: 'CE', doc: '1234' }, 'doc', M.ceLength],
    [
      'a passport with symbols',
      { tipo_doc: 'Pasaporte', doc: 'AB#12345' },
      'doc',
      M.passportLength,
    ],
    ['missing names', { nombres: '  ' }, 'nombres', M.namesRequired],
    ['names with digits', { nombres: 'Ana 2' }, 'nombres', ONLY_LETTERS],
    ['missing surnames', { apellidos: '' }, 'apellidos', M.surnamesRequired],
    ['a short address', { direccion: 'Av' }, 'direccion', M.addressMin],
    ['a phone of letters', { telefono: 'no tengo' }, 'telefono', M.phoneInvalid],
    ['a bad e-mail', { email: 'ana-correo.pe' }, 'email', M.emailInvalid],
    ['a minor that is not a yes or no', { menor: 'quizá' }, 'menor', M.minorInvalid],
    ['neither product nor service', { bien: 'otro' }, 'bien', M.goodInvalid],
    ['a negative amount', { monto: '-5' }, 'monto', M.amountMin],
    ['an amount of three decimals', { monto: '12.345' }, 'monto', MONEY_MESSAGES.format],
    ['a missing description', { descripcion: '' }, 'descripcion', M.descriptionRequired],
    ['another kind', { tipo: 'sugerencia' }, 'tipo', M.kindInvalid],
    ['a detail too short', { detalle: 'Mal' }, 'detalle', M.detailMin],
    ['a detail too long', { detalle: 'a'.repeat(3001) }, 'detalle', M.detailMax],
    ['a missing request', { pedido: '' }, 'pedido', M.requestRequired],
    ['the terms not accepted', { acepta: false }, 'acepta', M.acceptRequired],
    ['the terms missing', { acepta: undefined }, 'acepta', M.acceptRequired],
    ['a minor without a guardian', { menor: true }, 'apoderado', M.guardianRequired],
    [
      'a guardian whose DNI is short',
      { menor: true, apoderado: { nombre: 'Rosa Rojas', tipo_doc: 'DNI', doc: '123' } },
      'apoderado.doc',
      DNI_MESSAGES.length,
    ],
    [
      'a guardian without a name',
      { menor: true, apoderado: { nombre: '', tipo_doc: 'DNI', doc: '41234567' } },
      'apoderado.nombre',
      M.guardianNameRequired,
    ],
  ];

  it.each(refused)('refuses %s, and stores nothing', async (_name, change, field, message) => {
    const before = await storedCount();
    const res = await file({ ...HOJA, ...change });
    expect(res.status).toBe(422);
    expect(res.body.errors[field]).toContain(message);
    expect(await storedCount()).toBe(before);
  });

  it('keeps a minor’s guardian, and not the guardian sent for an adult', async () => {
    const guardian = { nombre: 'Rosa Rojas', tipo_doc: 'DNI', doc: '41234567' };
    const minor = await file({ ...HOJA, menor: true, apoderado: guardian, monto: '' });
    const adult = await file({ ...HOJA, apoderado: guardian });
    const minorHoja = (await admin.get(`/reclamo/${await idOf(minor.body.data.numero)}`)).body.data;
    expect(minorHoja).toMatchObject({ menor: true, apoderado: guardian, monto: null });
    const adultHoja = (await admin.get(`/reclamo/${await idOf(adult.body.data.numero)}`)).body.data;
    expect(adultHoja).toMatchObject({ menor: false, apoderado: null, monto: '80.00' });
  });

  it('refuses a filled honeypot with the generic 422, storing and mailing nothing', async () => {
    const before = await storedCount();
    const res = await file({ ...HOJA, email: 'bot@spam.pe', sitio_web: 'http://spam.example' });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ status: 'error', message: INVALID_INPUT });
    expect(await storedCount()).toBe(before);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await mailsTo('bot@spam.pe', 0)).toEqual([]);
  });

  it(`takes ${FILINGS_PER_HOUR} hojas an hour from one address, then 429 in Spanish`, async () => {
    const address = '10.9.9.9';
    for (let i = 0; i < FILINGS_PER_HOUR; i++) expect((await file(HOJA, address)).status).toBe(201);
    const before = await storedCount();
    const refused = await file(HOJA, address);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ status: 'error', message: M.tooMany(60) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    expect(await storedCount()).toBe(before);
    // Another address files.
    expect((await file(HOJA)).status).toBe(201);
  });
});

describe('what the public routes reveal', () => {
  it('gives the page’s header only: razón social, RUC and address', async () => {
    const res = answerOf(await app.inject({ method: 'GET', url: '/api/public/reclamo/empresa' }));
    expect(res).toEqual({
      status: 200,
      body: {
        status: 'success',
        data: {
          razon_social: 'Peluquería Canina Huellitas',
          ruc: '20123456789',
          direccion: 'Av. Benavides 1234, Miraflores',
        },
      },
    });
  });

  it('reaches no hoja without a session', async () => {
    const id = await idOf(`${YEAR}-000001`);
    for (const url of [
      '/api/reclamos',
      `/api/reclamo/${id}`,
      `/api/reclamo/${id}/pdf`,
      '/api/reclamos/export?formato=csv',
      '/api/feriados',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
      expect(res.body).not.toContain('Ana');
    }
    for (const url of [`/api/public/reclamo/${id}`, `/api/public/reclamo?numero=${YEAR}-000001`]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('Ana');
    }
  });

  it('keeps the book from the front desk', async () => {
    const id = await idOf(`${YEAR}-000001`);
    expect((await desk.get('/reclamos')).status).toBe(403);
    expect((await desk.get(`/reclamo/${id}`)).status).toBe(403);
    expect(
      (await desk.post(`/reclamo/${id}/responder`, { respuesta: 'x'.repeat(30) })).status,
    ).toBe(403);
    expect((await desk.get('/feriados')).status).toBe(403);
  });
});

describe('the staff’s book', () => {
  it('lists the hojas newest first with their due dates in working days', async () => {
    const res = await admin.get('/reclamos?per_page=5');
    expect(res.status).toBe(200);
    const page = res.body.data;
    expect(page.per_page).toBe(5);
    expect(page.total).toBe(await storedCount());
    const [row] = page.data;
    expect(Object.keys(row).sort()).toEqual(
      [
        'id',
        'numero',
        'fecha',
        'consumidor',
        'tipo_doc',
        'doc',
        'tipo',
        'bien',
        'vence',
        'dias_habiles_restantes',
        'vencido',
        'por_vencer',
        'estado',
        'respondido_at',
      ].sort(),
    );
    expect(row).toMatchObject({
      consumidor: 'Ana María Quispe Rojas',
      tipo_doc: 'DNI',
      tipo: 'queja',
      bien: 'servicio',
      estado: 'pendiente',
      vencido: false,
      por_vencer: false,
      respondido_at: null,
      dias_habiles_restantes: workingDaysBetween(limaToday(), row.vence, await holidaySet()),
    });
    expect(row.dias_habiles_restantes).toBe(15);
    const ids = page.data.map((r: { id: number }) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('filters by state, kind and filing days', async () => {
    const reclamo = await file({ ...HOJA, tipo: 'reclamo', bien: 'producto' });
    const numbers = async (query: string) =>
      (
        (await admin.get(`/reclamos?per_page=100&${query}`)).body.data.data as { numero: string }[]
      ).map((r) => r.numero);
    expect(await numbers('tipo=reclamo')).toEqual([reclamo.body.data.numero]);
    expect((await numbers('tipo=queja')).length).toBe((await storedCount()) - 1);
    expect(await numbers('estado=respondido')).toEqual([]);
    expect((await numbers(`desde=${limaToday()}&hasta=${limaToday()}`)).length).toBe(
      await storedCount(),
    );
    expect(await numbers('hasta=2020-01-01')).toEqual([]);
    const bad = await admin.get('/reclamos?estado=cerrado&desde=2026-02-30');
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ estado: [M.stateInvalid], desde: [M.dateFormat] });
  });

  it('marks red an open hoja due within 3 working days or late, and rings the bell for admins only', async () => {
    const holidayDays = await holidaySet();
    const today = limaToday();
    const soon = await idOf((await file(HOJA)).body.data.numero);
    const late = await idOf((await file(HOJA)).body.data.numero);
    // Filed weeks ago, as far as their due dates tell.
    await db
      .update(complaints)
      .set({ vence: addWorkingDays(today, 3, holidayDays) })
      .where(eq(complaints.id, soon));
    await db.update(complaints).set({ vence: '2026-01-05' }).where(eq(complaints.id, late));
    const soonHoja = (await admin.get(`/reclamo/${soon}`)).body.data;
    expect(soonHoja).toMatchObject({ dias_habiles_restantes: 3, por_vencer: true, vencido: false });
    const lateHoja = (await admin.get(`/reclamo/${late}`)).body.data;
    expect(lateHoja).toMatchObject({ por_vencer: true, vencido: true });
    expect(lateHoja.dias_habiles_restantes).toBe(
      workingDaysBetween(today, '2026-01-05', holidayDays),
    );
    expect(lateHoja.dias_habiles_restantes).toBeLessThan(0);

    const bell = (await admin.get('/notificaciones')).body.data.items;
    expect(bell).toContainEqual({
      tipo: 'reclamos_por_vencer',
      texto: NOTIFICATION_TEXTS.complaintsDue(2),
      enlace: '/reclamos?estado=pendiente&tipo=&desde=&hasta=',
      cantidad: 2,
    });
    const deskBell = (await desk.get('/notificaciones')).body.data.items;
    expect(deskBell.map((n: { tipo: string }) => n.tipo)).not.toContain('reclamos_por_vencer');

    // Answered, they leave the bell.
    for (const id of [soon, late]) {
      expect(
        (
          await admin.post(`/reclamo/${id}/responder`, {
            respuesta: 'Le pedimos disculpas por la demora.',
          })
        ).status,
      ).toBe(200);
    }
    const after = (await admin.get('/notificaciones')).body.data.items;
    expect(after.map((n: { tipo: string }) => n.tipo)).not.toContain('reclamos_por_vencer');
  });

  it('reads one hoja whole; 404 for one that does not exist', async () => {
    const id = await idOf(`${YEAR}-000011`);
    const res = await admin.get(`/reclamo/${id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id,
      numero: `${YEAR}-000011`,
      nombres: 'Ana María',
      apellidos: 'Quispe Rojas',
      direccion: 'Av. Arequipa 123, Lima',
      telefono: '987654321',
      email: 'ana@correo.pe',
      descripcion: HOJA.descripcion,
      detalle: HOJA.detalle,
      pedido: HOJA.pedido,
      respuesta: null,
      respondido_por: null,
    });
    const missing = await admin.get('/reclamo/999999');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(M.notFound);
  });

  it('answers a hoja once: audited, mailed to the consumer with the PDF, closed', async () => {
    const numero = (await file({ ...HOJA, email: 'respuesta@correo.pe' })).body.data
      .numero as string;
    const id = await idOf(numero);
    const short = await admin.post(`/reclamo/${id}/responder`, { respuesta: 'Lo sentimos' });
    expect(short.status).toBe(422);
    expect(short.body.errors.respuesta).toEqual([M.answerMin]);

    const respuesta =
      'Lamentamos la espera. Hemos reforzado el turno de la tarde y le ofrecemos un baño gratis.';
    // Two answers at once: the first locks the hoja, the second finds it answered.
    const [first, second] = await Promise.all([
      admin.post(`/reclamo/${id}/responder`, { respuesta }),
      admin.post(`/reclamo/${id}/responder`, { respuesta: `${respuesta} (otra)` }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const [ok, refused] = first.status === 200 ? [first, second] : [second, first];
    expect(refused.body.message).toBe(M.alreadyAnswered);
    expect(ok.body.message).toBe(M.answered);
    // Either may come first; the one that did is the answer for good.
    const kept = ok === first ? respuesta : `${respuesta} (otra)`;
    expect(ok.body.data).toMatchObject({
      estado: 'respondido',
      respuesta: kept,
      respondido_por: 'Administrador Del Sistema',
      dias_habiles_restantes: null,
      por_vencer: false,
    });
    expect(ok.body.data.respondido_at).toEqual(expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/));
    expect((await admin.post(`/reclamo/${id}/responder`, { respuesta })).status).toBe(409);

    const [entry] = await db
      .select()
      .from(auditEntries)
      .where(
        and(
          eq(auditEntries.entidad, 'reclamo'),
          eq(auditEntries.entidad_id, id),
          eq(auditEntries.accion, 'editar'),
        ),
      );
    expect(entry.detalle).toBe(`Respuesta a la hoja de reclamación N° ${numero}`);
    expect(entry.cambios).toMatchObject({ respuesta: { antes: null, despues: kept } });

    const answers = await mailsTo('respuesta@correo.pe', 1, 'Respuesta');
    expect(answers).toHaveLength(1);
    const [answer] = answers;
    expect(subjectOf(answer)).toBe(`Respuesta a su hoja de reclamación N° ${numero}`);
    expect(textOf(answer)).toContain(kept);
    const pdf = pdfText(attachmentOf(answer, `hoja-reclamacion-${numero}.pdf`));
    expect(pdf).toContain('Lamentamos la espera.');
    expect(pdf).not.toContain('Pendiente de respuesta.');

    expect(
      (await admin.get(`/reclamos?estado=respondido&per_page=100`)).body.data.data.map(
        (r: { id: number }) => r.id,
      ),
    ).toContain(id);
  });

  it('downloads a hoja as a PDF', async () => {
    const id = await idOf(`${YEAR}-000001`);
    const res = await download(app, adminToken, `/reclamo/${id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(pdfText(res.rawPayload)).toContain(`HOJA DE RECLAMACIÓN N° ${YEAR}-000001`);
  });

  it('exports the book as CSV and xlsx, audited', async () => {
    const csv = await download(app, adminToken, '/reclamos/export?formato=csv&tipo=reclamo');
    expect(csv.statusCode).toBe(200);
    const rows = csvRows(csv.rawPayload);
    expect(rows[0].slice(0, 4)).toEqual(['N°', 'Fecha', 'Tipo', 'Consumidor']);
    expect(rows).toHaveLength(2);
    expect(rows[1][2]).toBe('Reclamo');
    expect(rows[1][rows[0].indexOf('Bien')]).toBe('Producto');
    expect(rows[1][rows[0].indexOf('Estado')]).toBe('Pendiente');

    const xlsx = await download(app, adminToken, '/reclamos/export?formato=xlsx');
    expect(xlsx.statusCode).toBe(200);
    const sheet = await xlsxRows(xlsx.rawPayload);
    expect(sheet).toHaveLength((await storedCount()) + 1);

    const exported = await db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entidad, 'reclamo'), eq(auditEntries.accion, 'exportar')));
    expect(exported.map((e) => e.detalle)).toEqual([
      'Libro de Reclamaciones (csv): tipo=reclamo',
      'Libro de Reclamaciones (xlsx): sin filtros',
    ]);
  });
});

describe('holidays', () => {
  it('lists a year’s, seeded with the national ones', async () => {
    const res = await admin.get('/feriados?anio=2026');
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(16);
    expect(res.body.data[0]).toEqual({ fecha: '2026-01-01', nombre: 'Año Nuevo' });
    expect(res.body.data.map((h: { fecha: string }) => h.fecha)).toContain('2026-07-28');
  });

  it('adds one, which the next due dates skip; refuses it twice; removes it', async () => {
    const before = await holidaySet();
    const today = limaToday();
    const regional = addWorkingDays(today, 5, before);
    const created = await admin.raw('POST', '/feriado', {
      fecha: regional,
      nombre: 'Feriado regional',
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      status: 'success',
      data: { fecha: regional, nombre: 'Feriado regional' },
      message: M.holidaySaved,
    });
    const again = await admin.raw('POST', '/feriado', { fecha: regional, nombre: 'Otra vez' });
    expect(again.status).toBe(409);
    expect(again.body.errors).toEqual({ fecha: [M.holidayExists] });

    const filed = await file(HOJA);
    expect(filed.body.data.vence).toBe(addWorkingDays(today, 15, new Set([...before, regional])));
    expect(filed.body.data.vence > addWorkingDays(today, 15, before)).toBe(true);

    const removed = await admin.delete(`/feriado/${regional}`);
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe(M.holidayDeleted);
    expect((await admin.delete(`/feriado/${regional}`)).status).toBe(404);

    const actions = await db
      .select({ accion: auditEntries.accion })
      .from(auditEntries)
      .where(eq(auditEntries.entidad, 'feriado'));
    expect(actions.map((a) => a.accion)).toEqual(['crear', 'eliminar']);
  });

  it('refuses a day that does not exist and a missing name', async () => {
    const res = await admin.raw('POST', '/feriado', { fecha: '2026-02-30', nombre: '' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      fecha: [M.holidayDateInvalid],
      nombre: [M.holidayNameRequired],
    });
    expect((await admin.delete('/feriado/2026-13-01')).status).toBe(422);
  });
});
