import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ELECTRONIC_RECEIPT_MESSAGES as M,
  limaToday,
  NOTIFICATION_LINKS,
  SALE_MESSAGES,
  type Dashboard,
  type ElectronicReceipt,
  type Sale,
  type SendingAttempt,
} from '@app/domain';
import { buildApp } from '../../app';
import { auditEntries, creditNotes, sales, sendingAttempts } from '../../db/schema';
import { openTestDatabase, testConfig, TEST_PASSWORD } from '../../test/app';
import { download } from '../../test/files';
import { apiClient } from '../../test/http';
import { saveBilling, saveCompany, signWithTestCertificate } from '../../test/billing';
import { notificationsFor } from '../notifications';
import { zipDocument } from './sunat-zip';

/*
 * CAJA › 'Comprobantes electrónicos' (DESIGN §11.2): the electronic documents and where SUNAT left
 * them, each one's attempts, a resend that wakes the sender, SUNAT's CDR as a download; the bell's
 * notice of those not accepted a day after their issue, and the dashboard's count of today's.
 * The sender is not running here: each state is arranged on the rows themselves.
 */

const database = await openTestDatabase();
const wakeSender = vi.fn<() => void>();
const app = await buildApp({
  db: database.db,
  config: testConfig(mkdtempSync(join(tmpdir(), 'groomer-test-'))),
  wakeSender,
});
const { db } = database;
afterAll(async () => {
  await app.close();
  await database.close();
});

async function signIn(login: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { json: JSON.stringify({ login, password: TEST_PASSWORD }) },
  });
  return res.json<{ data: string }>().data;
}

const RUC = '20131312955';
let adminToken: string;
let admin: ReturnType<typeof apiClient>;
let recepcionToken: string;
let recepcion: ReturnType<typeof apiClient>;
let groomerToken: string;

const walkIn = (tipo_comp: 'B' | 'T', precio: string) => ({
  tipo_comp,
  items: [{ tipo: 'otro', descripcion: 'Corte de uñas', cantidad: 1, precio }],
  pagos: [{ metodo: 'efectivo', monto: precio }],
});
const factura = {
  tipo_comp: 'F',
  doc: '20100070970',
  nombre: 'Distribuidora Los Andes S.A.C.',
  items: [{ tipo: 'otro', descripcion: 'Baño y corte (convenio)', cantidad: 1, precio: '59.90' }],
  pagos: [{ metodo: 'transferencia', monto: '59.90' }],
};

