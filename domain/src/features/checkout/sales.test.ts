import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  customerDocCode,
  formatReceiptNumber,
  PAYMENT_METHODS,
  printedDocument,
  receiptAmounts,
  receiptTitle,
  voidIssuesCreditNote,
  RECEIPT_TYPES,
  SALE_SERIES,
  SUNAT_CUSTOMER_DOC_CODES,
  SUNAT_RECEIPT_CODES,
} from './receipt-codes';
import { SaleInputSchema, SaleVoidSchema } from './sale-input';
import { SALE_MESSAGES as M } from './sale-messages';
import {
  ReceiptPdfQuerySchema,
  SaleListQuerySchema,
  type CreditNote,
  type Sale,
} from './sale-record';
import { saleAdjustments } from './sale-rules';
import { saleTotals } from './sale-totals';
import { CashDayQuerySchema, collectedTotal } from './till';
import { SETTINGS_MESSAGES } from '../settings/settings';

const RUC = '20100070970';

const bath = { tipo: 'servicio', id: 4, descripcion: 'Baño y corte', cantidad: 1, precio: '120' };

const sale = {
  tipo_comp: 'B',
  items: [bath],
  pagos: [{ metodo: 'efectivo', monto: '120' }],
};

const messages = (value: unknown, schema: z.ZodType = SaleInputSchema) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('sale input', () => {
  it('takes a walk-in boleta paid in cash and normalises its money', () => {
    expect(
      SaleInputSchema.parse({
        ...sale,
        items: [{ ...bath, cantidad: '2', precio: 45.5 }],
        pagos: [{ metodo: 'yape', monto: '91' }],
      }),
    ).toEqual({
      tipo_comp: 'B',
      doc: null,
      nombre: null,
      items: [
        { tipo: 'servicio', id: 4, descripcion: 'Baño y corte', cantidad: 2, precio: '45.50' },
      ],
      descuento: '0.00',
      propina: '0.00',
      pagos: [{ metodo: 'yape', monto: '91.00', codigo: null }],
      motivo_ajuste: null,
    });
  });

  it('takes a sale for a cita and a client, with discount, tip and split payment', () => {
    const input = {
      ...sale,
      id_cita: '12',
      id_cliente: 7,
      doc: '45871236',
      nombre: 'Ana Pérez',
      items: [
        bath,
        { tipo: 'producto', id: 3, descripcion: 'Champú', cantidad: 2, precio: '25.90' },
      ],
      descuento: '10',
      propina: '5',
      pagos: [
        { metodo: 'tarjeta', monto: '100' },
        { metodo: 'efectivo', monto: '100' },
      ],
    };
    expect(SaleInputSchema.parse(input)).toMatchObject({
      id_cita: 12,
      id_cliente: 7,
      descuento: '10.00',
      propina: '5.00',
    });
  });

  it('asks for the receipt type, the items and the payments', () => {
    expect(messages({})).toEqual([
      `tipo_comp: ${M.receiptTypeRequired}`,
      `items: ${M.itemsRequired}`,
      `pagos: ${M.paymentsRequired}`,
    ]);
    expect(messages({ ...sale, tipo_comp: 'X', items: [], pagos: [] })).toEqual([
      `tipo_comp: ${M.receiptTypeRequired}`,
      `items: ${M.itemsRequired}`,
    ]);
  });

  it('takes no payment only when nothing is due (bonos cover it all): else it asks for the rest', () => {
    const unpaid = messages({ ...sale, pagos: [] });
    expect(unpaid).toHaveLength(1);
    expect(unpaid[0]).toMatch(/^pagos: /);
    // A line the server prices (a bono may cover it) leaves the sum to the server.
    expect(
      messages({ ...sale, items: [{ tipo: 'servicio', id: 4, cantidad: 1 }], pagos: [] }),
    ).toEqual([]);
  });

  it('refuses more than 50 items and more than 5 payments', () => {
    const payment = { metodo: 'efectivo', monto: '1' };
    expect(
      messages({ ...sale, items: Array(51).fill(bath), pagos: Array(6).fill(payment) }),
    ).toEqual([`items: ${M.itemsMax}`, `pagos: ${M.paymentsMax}`]);
  });

  it('asks for the catalogue item of each kind but not of a free concept', () => {
    const item = (tipo: string, id?: number) => ({ ...sale, items: [{ ...bath, tipo, id }] });
    expect(messages(item('servicio'))).toEqual([`items.0.id: ${M.serviceRequired}`]);
    expect(messages(item('paquete'))).toEqual([`items.0.id: ${M.packageRequired}`]);
    expect(messages(item('producto'))).toEqual([`items.0.id: ${M.productRequired}`]);
    expect(messages(item('otro'))).toEqual([]);
    expect(SaleInputSchema.parse(item('otro')).items[0].id).toBeNull();
    expect(messages(item('otro', 4))).toEqual([`items.0.id: ${M.otherWithId}`]);
    expect(messages(item('regalo', 4))).toEqual([`items.0.tipo: ${M.itemKindInvalid}`]);
  });

  it('leaves a catalogue line’s name and price to the server', () => {
    const parsed = SaleInputSchema.parse({
      ...sale,
      items: [{ tipo: 'servicio', id: 4, cantidad: 1 }],
    });
    expect(parsed.items).toEqual([
      { tipo: 'servicio', id: 4, descripcion: '', cantidad: 1, precio: null },
    ]);
    // The payments are judged once the server has priced the line.
    expect(
      messages({ ...sale, items: [{ tipo: 'servicio', id: 4, cantidad: 1, precio: '' }] }),
    ).toEqual([]);
  });

  it('checks each line’s description, quantity and price', () => {
    const free = { tipo: 'otro', descripcion: 'Corte de uñas', cantidad: 1, precio: '120' };
    const line = (patch: object) => messages({ ...sale, items: [{ ...free, ...patch }] });
    expect(line({ descripcion: '  ' })).toEqual([`items.0.descripcion: ${M.descriptionRequired}`]);
    expect(line({ descripcion: 'x'.repeat(201) })).toEqual([
      `items.0.descripcion: ${M.descriptionMax}`,
    ]);
    for (const cantidad of [0, -1, 1.5, 1000, 'dos', '', undefined]) {
      expect(line({ cantidad }), String(cantidad)).toEqual([
        `items.0.cantidad: ${M.quantityInvalid}`,
      ]);
    }
    expect(line({ cantidad: '999', precio: '0.12' })).toEqual([]);
    expect(line({ precio: '' })).toEqual([`items.0.precio: ${M.priceRequired}`]);
    expect(line({ precio: undefined })).toEqual([`items.0.precio: ${M.priceRequired}`]);
    expect(line({ precio: '0' })).toEqual([`items.0.precio: ${M.priceMin}`]);
    expect(line({ precio: '-5' })).toEqual([`items.0.precio: ${M.priceMin}`]);
    expect(line({ precio: '12.345' })).toEqual([`items.0.precio: ${M.moneyFormat}`]);
    expect(line({ precio: 'doce' })).toEqual([`items.0.precio: ${M.moneyFormat}`]);
    expect(line({ precio: '100000000' })).toEqual([`items.0.precio: ${M.moneyMax}`]);
  });

  it('caps a sale at S/. 999,999.99, its items, its total plus tip and its payments', () => {
    const big = (precio: string, cantidad: number, extra: object = {}) =>
      messages({
        ...sale,
        tipo_comp: 'T',
        items: [{ tipo: 'otro', descripcion: 'Grande', cantidad, precio }],
        pagos: [{ metodo: 'efectivo', monto: '999999.99' }],
        ...extra,
      });
    expect(M.saleMax).toBe('El total de la venta no puede exceder S/. 999,999.99');
    expect(big('999999.99', 1)).toEqual([]);
    expect(big('1000000', 1)).toEqual([`items: ${M.saleMax}`]);
    // 999 × S/. 99,999,999.99 would overflow numeric(10,2) and the amount in words.
    expect(big('99999999.99', 999)).toEqual([`items: ${M.saleMax}`]);
    expect(big('999999.99', 1, { propina: '0.01' })).toEqual([`propina: ${M.dueMax}`]);
    const overpaid = [{ metodo: 'efectivo', monto: '1000000' }];
    expect(big('999999.99', 1, { pagos: overpaid })).toEqual([`pagos: ${M.paidMax}`]);
    expect(saleTotals({ items: [{ cantidad: 999, precio: '99999999.99' }], pagos: [] }).words).toBe(
      '',
    );
  });
});

