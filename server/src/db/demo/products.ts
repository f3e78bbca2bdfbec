import { sql } from 'drizzle-orm';
import { STOCK_MESSAGES, type ProductCategory } from '@app/domain';
import type { Db } from '../client';
import { products, stockMovements } from '../schema';

/** What a Lima grooming salon sells and uses: name, category, price, cost, stock, minimum. */
const CATALOGUE: [string, ProductCategory, string, string, number, number][] = [
  ['Shampoo de avena 500 ml', 'Higiene y cuidado', '35.90', '18.50', 24, 6],
  ['Shampoo hipoalergénico 1 L', 'Higiene y cuidado', '59.90', '31.00', 12, 4],
  ['Acondicionador desenredante 500 ml', 'Higiene y cuidado', '39.90', '20.00', 3, 5],
  ['Colonia para perros 120 ml', 'Higiene y cuidado', '24.90', '11.00', 30, 8],
  ['Cepillo carda mediano', 'Accesorios', '29.90', '14.00', 9, 3],
  ['Collar de nylon talla M', 'Accesorios', '19.90', '8.50', 15, 5],
  ['Correa retráctil 5 m', 'Accesorios', '49.90', '26.00', 2, 3],
  ['Bandana con nombre', 'Accesorios', '15.00', '5.00', 40, 10],
  ['Alimento adulto raza pequeña 3 kg', 'Alimento', '79.90', '58.00', 10, 4],
  ['Alimento cachorro 1.5 kg', 'Alimento', '45.90', '33.00', 6, 4],
  ['Snack dental mediano x 7', 'Snacks', '22.90', '12.00', 25, 8],
  ['Galletas de hígado 200 g', 'Snacks', '12.90', '6.00', 4, 6],
  ['Pipeta antipulgas 10–20 kg', 'Salud', '38.00', '22.00', 18, 6],
  ['Pastilla antiparasitaria', 'Salud', '27.50', '15.00', 20, 5],
  ['Toallitas húmedas x 80', 'Insumos', '14.90', '7.00', 35, 10],
  ['Algodón 500 g', 'Insumos', '18.00', '9.50', 1, 4],
];

/**
 * The demo salon's shelf: each product with its stock as a first movement ('Stock inicial'),
 * a few already at or below their minimum so the dashboard and the bell have something to say.
 * Skipped when products exist.
 */
export async function seedProducts(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const [{ n }] = (await tx.select({ n: sql<number>`count(*)::int` }).from(products)) as {
      n: number;
    }[];
    if (n > 0) return 0;
    const rows = await tx
      .insert(products)
      .values(
        CATALOGUE.map(([nom_prod, categoria, precio, costo, stock, stock_min], index) => ({
          sku: `PRD-${String(index + 1).padStart(3, '0')}`,
          nom_prod,
          categoria,
          precio,
          costo,
          stock,
          stock_min,
        })),
      )
      .returning({ id_prod: products.id_prod, stock: products.stock });
    await tx.insert(stockMovements).values(
      rows.map((row) => ({
        id_prod: row.id_prod,
        tipo: 'entrada' as const,
        cantidad: row.stock,
        stock: row.stock,
        motivo: STOCK_MESSAGES.initial,
      })),
    );
    return rows.length;
  });
}
