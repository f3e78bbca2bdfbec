import { and, eq, isNull, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  AppointmentStatus,
  CASH_MESSAGES,
  CHARGE_MESSAGES,
  SALE_MESSAGES,
  limaToday,
  type CashDay,
  type Sale,
  type SalesReport,
} from '@app/domain';
import { appointments, auditEntries, sales, settings } from '../../db/schema';
import {
  createPackage,
  createService,
  limaDay,
  registerGroomer,
  registerOwner,
  type Owner,
} from '../../test/agenda';
import { rowsOf } from '../../db/sql-rows';
import { XLSX_TYPE } from '../../http/xlsx';
import { setupTestApp } from '../../test/app';
import { apiClient } from '../../test/http';
import { workbookOf } from '../../test/files';

const ctx = await setupTestApp();
let admin: ReturnType<typeof apiClient>;
let adminToken: string;
let recepcion: ReturnType<typeof apiClient>;
let groomer: ReturnType<typeof apiClient>;
let owner: Owner;
let bath: number;
let spa: number;

const M = SALE_MESSAGES;
const C = CHARGE_MESSAGES;

beforeAll(async () => {
  adminToken = await ctx.signIn();
  admin = apiClient(ctx.app, adminToken);
  recepcion = apiClient(ctx.app, await ctx.signIn('recepcion'));
  groomer = apiClient(ctx.app, await ctx.signIn('groomer'));
  owner = await registerOwner(admin, 'Rosa', 'Firulais');
  bath = await createService(ctx.database.db, 'Baño completo', '45.00');
  spa = await createPackage(ctx.database.db, 'Paquete Spa', '120.00');
});

describe('before the company is set up', () => {
  it('issues notas de venta but no boleta or factura', async () => {
    const res = await sell(walkIn());
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(C.issuerMissing);
    expect((await sell(walkIn({ tipo_comp: 'T' }))).status).toBe(201);
    await ctx.database.db.insert(settings).values(COMPANY);
  });
});

let hour = 8;
/** A cita of the owner's pet for the spa package, booked through the API. */
async function bookCita(day = limaDay(1), extra: object = {}) {
  hour += 1;
  const res = await recepcion.post('/cita/register', {
    fec_cita: `${day}T${String(hour % 24).padStart(2, '0')}:00`,
    dni_cli: owner.dni,
    id_perro: owner.petId,
    id_paquete: spa,
    fech_reg: limaDay(0),
    obs: 'Sin observaciones',
    ...extra,
  });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body.data.id_cita as number;
}

const COMPANY = {
  nomEmp: 'Peluquería Canina Huellitas',
  dirEmp: 'Av. Benavides 1234, Miraflores',
  fonoEmp: '987654321',
  emailEmp: 'contacto@huellitas.pe',
  rucEmp: '20131312955',
};

const line = { tipo: 'otro', descripcion: 'Corte de uñas', cantidad: 1, precio: '20.00' };

/** A walk-in boleta of S/. 20.00 paid in cash, unless told otherwise. */
const walkIn = (extra: object = {}) => ({
  tipo_comp: 'B',
  items: [line],
  pagos: [{ metodo: 'efectivo', monto: '20.00' }],
  ...extra,
});

const sell = (body: object, api = recepcion) => api.post('/venta/register', body);

/** A cita's nota de venta: its package, priced by the server (S/. 120.00), paid in cash. */
const citaSale = (cita: number, extra: object = {}) => ({
  id_cita: cita,
  tipo_comp: 'T',
  items: [{ tipo: 'paquete', id: spa, cantidad: 1 }],
  pagos: [{ metodo: 'efectivo', monto: '120.00' }],
  ...extra,
});

async function saleOf(id: number): Promise<Sale> {
  const res = await recepcion.get(`/venta/${id}`);
  expect(res.status).toBe(200);
  return res.body.data as Sale;
}

