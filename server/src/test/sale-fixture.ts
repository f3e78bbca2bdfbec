import {
  customerDocCode,
  formatCents,
  formatReceiptNumber,
  igvOf,
  parseCents,
  SALE_SERIES,
  saleTotals,
  SUNAT_CURRENCY,
  SUNAT_IGV_AFFECTATION,
  SUNAT_OPERATION_TYPE,
  SUNAT_RECEIPT_CODES,
  SUNAT_UNIT_CODES,
  type Sale,
  type SaleItemKind,
  type SaleLine,
} from '@app/domain';

/**
 * Sales as `GET /api/venta/{id}` answers them, for the electronic receipts' tests that need no
 * database: their amounts computed by the domain's own saleTotals, as issue.ts stores them.
 */

export type FixtureLine = {
  descripcion: string;
  cantidad: number;
  precio: string;
  tipo?: SaleItemKind;
};

export interface FixtureSale {
  tipo: 'B' | 'F';
  numero: number;
  /** One 'Baño pequeño' of S/. 45.00 when left out. */
  lines?: FixtureLine[];
  descuento?: string;
  doc?: string;
  nombre?: string;
  fecha?: string;
  emisor: { ruc: string; nombre?: string; direccion?: string };
}

/** A receipt line as issue.ts stores it: base and IGV of the line's total, with IGV. */
export function storedLine(line: FixtureLine, index: number): SaleLine {
  const tipo = line.tipo ?? 'servicio';
  const unit = parseCents(line.precio) ?? 0;
  const total = unit * line.cantidad;
  const { subtotal, igv } = igvOf(total);
  return {
    linea: index + 1,
    tipo,
    id_item: tipo === 'otro' ? null : index + 10,
    descripcion: line.descripcion,
    cantidad: line.cantidad,
    unidad: SUNAT_UNIT_CODES[tipo],
    afectacion_igv: SUNAT_IGV_AFFECTATION,
    precio_unitario: formatCents(unit),
    valor_unitario: formatCents(igvOf(unit).subtotal),
    base: formatCents(subtotal),
    igv: formatCents(igv),
    total: formatCents(total),
  };
}

export function saleFixture(fixture: FixtureSale): Sale {
  const lines = fixture.lines ?? [{ descripcion: 'Baño pequeño', cantidad: 1, precio: '45.00' }];
  const totals = saleTotals({
    items: lines.map(({ cantidad, precio }) => ({ cantidad, precio })),
    descuento: fixture.descuento ?? '0.00',
    pagos: [],
  });
  const { text } = totals;
  const serie = SALE_SERIES[fixture.tipo];
  const doc = fixture.doc ?? '';
  return {
    id_venta: fixture.numero,
    fecha: fixture.fecha ?? '2026-11-25T15:04:05.000Z',
    tipo_comp: fixture.tipo,
    serie,
    numero: fixture.numero,
    comprobante: formatReceiptNumber(serie, fixture.numero),
    id_cita: null,
    id_cli: null,
    cliente_doc: doc,
    cliente_nombre: fixture.nombre ?? '',
    total: text.total,
    propina: '0.00',
    metodos: ['efectivo'],
    usuario: 'caja',
    anulada: false,
    cod_sunat: SUNAT_RECEIPT_CODES[fixture.tipo],
    moneda: SUNAT_CURRENCY,
    tipo_operacion: SUNAT_OPERATION_TYPE,
    cliente_doc_tipo: customerDocCode(fixture.tipo, doc),
    emisor_ruc: fixture.emisor.ruc,
    emisor_nombre: fixture.emisor.nombre ?? 'Peluquería Canina Patitas S.A.C.',
    emisor_direccion: fixture.emisor.direccion ?? 'Av. José Larco 1234, Miraflores, Lima',
    gravadas: text.subtotal,
    descuento: text.discount,
    igv: text.igv,
    pagado: text.total,
    vuelto: '0.00',
    monto_letras: totals.words,
    items: lines.map(storedLine),
    pagos: [{ metodo: 'efectivo', monto: text.total }],
    anulada_at: null,
    anulada_por: null,
    motivo_anulacion: null,
    cpe_estado: null,
    cpe_hash: null,
    cpe_qr: null,
    cpe_codigo: null,
    cpe_mensaje: null,
    tiene_xml: false,
    nota_credito: null,
    cajero: 'Recepción Principal',
    mascota: null,
    groomer: null,
  };
}
