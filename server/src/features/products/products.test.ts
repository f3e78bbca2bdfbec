import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  PRODUCT_MESSAGES,
  STOCK_MESSAGES,
  insufficientStock,
  type Product,
  type StockMovement,
} from '@app/domain';
import { products, settings } from '../../db/schema';
import { setupTestApp } from '../../test/app';
import { apiClient } from '../../test/http';

const ctx = await setupTestApp();
let admin: ReturnType<typeof apiClient>;
let recepcion: ReturnType<typeof apiClient>;

const M = PRODUCT_MESSAGES;
const S = STOCK_MESSAGES;

beforeAll(async () => {
  admin = apiClient(ctx.app, await ctx.signIn());
  recepcion = apiClient(ctx.app, await ctx.signIn('recepcion'));
  await ctx.database.db.insert(settings).values({
    nomEmp: 'Peluquería Canina Huellitas',
    dirEmp: 'Av. Benavides 1234, Miraflores',
    fonoEmp: '987654321',
    emailEmp: 'contacto@huellitas.pe',
    rucEmp: '20131312955',
  });
});

let serial = 0;
const shampoo = (extra: object = {}) => ({
  sku: `sha-${++serial}`,
  nombre: 'Shampoo de avena 500 ml',
  categoria: 'Higiene y cuidado',
  precio: '35.90',
  costo: '18',
  stock_min: 3,
  ...extra,
});

async function register(extra: object = {}): Promise<Product> {
  const res = await admin.post('/producto/register', shampoo(extra));
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body.data as Product;
}

const move = (body: object, api = admin) => api.post('/producto/movimiento', body);

async function history(id: number): Promise<StockMovement[]> {
  const res = await recepcion.get(`/producto/${id}/movimientos`);
  expect(res.status).toBe(200);
  return res.body.data.data as StockMovement[];
}

const stockOf = async (id: number) =>
  (await ctx.database.db.select().from(products).where(eq(products.id_prod, id)))[0].stock;