describe('charging a cita', () => {
  it('issues a numbered boleta with IGV inside the price, and completes the cita', async () => {
    const cita = await bookCita();
    const res = await sell({
      id_cita: cita,
      tipo_comp: 'B',
      doc: owner.dni,
      nombre: 'Rosa Huamán Torres',
      // The server names and prices the cita's package.
      items: [{ tipo: 'paquete', id: spa, cantidad: 1 }],
      propina: '10',
      pagos: [
        { metodo: 'yape', monto: '50' },
        { metodo: 'efectivo', monto: '100.00' },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(M.registered);
    expect(res.body.data.serie).toBe('B001');
    expect(res.body.data.comprobante).toMatch(/^B001-\d{8}$/);

    const sale = await saleOf(res.body.data.id_venta);
    expect(sale).toMatchObject({
      tipo_comp: 'B',
      cod_sunat: '03',
      moneda: 'PEN',
      tipo_operacion: '0101',
      id_cita: cita,
      id_cli: owner.id_cli,
      cliente_doc_tipo: '1',
      cliente_doc: owner.dni,
      total: '120.00',
      gravadas: '101.69',
      igv: '18.31',
      descuento: '0.00',
      propina: '10.00',
      pagado: '150.00',
      vuelto: '20.00',
      monto_letras: 'SON: CIENTO VEINTE CON 00/100 SOLES',
      metodos: ['yape', 'efectivo'],
      usuario: 'recepcion',
      // The receipt names who charged by name, and the cita's pet.
      cajero: 'Recepción Principal',
      mascota: 'Firulais',
      groomer: null,
      cpe_estado: null,
      anulada: false,
    });
    expect(sale.items).toEqual([
      {
        linea: 1,
        tipo: 'paquete',
        id_item: spa,
        descripcion: 'Paquete Spa',
        cantidad: 1,
        unidad: 'ZZ',
        afectacion_igv: '10',
        precio_unitario: '120.00',
        valor_unitario: '101.69',
        base: '101.69',
        igv: '18.31',
        total: '120.00',
      },
    ]);
    expect(sale).toMatchObject({
      emisor_ruc: COMPANY.rucEmp,
      emisor_nombre: COMPANY.nomEmp,
      emisor_direccion: COMPANY.dirEmp,
    });

    const [stored] = await ctx.database.db
      .select({ id_est: appointments.id_est })
      .from(appointments)
      .where(eq(appointments.id_cita, cita));
    expect(stored.id_est).toBe(AppointmentStatus.Completada);
    const shown = await recepcion.get(`/cita/${cita}`);
    expect(shown.body.data.id_venta).toBe(sale.id_venta);

    const audit = await ctx.database.db
      .select({ accion: auditEntries.accion, entidad: auditEntries.entidad })
      .from(auditEntries)
      .where(eq(auditEntries.entidad_id, sale.id_venta));
    expect(audit).toContainEqual({ accion: 'vender', entidad: 'venta' });
  });

  it('refuses to charge a cita twice, naming the receipt it has', async () => {
    const cita = await bookCita();
    const first = await sell(citaSale(cita));
    expect(first.status).toBe(201);
    const second = await sell(citaSale(cita));
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(C.appointmentCharged(first.body.data.comprobante));
  });

  it('charges a cita twice at once only once', async () => {
    const cita = await bookCita();
    const answers = await Promise.all([1, 2, 3].map(() => sell(citaSale(cita))));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
  });

  it('refuses a cita that does not exist, is deleted or was a no-show', async () => {
    expect((await sell(walkIn({ id_cita: 999_999 }))).body.errors).toEqual({
      id_cita: [C.appointmentNotFound],
    });
    const noShow = await bookCita();
    await ctx.database.db
      .update(appointments)
      .set({ id_est: AppointmentStatus.NoAsistio })
      .where(eq(appointments.id_cita, noShow));
    const res = await sell(walkIn({ id_cita: noShow }));
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ id_cita: [C.appointmentNotChargeable] });
  });

  it('keeps a charged cita Completada until its sale is voided', async () => {
    const cita = await bookCita();
    const sold = await sell(citaSale(cita));
    const change = () =>
      recepcion.patch('/cita/estado', { cita, est: AppointmentStatus.Programada });
    const refused = await change();
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(C.chargedStatus);
    await admin.patch('/venta/anular', {
      id: sold.body.data.id_venta,
      motivo: 'Cita no realizada',
    });
    expect((await change()).status).toBe(200);
  });

  it("refuses another client than the cita's", async () => {
    const cita = await bookCita();
    const other = await registerOwner(admin, 'Luis', 'Toby');
    const res = await sell(walkIn({ id_cita: cita, id_cliente: other.id_cli }));
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ id_cliente: [C.clientMismatch] });
  });
});