describe('saleAdjustments', () => {
  const priced = (precio: string, precio_lista: string | null = '45.00') => ({
    tipo: 'servicio' as const,
    descripcion: 'Baño completo',
    cantidad: 2,
    precio,
    precio_lista,
  });

  it('names another price than the list’s, a discount above the maximum and a tip above the total', () => {
    expect(saleAdjustments({ items: [priced('45')], descuento: '9', propina: '81' }, '10')).toEqual(
      [],
    );
    expect(
      saleAdjustments({ items: [priced('40.00')], descuento: '8.01', propina: '71.99' }, '10.00'),
    ).toEqual([
      'Precio de «Baño completo»: S/. 45.00 → S/. 40.00',
      'Descuento de S/. 8.01 sobre S/. 80.00: más del 10.00 % permitido',
    ]);
    expect(
      saleAdjustments({ items: [priced('40.00', null)], descuento: '0', propina: '80.01' }, '10'),
    ).toEqual(['Propina de S/. 80.01, mayor que el total de S/. 80.00']);
  });
});

describe('sale input, continued', () => {
  it('checks the discount and the tip', () => {
    expect(messages({ ...sale, descuento: '-1' })).toEqual([`descuento: ${M.discountMin}`]);
    expect(messages({ ...sale, propina: '-1' })).toEqual([`propina: ${M.tipMin}`]);
    expect(messages({ ...sale, propina: '1.234' })).toEqual([`propina: ${M.moneyFormat}`]);
    expect(messages({ ...sale, descuento: '120.01' })).toEqual([
      `descuento: ${M.discountOverItems}`,
    ]);
    expect(
      messages({ ...sale, descuento: '120', pagos: [{ metodo: 'efectivo', monto: '0.01' }] }),
    ).toEqual([]);
    expect(SaleInputSchema.parse({ ...sale, descuento: '', propina: null })).toMatchObject({
      descuento: '0.00',
      propina: '0.00',
    });
  });

  it('checks each payment’s method and amount', () => {
    const pay = (patch: object) =>
      messages({ ...sale, pagos: [{ metodo: 'efectivo', monto: '120', ...patch }] });
    expect(pay({ metodo: 'cheque' })).toEqual([`pagos.0.metodo: ${M.methodInvalid}`]);
    expect(pay({ monto: '' })).toEqual([`pagos.0.monto: ${M.amountRequired}`]);
    expect(pay({ monto: '0' })).toEqual([`pagos.0.monto: ${M.amountMin}`]);
    expect(pay({ monto: '1,234.50' })).toEqual([`pagos.0.monto: ${M.moneyFormat}`]);
    expect(pay({ monto: '120,00' })).toEqual([]);
  });

  it('reads a decimal comma in prices, discount, tip and payments', () => {
    const parsed = SaleInputSchema.parse({
      ...sale,
      items: [{ ...bath, precio: '120,5' }],
      descuento: '0,50',
      propina: '2,5',
      pagos: [{ metodo: 'efectivo', monto: '122,5' }],
    });
    expect(parsed).toMatchObject({
      items: [{ precio: '120.50' }],
      descuento: '0.50',
      propina: '2.50',
      pagos: [{ monto: '122.50' }],
    });
  });

  it('asks the payments to cover the total plus the tip', () => {
    expect(messages({ ...sale, propina: '5' })).toEqual([
      'pagos: Los pagos suman S/. 120.00: faltan S/. 5.00 para cubrir el total más la propina',
    ]);
    expect(
      messages({
        ...sale,
        propina: '5',
        pagos: [
          { metodo: 'yape', monto: '60' },
          { metodo: 'plin', monto: '65' },
        ],
      }),
    ).toEqual([]);
  });

  it('lets only cash exceed the total plus the tip', () => {
    expect(messages({ ...sale, pagos: [{ metodo: 'efectivo', monto: '200' }] })).toEqual([]);
    expect(
      messages({
        ...sale,
        pagos: [
          { metodo: 'tarjeta', monto: '100' },
          { metodo: 'efectivo', monto: '50' },
        ],
      }),
    ).toEqual([]);
    expect(messages({ ...sale, pagos: [{ metodo: 'tarjeta', monto: '120.01' }] })).toEqual([
      `pagos: ${M.nonCashOverDue}`,
    ]);
    expect(
      messages({
        ...sale,
        pagos: [
          { metodo: 'yape', monto: '100' },
          { metodo: 'transferencia', monto: '21' },
          { metodo: 'efectivo', monto: '10' },
        ],
      }),
    ).toEqual([`pagos: ${M.nonCashOverDue}`]);
  });

  it('judges the payments only once every field is valid', () => {
    const yape = { ...sale, pagos: [{ metodo: 'yape', monto: '120' }] };
    expect(messages({ ...yape, items: [{ ...bath, cantidad: 1.5 }] })).toEqual([
      `items.0.cantidad: ${M.quantityInvalid}`,
    ]);
    expect(messages({ ...yape, tipo_comp: 'F', nombre: 'x'.repeat(201) })).toEqual([
      `nombre: ${M.nameMax}`,
    ]);
  });

  it('asks a factura for a valid RUC and the razón social', () => {
    const factura = { ...sale, tipo_comp: 'F', doc: RUC, nombre: 'Veterinaria Patitas S.A.C.' };
    expect(messages(factura)).toEqual([]);
    expect(messages({ ...factura, doc: '', nombre: ' ' })).toEqual([
      `doc: ${SETTINGS_MESSAGES.rucRequired}`,
      `nombre: ${M.facturaNameRequired}`,
    ]);
    expect(messages({ ...factura, doc: '45871236' })).toEqual([
      `doc: ${SETTINGS_MESSAGES.rucLength}`,
    ]);
    expect(messages({ ...factura, doc: '30100070970' })).toEqual([
      `doc: ${SETTINGS_MESSAGES.rucPrefix}`,
    ]);
    expect(messages({ ...factura, doc: '20100070971' })).toEqual([
      `doc: ${SETTINGS_MESSAGES.rucCheckDigit}`,
    ]);
    expect(messages({ ...factura, nombre: 'x'.repeat(201) })).toEqual([`nombre: ${M.nameMax}`]);
  });

  it('asks a boleta over S/. 700 for the buyer’s DNI', () => {
    const big = (total: string, doc?: string) => ({
      ...sale,
      doc,
      items: [{ ...bath, precio: total }],
      pagos: [{ metodo: 'efectivo', monto: total }],
    });
    expect(messages(big('700'))).toEqual([]);
    expect(messages(big('700.01'))).toEqual([`doc: ${M.boletaDniRequired}`]);
    expect(messages(big('700.01', '001234567'))).toEqual([`doc: ${M.boletaDniRequired}`]);
    expect(messages(big('700.01', '45871236'))).toEqual([]);
    // The discount brings the total under the limit; the tip does not count.
    expect(
      messages({
        ...big('710'),
        descuento: '10',
        propina: '50',
        pagos: [{ metodo: 'efectivo', monto: '750' }],
      }),
    ).toEqual([]);
  });

  it('takes a DNI or a carné de extranjería on a boleta', () => {
    expect(messages({ ...sale, doc: '45871236' })).toEqual([]);
    expect(messages({ ...sale, doc: '001234567' })).toEqual([]);
    expect(messages({ ...sale, doc: 'ab1234567' })).toEqual([]);
    for (const doc of ['4587123', '12345-678', 'PE12345678901', RUC.slice(0, 7)]) {
      expect(messages({ ...sale, doc }), doc).toEqual([`doc: ${M.boletaDocInvalid}`]);
    }
    expect(messages({ ...sale, doc: 'x'.repeat(21) })).toEqual([`doc: ${M.docMax}`]);
  });

  it('leaves the document of a nota de venta free', () => {
    expect(messages({ ...sale, tipo_comp: 'T', doc: 'sin documento' })).toEqual([]);
    expect(
      messages({
        ...sale,
        tipo_comp: 'T',
        items: [{ ...bath, precio: '900' }],
        pagos: [{ metodo: 'efectivo', monto: '900' }],
      }),
    ).toEqual([]);
  });
});

