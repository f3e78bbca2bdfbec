import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sale } from '@app/domain';
import { creditNotes, sales, sendingAttempts } from '../../db/schema';
import { setupTestApp } from '../../test/app';
import { saveCompany, signWithTestCertificate } from '../../test/billing';
import {
  FAKE_SUNAT_PASSWORD,
  FAKE_SUNAT_RUC,
  FAKE_SUNAT_USER,
  startFakeSunat,
  type FakeSunat,
} from '../../test/fake-sunat';
import { apiClient } from '../../test/http';
import { claimDue, CLAIM_TTL_MS, recordOutcome, retryDelayMs, sendDue } from './sender';
import { sunatTransport } from './sunat-transport';

/*
 * The sender (DESIGN §11.2) against the local fake SUNAT: every state and transition, a sender
 * that dies mid-send, two senders at once. Each test issues its own receipts through the API.
 */

const ctx = await setupTestApp();
const db = ctx.database.db;
let fake: FakeSunat;
let admin: ReturnType<typeof apiClient>;
let adminToken: string;
const transport = sunatTransport({
  modo: 'sunat_beta',
  usuarioSol: FAKE_SUNAT_USER,
  claveSol: FAKE_SUNAT_PASSWORD,
});
const previousUrl = process.env.SUNAT_URL;

beforeAll(async () => {
  fake = await startFakeSunat();
  process.env.SUNAT_URL = fake.url;
  adminToken = await ctx.signIn();
  admin = apiClient(ctx.app, adminToken);
  await saveCompany(db, FAKE_SUNAT_RUC);
  await signWithTestCertificate(ctx.app, adminToken, FAKE_SUNAT_RUC);
});

afterAll(async () => {
  if (previousUrl === undefined) delete process.env.SUNAT_URL;
  else process.env.SUNAT_URL = previousUrl;
  await fake.close();
});

const boleta = {
  tipo_comp: 'B',
  items: [{ tipo: 'otro', descripcion: 'Baño completo', cantidad: 1, precio: '45.00' }],
  pagos: [{ metodo: 'efectivo', monto: '45.00' }],
};
const factura = {
  tipo_comp: 'F',
  doc: '20100070970',
  nombre: 'Distribuidora Los Andes S.A.C.',
  items: [{ tipo: 'otro', descripcion: 'Baño y corte (convenio)', cantidad: 2, precio: '59.90' }],
  pagos: [{ metodo: 'transferencia', monto: '119.80' }],
};

