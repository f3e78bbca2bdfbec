import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHARGE_MESSAGES, limaToday, SALE_MESSAGES, type Sale } from '@app/domain';
import { creditNotes, receiptSeries } from '../../db/schema';
import { setupTestApp } from '../../test/app';
import { saveBilling, saveCompany, signWithTestCertificate as signWith } from '../../test/billing';
import { download } from '../../test/files';
import { apiClient } from '../../test/http';
import { validateUbl } from '../../test/xsd';

/*
 * Electronic receipts at the counter (DESIGN §11.1): with a modo on, a boleta or factura charged
 * is a signed UBL 2.1 document stored on the sale, its void a signed nota de crédito; both
 * download as XML and PDF. Without a modo nothing changes.
 */

const ctx = await setupTestApp();
let adminToken: string;
let admin: ReturnType<typeof apiClient>;
let recepcionToken: string;
let recepcion: ReturnType<typeof apiClient>;
let groomer: ReturnType<typeof apiClient>;
const workDir = mkdtempSync(join(tmpdir(), 'electronic-sales-'));

const M = SALE_MESSAGES;
const RUC = '20131312955';

beforeAll(async () => {
  adminToken = await ctx.signIn();
  admin = apiClient(ctx.app, adminToken);
  recepcionToken = await ctx.signIn('recepcion');
  recepcion = apiClient(ctx.app, recepcionToken);
  groomer = apiClient(ctx.app, await ctx.signIn('groomer'));
  await saveCompany(ctx.database.db, RUC);
});
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

const signWithTestCertificate = () => signWith(ctx.app, adminToken, RUC);
const turnOff = () => saveBilling(ctx.app, adminToken, { modo: 'desactivado' });

const cash = (monto: string) => [{ metodo: 'efectivo', monto }];

/** A boleta of three lines (one of two units) and a S/. 5.00 discount: S/. 85.50. */
const boleta = {
  tipo_comp: 'B',
  doc: '45871236',
  nombre: 'Rosa Huamán Torres',
  items: [
    { tipo: 'otro', descripcion: 'Baño completo', cantidad: 1, precio: '45.00' },
    { tipo: 'otro', descripcion: 'Corte de uñas', cantidad: 2, precio: '7.75' },
    { tipo: 'otro', descripcion: 'Shampoo medicado', cantidad: 1, precio: '30.00' },
  ],
  descuento: '5.00',
  pagos: cash('100'),
};
const factura = {
  tipo_comp: 'F',
  doc: '20100070970',
  nombre: 'Distribuidora Los Andes S.A.C.',
  items: [{ tipo: 'otro', descripcion: 'Baño y corte (convenio)', cantidad: 3, precio: '59.90' }],
  pagos: [{ metodo: 'transferencia', monto: '179.70' }],
};
/** A boleta under S/. 700 needs no buyer: SUNAT's 'VARIOS'. */
const walkIn = {
  tipo_comp: 'B',
  items: [{ tipo: 'otro', descripcion: 'Corte de uñas', cantidad: 1, precio: '20.00' }],
  pagos: cash('20'),
};