describe('saleTotals', () => {
  it('adds the lines, takes the discount and splits the IGV of the total', () => {
    const totals = saleTotals({
      items: [
        { cantidad: 1, precio: '100.00' },
        { cantidad: 2, precio: '15.00' },
      ],
      descuento: '10.00',
      propina: '0',
      pagos: [{ metodo: 'yape', monto: '120' }],
    });
    expect(totals.text).toEqual({
      items: '130.00',
      discount: '10.00',
      total: '120.00',
      subtotal: '101.69',
      igv: '18.31',
      tip: '0.00',
      due: '120.00',
      paid: '120.00',
      missing: '0.00',
      change: '0.00',
    });
    expect(totals.cents.total).toBe(12_000);
    expect(totals.words).toBe('SON: CIENTO VEINTE CON 00/100 SOLES');
  });

  it('gives the cash beyond the total plus the tip back as change', () => {
    const totals = saleTotals({
      items: [{ cantidad: 3, precio: '33.30' }],
      propina: '5',
      pagos: [
        { metodo: 'tarjeta', monto: '50' },
        { metodo: 'efectivo', monto: '100' },
      ],
    });
    expect(totals.text).toMatchObject({
      total: '99.90',
      tip: '5.00',
      due: '104.90',
      paid: '150.00',
      missing: '0.00',
      change: '45.10',
    });
  });

  it('never gives back more cash than was handed over', () => {
    const totals = saleTotals({
      items: [{ cantidad: 1, precio: '50' }],
      pagos: [
        { metodo: 'tarjeta', monto: '60' },
        { metodo: 'efectivo', monto: '5' },
      ],
    });
    expect(totals.text).toMatchObject({ paid: '65.00', change: '5.00' });
  });

  it('shows running totals of a form being typed', () => {
    const totals = saleTotals({
      items: [
        { cantidad: '2', precio: '45.5' },
        { cantidad: '', precio: '10' },
        { cantidad: 1, precio: '1.234' },
      ],
      descuento: '',
      propina: null,
      pagos: [{ metodo: 'efectivo', monto: '50' }],
    });
    expect(totals.text).toMatchObject({
      items: '91.00',
      total: '91.00',
      paid: '50.00',
      missing: '41.00',
      change: '0.00',
    });
  });

  it('adds exactly where floating point would not', () => {
    const totals = saleTotals({
      items: [
        { cantidad: 1, precio: '0.10' },
        { cantidad: 1, precio: '0.20' },
      ],
      pagos: [{ metodo: 'efectivo', monto: '0.30' }],
    });
    expect(totals.text).toMatchObject({ total: '0.30', missing: '0.00', change: '0.00' });
  });
});