async function sell(body: object): Promise<Sale> {
  const res = await recepcion.post('/venta/register', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as Sale;
}

/** A CDR zip as SUNAT sends one: `R-RUC-TT-SERIE-NUMERO.zip` holding its ApplicationResponse. */
const cdrZip = (name: string) =>
  Buffer.from(zipDocument(`R-${name}`, '<ApplicationResponse/>')).toString('base64');

type Arranged = Partial<
  Pick<
    typeof sales.$inferInsert,
    'cpe_estado' | 'cpe_codigo' | 'cpe_mensaje' | 'cpe_intentos' | 'cpe_siguiente' | 'cpe_cdr'
  >
>;
const arrangeSale = (id: number, values: Arranged) =>
  db.update(sales).set(values).where(eq(sales.id_venta, id));
const arrangeNote = (id: number, values: Arranged) =>
  db.update(creditNotes).set(values).where(eq(creditNotes.id_nota, id));

const DAY_MS = 86_400_000;
/** A day long past, so its documents stand apart from today's. */
const PAST_DAY = '2025-03-14';
const pastMoment = new Date('2025-03-14T15:30:00.000Z');

let accepted: Sale;
let failed: Sale;
let rejected: Sale;
let observed: Sale;
let voided: Sale;
let noteId: number;
let internal: Sale;
const CDR_NAME = () => `${RUC}-03-B001-${accepted.numero}`;
/** The accepted boleta's CDR as stored (a zip carries its time: made once). */
let acceptedCdr: string;

beforeAll(async () => {
  adminToken = await signIn('admin');
  admin = apiClient(app, adminToken);
  recepcionToken = await signIn('recepcion');
  recepcion = apiClient(app, recepcionToken);
  groomerToken = await signIn('groomer');
  await saveCompany(db, RUC);
  await signWithTestCertificate(app, adminToken, RUC);
  // Issued in this order: the newest is the last.
  accepted = await sell(walkIn('B', '20.00'));
  failed = await sell(factura);
  rejected = await sell(walkIn('B', '30.00'));
  observed = await sell(walkIn('B', '40.00'));
  voided = await sell(walkIn('B', '50.00'));
  const voiding = await admin.patch('/venta/anular', {
    id: voided.id_venta,
    motivo: 'El cliente pidió factura',
  });
  expect(voiding.status, JSON.stringify(voiding.body)).toBe(200);
  internal = await sell(walkIn('T', '15.00'));
  await saveBilling(app, adminToken, { modo: 'desactivado' });

  const [note] = await db
    .select({ id: creditNotes.id_nota })
    .from(creditNotes)
    .where(eq(creditNotes.id_venta, voided.id_venta));
  noteId = note.id;
  acceptedCdr = cdrZip(CDR_NAME());
  await arrangeSale(accepted.id_venta, {
    cpe_estado: 'aceptado',
    cpe_codigo: 0,
    cpe_mensaje: `La Boleta numero B001-${accepted.numero}, ha sido aceptada`,
    cpe_intentos: 1,
    cpe_siguiente: null,
    cpe_cdr: acceptedCdr,
  });
  await arrangeSale(failed.id_venta, {
    cpe_estado: 'error',
    cpe_codigo: 109,
    cpe_mensaje:
      'El sistema no puede responder su solicitud. (El servicio de autenticación no está disponible)',
    cpe_intentos: 2,
    cpe_siguiente: new Date(Date.now() + 3 * 60_000),
  });
  await arrangeSale(rejected.id_venta, {
    cpe_estado: 'rechazado',
    cpe_codigo: 2800,
    cpe_mensaje: 'El dato ingresado en el tipo de documento de identidad del receptor no es válido',
    cpe_intentos: 1,
    cpe_siguiente: null,
  });
  await arrangeSale(observed.id_venta, {
    cpe_estado: 'observado',
    cpe_codigo: 4287,
    cpe_mensaje: 'El precio unitario de la operación que está informando difiere',
    cpe_intentos: 1,
    cpe_siguiente: null,
  });
  // The voided boleta was accepted; its nota de crédito still waits (pendiente, as issued).
  await arrangeSale(voided.id_venta, {
    cpe_estado: 'aceptado',
    cpe_codigo: 0,
    cpe_siguiente: null,
  });
  await arrangeNote(noteId, { cpe_codigo: 0 });
  await db.insert(sendingAttempts).values([
    {
      id_venta: failed.id_venta,
      at: new Date(Date.now() - 60_000),
      estado: 'error',
      codigo: null,
      mensaje: 'Sin respuesta de SUNAT en 30 segundos',
    },
    {
      id_venta: failed.id_venta,
      at: new Date(),
      estado: 'error',
      codigo: 109,
      mensaje: 'El sistema no puede responder su solicitud.',
    },
    { id_nota: noteId, at: new Date(), estado: 'error', codigo: null, mensaje: 'Conexión cortada' },
  ]);
});

async function list(query = '', token = adminToken) {
  const res = await apiClient(app, token).get(`/comprobantes-electronicos?${query}`);
  return res;
}
const comprobantes = (rows: ElectronicReceipt[]) => rows.map((row) => row.comprobante);
const number = (serie: string, numero: number) => `${serie}-${String(numero).padStart(8, '0')}`;

describe('GET /api/comprobantes-electronicos', () => {
  it('lists the boletas, facturas and notas de crédito, newest first, never a nota de venta', async () => {
    const res = await list();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const page = res.body.data as { data: ElectronicReceipt[]; total: number };
    const note = (await db.select().from(creditNotes).where(eq(creditNotes.id_nota, noteId)))[0];
    expect(comprobantes(page.data)).toEqual([
      number('BC01', note.numero),
      voided.comprobante,
      observed.comprobante,
      rejected.comprobante,
      failed.comprobante,
      accepted.comprobante,
    ]);
    expect(page.total).toBe(6);
    expect(comprobantes(page.data)).not.toContain(internal.comprobante);
    expect(page.data[0]).toEqual({
      kind: 'nota',
      id: noteId,
      id_venta: voided.id_venta,
      comprobante: number('BC01', note.numero),
      tipo: '07',
      fecha: note.fecha.toISOString(),
      cliente: voided.cliente_nombre,
      cliente_doc: voided.cliente_doc,
      total: '50.00',
      estado: 'pendiente',
      codigo: 0,
      mensaje: null,
      intentos: 0,
      siguiente: note.cpe_siguiente?.toISOString(),
      has_xml: true,
      has_cdr: false,
      anulada: true,
    });
    expect(page.data.find((row) => row.id === failed.id_venta)).toMatchObject({
      kind: 'venta',
      tipo: '01',
      cliente: 'Distribuidora Los Andes S.A.C.',
      cliente_doc: '20100070970',
      total: '59.90',
      estado: 'error',
      codigo: 109,
      intentos: 2,
      has_cdr: false,
      anulada: false,
    });
    expect(page.data.at(-1)).toMatchObject({ estado: 'aceptado', has_cdr: true, siguiente: null });
  });

  it('filters by state, by type and by the Lima days of issue', async () => {
    const rowsOf = async (query: string) => {
      const res = await list(query);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return comprobantes(res.body.data.data as ElectronicReceipt[]);
    };
    expect(await rowsOf('estado=aceptado')).toEqual([voided.comprobante, accepted.comprobante]);
    expect(await rowsOf('estado=rechazado')).toEqual([rejected.comprobante]);
    expect(await rowsOf('estado=sin_aceptar')).toHaveLength(3);
    expect(await rowsOf('tipo=01')).toEqual([failed.comprobante]);
    expect(await rowsOf('tipo=07')).toEqual([expect.stringMatching(/^BC01-/)]);
    expect(await rowsOf('tipo=03&estado=aceptado')).toEqual([
      voided.comprobante,
      accepted.comprobante,
    ]);
    const today = limaToday();
    expect(await rowsOf(`desde=${today}&hasta=${today}`)).toHaveLength(6);
    // Blank filters are not set, as the screen sends them.
    expect(await rowsOf('estado=&tipo=&desde=&hasta=')).toHaveLength(6);

    await db.update(sales).set({ fecha: pastMoment }).where(eq(sales.id_venta, accepted.id_venta));
    try {
      expect(await rowsOf(`desde=${PAST_DAY}&hasta=${PAST_DAY}`)).toEqual([accepted.comprobante]);
      expect(await rowsOf(`hasta=${PAST_DAY}`)).toEqual([accepted.comprobante]);
      expect(await rowsOf(`desde=${today}`)).not.toContain(accepted.comprobante);
    } finally {
      await db
        .update(sales)
        .set({ fecha: new Date(accepted.fecha) })
        .where(eq(sales.id_venta, accepted.id_venta));
    }
  });

  it('pages the union: each page the next rows, the total of both tables', async () => {
    const all = comprobantes((await list()).body.data.data as ElectronicReceipt[]);
    const second = await list('per_page=4&page=2');
    expect(second.body.data).toMatchObject({
      current_page: 2,
      per_page: 4,
      total: 6,
      last_page: 2,
    });
    expect(comprobantes(second.body.data.data as ElectronicReceipt[])).toEqual(all.slice(4));
    const third = await list('per_page=4&page=3');
    expect(third.body.data.data).toEqual([]);
  });

  it('refuses bad filters in Spanish', async () => {
    const refused = async (query: string, field: string, message: string) => {
      const res = await list(query);
      expect(res.status).toBe(422);
      expect(res.body.errors[field]).toEqual([message]);
    };
    await refused('estado=enviado', 'estado', M.stateInvalid);
    await refused('tipo=02', 'tipo', M.typeInvalid);
    await refused('desde=14/03/2025', 'desde', M.dateFormat);
    await refused('desde=2025-03-15&hasta=2025-03-14', 'desde', M.rangeOrder);
    await refused('page=0', 'page', 'Página inválida');
  });

  it('is the admin’s alone', async () => {
    expect((await list('', recepcionToken)).status).toBe(403);
    expect((await list('', groomerToken)).status).toBe(403);
    expect(
      (await app.inject({ method: 'GET', url: '/api/comprobantes-electronicos' })).statusCode,
    ).toBe(401);
  });
});

describe('GET /api/comprobantes-electronicos/:tipo/:id/envios', () => {
  it('answers the attempts of a document, newest first', async () => {
    const res = await admin.get(`/comprobantes-electronicos/venta/${failed.id_venta}/envios`);
    expect(res.status).toBe(200);
    const attempts = res.body.data as SendingAttempt[];
    expect(attempts.map(({ id: _id, at: _at, ...attempt }) => attempt)).toEqual([
      { estado: 'error', codigo: 109, mensaje: 'El sistema no puede responder su solicitud.' },
      { estado: 'error', codigo: null, mensaje: 'Sin respuesta de SUNAT en 30 segundos' },
    ]);
    const times = attempts.map((attempt) => Date.parse(attempt.at));
    expect(times[0]).toBeGreaterThan(times[1]);
    const note = await admin.get(`/comprobantes-electronicos/nota/${noteId}/envios`);
    expect(note.body.data).toMatchObject([{ estado: 'error', mensaje: 'Conexión cortada' }]);
    const none = await admin.get(`/comprobantes-electronicos/venta/${accepted.id_venta}/envios`);
    expect(none.body.data).toEqual([]);
  });

  it('answers 404 for what is no electronic document, 422 for a bad kind', async () => {
    for (const url of [
      `/comprobantes-electronicos/venta/${internal.id_venta}/envios`,
      '/comprobantes-electronicos/venta/999999/envios',
      '/comprobantes-electronicos/nota/999999/envios',
    ]) {
      const res = await admin.get(url);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(M.notFound);
    }
    const bad = await admin.get(`/comprobantes-electronicos/boleta/${failed.id_venta}/envios`);
    expect(bad.status).toBe(422);
    expect(bad.body.errors.tipo).toEqual([M.kindInvalid]);
  });
});

describe('POST /api/comprobantes-electronicos/reenviar', () => {
  it('makes a failed document due now, audits it and wakes the sender', async () => {
    wakeSender.mockClear();
    const before = Date.now();
    const res = await admin.post('/comprobantes-electronicos/reenviar', {
      kind: 'venta',
      id: failed.id_venta,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(M.resent);
    expect(res.body.data).toMatchObject({ id: failed.id_venta, estado: 'error', intentos: 2 });
    const due = Date.parse(res.body.data.siguiente as string);
    expect(due).toBeGreaterThanOrEqual(before - 1000);
    expect(due).toBeLessThanOrEqual(Date.now());
    expect(wakeSender).toHaveBeenCalledTimes(1);

    const [entry] = await db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entidad, 'venta'), eq(auditEntries.entidad_id, failed.id_venta)))
      .orderBy(desc(auditEntries.id))
      .limit(1);
    expect(entry).toMatchObject({
      accion: 'editar',
      detalle: `Reenviar a SUNAT F001-${failed.numero}`,
    });
    expect(entry.cambios).toHaveProperty('cpe_siguiente');
  });

  it('sends a pending nota de crédito at once', async () => {
    wakeSender.mockClear();
    const res = await admin.post('/comprobantes-electronicos/reenviar', {
      kind: 'nota',
      id: noteId,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ kind: 'nota', id: noteId, estado: 'pendiente' });
    expect(wakeSender).toHaveBeenCalledTimes(1);
  });

  it('refuses an accepted or rejected document with 409, and leaves it be', async () => {
    wakeSender.mockClear();
    const refused = async (id: number, message: string) => {
      const res = await admin.post('/comprobantes-electronicos/reenviar', { kind: 'venta', id });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(message);
      const [row] = await db
        .select({ due: sales.cpe_siguiente })
        .from(sales)
        .where(eq(sales.id_venta, id));
      expect(row.due).toBeNull();
    };
    await refused(accepted.id_venta, M.alreadyAccepted);
    await refused(observed.id_venta, M.alreadyAccepted);
    await refused(rejected.id_venta, M.rejected);
    expect(wakeSender).not.toHaveBeenCalled();
  });

  it('answers 404 for what is no electronic document, 422 for a bad body', async () => {
    for (const body of [
      { kind: 'venta', id: internal.id_venta },
      { kind: 'venta', id: 999999 },
      { kind: 'nota', id: 999999 },
    ]) {
      const res = await admin.post('/comprobantes-electronicos/reenviar', body);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(M.notFound);
    }
    const bad = await admin.post('/comprobantes-electronicos/reenviar', { kind: 'x', id: 'a' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ kind: [M.kindInvalid], id: [M.idInvalid] });
  });

  it('is the admin’s alone', async () => {
    const res = await recepcion.post('/comprobantes-electronicos/reenviar', {
      kind: 'venta',
      id: failed.id_venta,
    });
    expect(res.status).toBe(403);
  });
});