describe('the rules of a sale', () => {
  const refused = async (body: object, field: string, message: string) => {
    const res = await sell(body);
    expect(res.status).toBe(422);
    expect(res.body.errors, JSON.stringify(res.body)).toHaveProperty([field], [message]);
  };

  it('wants payments that add up to the total plus the tip', () =>
    refused(
      walkIn({ propina: '5', pagos: [{ metodo: 'yape', monto: '20' }] }),
      'pagos',
      'Los pagos suman S/. 20.00: faltan S/. 5.00 para cubrir el total más la propina',
    ));

  it('gives change only in cash', () =>
    refused(walkIn({ pagos: [{ metodo: 'plin', monto: '50' }] }), 'pagos', M.nonCashOverDue));

  it('wants a valid RUC and a razón social on a factura', async () => {
    const res = await sell(walkIn({ tipo_comp: 'F', doc: '20123456789' }));
    expect(res.status).toBe(422);
    expect(res.body.errors.doc?.[0]).toBeTruthy();
    expect(res.body.errors.nombre).toEqual([M.facturaNameRequired]);
  });

  it('wants the buyer’s DNI on a boleta over S/. 700', () =>
    refused(
      walkIn({
        items: [{ ...line, precio: '701.00' }],
        pagos: [{ metodo: 'efectivo', monto: '701' }],
      }),
      'doc',
      M.boletaDniRequired,
    ));

  it('refuses a discount beyond the items', () =>
    refused(walkIn({ descuento: '25' }), 'descuento', M.discountOverItems));

  it('refuses an item that does not exist, and products until they do', async () => {
    await refused(
      walkIn({ items: [{ ...line, tipo: 'servicio', id: 999_999 }] }),
      'items.0.id',
      C.itemNotFound,
    );
    await refused(
      walkIn({
        items: [line, { ...line, tipo: 'producto', id: 1 }],
        pagos: [{ metodo: 'efectivo', monto: '40' }],
      }),
      'items.1.id',
      C.itemNotFound,
    );
  });

  it('refuses money with three decimals and no items', async () => {
    await refused(walkIn({ propina: '1.005' }), 'propina', M.moneyFormat);
    await refused(walkIn({ items: [] }), 'items', M.itemsRequired);
  });

  it('is not for a groomer', async () => {
    expect((await sell(walkIn(), groomer)).status).toBe(403);
  });

  it('issues a factura on F001 with the RUC as catálogo 06 code 6', async () => {
    const res = await sell(
      walkIn({
        tipo_comp: 'F',
        doc: '20100070970',
        nombre: 'Veterinaria Los Andes S.A.C.',
        items: [
          {
            tipo: 'servicio',
            id: bath,
            descripcion: 'Baño completo',
            cantidad: 2,
            precio: '45.00',
          },
        ],
        pagos: [{ metodo: 'transferencia', monto: '90' }],
      }),
    );
    expect(res.status).toBe(201);
    const sale = await saleOf(res.body.data.id_venta);
    expect(sale).toMatchObject({
      serie: 'F001',
      cod_sunat: '01',
      cliente_doc_tipo: '6',
      total: '90.00',
      gravadas: '76.27',
      igv: '13.73',
    });
    expect(sale.items[0]).toMatchObject({ unidad: 'ZZ', valor_unitario: '38.14', base: '76.27' });
  });
});