describe('void, list and cash queries', () => {
  it('asks a void for the sale and a reason of 5 to 200 characters', () => {
    expect(SaleVoidSchema.parse({ id: '3', motivo: ' Error de cobro ' })).toEqual({
      id: 3,
      motivo: 'Error de cobro',
    });
    expect(messages({ id: 0, motivo: '' }, SaleVoidSchema)).toEqual([
      `id: ${M.notFound}`,
      `motivo: ${M.voidReasonRequired}`,
    ]);
    expect(messages({ id: 3, motivo: 'malo' }, SaleVoidSchema)).toEqual([
      `motivo: ${M.voidReasonMin}`,
    ]);
    expect(messages({ id: 3, motivo: 'x'.repeat(201) }, SaleVoidSchema)).toEqual([
      `motivo: ${M.voidReasonMax}`,
    ]);
  });

  it('filters the list by days, receipt type, payment method and search', () => {
    expect(
      SaleListQuerySchema.parse({
        desde: '2030-05-01',
        hasta: '2030-05-31',
        tipo: 'F',
        metodo: 'yape',
        search: ' B001 ',
      }),
    ).toMatchObject({
      desde: '2030-05-01',
      hasta: '2030-05-31',
      tipo: 'F',
      metodo: 'yape',
      search: 'B001',
      page: 1,
    });
    expect(SaleListQuerySchema.parse({ desde: '', tipo: '', metodo: '' })).toMatchObject({
      desde: undefined,
      tipo: undefined,
      metodo: undefined,
    });
    expect(messages({ desde: '2030-05-31', hasta: '2030-05-01' }, SaleListQuerySchema)).toEqual([
      `desde: ${M.rangeOrder}`,
    ]);
    expect(
      messages({ desde: '31/05/2030', tipo: 'X', metodo: 'cheque' }, SaleListQuerySchema),
    ).toEqual([
      `desde: ${M.dateFormat}`,
      `tipo: ${M.receiptTypeInvalid}`,
      `metodo: ${M.methodInvalid}`,
    ]);
  });

  it('asks the cash report for a day', () => {
    expect(CashDayQuerySchema.parse({ fecha: '2030-05-10' })).toEqual({ fecha: '2030-05-10' });
    expect(messages({}, CashDayQuerySchema)).toEqual([`fecha: ${M.dateRequired}`]);
    expect(messages({ fecha: '2030-02-30' }, CashDayQuerySchema)).toEqual([
      `fecha: ${M.dateFormat}`,
    ]);
  });
});

