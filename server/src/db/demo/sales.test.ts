import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Sale } from '@app/domain';
import { rowsOf } from '../sql-rows';
import { setupTestApp } from '../../test/app';
import { apiClient } from '../../test/http';
import { seedAgenda } from './agenda';
import { seedCatalogue } from './catalogue';
import { seedPeople } from './people';
import { seedProducts } from './products';
import { DEMO_COMPANY, seedSales } from './sales';
import { seedStaff } from './staff';

const ctx = await setupTestApp();

const one = async <T>(query: ReturnType<typeof sql>) =>
  rowsOf<T>(await ctx.database.db.execute(query))[0];

describe('sales and products demo data', () => {
  it('charges every completed cita once, with amounts that add up and gapless numbers', async () => {
    const { db } = ctx.database;
    await seedPeople(db, 40);
    await seedCatalogue(db);
    await seedStaff(db);
    await seedAgenda(db, { appointments: 300 });
    const { sales } = await seedSales(db);
    const completed = await one<{ n: number }>(
      sql`select count(*)::int as n from citas where id_est = 6`,
    );
    expect(sales).toBe(completed.n);
    expect(sales).toBeGreaterThan(50);

    const checks = await one<Record<string, number>>(sql`
      select
        (select count(*) from citas c where c.id_est = 6
          and not exists (select 1 from ventas v where v.id_cita = c.id_cita))::int as uncharged,
        (select count(*) from ventas v where v.gravadas + v.igv <> v.total
          or v.pagado - v.vuelto <> v.total + v.propina
          or v.pagado <> (select sum(monto) from venta_pagos p where p.id_venta = v.id_venta)
          or v.total <> (select sum(total) from venta_items i where i.id_venta = v.id_venta))::int as wrong_amounts,
        (select count(*) from ventas v join venta_pagos p using (id_venta)
          where v.vuelto > 0 and p.metodo <> 'efectivo'
          and not exists (select 1 from venta_pagos q where q.id_venta = v.id_venta and q.metodo = 'efectivo'))::int as change_without_cash,
        (select count(*) from ventas where monto_letras is null or monto_letras not like 'SON: %')::int as no_words,
        (select max(numero) - min(numero) + 1 - count(*) from ventas where serie = 'B001')::int as gaps,
        (select count(distinct metodo) from venta_pagos)::int as methods,
        (select ultimo from series where serie = 'B001') - (select max(numero) from ventas)::int as series_behind`);
    expect(checks).toEqual({
      uncharged: 0,
      wrong_amounts: 0,
      change_without_cash: 0,
      no_words: 0,
      gaps: 0,
      methods: 5,
      series_behind: 0,
    });
    expect(await seedSales(db)).toEqual({ sales: 0 });

    // The shelf: every product's stock explained by its first movement, some already low.
    expect(await seedProducts(db)).toBe(16);
    expect(await seedProducts(db)).toBe(0);
    const shelf = await one<{ unexplained: number; low: number }>(sql`
      select
        (select count(*) from productos p where p.stock <> (select sum(cantidad) from movimientos_stock m where m.id_prod = p.id_prod))::int as unexplained,
        (select count(*) from productos where stock <= stock_min)::int as low`);
    expect(shelf.unexplained).toBe(0);
    expect(shelf.low).toBeGreaterThan(0);

    // The API reads a demo sale as its own, and sells on after the demo's numbers.
    const api = apiClient(ctx.app, await ctx.signIn());
    const [first] = (await api.get('/ventas/?per_page=1')).body.data.data as Sale[];
    const sale = (await api.get(`/venta/${first.id_venta}`)).body.data as Sale;
    expect(sale.emisor_ruc).toBe(DEMO_COMPANY.rucEmp);
    const next = await api.post('/venta/register', {
      tipo_comp: 'B',
      items: [{ tipo: 'otro', descripcion: 'Corte de uñas', cantidad: 1, precio: '15' }],
      pagos: [{ metodo: 'yape', monto: '15' }],
    });
    expect(next.body.data.numero).toBe(sales + 1);
  });
});
