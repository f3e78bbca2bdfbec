import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppointmentStatus, CHARGE_MESSAGES, SALE_MESSAGES, type Sale } from '@app/domain';
import {
  appointments,
  auditEntries,
  creditNotes,
  products,
  receiptSeries,
  sales,
  stockMovements,
} from '../../db/schema';
import {
  createPackage,
  createService,
  limaDay,
  registerOwner,
  setServicePrice,
} from '../../test/agenda';
import { setupTestApp } from '../../test/app';
import { apiClient } from '../../test/http';
import { saveCompany, signWithTestCertificate } from '../../test/billing';

/*
 * Issuing again a receipt SUNAT rejected (issue 32 §2): `POST /api/venta/reemitir` voids it
 * without a nota de crédito and registers the same sale on the next number of its series, in
 * one transaction.
 */

const ctx = await setupTestApp();
let adminToken: string;
let admin: ReturnType<typeof apiClient>;
let recepcion: ReturnType<typeof apiClient>;

const M = SALE_MESSAGES;
const C = CHARGE_MESSAGES;
const RUC = '20131312955';
const REJECTION =
  'El dato ingresado en el tipo de documento de identidad del receptor no esta permitido.';

beforeAll(async () => {
  adminToken = await ctx.signIn();
  admin = apiClient(ctx.app, adminToken);
  recepcion = apiClient(ctx.app, await ctx.signIn('recepcion'));
  await saveCompany(ctx.database.db, RUC);
  await signWithTestCertificate(ctx.app, adminToken, RUC);
});

async function sell(body: object): Promise<Sale> {
  const res = await recepcion.post('/venta/register', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as Sale;
}

async function saleOf(id: number): Promise<Sale> {
  const res = await recepcion.get(`/venta/${id}`);
  expect(res.status).toBe(200);
  return res.body.data as Sale;
}

/** What the sender records when SUNAT rejects a receipt (electronic-receipts/sender.ts). */
async function rejectedBySunat(id: number, code = 2800) {
  await ctx.database.db
    .update(sales)
    .set({ cpe_estado: 'rechazado', cpe_codigo: code, cpe_mensaje: REJECTION, cpe_siguiente: null })
    .where(eq(sales.id_venta, id));
}

async function reissue(id: number): Promise<Sale> {
  const res = await admin.post('/venta/reemitir', { id });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.body.message).toBe(M.reissued);
  return res.body.data as Sale;
}

const walkIn = {
  tipo_comp: 'B',
  items: [{ tipo: 'otro', descripcion: 'Corte de uñas', cantidad: 1, precio: '20.00' }],
  pagos: [{ metodo: 'efectivo', monto: '20.00' }],
};

/** The audit entries of a sale, oldest first. */
const auditOf = (id: number) =>
  ctx.database.db
    .select({ accion: auditEntries.accion, cambios: auditEntries.cambios })
    .from(auditEntries)
    .where(and(eq(auditEntries.entidad, 'venta'), eq(auditEntries.entidad_id, id)))
    .orderBy(asc(auditEntries.id));