describe('receipt catalogues', () => {
  it('numbers receipts in eight digits after their series', () => {
    expect(formatReceiptNumber(SALE_SERIES.B, 1)).toBe('B001-00000001');
    expect(formatReceiptNumber(SALE_SERIES.F, 12_345)).toBe('F001-00012345');
    expect(formatReceiptNumber(SALE_SERIES.T, 99_999_999)).toBe('T001-99999999');
    expect(() => formatReceiptNumber('B001', 0)).toThrow(RangeError);
    expect(() => formatReceiptNumber('B001', 100_000_000)).toThrow(RangeError);
  });

  it('labels receipt types and payment methods in Spanish', () => {
    expect(RECEIPT_TYPES).toEqual({ B: 'Boleta', F: 'Factura', T: 'Nota de venta' });
    expect(Object.values(PAYMENT_METHODS)).toEqual([
      'Efectivo',
      'Yape',
      'Plin',
      'Tarjeta',
      'Transferencia',
      'Tarjeta de regalo',
      'Adelanto',
      'Saldo a favor',
    ]);
  });

  it('keeps SUNAT’s codes beside ours', () => {
    expect(SUNAT_RECEIPT_CODES).toEqual({ B: '03', F: '01', T: null });
    expect(customerDocCode('F', RUC)).toBe(SUNAT_CUSTOMER_DOC_CODES.ruc);
    expect(customerDocCode('B', '45871236')).toBe('1');
    expect(customerDocCode('B', '001234567')).toBe('4');
    expect(customerDocCode('B', null)).toBe('-');
    expect(customerDocCode('T', '')).toBe('-');
  });
});