async function sell(body: object): Promise<Sale> {
  const res = await recepcion.post('/venta/register', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as Sale;
}

async function voidSale(id: number): Promise<Sale> {
  const res = await admin.patch('/venta/anular', {
    id,
    motivo: 'El cliente pidió otro comprobante',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Sale;
}

const file = (url: string, token = adminToken) => download(ctx.app, token, url);

/** The stored XML of a sale's receipt (or of its note), checked as a download. */
async function xmlOf(id: number, documento = 'comprobante') {
  const res = await file(`/venta/${id}/xml?documento=${documento}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
  return { xml: res.body, disposition: res.headers['content-disposition'] };
}

const digestOf = (xml: string) => /<ds:DigestValue>([^<]+)<\/ds:DigestValue>/.exec(xml)?.[1];

let verified = 0;
/** xmlsec1's verdict on the enveloped signature, or null where it is not installed. */
function xmlsecVerifies(xml: string): boolean | null {
  if (!existsSync('/usr/bin/xmlsec1')) return null;
  const path = join(workDir, `${++verified}.xml`);
  writeFileSync(path, xml);
  try {
    execFileSync('/usr/bin/xmlsec1', ['--verify', '--insecure', path], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
}

/** An XML download: valid against SUNAT's XSD, its signature sound, its hash the sale's. */
async function expectSignedDocument(
  xml: string,
  kind: 'invoice' | 'credit-note',
  hash: string | null,
) {
  expect(await validateUbl(xml, kind)).toEqual([]);
  expect(digestOf(xml)).toBe(hash);
  expect(xmlsecVerifies(xml)).not.toBe(false);
}

/**
 * The lines of text a PDF shows. pdfkit writes each line as one `TJ` of hex strings in WinAnsi
 * (Latin-1 for Spanish letters) inside deflated content streams.
 */
function pdfLines(pdf: Buffer): string[] {
  const lines: string[] = [];
  const text = pdf.toString('latin1');
  // Each stream is read by its /Length: a compressed stream ending in \r, cut by a pattern for
  // '\r?\nendstream', failed to inflate now and then and the page read as empty.
  for (const found of text.matchAll(/\/Length (\d+)[^>]*>>\nstream\n/g)) {
    const start = (found.index ?? 0) + found[0].length;
    const stream = text.slice(start, start + Number(found[1]));
    let content: string;
    try {
      content = inflateSync(Buffer.from(stream, 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const [, array] of content.matchAll(/\[([^\]]*)\] TJ/g)) {
      const pieces = [...array.matchAll(/<([0-9a-f]*)>/g)];
      lines.push(pieces.map(([, hex]) => Buffer.from(hex, 'hex').toString('latin1')).join(''));
    }
  }
  return lines;
}

/** A PDF download, checked as one, and the lines it shows. */
async function pdfOf(url: string) {
  const res = await file(url);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return { lines: pdfLines(res.rawPayload), disposition: res.headers['content-disposition'] };
}

describe('with modo desactivado (the default)', () => {
  it('issues a boleta as before: no CPE, no XML, printed without ELECTRÓNICA', async () => {
    const sale = await sell(boleta);
    expect(sale).toMatchObject({ cpe_estado: null, cpe_hash: null, cpe_qr: null });
    expect(sale.nota_credito).toBeNull();
    expect(sale).not.toHaveProperty('cpe_xml');

    const xml = await file(`/venta/${sale.id_venta}/xml`);
    expect(xml.statusCode).toBe(404);
    expect(xml.json<{ message: string }>().message).toBe(M.notElectronic);

    const { lines, disposition } = await pdfOf(`/venta/${sale.id_venta}/pdf`);
    expect(disposition).toBe(`attachment; filename="${sale.comprobante}.pdf"`);
    expect(lines).toContain('BOLETA DE VENTA');
    expect(lines.join('\n')).not.toMatch(/ELECTRÓNICA|Código hash|Representación impresa/);

    const voided = await voidSale(sale.id_venta);
    expect(voided.nota_credito).toBeNull();
    expect(await ctx.database.db.select().from(creditNotes)).toEqual([]);
  });
});

describe('with modo sunat_beta and the salon’s certificate', () => {
  beforeAll(signWithTestCertificate);

  it('signs a boleta of several lines with a discount, and stores it on the sale', async () => {
    const sale = await sell(boleta);
    expect(sale).toMatchObject({ total: '85.50', descuento: '5.00', cpe_estado: 'pendiente' });
    expect(sale.cpe_hash).toMatch(/^[A-Za-z0-9+/]{27}=$|^[A-Za-z0-9+/]{43}=$/);
    expect(sale.cpe_qr).toBe(
      `${RUC}|03|B001|${sale.numero}|${sale.igv}|85.50|${limaToday(new Date(sale.fecha))}|1|45871236|${sale.cpe_hash}|`,
    );
    // The read answers what the sale answered, and never the XML.
    const read = await recepcion.get(`/venta/${sale.id_venta}`);
    expect(read.body.data).toEqual(sale);

    const { xml, disposition } = await xmlOf(sale.id_venta);
    expect(disposition).toBe(`attachment; filename="${RUC}-03-B001-${sale.numero}.xml"`);
    expect(xml).toContain(`<cbc:ID>B001-${sale.numero}</cbc:ID>`);
    await expectSignedDocument(xml, 'invoice', sale.cpe_hash);
  });

  it('signs a factura to a RUC', async () => {
    const sale = await sell(factura);
    expect(sale.cpe_qr).toMatch(
      new RegExp(`^${RUC}\\|01\\|F001\\|${sale.numero}\\|.*\\|6\\|20100070970\\|`),
    );
    const { xml, disposition } = await xmlOf(sale.id_venta);
    expect(disposition).toBe(`attachment; filename="${RUC}-01-F001-${sale.numero}.xml"`);
    await expectSignedDocument(xml, 'invoice', sale.cpe_hash);
  });

  it('signs a boleta to VARIOS under S/. 700, without the buyer’s document', async () => {
    const sale = await sell(walkIn);
    expect(sale.cpe_qr).toMatch(/\|-\|-\|[^|]+\|$/);
    await expectSignedDocument((await xmlOf(sale.id_venta)).xml, 'invoice', sale.cpe_hash);
  });

  it('never makes a nota de venta an electronic receipt', async () => {
    const sale = await sell({ ...walkIn, tipo_comp: 'T' });
    expect(sale).toMatchObject({ cpe_estado: null, cpe_hash: null, cpe_qr: null });
    expect((await file(`/venta/${sale.id_venta}/xml`)).statusCode).toBe(404);
    const { lines } = await pdfOf(`/venta/${sale.id_venta}/pdf`);
    expect(lines).toContain('NOTA DE VENTA');
    expect(lines.join('\n')).not.toContain('ELECTRÓNICA');
  });

  it('keeps the numbers gapless: a sale refused after taking its number gives it back', async () => {
    const product = await admin.post('/producto/register', {
      sku: 'sha-cpe-1',
      nombre: 'Shampoo de avena 500 ml',
      categoria: 'Higiene y cuidado',
      precio: '35.90',
      costo: '18',
      stock_min: 0,
      stock_inicial: 1,
    });
    expect(product.status, JSON.stringify(product.body)).toBe(201);
    const first = await sell(walkIn);
    // The stock is checked after the number is taken: the whole sale, its CPE too, rolls back.
    const refused = await recepcion.post('/venta/register', {
      ...walkIn,
      items: [{ tipo: 'producto', id: product.body.data.id_prod, cantidad: 2 }],
      pagos: cash('71.80'),
    });
    expect(refused.status).toBe(409);
    const next = await sell(walkIn);
    expect(next.numero).toBe(first.numero + 1);
  });

  it('voids a boleta with a signed nota de crédito BC01-00000001 that references it', async () => {
    const sale = await sell(boleta);
    const { xml: receiptXml } = await xmlOf(sale.id_venta);
    const voided = await voidSale(sale.id_venta);
    expect(voided.motivo_anulacion).toBe('El cliente pidió otro comprobante');
    const note = voided.nota_credito;
    expect(note).toMatchObject({
      serie: 'BC01',
      numero: 1,
      comprobante: 'BC01-00000001',
      cod_motivo: '01',
      motivo: 'Anulación de la operación',
      cpe_estado: 'pendiente',
    });
    expect(note?.cpe_qr).toBe(
      `${RUC}|07|BC01|1|${sale.igv}|${sale.total}|${limaToday(new Date(note?.fecha ?? ''))}|1|45871236|${note?.cpe_hash}|`,
    );
    expect((await recepcion.get(`/venta/${sale.id_venta}`)).body.data).toEqual(voided);

    const { xml, disposition } = await xmlOf(sale.id_venta, 'nota');
    expect(disposition).toBe(`attachment; filename="${RUC}-07-BC01-1.xml"`);
    expect(xml).toContain(`<cbc:ReferenceID>B001-${sale.numero}</cbc:ReferenceID>`);
    await expectSignedDocument(xml, 'credit-note', note?.cpe_hash ?? null);
    // The receipt itself is immutable: its XML is what it was before the void.
    expect((await xmlOf(sale.id_venta)).xml).toBe(receiptXml);

    // Voided once: a second void issues no second note.
    const again = await admin.patch('/venta/anular', { id: sale.id_venta, motivo: 'Otra vez' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(CHARGE_MESSAGES.alreadyVoided);
    expect(await ctx.database.db.select().from(creditNotes)).toHaveLength(1);

    // The next void of a boleta takes the next number of BC01.
    const other = await voidSale((await sell(walkIn)).id_venta);
    expect(other.nota_credito?.comprobante).toBe('BC01-00000002');
  });

  it('voids a factura with FC01-00000001', async () => {
    const sale = await sell(factura);
    const voided = await voidSale(sale.id_venta);
    expect(voided.nota_credito?.comprobante).toBe('FC01-00000001');
    const { xml } = await xmlOf(sale.id_venta, 'nota');
    expect(xml).toContain(`<cbc:ReferenceID>F001-${sale.numero}</cbc:ReferenceID>`);
    await expectSignedDocument(xml, 'credit-note', voided.nota_credito?.cpe_hash ?? null);
    const [series] = await ctx.database.db
      .select()
      .from(receiptSeries)
      .where(eq(receiptSeries.serie, 'FC01'));
    expect(series).toEqual({ serie: 'FC01', tipo_comp: 'F', ultimo: 1 });
  });

  it('prints the receipt and its note as PDFs, A4 or 80 mm, with the hash and the QR', async () => {
    const sale = await voidSale((await sell(boleta)).id_venta);
    const note = sale.nota_credito;
    for (const formato of ['a4', '80mm']) {
      const receipt = await pdfOf(`/venta/${sale.id_venta}/pdf?formato=${formato}`);
      expect(receipt.disposition).toBe(`attachment; filename="${RUC}-03-B001-${sale.numero}.pdf"`);
      // Joined as one: on 80 mm a long line wraps.
      const text = receipt.lines.join('');
      expect(text).toContain('BOLETA DE VENTA ELECTRÓNICA');
      expect(text).toContain(sale.comprobante);
      expect(text).toContain('ANULADA');
      expect(text).toContain(`Nota de crédito ${note?.comprobante}`);
      expect(text).toContain('Representación impresa de la BOLETA DE VENTA ELECTRÓNICA');
      expect(text).toContain(`Código hash: ${sale.cpe_hash}`);
    }
    const printedNote = await pdfOf(`/venta/${sale.id_venta}/pdf?documento=nota`);
    expect(printedNote.disposition).toBe(
      `attachment; filename="${RUC}-07-${note?.serie}-${note?.numero}.pdf"`,
    );
    const text = printedNote.lines.join('\n');
    expect(text).toContain('NOTA DE CRÉDITO ELECTRÓNICA');
    expect(text).toContain(
      `Documento que modifica: BOLETA DE VENTA ELECTRÓNICA ${sale.comprobante}`,
    );
    expect(text).toContain('Motivo: 01 Anulación de la operación');
    expect(text).toContain(`Código hash: ${note?.cpe_hash}`);
  });

  it('answers 404 for an unknown sale or document, 4xx for a bad one, and needs caja.cobrar', async () => {
    const sale = await sell(walkIn);
    const notFound = await file('/venta/99999999/xml');
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json<{ message: string }>().message).toBe(M.notFound);
    expect((await file('/venta/99999999/pdf')).statusCode).toBe(404);
    const noNote = await file(`/venta/${sale.id_venta}/xml?documento=nota`);
    expect(noNote.statusCode).toBe(404);
    expect(noNote.json<{ message: string }>().message).toBe(M.creditNoteNotFound);
    expect((await file(`/venta/${sale.id_venta}/pdf?documento=nota`)).statusCode).toBe(404);

    for (const url of ['/venta/abc/xml', '/venta/0/pdf', '/venta/1.5/xml']) {
      const res = await file(url);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
    }
    const badDocument = await file(`/venta/${sale.id_venta}/xml?documento=boleta`);
    expect(badDocument.statusCode).toBe(422);
    expect(badDocument.body).toContain(M.documentInvalid);
    const badPaper = await file(`/venta/${sale.id_venta}/pdf?formato=a5`);
    expect(badPaper.statusCode).toBe(422);
    expect(badPaper.body).toContain(M.paperInvalid);

    expect((await groomer.get(`/venta/${sale.id_venta}/xml`)).status).toBe(403);
    expect((await groomer.get(`/venta/${sale.id_venta}/pdf`)).status).toBe(403);
    const anonymous = await ctx.app.inject({
      method: 'GET',
      url: `/api/venta/${sale.id_venta}/pdf`,
    });
    expect(anonymous.statusCode).toBe(401);
    // Whoever may read the sale (the cashier) may download it.
    expect((await file(`/venta/${sale.id_venta}/pdf`, recepcionToken)).statusCode).toBe(200);
  });

  it('refuses to void an electronic receipt once no certificate can sign its note', async () => {
    const sale = await sell(walkIn);
    await turnOff();
    const res = await admin.patch('/venta/anular', {
      id: sale.id_venta,
      motivo: 'Cobro duplicado',
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(CHARGE_MESSAGES.voidNeedsElectronicMode);
    expect((await recepcion.get(`/venta/${sale.id_venta}`)).body.data.anulada).toBe(false);
    // Off again: what is charged now is not electronic, what was stays so.
    expect((await sell(walkIn)).cpe_hash).toBeNull();
    expect((await xmlOf(sale.id_venta)).xml).toContain('<ds:DigestValue>');
  });
});