describe('the catalogue', () => {
  it('registers a product with its first stock as a movement, the SKU in capitals', async () => {
    const res = await admin.post('/producto/register', shampoo({ stock_inicial: 12 }));
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(M.registered);
    const product = res.body.data as Product;
    expect(product).toMatchObject({
      sku: `SHA-${serial}`,
      nom_prod: 'Shampoo de avena 500 ml',
      precio: '35.90',
      costo: '18.00',
      stock: 12,
      stock_min: 3,
      id_est: 1,
    });
    expect(await history(product.id_prod)).toMatchObject([
      { tipo: 'entrada', cantidad: 12, stock: 12, motivo: S.initial, usuario: 'admin' },
    ]);
  });

  it('reads a decimal comma in the price and the cost, and refuses grouped thousands', async () => {
    const res = await admin.post(
      '/producto/register',
      shampoo({ sku: `COMA-${serial}`, precio: '35,9', costo: '18,25' }),
    );
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ precio: '35.90', costo: '18.25' });
    const grouped = await admin.post(
      '/producto/register',
      shampoo({ sku: `MILES-${serial}`, precio: '1,234.50' }),
    );
    expect(grouped.status).toBe(422);
    expect(grouped.body.errors).toEqual({ precio: [M.moneyFormat] });
  });

  it('refuses a taken SKU in any case, and every bad field in Spanish', async () => {
    const taken = await register();
    const again = await admin.post('/producto/register', shampoo({ sku: taken.sku.toLowerCase() }));
    expect(again.status).toBe(409);
    expect(again.body.errors).toEqual({ sku: [M.skuTaken] });
    const bad = await admin.post('/producto/register', {
      sku: 'con espacio',
      nombre: 'ab',
      categoria: 'Juguetes',
      precio: '0',
      costo: '-1',
      stock_min: 1.5,
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      sku: [M.skuFormat],
      nombre: [M.nameMin],
      categoria: [M.categoryInvalid],
      precio: [M.priceMin],
      costo: [M.costMin],
      stock_min: [M.stockMinInvalid],
    });
  });

  it('edits a product without touching its stock', async () => {
    const product = await register({ stock_inicial: 4 });
    const res = await admin.put('/producto', {
      ...shampoo({ sku: product.sku, precio: '39.90', stock_min: 5 }),
      id: product.id_prod,
      stock: 100,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ precio: '39.90', stock_min: 5, stock: 4 });
  });

  it('lists by SKU or name, category and low stock, and hides what the desk may not change', async () => {
    const low = await register({ nombre: 'Collar antipulgas talla M', categoria: 'Salud' });
    const found = await recepcion.get('/productos/?search=antipulgas');
    expect(found.body.data.data.map((p: Product) => p.id_prod)).toEqual([low.id_prod]);
    const bySku = await recepcion.get(`/productos/?search=${low.sku.toLowerCase()}`);
    expect(bySku.body.data.data.map((p: Product) => p.id_prod)).toEqual([low.id_prod]);
    const lowStock = await recepcion.get('/productos/?bajo_stock=true&categoria=Salud');
    expect(lowStock.body.data.data.map((p: Product) => p.id_prod)).toEqual([low.id_prod]);
    expect((await recepcion.get('/productos/?categoria=Juguetes')).body.errors).toEqual({
      categoria: [M.categoryInvalid],
    });
    expect((await recepcion.post('/producto/register', shampoo())).status).toBe(403);
    expect(
      (await move({ id_prod: low.id_prod, tipo: 'entrada', cantidad: 1, motivo: 'x' }, recepcion))
        .status,
    ).toBe(403);
    const available = await recepcion.get('/productos/disponibles');
    expect(available.body.data).toContainEqual({
      id_prod: low.id_prod,
      sku: low.sku,
      nom_prod: 'Collar antipulgas talla M',
      precio: '35.90',
      stock: 0,
    });
  });

  it('deletes a product without movements, and refuses one with them', async () => {
    const unused = await register();
    expect((await admin.delete(`/producto/${unused.id_prod}`)).status).toBe(200);
    const used = await register({ stock_inicial: 1 });
    const res = await admin.delete(`/producto/${used.id_prod}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(M.inUse);
  });
});

describe('stock movements', () => {
  it('adds a purchase, takes internal use, sets a count, and never goes below zero', async () => {
    const product = await register({ stock_inicial: 2 });
    const id = product.id_prod;
    const bought = await move({
      id_prod: id,
      tipo: 'entrada',
      cantidad: '10',
      motivo: 'Compra a proveedor',
    });
    expect(bought.status).toBe(201);
    expect(bought.body.data.stock).toBe(12);
    expect(
      (await move({ id_prod: id, tipo: 'salida', cantidad: 3, motivo: 'Uso en baños' })).body.data
        .stock,
    ).toBe(9);

    const tooMany = await move({
      id_prod: id,
      tipo: 'salida',
      cantidad: 10,
      motivo: 'Uso en baños',
    });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.message).toBe(insufficientStock(9));
    expect(tooMany.body.errors).toEqual({ cantidad: [insufficientStock(9)] });

    const counted = await move({
      id_prod: id,
      tipo: 'ajuste',
      cantidad: 7,
      motivo: 'Inventario mensual',
    });
    expect(counted.body.data.stock).toBe(7);
    const same = await move({
      id_prod: id,
      tipo: 'ajuste',
      cantidad: 7,
      motivo: 'Inventario mensual',
    });
    expect(same.body.errors).toEqual({ cantidad: [S.unchanged] });

    expect(await history(id)).toMatchObject([
      { tipo: 'ajuste', cantidad: -2, stock: 7, motivo: 'Inventario mensual' },
      { tipo: 'salida', cantidad: -3, stock: 9 },
      { tipo: 'entrada', cantidad: 10, stock: 12, motivo: 'Compra a proveedor' },
      { tipo: 'entrada', cantidad: 2, stock: 2, motivo: S.initial },
    ]);
    expect(await stockOf(id)).toBe(7);
  });

  it('refuses a zero purchase, an unknown kind, a short reason and an unknown product', async () => {
    const product = await register();
    const body = { id_prod: product.id_prod, tipo: 'entrada', cantidad: 0, motivo: 'Compra' };
    expect((await move(body)).body.errors).toEqual({ cantidad: [S.quantityInvalid] });
    expect((await move({ ...body, cantidad: 1, tipo: 'venta' })).body.errors).toEqual({
      tipo: [S.kindInvalid],
    });
    expect((await move({ ...body, cantidad: 1, motivo: 'ab' })).body.errors).toEqual({
      motivo: [S.reasonMin],
    });
    expect((await move({ ...body, cantidad: 1, id_prod: 999_999 })).body.errors).toEqual({
      id_prod: [M.notFound],
    });
    expect((await recepcion.get('/producto/999999/movimientos')).status).toBe(404);
  });

  it('keeps stock exact under concurrent outflows: never below zero, each unit once', async () => {
    const product = await register({ stock_inicial: 5 });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        move({ id_prod: product.id_prod, tipo: 'salida', cantidad: 1, motivo: 'Uso en baños' }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(3);
    expect(await stockOf(product.id_prod)).toBe(0);
  });
});

describe('selling products', () => {
  const sale = (items: object[], total: string) =>
    recepcion.post('/venta/register', {
      tipo_comp: 'T',
      items,
      pagos: [{ metodo: 'efectivo', monto: total }],
    });
  const line = (product: Product, cantidad: number) => ({
    tipo: 'producto',
    id: product.id_prod,
    descripcion: product.nom_prod,
    cantidad,
    precio: product.precio,
  });

  it('moves stock out with the sale and back with its void, each with its receipt', async () => {
    const product = await register({ stock_inicial: 5, precio: '10' });
    // The same product on two lines moves once, by their sum.
    const sold = await sale([line(product, 2), line(product, 1)], '30');
    expect(sold.status).toBe(201);
    expect(await stockOf(product.id_prod)).toBe(2);
    const receipt = (await recepcion.get(`/venta/${sold.body.data.id_venta}`)).body.data;
    expect(receipt.items[0]).toMatchObject({ unidad: 'NIU', tipo: 'producto' });

    await admin.patch('/venta/anular', { id: sold.body.data.id_venta, motivo: 'Devolución' });
    expect(await stockOf(product.id_prod)).toBe(5);
    expect(await history(product.id_prod)).toMatchObject([
      {
        tipo: 'anulacion',
        cantidad: 3,
        stock: 5,
        comprobante: sold.body.data.comprobante,
        motivo: `Anulación de ${sold.body.data.comprobante}: Devolución`,
      },
      { tipo: 'venta', cantidad: -3, stock: 2, comprobante: sold.body.data.comprobante },
      { tipo: 'entrada', cantidad: 5 },
    ]);
  });

  it('refuses a sale beyond the stock on the line, and issues nothing', async () => {
    const product = await register({ stock_inicial: 1, precio: '10' });
    const before = (await recepcion.get('/ventas/')).body.data.total;
    const res = await sale([line(product, 2)], '20');
    expect(res.status).toBe(409);
    expect(res.body.errors).toEqual({ 'items.0.cantidad': [insufficientStock(1)] });
    expect((await recepcion.get('/ventas/')).body.data.total).toBe(before);
    expect(await stockOf(product.id_prod)).toBe(1);
  });

  it('refuses a suspended product', async () => {
    const product = await register({ stock_inicial: 3, precio: '10' });
    await admin.patch('/producto', { id: product.id_prod, estado: 2 });
    const res = await sale([line(product, 1)], '10');
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(['items.0.id']);
  });

  it('sells the last units once when two cashiers sell them at the same time', async () => {
    const product = await register({ stock_inicial: 3, precio: '10' });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => sale([line(product, 1)], '10')),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(2);
    expect(await stockOf(product.id_prod)).toBe(0);
  });
});