describe('the printed receipt', () => {
  const HASH = 'bT9dWQ0qC3iZbK9o2xKq0J0i2Yk=';
  const issued = {
    tipo_comp: 'B',
    comprobante: 'B001-00000007',
    fecha: '2026-11-25T15:00:00.000Z',
    cpe_estado: null,
    cpe_hash: null,
    cpe_qr: null,
    nota_credito: null,
  } satisfies Partial<Sale>;
  const electronic = {
    ...issued,
    cpe_estado: 'aceptado',
    cpe_hash: HASH,
    cpe_qr: `${RUC}|03|B001|7|...|${HASH}|`,
  };
  const note: CreditNote = {
    serie: 'BC01',
    numero: 1,
    comprobante: 'BC01-00000001',
    fecha: '2026-11-26T14:00:00.000Z',
    cod_motivo: '01',
    motivo: 'Anulación de la operación',
    cpe_estado: 'pendiente',
    cpe_codigo: null,
    cpe_mensaje: null,
    cpe_hash: 'bm90ZQ==',
    cpe_qr: `${RUC}|07|BC01|1|...|bm90ZQ==|`,
    tiene_xml: true,
  };

  it('says ELECTRÓNICA only of a boleta or factura issued as a CPE (DESIGN §11.9)', () => {
    expect(receiptTitle({ tipo_comp: 'B', cpe_estado: null })).toBe('BOLETA DE VENTA');
    expect(receiptTitle({ tipo_comp: 'F', cpe_estado: null })).toBe('FACTURA');
    expect(receiptTitle({ tipo_comp: 'T', cpe_estado: null })).toBe('NOTA DE VENTA');
    // From its issue on: a PSE's answers its hash later.
    expect(receiptTitle({ tipo_comp: 'B', cpe_estado: 'pendiente' })).toBe(
      'BOLETA DE VENTA ELECTRÓNICA',
    );
    expect(receiptTitle({ tipo_comp: 'F', cpe_estado: 'aceptado' })).toBe('FACTURA ELECTRÓNICA');
    // A nota de venta is never sent, whatever it holds.
    expect(receiptTitle({ tipo_comp: 'T', cpe_estado: 'pendiente' })).toBe('NOTA DE VENTA');
    expect(receiptTitle({ tipo_comp: 'B', cpe_estado: 'aceptado' }, 'nota')).toBe(
      'NOTA DE CRÉDITO ELECTRÓNICA',
    );
  });

  it('voids with a nota de crédito only an electronic receipt SUNAT did not reject', () => {
    expect(voidIssuesCreditNote({ tipo_comp: 'B', cpe_estado: null })).toBe(false);
    expect(voidIssuesCreditNote({ tipo_comp: 'T', cpe_estado: 'pendiente' })).toBe(false);
    for (const cpe_estado of ['pendiente', 'aceptado', 'observado', 'error']) {
      expect(voidIssuesCreditNote({ tipo_comp: 'F', cpe_estado })).toBe(true);
    }
    expect(voidIssuesCreditNote({ tipo_comp: 'B', cpe_estado: 'rechazado' })).toBe(false);
  });

  it('prints the hash, the QR and the representation only of an electronic one', () => {
    expect(printedDocument(issued)).toEqual({
      title: 'BOLETA DE VENTA',
      number: 'B001-00000007',
      fecha: issued.fecha,
      hash: null,
      qr: null,
      representation: null,
      modifies: null,
      reason: null,
    });
    expect(printedDocument(electronic)).toMatchObject({
      title: 'BOLETA DE VENTA ELECTRÓNICA',
      hash: HASH,
      qr: electronic.cpe_qr,
      representation: 'Representación impresa de la BOLETA DE VENTA ELECTRÓNICA',
    });
  });

  it('prints a nota de crédito with its own number, date, hash and the receipt it voids', () => {
    expect(printedDocument({ ...electronic, nota_credito: note }, 'nota')).toEqual({
      title: 'NOTA DE CRÉDITO ELECTRÓNICA',
      number: 'BC01-00000001',
      fecha: note.fecha,
      hash: note.cpe_hash,
      qr: note.cpe_qr,
      representation: 'Representación impresa de la NOTA DE CRÉDITO ELECTRÓNICA',
      modifies: 'BOLETA DE VENTA ELECTRÓNICA B001-00000007',
      reason: '01 Anulación de la operación',
    });
    expect(() => printedDocument(electronic, 'nota')).toThrow(RangeError);
  });

  it('lists the discount, the tip and the change only when there are some', () => {
    const paid = {
      descuento: '5.00',
      gravadas: '12.71',
      igv: '2.29',
      total: '15.00',
      propina: '0.00',
      vuelto: '5.00',
      pagos: [{ metodo: 'efectivo' as const, monto: '20.00' }],
    };
    const { totals, payments } = receiptAmounts(paid);
    expect(totals).toEqual([
      { label: 'Descuento', amount: '5.00', negative: true },
      { label: 'Op. gravadas', amount: '12.71' },
      { label: 'IGV 18%', amount: '2.29' },
      { label: 'TOTAL', amount: '15.00', strong: true },
    ]);
    expect(payments).toEqual([
      { label: 'Efectivo', amount: '20.00' },
      { label: 'Vuelto', amount: '5.00' },
    ]);
    expect(receiptAmounts(paid, 'nota')).toEqual({ totals, payments: [] });
  });

  it('downloads the receipt in A4 unless asked otherwise', () => {
    expect(ReceiptPdfQuerySchema.parse({})).toEqual({ documento: 'comprobante', formato: 'a4' });
    expect(messages({ documento: 'boleta', formato: 'a5' }, ReceiptPdfQuerySchema)).toEqual([
      `documento: ${M.documentInvalid}`,
      `formato: ${M.paperInvalid}`,
    ]);
  });
});

describe('the till’s total collected', () => {
  it('leaves out what was paid before: gift cards, deposits and credit', () => {
    expect(
      collectedTotal([
        { metodo: 'efectivo', monto: '120.50' },
        { metodo: 'yape', monto: '45.00' },
        { metodo: 'tarjeta_regalo', monto: '50.00' },
        { metodo: 'adelanto', monto: '20.00' },
        { metodo: 'credito', monto: '9.90' },
        { metodo: 'tarjeta', monto: '0.10' },
      ]),
    ).toBe('165.60');
  });
});