async function sell(body: object): Promise<Sale> {
  const res = await admin.post('/venta/register', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as Sale;
}

async function stored(id: number) {
  const [row] = await db
    .select({
      estado: sales.cpe_estado,
      codigo: sales.cpe_codigo,
      mensaje: sales.cpe_mensaje,
      cdr: sales.cpe_cdr,
      siguiente: sales.cpe_siguiente,
      reclamado: sales.cpe_reclamado,
      intentos: sales.cpe_intentos,
    })
    .from(sales)
    .where(eq(sales.id_venta, id));
  return row;
}

const attemptsOf = (id: number) =>
  db
    .select({ estado: sendingAttempts.estado, codigo: sendingAttempts.codigo })
    .from(sendingAttempts)
    .where(eq(sendingAttempts.id_venta, id))
    .orderBy(sendingAttempts.id);

/** The sendBill calls the fake got for a receipt ('B001-12' and the like, as the XML's ID). */
const sendsOf = (sale: Sale) =>
  fake.received.filter(
    (call) =>
      call.method === 'sendBill' && call.fileName?.includes(`-${sale.serie}-${sale.numero}.`),
  ).length;

/** Sends what is due, and everything else already due is sent too: tests run in order. */
const round = (at = new Date()) => sendDue(db, transport, at);

describe('the sender', () => {
  it('sends a boleta issued at the counter once: aceptado, its CDR kept, nothing sent again', async () => {
    const sale = await sell(boleta);
    expect(await stored(sale.id_venta)).toMatchObject({ estado: 'pendiente', intentos: 0 });
    await round();
    const sent = await stored(sale.id_venta);
    expect(sent).toMatchObject({
      estado: 'aceptado',
      codigo: 0,
      siguiente: null,
      reclamado: null,
      intentos: 1,
    });
    expect(
      Buffer.from(sent.cdr ?? '', 'base64')
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
    expect(await attemptsOf(sale.id_venta)).toEqual([{ estado: 'aceptado', codigo: 0 }]);
    await round(new Date(Date.now() + 2 * 86_400_000));
    expect(sendsOf(sale)).toBe(1);
  });

  it('keeps an observation, and a rejection is final', async () => {
    const observed = await sell(boleta);
    fake.answerNext({ observed: 4287, message: 'El precio unitario no cuadra' });
    await round();
    expect(await stored(observed.id_venta)).toMatchObject({ estado: 'observado', codigo: 0 });
    expect((await stored(observed.id_venta)).mensaje).toContain('4287');

    const rejected = await sell(factura);
    fake.answerNext({ rejected: 2800, message: 'El dato ingresado en el tipo de documento' });
    await round();
    expect(await stored(rejected.id_venta)).toMatchObject({
      estado: 'rechazado',
      codigo: 2800,
      siguiente: null,
    });
    await round(new Date(Date.now() + 2 * 86_400_000));
    expect(sendsOf(rejected)).toBe(1);
  });

  it('retries an exception, a timeout and a dropped connection later, until accepted', async () => {
    const sale = await sell(boleta);
    const start = Date.now();
    fake.answerNext({ exception: 109 }, 'drop');
    await round(new Date(start));
    const first = await stored(sale.id_venta);
    expect(first).toMatchObject({ estado: 'error', codigo: 109, intentos: 1 });
    expect(first.siguiente?.getTime()).toBeGreaterThan(start);

    // Not before it is due.
    await round(new Date(start + 1000));
    expect(sendsOf(sale)).toBe(1);

    await round(new Date(first.siguiente!.getTime()));
    const second = await stored(sale.id_venta);
    expect(second).toMatchObject({ estado: 'error', codigo: null, intentos: 2 });
    // The delays grow.
    expect(second.siguiente!.getTime() - first.siguiente!.getTime()).toBeGreaterThanOrEqual(
      retryDelayMs(2) - 1000,
    );

    await round(new Date(second.siguiente!.getTime()));
    expect(await stored(sale.id_venta)).toMatchObject({ estado: 'aceptado', intentos: 3 });
    expect((await attemptsOf(sale.id_venta)).map((a) => a.estado)).toEqual([
      'error',
      'error',
      'aceptado',
    ]);
  });

  it('never waits more than a day between attempts', () => {
    expect(retryDelayMs(1)).toBe(60_000);
    expect(retryDelayMs(2)).toBe(180_000);
    expect(retryDelayMs(30)).toBe(86_400_000);
  });

  it('takes over what a dead sender claimed, and asks SUNAT before sending a factura again', async () => {
    const sale = await sell(factura);
    const now = new Date();
    // A sender claims it, sends it, and dies before recording SUNAT's answer (kill -9).
    const [claimed] = (await claimDue(db, now)).filter((d) => d.id === sale.id_venta);
    expect(claimed).toMatchObject({ kind: 'venta', tipo: '01', resend: false });
    await transport(claimed);
    expect(sendsOf(sale)).toBe(1);

    // While the claim is fresh no other sender touches it.
    await round(new Date(now.getTime() + 1000));
    expect(await stored(sale.id_venta)).toMatchObject({ estado: 'pendiente' });

    // Once it runs out, the next sender takes it: SUNAT has it, its CDR is taken, no resend.
    await round(new Date(now.getTime() + CLAIM_TTL_MS + 1000));
    expect(await stored(sale.id_venta)).toMatchObject({ estado: 'aceptado', codigo: 0 });
    expect(sendsOf(sale)).toBe(1);
    expect(fake.received.some((call) => call.method === 'getStatusCdr')).toBe(true);
  });

  it('takes a boleta whose answer was lost as accepted when SUNAT says it has it (1033)', async () => {
    const sale = await sell(boleta);
    const start = Date.now();
    fake.answerNext('accept-then-drop');
    await round(new Date(start));
    const lost = await stored(sale.id_venta);
    expect(lost).toMatchObject({ estado: 'error' });
    await round(new Date(lost.siguiente!.getTime()));
    expect(await stored(sale.id_venta)).toMatchObject({ estado: 'aceptado', codigo: 1033 });
  });

  it('records nothing over a newer claim: the late answer of an outlived sender is dropped', async () => {
    const sale = await sell(boleta);
    const now = new Date();
    const [old] = (await claimDue(db, now)).filter((d) => d.id === sale.id_venta);
    const later = new Date(now.getTime() + CLAIM_TTL_MS + 1000);
    const [taken] = (await claimDue(db, later)).filter((d) => d.id === sale.id_venta);
    expect(taken.resend).toBe(true);
    await recordOutcome(db, old, now, { state: 'rechazado', code: 2800, message: 'tarde' });
    expect(await stored(sale.id_venta)).toMatchObject({ estado: 'pendiente', intentos: 2 });
    await recordOutcome(db, taken, later, await transport(taken));
    expect(await stored(sale.id_venta)).toMatchObject({ estado: 'aceptado' });
  });

  it('sends each receipt once when two senders run at the same time', async () => {
    const batch = [await sell(boleta), await sell(factura), await sell(boleta), await sell(boleta)];
    const now = new Date();
    await Promise.all([round(now), round(now)]);
    for (const sale of batch) {
      expect(await stored(sale.id_venta)).toMatchObject({ estado: 'aceptado' });
      expect(sendsOf(sale)).toBe(1);
    }
  });

  it('sends the nota de crédito of a voided receipt', async () => {
    const sale = await sell(boleta);
    await round();
    const voided = await admin.patch('/venta/anular', { id: sale.id_venta, motivo: 'Error' });
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    const [note] = await db
      .select({ id: creditNotes.id_nota, estado: creditNotes.cpe_estado })
      .from(creditNotes)
      .where(eq(creditNotes.id_venta, sale.id_venta));
    expect(note.estado).toBe('pendiente');
    await round();
    const [sent] = await db
      .select({ estado: creditNotes.cpe_estado, codigo: creditNotes.cpe_codigo })
      .from(creditNotes)
      .where(eq(creditNotes.id_nota, note.id));
    expect(sent).toEqual({ estado: 'aceptado', codigo: 0 });
    expect(
      fake.received.filter((call) => call.fileName?.includes('-07-BC01-')).length,
    ).toBeGreaterThanOrEqual(1);
  });
});