describe('the server decides prices', () => {
  /** The audit entry of a sale: what it recorded of the charge. */
  async function saleAudit(id: number) {
    const [entry] = await ctx.database.db
      .select({ cambios: auditEntries.cambios })
      .from(auditEntries)
      .where(
        and(
          eq(auditEntries.entidad, 'venta'),
          eq(auditEntries.accion, 'vender'),
          eq(auditEntries.entidad_id, id),
        ),
      );
    return entry?.cambios ?? {};
  }

  const bathLine = (extra: object = {}) => ({ tipo: 'servicio', id: bath, cantidad: 2, ...extra });
  const paid = (monto: string) => [{ metodo: 'efectivo', monto }];

  it('names and prices catalogue lines itself, whatever description is sent', async () => {
    const res = await sell(
      walkIn({ items: [bathLine({ descripcion: 'Otra cosa' })], pagos: paid('90') }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const sale = await saleOf(res.body.data.id_venta);
    expect(sale.total).toBe('90.00');
    expect(sale.items[0]).toMatchObject({ descripcion: 'Baño completo', precio_unitario: '45.00' });
  });

  it('refuses a recepcion its own price, in Spanish, and records the refusal', async () => {
    const res = await sell(walkIn({ items: [bathLine({ precio: '0.01' })], pagos: paid('1') }));
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(M.adjustForbidden);
    const denied = await ctx.database.db
      .select({ detalle: auditEntries.detalle })
      .from(auditEntries)
      .where(eq(auditEntries.accion, 'denegado'));
    expect(denied.map((d) => d.detalle)).toContain(
      'POST /api/venta/register (requiere caja.cobrar)',
    );
  });

  it("charges a cita at its booked price, never at the cashier's", async () => {
    const cita = await bookCita();
    const cheap = await sell(
      citaSale(cita, {
        items: [{ tipo: 'paquete', id: spa, cantidad: 1, precio: '0.01' }],
        pagos: paid('0.01'),
      }),
    );
    expect(cheap.status).toBe(403);
    const without = await sell(citaSale(cita, { items: [line], pagos: paid('20') }));
    expect(without.status).toBe(422);
    expect(without.body.errors).toEqual({ items: [M.appointmentLineMissing('paquete')] });
  });

  it('lets an admin override a price with a reason, recorded in the audit log', async () => {
    const body = walkIn({ items: [bathLine({ precio: '40.00' })], pagos: paid('80') });
    const noReason = await sell(body, admin);
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors).toEqual({ motivo_ajuste: [M.adjustReasonRequired] });

    const res = await sell({ ...body, motivo_ajuste: 'Cliente frecuente' }, admin);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const sale = await saleOf(res.body.data.id_venta);
    expect(sale.total).toBe('80.00');
    expect(await saleAudit(sale.id_venta)).toMatchObject({
      ajustes: { antes: null, despues: ['Precio de «Baño completo»: S/. 45.00 → S/. 40.00'] },
      motivo_ajuste: { antes: null, despues: 'Cliente frecuente' },
    });
  });

  it('wants caja.ajustar for a discount above descuento_max', async () => {
    // S/. 2.00 of S/. 20.00 is the 10 % allowed; a cent more is not.
    expect((await sell(walkIn({ descuento: '2', pagos: paid('18') }))).status).toBe(201);
    const over = await sell(walkIn({ descuento: '2.01', pagos: paid('17.99') }));
    expect(over.status).toBe(403);
    expect(over.body.message).toBe(M.adjustForbidden);
    const adjusted = await sell(
      walkIn({ descuento: '5', pagos: paid('15'), motivo_ajuste: 'Promoción de aniversario' }),
      admin,
    );
    expect(adjusted.status).toBe(201);
    expect((await saleAudit(adjusted.body.data.id_venta)).ajustes?.despues).toEqual([
      'Descuento de S/. 5.00 sobre S/. 20.00: más del 10.00 % permitido',
    ]);

    await ctx.database.db.update(settings).set({ descuento_max: '25' });
    expect((await sell(walkIn({ descuento: '5', pagos: paid('15') }))).status).toBe(201);
    await ctx.database.db.update(settings).set({ descuento_max: '10' });
  });

  it('wants caja.ajustar for a tip above the total', async () => {
    expect((await sell(walkIn({ propina: '20', pagos: paid('40') }))).status).toBe(201);
    const over = await sell(walkIn({ propina: '20.01', pagos: paid('40.01') }));
    expect(over.status).toBe(403);
    const adjusted = await sell(
      walkIn({
        propina: '50',
        pagos: paid('70'),
        motivo_ajuste: 'Propina del cliente por el baño',
      }),
      admin,
    );
    expect(adjusted.status).toBe(201);
  });

  it('caps a sale at S/. 999,999.99 with a 422, never a 500', async () => {
    const huge = (precio: string, cantidad: number) =>
      sell(
        walkIn({
          tipo_comp: 'T',
          items: [{ ...line, precio, cantidad }],
          pagos: paid('99999999.99'),
        }),
      );
    const over = await huge('1000000.00', 1);
    expect(over.status).toBe(422);
    expect(over.body.errors).toEqual({ items: [M.saleMax] });
    const overflow = await huge('99999999.99', 999);
    expect(overflow.status).toBe(422);
    expect(overflow.body.errors).toEqual({ items: [M.saleMax] });
    const tip = await sell(
      walkIn({
        tipo_comp: 'T',
        items: [{ ...line, precio: '999999.99' }],
        propina: '999999.99',
        pagos: paid('1999999.98'),
        motivo_ajuste: 'Prueba de límites',
      }),
      admin,
    );
    expect(tip.status).toBe(422);
    expect(tip.body.errors).toEqual({ propina: [M.dueMax] });
  });
});

describe('numbering', () => {
  it('gives concurrent sales consecutive numbers, none repeated, none skipped', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => sell(walkIn({ tipo_comp: 'T' }))),
    );
    expect(answers.every((a) => a.status === 201)).toBe(true);
    const numbers = answers.map((a) => a.body.data.numero as number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 8 }, (_, i) => numbers[0] + i));
    expect(answers[0].body.data.comprobante).toMatch(/^T001-/);
  });

  it('does not spend a number on a refused sale', async () => {
    const before = await sell(walkIn({ tipo_comp: 'T' }));
    const refused = await sell(
      walkIn({ tipo_comp: 'T', items: [{ ...line, tipo: 'servicio', id: 999_999 }] }),
    );
    expect(refused.status).toBe(422);
    const after = await sell(walkIn({ tipo_comp: 'T' }));
    expect(after.body.data.numero).toBe(before.body.data.numero + 1);
  });
});