describe('re-issuing a receipt SUNAT rejected', () => {
  it('voids it without a note and issues the same sale on the next number, pendiente', async () => {
    const product = await admin.post('/producto/register', {
      sku: 'reissue-1',
      nombre: 'Shampoo de avena 500 ml',
      categoria: 'Higiene y cuidado',
      precio: '35.90',
      costo: '18',
      stock_min: 0,
      stock_inicial: 10,
    });
    expect(product.status, JSON.stringify(product.body)).toBe(201);
    const productId = product.body.data.id_prod as number;
    const rejected = await sell({
      tipo_comp: 'B',
      doc: '45871236',
      nombre: 'Rosa Huamán Torres',
      items: [
        { tipo: 'producto', id: productId, cantidad: 2 },
        { tipo: 'otro', descripcion: 'Baño completo', cantidad: 1, precio: '45.00' },
      ],
      descuento: '5.00',
      propina: '3.00',
      pagos: [
        { metodo: 'yape', monto: '50.00' },
        { metodo: 'efectivo', monto: '100.00' },
      ],
    });
    // Another sale takes the number after it meanwhile.
    const between = await sell(walkIn);
    await rejectedBySunat(rejected.id_venta);
    expect(await saleOf(rejected.id_venta)).toMatchObject({
      cpe_estado: 'rechazado',
      cpe_codigo: 2800,
      cpe_mensaje: REJECTION,
    });

    const created = await reissue(rejected.id_venta);
    expect(created).toMatchObject({
      tipo_comp: 'B',
      serie: 'B001',
      numero: between.numero + 1,
      anulada: false,
      cpe_estado: 'pendiente',
      cpe_codigo: null,
      tiene_xml: true,
      nota_credito: null,
    });
    expect(created.cpe_hash).not.toBeNull();
    expect(created.cpe_hash).not.toBe(rejected.cpe_hash);
    const same = (sale: Sale) => ({
      cliente_doc: sale.cliente_doc,
      cliente_doc_tipo: sale.cliente_doc_tipo,
      cliente_nombre: sale.cliente_nombre,
      id_cita: sale.id_cita,
      id_cli: sale.id_cli,
      items: sale.items,
      pagos: sale.pagos,
      gravadas: sale.gravadas,
      descuento: sale.descuento,
      igv: sale.igv,
      total: sale.total,
      propina: sale.propina,
      pagado: sale.pagado,
      vuelto: sale.vuelto,
      monto_letras: sale.monto_letras,
    });
    expect(same(created)).toEqual(same(rejected));
    expect(await saleOf(created.id_venta)).toEqual(created);

    // The rejected one is voided, its number spent, and no nota de crédito is issued for it.
    expect(await saleOf(rejected.id_venta)).toMatchObject({
      numero: rejected.numero,
      anulada: true,
      motivo_anulacion: 'Rechazado por SUNAT (código 2800)',
      cpe_estado: 'rechazado',
      nota_credito: null,
    });
    expect(
      await ctx.database.db
        .select()
        .from(creditNotes)
        .where(eq(creditNotes.id_venta, rejected.id_venta)),
    ).toEqual([]);
    expect(
      await ctx.database.db.select().from(receiptSeries).where(eq(receiptSeries.serie, 'BC01')),
    ).toEqual([]);

    // The stock came back with the void and left again with the new sale.
    const [{ stock }] = await ctx.database.db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id_prod, productId));
    expect(stock).toBe(8);
    const moves = await ctx.database.db
      .select({
        tipo: stockMovements.tipo,
        cantidad: stockMovements.cantidad,
        id_venta: stockMovements.id_venta,
      })
      .from(stockMovements)
      .where(eq(stockMovements.id_prod, productId))
      .orderBy(asc(stockMovements.id));
    expect(moves.slice(-3)).toEqual([
      { tipo: 'venta', cantidad: -2, id_venta: rejected.id_venta },
      { tipo: 'anulacion', cantidad: 2, id_venta: rejected.id_venta },
      { tipo: 'venta', cantidad: -2, id_venta: created.id_venta },
    ]);

    // Both are audited: the void of the rejected one, and the new sale naming it.
    const voidEntry = (await auditOf(rejected.id_venta)).find((e) => e.accion === 'anular');
    expect(voidEntry?.cambios).toMatchObject({
      motivo_anulacion: { antes: null, despues: 'Rechazado por SUNAT (código 2800)' },
    });
    const saleEntry = (await auditOf(created.id_venta)).find((e) => e.accion === 'vender');
    expect(saleEntry?.cambios).toMatchObject({
      comprobante: { antes: null, despues: created.comprobante },
      reemite: { antes: null, despues: rejected.comprobante },
    });
  });

  it('charges the stored prices and names, whatever the catalogue says now', async () => {
    const bath = await createService(ctx.database.db, 'Baño medicado', '45.00');
    const rejected = await sell({
      ...walkIn,
      items: [{ tipo: 'servicio', id: bath, cantidad: 1 }],
      pagos: [{ metodo: 'tarjeta', monto: '45.00' }],
    });
    await setServicePrice(ctx.database.db, bath, '55.00');
    await rejectedBySunat(rejected.id_venta, 2017);
    const created = await reissue(rejected.id_venta);
    expect(created.items).toEqual(rejected.items);
    expect(created.total).toBe('45.00');
    // Nothing was charged off the server's prices: no adjustment to explain.
    const saleEntry = (await auditOf(created.id_venta)).find((e) => e.accion === 'vender');
    expect(saleEntry?.cambios).not.toHaveProperty('ajustes');
    expect((await saleOf(rejected.id_venta)).motivo_anulacion).toBe(
      'Rechazado por SUNAT (código 2017)',
    );
  });

  it('moves the cita to the new sale', async () => {
    const owner = await registerOwner(admin, 'Lucía', 'Toby');
    const spa = await createPackage(ctx.database.db, 'Paquete Spa', '120.00');
    const booked = await recepcion.post('/cita/register', {
      fec_cita: `${limaDay(1)}T10:00`,
      dni_cli: owner.dni,
      id_perro: owner.petId,
      id_paquete: spa,
      fech_reg: limaDay(0),
      obs: 'Sin observaciones',
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const cita = booked.body.data.id_cita as number;
    const rejected = await sell({
      id_cita: cita,
      tipo_comp: 'B',
      items: [{ tipo: 'paquete', id: spa, cantidad: 1 }],
      pagos: [{ metodo: 'efectivo', monto: '120.00' }],
    });
    await rejectedBySunat(rejected.id_venta);
    const created = await reissue(rejected.id_venta);
    expect(created).toMatchObject({ id_cita: cita, id_cli: owner.id_cli, mascota: 'Toby' });
    const ofCita = await ctx.database.db
      .select({ id: sales.id_venta })
      .from(sales)
      .where(eq(sales.id_cita, cita))
      .orderBy(asc(sales.id_venta));
    expect(ofCita.map((row) => row.id)).toEqual([rejected.id_venta, created.id_venta]);
    const [{ id_est }] = await ctx.database.db
      .select({ id_est: appointments.id_est })
      .from(appointments)
      .where(eq(appointments.id_cita, cita));
    expect(id_est).toBe(AppointmentStatus.Completada);
    // The cita has one sale in force: the new one.
    const second = await recepcion.post('/venta/register', {
      id_cita: cita,
      tipo_comp: 'T',
      items: [{ tipo: 'paquete', id: spa, cantidad: 1 }],
      pagos: [{ metodo: 'efectivo', monto: '120.00' }],
    });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(C.appointmentCharged(created.comprobante));
  });

  it('refuses any receipt SUNAT did not reject, changing nothing', async () => {
    const pending = await sell(walkIn);
    const accepted = await sell(walkIn);
    await ctx.database.db
      .update(sales)
      .set({ cpe_estado: 'aceptado', cpe_codigo: 0, cpe_siguiente: null })
      .where(eq(sales.id_venta, accepted.id_venta));
    const internal = await sell({ ...walkIn, tipo_comp: 'T' });
    for (const sale of [pending, accepted, internal]) {
      const res = await admin.post('/venta/reemitir', { id: sale.id_venta });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(C.reissueNotRejected);
      expect((await saleOf(sale.id_venta)).anulada).toBe(false);
    }
    // Re-issued once: the rejected one is voided now.
    const rejected = await sell(walkIn);
    await rejectedBySunat(rejected.id_venta);
    const created = await reissue(rejected.id_venta);
    const again = await admin.post('/venta/reemitir', { id: rejected.id_venta });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(C.alreadyVoided);
    // No number was taken by any refusal.
    expect((await sell(walkIn)).numero).toBe(created.numero + 1);

    const unknown = await admin.post('/venta/reemitir', { id: 99_999_999 });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(M.notFound);
    for (const body of [{}, { id: 'abc' }, { id: 0 }]) {
      const res = await admin.post('/venta/reemitir', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
  });

  it('issues a receipt again once when asked twice at once', async () => {
    const rejected = await sell(walkIn);
    await rejectedBySunat(rejected.id_venta);
    const answers = await Promise.all(
      [1, 2].map(() => admin.post('/venta/reemitir', { id: rejected.id_venta })),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([201, 409]);
    expect(answers.find((res) => res.status === 409)?.body.message).toBe(C.alreadyVoided);
    const created = answers.find((res) => res.status === 201)?.body.data as Sale;
    expect((await sell(walkIn)).numero).toBe(created.numero + 1);
  });

  it('is an administrator’s, as a void is', async () => {
    const rejected = await sell(walkIn);
    await rejectedBySunat(rejected.id_venta);
    const res = await recepcion.post('/venta/reemitir', { id: rejected.id_venta });
    expect(res.status).toBe(403);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/venta/reemitir',
      payload: { id: rejected.id_venta },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await saleOf(rejected.id_venta)).anulada).toBe(false);
  });

  it('voids a rejected receipt by hand without a nota de crédito', async () => {
    const rejected = await sell(walkIn);
    await rejectedBySunat(rejected.id_venta);
    const res = await admin.patch('/venta/anular', {
      id: rejected.id_venta,
      motivo: 'El cliente ya no quiere el comprobante',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ anulada: true, nota_credito: null });
  });
});
