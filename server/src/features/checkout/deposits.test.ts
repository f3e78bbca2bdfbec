import { beforeAll, describe, expect, it } from 'vitest';
import {
  AppointmentStatus,
  DEPOSIT_MESSAGES as D,
  type AppointmentDeposits,
  type CashDay,
  type Notifications,
  type UnverifiedDeposit,
  type SalesReport,
} from '@app/domain';
import { and, desc, eq } from 'drizzle-orm';
import { auditEntries, deposits, onlineBookingSettings } from '../../db/schema';
import { setupTestApp } from '../../test/app';
import { answerOf, apiClient } from '../../test/http';
import { multipartBody, pngImage } from '../../test/images';
import { limaDay, registerOwner, type Owner } from '../../test/agenda';
import { createAppointmentLink } from '../online-booking';

const ctx = await setupTestApp();
let admin: ReturnType<typeof apiClient>;
let recepcion: ReturnType<typeof apiClient>;
let recepcionToken: string;
let groomer: ReturnType<typeof apiClient>;
let bathId: number;

beforeAll(async () => {
  admin = apiClient(ctx.app, await ctx.signIn());
  recepcionToken = await ctx.signIn('recepcion');
  recepcion = apiClient(ctx.app, recepcionToken);
  groomer = apiClient(ctx.app, await ctx.signIn('groomer'));
  await ctx.database.db.insert(onlineBookingSettings).values({ id: 1, cancelar_horas: 48 });
  const res = await admin.post('/servicio/register', {
    nombre: 'Baño medicado',
    descripcion: 'Baño con champú medicado para piel sensible, secado y cepillado completo',
    precio: '80',
    adelanto: { tipo: 'porcentaje', valor: '25' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  bathId = res.body.data.id_srv as number;
});

let booked = 0;
/** A cita of `owner`'s pet for the bath, `days` from today, each at its own hour. */
async function book(owner: Owner, days = 3): Promise<number> {
  booked += 1;
  const res = await recepcion.post('/cita/register', {
    fec_cita: `${limaDay(days)}T${String(8 + (booked % 12)).padStart(2, '0')}:00`,
    dni_cli: owner.dni,
    id_perro: owner.petId,
    id_servicio: bathId,
    fech_reg: limaDay(0),
    obs: 'Sin observaciones',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id_cita as number;
}

const depositsOf = async (id: number) =>
  (await recepcion.get(`/cita/${id}/adelantos`)).body.data as AppointmentDeposits;

const pay = (id_cita: number, extra: object = {}) =>
  recepcion.post('/adelanto/register', { id_cita, monto: '20', metodo: 'efectivo', ...extra });

const setStatus = (cita: number, est: number, motivo?: string) =>
  recepcion.patch('/cita/estado', { cita, est, motivo });

/** A nota de venta charging cita `id_cita` (the bath, S/. 80) with `pagos`. */
const charge = (id_cita: number, pagos: object[]) =>
  recepcion.post('/venta/register', {
    tipo_comp: 'T',
    id_cita,
    items: [{ tipo: 'servicio', id: bathId, cantidad: 1 }],
    pagos,
  });

const creditOf = async (owner: Owner) =>
  (await recepcion.get(`/cliente/${owner.id_cli}/saldo`)).body.data.saldo as string;

describe('what a service asks', () => {
  it('keeps the rule and asks its share of the cita’s price', async () => {
    const listed = await recepcion.get(`/servicio/${bathId}`);
    expect(listed.body.data.adelanto).toEqual({ tipo: 'porcentaje', valor: 25 });
    const cita = await book(await registerOwner(admin, 'Lucía', 'Toby'));
    expect(await depositsOf(cita)).toMatchObject({
      requerido: '20.00',
      por_descontar: '0.00',
      verificado: true,
      adelantos: [],
    });
    const refused = await admin.post('/servicio/register', {
      nombre: 'Corte de pelo',
      descripcion: 'Corte de pelo a tijera según la raza, con baño y secado incluidos siempre',
      precio: '60',
      adelanto: { tipo: 'porcentaje', valor: '150' },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors['adelanto.valor']).toEqual([D.rulePercent]);
  });
});

describe('a deposit paid on a cita', () => {
  it('is refused with a reason for what was typed wrong, and changes nothing', async () => {
    const cita = await book(await registerOwner(admin, 'Mario', 'Rocky'));
    const refused = async (body: object, field: string, message: string) => {
      const res = await pay(cita, body);
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body.errors[field]).toEqual([message]);
    };
    await refused({ metodo: 'yape' }, 'operacion', D.operationRequired);
    await refused({ metodo: 'bitcoin' }, 'metodo', D.methodInvalid);
    await refused({ monto: '0' }, 'monto', D.amountMin);
    await refused({ monto: '80.01' }, 'monto', D.overPrice('80.00'));
    expect((await pay(999_999)).status).toBe(422);
    expect((await groomer.post('/adelanto/register', { id_cita: cita })).status).toBe(403);
    expect((await depositsOf(cita)).adelantos).toEqual([]);
  });

  it('is deducted whole at checkout once verified, and held again when the sale is voided', async () => {
    const owner = await registerOwner(admin, 'Carmen', 'Luna');
    const cita = await book(owner);
    const paid = await pay(cita, { metodo: 'yape', operacion: '00123456' });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    const [yape] = (paid.body.data as AppointmentDeposits).adelantos;
    expect(yape).toMatchObject({ monto: '20.00', metodo: 'yape', verificado: false });
    expect(yape.estado).toBe('recibido');

    const missing = await charge(cita, [{ metodo: 'efectivo', monto: '80' }]);
    expect(missing.status).toBe(422);
    expect(missing.body.errors.pagos).toEqual([D.paymentMissing('20.00')]);
    const partial = await charge(cita, [
      { metodo: 'adelanto', monto: '10' },
      { metodo: 'efectivo', monto: '70' },
    ]);
    expect(partial.body.errors['pagos.0.monto']).toEqual([D.paymentMismatch('20.00')]);
    const pagos = [
      { metodo: 'adelanto', monto: '20' },
      { metodo: 'efectivo', monto: '60' },
    ];
    const unverified = await charge(cita, pagos);
    expect(unverified.status).toBe(409);
    expect(unverified.body.message).toBe(D.paymentUnverified);

    const verified = await recepcion.patch('/adelanto/verificar', { id: yape.id });
    expect(verified.status).toBe(200);
    expect((verified.body.data as AppointmentDeposits).verificado).toBe(true);
    expect((await recepcion.patch('/adelanto/verificar', { id: yape.id })).status).toBe(409);

    const sold = await charge(cita, pagos);
    expect(sold.status, JSON.stringify(sold.body)).toBe(201);
    expect(sold.body.data.pagos).toEqual([
      { metodo: 'adelanto', monto: '20.00' },
      { metodo: 'efectivo', monto: '60.00' },
    ]);
    const applied = await depositsOf(cita);
    expect(applied.por_descontar).toBe('0.00');
    expect(applied.adelantos[0]).toMatchObject({
      estado: 'aplicado',
      venta: sold.body.data.comprobante,
    });

    const voided = await admin.patch('/venta/anular', {
      id: sold.body.data.id_venta,
      motivo: 'Cobro equivocado',
    });
    expect(voided.status).toBe(200);
    expect(await depositsOf(cita)).toMatchObject({
      por_descontar: '20.00',
      adelantos: [{ estado: 'recibido', venta: null }],
    });
  });

  it('goes to the client’s credit at the counter when it is more than what is charged', async () => {
    const owner = await registerOwner(admin, 'Gloria', 'Manchas');
    const cita = await book(owner);
    const id = ((await pay(cita, { monto: '80' })).body.data as AppointmentDeposits).adelantos[0]
      .id;
    // A discount of S/. 70 leaves S/. 10 to charge: the deposit cannot be deducted whole.
    const over = await admin.post('/venta/register', {
      tipo_comp: 'T',
      id_cita: cita,
      items: [{ tipo: 'servicio', id: bathId, cantidad: 1 }],
      descuento: '70',
      motivo_ajuste: 'Cortesía',
      pagos: [{ metodo: 'adelanto', monto: '80' }],
    });
    expect(over.status).toBe(422);
    const credited = await recepcion.patch('/adelanto/acreditar', { id, motivo: D.creditReason });
    expect(credited.status, JSON.stringify(credited.body)).toBe(200);
    expect(await creditOf(owner)).toBe('80.00');
    const sold = await charge(cita, [{ metodo: 'credito', monto: '80' }]);
    expect(sold.status, JSON.stringify(sold.body)).toBe(201);
    expect(await creditOf(owner)).toBe('0.00');
  });

  it('keeps the proof’s picture, which only the counter reads, and refuses what is no image', async () => {
    const cita = await book(await registerOwner(admin, 'Sofía', 'Canela'));
    const send = async (bytes: Buffer) => {
      const { payload, contentType } = await multipartBody(
        { id_cita: String(cita), monto: '20', metodo: 'plin', operacion: 'PL-778899' },
        [{ name: 'comprobante', filename: 'plin.png', type: 'image/png', bytes }],
      );
      return answerOf(
        await ctx.app.inject({
          method: 'POST',
          url: '/api/adelanto/register',
          headers: { authorization: recepcionToken, 'content-type': contentType },
          payload,
        }),
      );
    };
    const notImage = await send(Buffer.from('no soy una imagen'));
    expect(notImage.status).toBe(422);
    expect(notImage.body.errors.comprobante).toEqual([D.proofNotImage]);
    const res = await send(pngImage());
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [plin] = (res.body.data as AppointmentDeposits).adelantos;
    expect(plin).toMatchObject({ operacion: 'PL-778899', verificado: false });
    const url = plin.comprobante_url!.replace(/^\/api/, '');
    const proof = await ctx.app.inject({
      method: 'GET',
      url: `/api${url}`,
      headers: { authorization: recepcionToken },
    });
    expect(proof.statusCode).toBe(200);
    expect(proof.headers['content-type']).toBe('image/png');
    expect((await groomer.get(url)).status).toBe(403);
    expect((await recepcion.get('/adelanto/comprobante/otro.png')).status).toBe(404);
  });

  it('counts in the till of the day it was received, and a void of that day takes it out', async () => {
    const fecha = limaDay(0);
    const before = (await recepcion.get(`/caja?fecha=${fecha}`)).body.data as CashDay;
    const cash = (day: CashDay) => day.adelantos.find((a) => a.metodo === 'efectivo');
    const cita = await book(await registerOwner(admin, 'Pedro', 'Max'));
    const paid = await pay(cita, { monto: '15.50' });
    const id = (paid.body.data as AppointmentDeposits).adelantos[0].id;
    const after = (await recepcion.get(`/caja?fecha=${fecha}`)).body.data as CashDay;
    expect(Number(cash(after)?.monto)).toBeCloseTo(Number(cash(before)?.monto ?? 0) + 15.5, 2);
    expect(Number(after.efectivo_esperado)).toBeCloseTo(Number(before.efectivo_esperado) + 15.5, 2);

    expect((await recepcion.patch('/adelanto/anular', { id, motivo: 'Error' })).status).toBe(403);
    const voided = await admin.patch('/adelanto/anular', { id, motivo: 'Se registró dos veces' });
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    expect(voided.body.data.adelantos[0]).toMatchObject({ estado: 'anulado' });
    const back = (await recepcion.get(`/caja?fecha=${fecha}`)).body.data as CashDay;
    expect(back.efectivo_esperado).toBe(before.efectivo_esperado);
    expect((await admin.patch('/adelanto/anular', { id, motivo: 'Otra vez' })).status).toBe(409);
  });
});

describe('a cita that ends without a visit', () => {
  it('keeps the deposit on a no-show, and holds it again when the cita is brought back', async () => {
    const cita = await book(await registerOwner(admin, 'Julia', 'Coco'));
    await pay(cita);
    expect((await setStatus(cita, AppointmentStatus.NoAsistio)).status).toBe(200);
    expect((await depositsOf(cita)).adelantos[0].estado).toBe('retenido');
    expect((await setStatus(cita, AppointmentStatus.Programada)).status).toBe(200);
    expect((await depositsOf(cita)).adelantos[0].estado).toBe('recibido');
  });

  it('keeps it on a cancellation inside the policy’s window', async () => {
    // Tomorrow is always inside the 48 hours this salon's policy sets.
    const cita = await book(await registerOwner(admin, 'Ana', 'Bobby'), 1);
    await pay(cita);
    expect((await setStatus(cita, AppointmentStatus.Cancelada, 'No puede venir')).status).toBe(200);
    expect((await depositsOf(cita)).adelantos[0].estado).toBe('retenido');
  });

  it('turns it into credit on an earlier cancellation, which checkout spends and a void gives back', async () => {
    const owner = await registerOwner(admin, 'Elena', 'Nina');
    const cancelled = await book(owner, 5);
    await pay(cancelled, { monto: '30' });
    await setStatus(cancelled, AppointmentStatus.Cancelada, 'Viaja esa semana');
    expect((await depositsOf(cancelled)).adelantos[0].estado).toBe('credito');
    expect(await creditOf(owner)).toBe('30.00');

    const next = await book(owner, 6);
    const short = await charge(next, [
      { metodo: 'credito', monto: '30.01' },
      { metodo: 'efectivo', monto: '49.99' },
    ]);
    expect(short.status).toBe(409);
    expect(short.body.message).toBe(D.creditShort('30.00'));

    // Two sales spending the whole credit at once: one of them finds it spent.
    const other = await book(owner, 7);
    const pagos = [
      { metodo: 'credito', monto: '30' },
      { metodo: 'efectivo', monto: '50' },
    ];
    const both = await Promise.all([charge(next, pagos), charge(other, pagos)]);
    expect(both.map((res) => res.status).sort()).toEqual([201, 409]);
    expect(await creditOf(owner)).toBe('0.00');

    const sold = both.find((res) => res.status === 201)!;
    await admin.patch('/venta/anular', { id: sold.body.data.id_venta, motivo: 'Cobro equivocado' });
    expect(await creditOf(owner)).toBe('30.00');

    const walkIn = await recepcion.post('/venta/register', {
      tipo_comp: 'T',
      items: [{ tipo: 'otro', descripcion: 'Lazo', cantidad: 1, precio: '5' }],
      pagos: [{ metodo: 'credito', monto: '5' }],
    });
    expect(walkIn.status).toBe(422);
    expect(walkIn.body.errors['pagos.0.metodo']).toEqual([D.creditNeedsClient]);
  });

  it('lets the admin turn a kept deposit into credit, with the reason', async () => {
    const owner = await registerOwner(admin, 'Rosa', 'Toby');
    const cita = await book(owner);
    const id = ((await pay(cita)).body.data as AppointmentDeposits).adelantos[0].id;
    await setStatus(cita, AppointmentStatus.NoAsistio);
    const body = { id, motivo: 'El salón canceló por lluvia' };
    const refused = await recepcion.patch('/adelanto/acreditar', body);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(D.creditRetainedForbidden);
    const credited = await admin.patch('/adelanto/acreditar', body);
    expect(credited.status, JSON.stringify(credited.body)).toBe(200);
    expect(credited.body.data.adelantos[0]).toMatchObject({
      estado: 'credito',
      motivo: body.motivo,
    });
    expect(await creditOf(owner)).toBe('20.00');
    expect((await admin.patch('/adelanto/acreditar', body)).status).toBe(409);
  });
});

describe('a deposit the client pays from their link', () => {
  it('takes what is left to pay with the proof, for the counter to verify, and reveals nothing else', async () => {
    const owner = await registerOwner(admin, 'Inés', 'Pelusa');
    const cita = await book(owner, 4);
    const token = await ctx.database.db.transaction((tx) =>
      createAppointmentLink(tx, cita, new Date(Date.now() + 10 * 86_400_000)),
    );
    let address = 0;
    const send = async (fields: Record<string, string>, bytes: Buffer | null, link = token) => {
      const { payload, contentType } = await multipartBody(
        fields,
        bytes ? [{ name: 'comprobante', filename: 'yape.png', type: 'image/png', bytes }] : [],
      );
      return answerOf(
        await ctx.app.inject({
          method: 'POST',
          url: `/api/public/cita/${link}/adelanto`,
          headers: { 'content-type': contentType },
          remoteAddress: `10.36.0.${++address}`,
          payload,
        }),
      );
    };
    const shown = await ctx.app.inject({ method: 'GET', url: `/api/public/cita/${token}` });
    expect(answerOf(shown).body.data.adelanto).toEqual({
      requerido: '20.00',
      pagado: '0.00',
      pendiente: '20.00',
    });
    const yape = { metodo: 'yape', operacion: '99887766' };
    expect((await send(yape, null)).body.errors).toEqual({ comprobante: [D.proofRequired] });
    expect((await send({ metodo: 'efectivo', operacion: '1' }, pngImage())).status).toBe(422);
    expect((await send(yape, pngImage(), 'x'.repeat(43))).status).toBe(404);

    const paid = await send(yape, pngImage());
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(paid.body.message).toBe(D.publicReceived);
    expect(paid.body.data.adelanto).toEqual({
      requerido: '20.00',
      pagado: '20.00',
      pendiente: '0.00',
    });
    expect(JSON.stringify(paid.body.data)).not.toContain(owner.dni);
    expect((await send(yape, pngImage())).body.message).toBe(D.nothingPending);
    expect((await depositsOf(cita)).adelantos).toMatchObject([
      { monto: '20.00', metodo: 'yape', operacion: '99887766', verificado: false, usuario: null },
    ]);
    const [audited] = await ctx.database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entidad, 'adelanto'), eq(auditEntries.accion, 'crear')))
      .orderBy(desc(auditEntries.id))
      .limit(1);
    expect(audited.detalle).toBe('Adelanto informado por el cliente desde su enlace');

    // The counter's queue and the bell name it until someone verifies it.
    const queue = (await recepcion.get('/adelantos/por-verificar')).body
      .data as UnverifiedDeposit[];
    const waiting = queue.find((row) => row.id_cita === cita);
    expect(waiting).toMatchObject({
      monto: '20.00',
      metodo: 'yape',
      cliente: 'Inés Huamán Torres',
    });
    expect(waiting?.mascota).toBe('Pelusa');
    const bell = async (api: typeof recepcion) =>
      ((await api.get('/notificaciones')).body.data as Notifications).items.find(
        (item) => item.tipo === 'adelantos_por_verificar',
      );
    expect(await bell(recepcion)).toMatchObject({ enlace: '/adelantos-por-verificar' });
    expect(await bell(groomer)).toBeUndefined();
    for (const row of queue) await recepcion.patch('/adelanto/verificar', { id: row.id });
    expect((await recepcion.get('/adelantos/por-verificar')).body.data).toEqual([]);
    expect(await bell(recepcion)).toBeUndefined();
  });
});

describe('a deposit paid from the link once the day’s till is closed', () => {
  it('counts in the next day’s till, and leaves the closed day as it was closed', async () => {
    const today = limaDay(0);
    const cita = await book(await registerOwner(admin, 'Julia', 'Copito'), 4);
    const token = await ctx.database.db.transaction((tx) =>
      createAppointmentLink(tx, cita, new Date(Date.now() + 10 * 86_400_000)),
    );
    const till = async () => (await recepcion.get(`/caja?fecha=${today}`)).body.data as CashDay;
    const counted = (await till()).efectivo_esperado;
    expect((await recepcion.post('/caja/cierre', { fecha: today, contado: counted })).status).toBe(
      201,
    );
    const closed = await till();

    const { payload, contentType } = await multipartBody(
      { metodo: 'plin', operacion: '55443322' },
      [{ name: 'comprobante', filename: 'plin.png', type: 'image/png', bytes: pngImage() }],
    );
    const paid = answerOf(
      await ctx.app.inject({
        method: 'POST',
        url: `/api/public/cita/${token}/adelanto`,
        headers: { 'content-type': contentType },
        remoteAddress: '10.37.0.1',
        payload,
      }),
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    const [stored] = await ctx.database.db
      .select({ fecha: deposits.fecha })
      .from(deposits)
      .where(eq(deposits.id_cita, cita));
    expect(stored?.fecha).toBe(limaDay(1));
    expect((await till()).adelantos).toEqual(closed.adelantos);

    const reopened = await admin.post('/caja/reapertura', {
      fecha: today,
      motivo: 'Sigue la prueba de adelantos',
    });
    expect(reopened.status, JSON.stringify(reopened.body)).toBe(200);
  });
});

describe('Reporte Ventas', () => {
  it('adds up the deposits received, deducted, kept and credited, and the credit clients hold', async () => {
    const today = limaDay(0);
    const report = (await admin.get(`/ventas/reporte?desde=${today}&hasta=${today}`)).body
      .data as SalesReport;
    // Received: 20 (Carmen) + 80 (Gloria) + 20 (Sofía) + 20 (Julia) + 20 (Ana) + 30 (Elena) +
    // 20 (Rosa) + 20 (Inés, from her link); Pedro's was voided. Gloria's credit paid her visit.
    expect(report.adelantos).toEqual({
      recibidos: '230.00',
      descontados: '0.00',
      retenidos: '20.00',
      acreditados: '130.00',
      saldo_a_favor: '50.00',
    });
  });
});