describe('voiding', () => {
  it('marks the sale Anulada with its reason, once, and lets the cita be charged again', async () => {
    const cita = await bookCita();
    const sold = await sell(citaSale(cita));
    const id = sold.body.data.id_venta as number;

    expect((await recepcion.patch('/venta/anular', { id, motivo: 'Error de cobro' })).status).toBe(
      403,
    );
    const short = await admin.patch('/venta/anular', { id, motivo: 'x' });
    expect(short.body.errors).toEqual({ motivo: [M.voidReasonMin] });

    const res = await admin.patch('/venta/anular', { id, motivo: 'Error de cobro' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(M.voided);
    expect(res.body.data).toMatchObject({
      anulada: true,
      anulada_por: 'admin',
      motivo_anulacion: 'Error de cobro',
    });
    const again = await admin.patch('/venta/anular', { id, motivo: 'Error de cobro' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(C.alreadyVoided);
    expect(
      (await admin.patch('/venta/anular', { id: 999_999, motivo: 'Error de cobro' })).status,
    ).toBe(404);

    const redo = await sell(citaSale(cita));
    expect(redo.status).toBe(201);
    expect(redo.body.data.numero).toBe(sold.body.data.numero + 1);
    // Never deleted.
    expect(await ctx.database.db.select().from(sales).where(eq(sales.id_venta, id))).toHaveLength(
      1,
    );
  });
});

describe('the list', () => {
  it('filters by receipt type, payment method and searches the receipt number', async () => {
    const sold = await sell(walkIn({ pagos: [{ metodo: 'plin', monto: '20' }] }));
    const comprobante = sold.body.data.comprobante as string;

    const byMethod = await recepcion.get('/ventas/?metodo=plin');
    expect(byMethod.status).toBe(200);
    expect(byMethod.body.data.data.map((s: Sale) => s.comprobante)).toContain(comprobante);
    expect(byMethod.body.data.data.every((s: Sale) => s.metodos.includes('plin'))).toBe(true);

    const byType = await recepcion.get('/ventas/?tipo=F');
    expect(byType.body.data.data.every((s: Sale) => s.tipo_comp === 'F')).toBe(true);

    const found = await recepcion.get(`/ventas/?search=${comprobante.toLowerCase()}`);
    expect(found.body.data.data.map((s: Sale) => s.comprobante)).toEqual([comprobante]);

    const today = limaToday();
    const dated = await recepcion.get(`/ventas/?desde=${today}&hasta=${today}`);
    expect(dated.body.data.total).toBeGreaterThan(0);
    const future = await recepcion.get(`/ventas/?desde=${limaDay(1)}`);
    expect(future.body.data.total).toBe(0);
  });

  it('refuses a backwards range and an unknown method in Spanish', async () => {
    const res = await recepcion.get(`/ventas/?desde=${limaDay(1)}&hasta=${limaDay(0)}`);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ desde: [M.rangeOrder] });
    expect((await recepcion.get('/ventas/?metodo=bitcoin')).body.errors).toEqual({
      metodo: [M.methodInvalid],
    });
  });
});

describe('the till and the report', () => {
  it('orders the report by item and by groomer by amount as numbers, not as text', async () => {
    // As text '90.00' > '880.00' and '120.00' > '1000.00': the larger amounts must come first.
    const big = await registerGroomer(admin, 'Ana');
    const small = await registerGroomer(admin, 'Beto');
    const extra = { tipo: 'otro', descripcion: 'Corte de raza', cantidad: 1, precio: '880.00' };
    const bigCita = await bookCita(limaDay(2), { id_emp: big.id_emp });
    const sold = await sell(
      citaSale(bigCita, {
        items: [{ tipo: 'paquete', id: spa, cantidad: 1 }, extra],
        pagos: [{ metodo: 'efectivo', monto: '1000.00' }],
      }),
    );
    expect(sold.status, JSON.stringify(sold.body)).toBe(201);
    expect((await saleOf(sold.body.data.id_venta)).groomer).toBe('Ana Quispe Rojas');
    const smallCita = await bookCita(limaDay(2), { id_emp: small.id_emp });
    expect((await sell(citaSale(smallCita))).status).toBe(201);
    const bow = { tipo: 'otro', descripcion: 'Lazo de regalo', cantidad: 1, precio: '90.00' };
    const walked = await sell(walkIn({ items: [bow], pagos: [{ metodo: 'yape', monto: '90' }] }));
    expect(walked.status).toBe(201);

    const today = limaToday();
    const report = (await admin.get(`/ventas/reporte?desde=${today}&hasta=${today}`)).body
      .data as SalesReport;
    const amounts = (rows: { total: string }[]) => rows.map((r) => Number(r.total));
    const descending = (values: number[]) => [...values].sort((a, b) => b - a);
    expect(amounts(report.por_item)).toEqual(descending(amounts(report.por_item)));
    expect(amounts(report.por_groomer)).toEqual(descending(amounts(report.por_groomer)));
    const item = (name: string) => report.por_item.findIndex((i) => i.descripcion === name);
    expect(item('Corte de raza')).toBeLessThan(item('Lazo de regalo'));
    const groomerAt = (id: number) => report.por_groomer.findIndex((g) => g.id_emp === id);
    expect(report.por_groomer[groomerAt(big.id_emp)].total).toBe('1000.00');
    expect(report.por_groomer[groomerAt(small.id_emp)].total).toBe('120.00');
    expect(groomerAt(big.id_emp)).toBeLessThan(groomerAt(small.id_emp));
  });

  it('starts the day with a float, counts cash in and out with reasons, and never takes out more than the drawer holds', async () => {
    const fecha = limaToday();
    const cashOf = async () => (await recepcion.get(`/caja?fecha=${fecha}`)).body.data as CashDay;
    const before = await cashOf();
    expect(before).toMatchObject({ apertura: null, movimientos: [], ingresos: '0.00' });

    const opened = await recepcion.post('/caja/apertura', { fecha, monto: '100' });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    expect(opened.body.message).toBe(CASH_MESSAGES.opened);
    expect(opened.body.data.apertura).toMatchObject({ monto: '100.00', usuario: 'recepcion' });
    const twice = await recepcion.post('/caja/apertura', { fecha, monto: '50' });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(CASH_MESSAGES.alreadyOpened);
    const future = await recepcion.post('/caja/apertura', { fecha: limaDay(1), monto: '50' });
    expect(future.body.errors).toEqual({ fecha: [CASH_MESSAGES.futureOpen] });
    expect((await recepcion.post('/caja/apertura', { fecha, monto: '-5' })).status).toBe(422);

    const cashIn = await recepcion.post('/caja/movimiento', {
      tipo: 'ingreso',
      monto: '20',
      motivo: 'Sencillo para vuelto',
    });
    expect(cashIn.status, JSON.stringify(cashIn.body)).toBe(201);
    expect(cashIn.body.message).toBe(CASH_MESSAGES.movementRecorded('ingreso'));
    const cashOut = await recepcion.post('/caja/movimiento', {
      tipo: 'egreso',
      monto: '15.50',
      motivo: 'Compra de shampoo',
    });
    expect(cashOut.status).toBe(201);
    const day = await cashOf();
    expect(day).toMatchObject({ ingresos: '20.00', egresos: '15.50' });
    expect(
      day.movimientos.map(({ tipo, monto, motivo, usuario }) => ({ tipo, monto, motivo, usuario })),
    ).toEqual([
      { tipo: 'ingreso', monto: '20.00', motivo: 'Sencillo para vuelto', usuario: 'recepcion' },
      { tipo: 'egreso', monto: '15.50', motivo: 'Compra de shampoo', usuario: 'recepcion' },
    ]);
    const plus = (a: string, b: number) => (Number(a) + b).toFixed(2);
    expect(day.efectivo_esperado).toBe(plus(before.efectivo_esperado, 104.5));

    // More than the drawer holds: refused with what it holds, nothing recorded.
    const tooMuch = await recepcion.post('/caja/movimiento', {
      tipo: 'egreso',
      monto: '99999',
      motivo: 'Retiro del dueño',
    });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.message).toBe(CASH_MESSAGES.notEnoughCash(day.efectivo_esperado));
    const invalid = await recepcion.post('/caja/movimiento', {
      tipo: 'otro',
      monto: '0',
      motivo: '',
    });
    expect(invalid.status).toBe(422);
    expect(Object.keys(invalid.body.errors).sort()).toEqual(['monto', 'motivo', 'tipo']);
    expect(
      (await groomer.post('/caja/movimiento', { tipo: 'ingreso', monto: '1', motivo: 'Vuelto' }))
        .status,
    ).toBe(403);
    expect((await cashOf()).movimientos).toHaveLength(2);
    const audit = await ctx.database.db
      .select({ id: auditEntries.entidad_id })
      .from(auditEntries)
      .where(and(eq(auditEntries.entidad, 'caja'), eq(auditEntries.accion, 'crear')));
    expect(audit.map((a) => a.id)).toEqual(
      expect.arrayContaining(day.movimientos.map((m) => m.id)),
    );
  });

  it('shows the day’s tips per groomer of the cita charged', async () => {
    const tipped = await registerGroomer(admin, 'Propina');
    const cita = await bookCita(limaDay(3), { id_emp: tipped.id_emp });
    const sold = await sell(
      citaSale(cita, { propina: '7.50', pagos: [{ metodo: 'efectivo', monto: '127.50' }] }),
    );
    expect(sold.status, JSON.stringify(sold.body)).toBe(201);
    const day = (await recepcion.get(`/caja?fecha=${limaToday()}`)).body.data as CashDay;
    expect(day.propinas_groomer.find((t) => t.id_emp === tipped.id_emp)).toEqual({
      id_emp: tipped.id_emp,
      nombre: expect.stringContaining('Propina'),
      monto: '7.50',
    });
  });

  it('adds up a day per method, net of change, with tips and voids, and closes it once', async () => {
    const fecha = limaToday();
    const before = (await recepcion.get(`/caja?fecha=${fecha}`)).body.data as CashDay;

    await sell(
      walkIn({
        propina: '5',
        pagos: [
          { metodo: 'yape', monto: '10' },
          { metodo: 'efectivo', monto: '50' },
        ],
      }),
    );
    const voided = await sell(walkIn({ pagos: [{ metodo: 'tarjeta', monto: '20' }] }));
    await admin.patch('/venta/anular', {
      id: voided.body.data.id_venta,
      motivo: 'Cliente desistió',
    });

    const day = (await recepcion.get(`/caja?fecha=${fecha}`)).body.data as CashDay;
    const method = (d: CashDay, m: string) => d.metodos.find((x) => x.metodo === m)!;
    const plus = (a: string, b: number) => (Number(a) + b).toFixed(2);
    expect(day.ventas).toBe(before.ventas + 1);
    expect(day.total).toBe(plus(before.total, 20));
    expect(day.propinas).toBe(plus(before.propinas, 5));
    // S/. 50 cash for S/. 15 due after S/. 10 by Yape: S/. 35 back, S/. 15 stays.
    expect(method(day, 'efectivo').monto).toBe(plus(method(before, 'efectivo').monto, 15));
    expect(method(day, 'yape').monto).toBe(plus(method(before, 'yape').monto, 10));
    expect(method(day, 'tarjeta').monto).toBe(method(before, 'tarjeta').monto);
    expect(day.anuladas).toBe(before.anuladas + 1);
    expect(day.total_anulado).toBe(plus(before.total_anulado, 20));
    // The drawer: the float and the movements of the test above besides the cash sales.
    const moved = Number(day.apertura?.monto ?? 0) + Number(day.ingresos) - Number(day.egresos);
    expect(day.efectivo_esperado).toBe(plus(method(day, 'efectivo').monto, moved));
    const all = day.metodos.reduce((sum, m) => sum + Number(m.monto), 0);
    expect(all.toFixed(2)).toBe(plus(day.total, Number(day.propinas)));

    const counted = plus(day.efectivo_esperado, -1.5);
    const closed = await recepcion.post('/caja/cierre', {
      fecha,
      contado: counted,
      nota: 'Faltó sencillo',
    });
    expect(closed.status).toBe(201);
    expect(closed.body.message).toBe(CASH_MESSAGES.closed);
    expect(closed.body.data.cierre).toMatchObject({
      esperado: day.efectivo_esperado,
      contado: counted,
      diferencia: '-1.50',
      nota: 'Faltó sencillo',
      usuario: 'recepcion',
    });
    const twice = await recepcion.post('/caja/cierre', { fecha, contado: counted });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(CASH_MESSAGES.alreadyClosed);
    const future = await recepcion.post('/caja/cierre', { fecha: limaDay(1), contado: '0' });
    expect(future.body.errors).toEqual({ fecha: [CASH_MESSAGES.future] });
    expect((await recepcion.get('/caja?fecha=2026-02-30')).status).toBe(422);
  });

  it('reads sales by period, method, item and groomer, voids apart', async () => {
    const today = limaToday();
    const res = await admin.get(`/ventas/reporte?desde=${limaDay(-1)}&hasta=${today}`);
    expect(res.status).toBe(200);
    const report = res.body.data as SalesReport;
    const [{ n, total }] = rowsOf<{ n: number; total: string }>(
      await ctx.database.db.execute(
        sql`select count(*)::int as n, sum(total)::text as total from ventas where anulada_at is null`,
      ),
    );
    expect(report.ventas).toBe(n);
    expect(report.total).toBe(total);
    expect(report.por_periodo).toEqual([{ periodo: today, ventas: n, total }]);
    const sum = (rows: { total: string }[]) =>
      rows.reduce((s, r) => s + Math.round(Number(r.total) * 100), 0);
    expect(sum(report.por_groomer)).toBe(Math.round(Number(total) * 100));
    expect(sum(report.por_metodo)).toBe(
      Math.round(Number(total) * 100) + Math.round(Number(report.propinas) * 100),
    );
    const spaLine = report.por_item.find((i) => i.tipo === 'paquete' && i.id_item === spa)!;
    expect(spaLine.descripcion).toBe('Paquete Spa');
    expect(spaLine.total).toBe((spaLine.cantidad * 120).toFixed(2));
    const month = await admin.get(`/ventas/reporte?desde=${today}&hasta=${today}&agrupar=mes`);
    expect(month.body.data.por_periodo).toEqual([{ periodo: today.slice(0, 7), ventas: n, total }]);
    expect((await recepcion.get(`/ventas/reporte?desde=${today}&hasta=${today}`)).status).toBe(403);
  });

  it('exports the report as CSV and as an xlsx workbook that read back', async () => {
    const today = limaToday();
    const download = (formato: string) =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/ventas/reporte/export?desde=${today}&hasta=${today}&formato=${formato}`,
        headers: { authorization: adminToken },
      });
    const report = (await admin.get(`/ventas/reporte?desde=${today}&hasta=${today}`)).body
      .data as SalesReport;

    const csv = await download('csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="reporte-ventas-${today}-a-${today}.csv"`,
    );
    const text = csv.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFFResumen\r\n')).toBe(true);
    const yape = report.por_metodo.find((m) => m.metodo === 'yape')!;
    expect(text).toContain(`\r\nYape;${yape.ventas};${yape.total}\r\n`);
    const spaLine = report.por_item.find((i) => i.tipo === 'paquete' && i.id_item === spa)!;
    expect(text).toContain(`\r\nPaquete;Paquete Spa;${spaLine.cantidad};${spaLine.total}\r\n`);

    const xlsx = await download('xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toBe(XLSX_TYPE);
    const book = await workbookOf(xlsx.rawPayload);
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual([
      'Resumen',
      'Por día',
      'Por método de pago',
      'Por servicio o paquete',
      'Por groomer',
      'Tarjetas de regalo',
      'Bonos',
      'Adelantos',
    ]);
    const summary = book.getWorksheet('Resumen')!.getRow(2).values as unknown[];
    expect(summary.slice(1)).toEqual([
      today.split('-').reverse().join('/'),
      today.split('-').reverse().join('/'),
      report.ventas,
      Number(report.total),
      Number(report.propinas),
      report.anuladas,
    ]);

    expect((await download('pdf')).statusCode).toBe(422);
  });
});

describe('a closed till', () => {
  const fecha = limaToday();
  const closedMessage = CASH_MESSAGES.dayClosed(fecha);

  it('refuses sales and voids on a closed day until an admin reopens it, audited', async () => {
    // The till test above closed today.
    const sold = await ctx.database.db
      .select({ id: sales.id_venta })
      .from(sales)
      .where(isNull(sales.anulada_at))
      .limit(1);
    const refused = await sell(walkIn());
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(closedMessage);
    expect(closedMessage).toBe(
      `La caja del día ${fecha.split('-').reverse().join('/')} ya está cerrada`,
    );
    const voidRefused = await admin.patch('/venta/anular', {
      id: sold[0].id,
      motivo: 'Error de cobro',
    });
    expect(voidRefused.status).toBe(409);
    expect(voidRefused.body.message).toBe(closedMessage);

    const reopen = { fecha, motivo: 'Faltó registrar una venta' };
    expect((await recepcion.post('/caja/reapertura', reopen)).status).toBe(403);
    expect((await admin.post('/caja/reapertura', { fecha })).status).toBe(422);
    const closedDay = (await recepcion.get(`/caja?fecha=${fecha}`)).body.data as CashDay;
    const reopened = await admin.post('/caja/reapertura', reopen);
    expect(reopened.status).toBe(200);
    expect(reopened.body.message).toBe(CASH_MESSAGES.reopened);
    expect(reopened.body.data.cierre).toMatchObject({
      motivo_reapertura: reopen.motivo,
      esperado_original: closedDay.cierre!.esperado,
    });
    expect(reopened.body.data.cierre.reabierta_at).not.toBeNull();
    expect(reopened.body.data.diferencia_cierre).toBe('0.00');
    const again = await admin.post('/caja/reapertura', reopen);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(CASH_MESSAGES.notClosed);
    const [audit] = await ctx.database.db
      .select({ cambios: auditEntries.cambios })
      .from(auditEntries)
      .where(and(eq(auditEntries.entidad, 'caja'), eq(auditEntries.accion, 'editar')));
    expect(audit.cambios).toMatchObject({
      reabierta: { antes: false, despues: true },
      motivo_reapertura: { antes: null, despues: reopen.motivo },
    });

    // Open again: S/. 20.00 more cash expected than was closed.
    const late = await sell(walkIn());
    expect(late.status).toBe(201);
    const open = (await recepcion.get(`/caja?fecha=${fecha}`)).body.data as CashDay;
    expect(open.diferencia_cierre).toBe('20.00');

    const closed = await recepcion.post('/caja/cierre', { fecha, contado: open.efectivo_esperado });
    expect(closed.status).toBe(201);
    expect(closed.body.data.cierre).toMatchObject({
      reabierta_at: null,
      esperado: open.efectivo_esperado,
      esperado_original: closedDay.cierre!.esperado,
    });
    expect(closed.body.data.diferencia_cierre).toBe('20.00');
    const voidLate = await admin.patch('/venta/anular', {
      id: late.body.data.id_venta,
      motivo: 'Error de cobro',
    });
    expect(voidLate.status).toBe(409);
    expect(voidLate.body.message).toBe(closedMessage);
  });
});