describe('GET /api/venta/:id/cdr', () => {
  it('downloads the stored CDR zip, named as SUNAT names it, to whoever reads sales', async () => {
    for (const token of [adminToken, recepcionToken]) {
      const res = await download(app, token, `/venta/${accepted.id_venta}/cdr`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="R-${CDR_NAME()}.zip"`);
      expect(res.rawPayload.toString('base64')).toBe(acceptedCdr);
    }
    expect((await download(app, groomerToken, `/venta/${accepted.id_venta}/cdr`)).statusCode).toBe(
      403,
    );
  });

  it('downloads the nota de crédito’s CDR with documento=nota', async () => {
    const [note] = await db.select().from(creditNotes).where(eq(creditNotes.id_nota, noteId));
    const name = `${RUC}-07-BC01-${note.numero}`;
    await arrangeNote(noteId, { cpe_cdr: cdrZip(name) });
    const res = await download(app, adminToken, `/venta/${voided.id_venta}/cdr?documento=nota`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="R-${name}.zip"`);
  });

  it('answers 404 in Spanish when there is no CDR yet, no note or no sale', async () => {
    const missing = async (url: string, message: string) => {
      const res = await download(app, adminToken, url);
      expect(res.statusCode).toBe(404);
      expect(res.json<{ message: string }>().message).toBe(message);
    };
    await missing(`/venta/${failed.id_venta}/cdr`, M.noCdr);
    await missing(`/venta/${internal.id_venta}/cdr`, M.noCdr);
    await missing(`/venta/${failed.id_venta}/cdr?documento=nota`, SALE_MESSAGES.creditNoteNotFound);
    await missing('/venta/999999/cdr', SALE_MESSAGES.notFound);
    const bad = await download(app, adminToken, `/venta/${failed.id_venta}/cdr?documento=xml`);
    expect(bad.statusCode).toBe(422);
  });
});

describe('the bell and the dashboard', () => {
  const admins = () => true;

  it('warns the admins of the documents SUNAT has not accepted a day after their issue', async () => {
    // Now: everything was issued minutes ago.
    const now = await notificationsFor(db, admins);
    expect(now.items.filter((item) => item.tipo === 'comprobantes_sin_aceptar')).toEqual([]);

    // A day later: the failed factura, the rejected boleta and the pending note.
    const later = await notificationsFor(db, admins, new Date(Date.now() + DAY_MS + 60_000));
    expect(later.items.filter((item) => item.tipo === 'comprobantes_sin_aceptar')).toEqual([
      {
        tipo: 'comprobantes_sin_aceptar',
        texto: '3 comprobantes electrónicos sin aceptar por SUNAT',
        enlace: NOTIFICATION_LINKS.unacceptedReceipts,
        cantidad: 3,
      },
    ]);
    const desk = await notificationsFor(
      db,
      (permission) => permission !== 'caja.administrar',
      new Date(Date.now() + DAY_MS + 60_000),
    );
    expect(desk.items.map((item) => item.tipo)).not.toContain('comprobantes_sin_aceptar');
  });

  it('stops counting a rejected receipt once its sale was voided (issued again)', async () => {
    const later = new Date(Date.now() + DAY_MS + 60_000);
    await db
      .update(sales)
      .set({ anulada_at: new Date() })
      .where(eq(sales.id_venta, rejected.id_venta));
    try {
      const bell = await notificationsFor(db, admins, later);
      expect(bell.items.find((item) => item.tipo === 'comprobantes_sin_aceptar')).toMatchObject({
        texto: '2 comprobantes electrónicos sin aceptar por SUNAT',
        cantidad: 2,
      });
    } finally {
      await db.update(sales).set({ anulada_at: null }).where(eq(sales.id_venta, rejected.id_venta));
    }
  });

  it('shows the admins today’s documents by state, and nobody else', async () => {
    const res = await admin.get('/dashboard');
    expect(res.status).toBe(200);
    expect((res.body.data as Dashboard).electronicReceiptsToday).toEqual([
      { estado: 'pendiente', total: 1 },
      { estado: 'aceptado', total: 2 },
      { estado: 'observado', total: 1 },
      { estado: 'rechazado', total: 1 },
      { estado: 'error', total: 1 },
    ]);
    const desk = await recepcion.get('/dashboard');
    expect(desk.body.data).not.toHaveProperty('electronicReceiptsToday');
  });
});
