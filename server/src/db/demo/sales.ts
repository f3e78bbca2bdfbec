import { sql } from 'drizzle-orm';
import {
  AppointmentStatus,
  SALE_SERIES,
  SUNAT_CURRENCY,
  SUNAT_IGV_AFFECTATION,
  SUNAT_OPERATION_TYPE,
  amountInWords,
  parseCents,
} from '@app/domain';
import { rowsOf } from '../sql-rows';
import type { Db } from '../client';
import { settings } from '../schema';

/** The demo business, when the company has not been set up yet. */
export const DEMO_COMPANY = {
  nomEmp: 'Peluquería Canina Huellitas',
  sloganEmp: 'Cuidamos a tu mejor amigo',
  dirEmp: 'Av. Benavides 1234, Miraflores, Lima',
  fonoEmp: '987654321',
  emailEmp: 'contacto@huellitas.pe',
  rucEmp: '20131312955',
};

export interface SalesResult {
  sales: number;
}

/**
 * A boleta for every completed demo cita without a sale, issued at the end of its visit, at its
 * booked price, numbered in visit order after the series' last number, paid with the mix of a
 * Lima salon: mostly cash and Yape, then card and Plin, some Yape plus cash, few transfers; one
 * in six with a tip, cash rounded up with change. The amount in words is computed here per
 * price (there are few), the rest in SQL, so 100,000 sales take seconds.
 */
export async function seedSales(db: Db): Promise<SalesResult> {
  const result = await db.transaction(async (tx) => {
    const [company] = await tx.select({ id: settings.id }).from(settings).limit(1);
    if (!company) await tx.insert(settings).values(DEMO_COMPANY);

    const prices = rowsOf<{ precio: string }>(
      await tx.execute(sql`
        select distinct c.precio::text as precio from citas c
        where c.id_est = ${AppointmentStatus.Completada}
          and not exists (select 1 from ventas v where v.id_cita = c.id_cita and v.anulada_at is null)`),
    );
    if (prices.length === 0) return { sales: 0 };
    const words = Object.fromEntries(
      prices.map(({ precio }) => [precio, amountInWords(parseCents(precio) ?? 0)]),
    );

    const serie = SALE_SERIES.B;
    const [last] = rowsOf<{ ultimo: number }>(
      await tx.execute(
        sql`select coalesce(max(numero), 0)::int as ultimo from ventas where serie = ${serie}`,
      ),
    );
    // One row per sale with everything the three tables need; `k` picks the payment mix.
    await tx.execute(sql`
      create temporary table demo_sales on commit drop as
      select
        ${last.ultimo}::int + row_number() over (order by c.fec_cita, c.id_cita) as numero,
        c.id_cita, c.id_cli, c.id_usu,
        least(now(), c.fec_cita + c.duracion * interval '1 minute') as fecha,
        cl.dni_cli as doc, cl.nom_cli || ' ' || cl.ape_cli as nombre,
        coalesce(s.nom_srv, p.nom_paq) as descripcion,
        case when c.id_srv is null then 'paquete' else 'servicio' end as tipo,
        coalesce(c.id_srv, c.id_paq) as id_item,
        c.precio as total,
        round(c.precio / 1.18, 2) as gravadas,
        case when c.id_cita % 6 = 0 then 5 + (c.id_cita % 3) * 5 else 0 end::numeric(10,2) as propina,
        c.id_cita % 100 as k
      from citas c
      join clientes cl on cl.id_cli = c.id_cli
      left join servicios s on s.id_srv = c.id_srv
      left join paquetes p on p.id_paq = c.id_paq
      where c.id_est = ${AppointmentStatus.Completada}
        and not exists (select 1 from ventas v where v.id_cita = c.id_cita and v.anulada_at is null)`);

    // Cash is handed over rounded up to the next S/. 10 or a S/. 50 or S/. 100 bill: the change.
    const cashGiven = sql`greatest(d.total + d.propina, ceil((d.total + d.propina) / 10) * 10 + case when d.k % 3 = 0 then 0 when d.k % 3 = 1 then 10 else 0 end)`;
    await tx.execute(sql`
      insert into ventas (fecha, tipo_comp, serie, numero, cod_sunat, moneda, tipo_operacion,
        id_cita, id_cli, cliente_doc_tipo, cliente_doc, cliente_nombre,
        emisor_ruc, emisor_nombre, emisor_direccion,
        gravadas, descuento, igv, total, propina, pagado, vuelto, monto_letras, id_usu)
      select d.fecha, 'B', ${serie}, d.numero, '03', ${SUNAT_CURRENCY}, ${SUNAT_OPERATION_TYPE},
        d.id_cita, d.id_cli, '1', d.doc, d.nombre,
        e."rucEmp", e."nomEmp", e."dirEmp",
        d.gravadas, 0, d.total - d.gravadas, d.total, d.propina,
        case when d.k < 45 then ${cashGiven} else d.total + d.propina end,
        case when d.k < 45 then ${cashGiven} - d.total - d.propina else 0 end,
        ${JSON.stringify(words)}::jsonb ->> d.total::text,
        d.id_usu
      from demo_sales d
      cross join (select * from ajustes order by id limit 1) e
      order by d.numero`);
    await tx.execute(sql`
      insert into venta_items (id_venta, linea, tipo, id_item, descripcion, cantidad, unidad,
        afectacion_igv, precio_unitario, valor_unitario, base, igv, total)
      select v.id_venta, 1, d.tipo, d.id_item, d.descripcion, 1, 'ZZ', ${SUNAT_IGV_AFFECTATION},
        d.total, d.gravadas, d.gravadas, d.total - d.gravadas, d.total
      from demo_sales d join ventas v on v.serie = ${serie} and v.numero = d.numero`);
    // 0–44 cash; 45–74 Yape; 75–86 card; 87–94 Plin; 95–96 transfer; 97–99 Yape plus cash.
    await tx.execute(sql`
      insert into venta_pagos (id_venta, metodo, monto)
      select v.id_venta, m.metodo, m.monto
      from demo_sales d
      join ventas v on v.serie = ${serie} and v.numero = d.numero
      cross join lateral (
        select case
          when d.k < 45 then 'efectivo' when d.k < 75 then 'yape' when d.k < 87 then 'tarjeta'
          when d.k < 95 then 'plin' when d.k < 97 then 'transferencia' else 'yape' end as metodo,
          case when d.k >= 97 then least(20, v.pagado) else v.pagado end as monto
        union all
        select 'efectivo', v.pagado - 20 where d.k >= 97 and v.pagado > 20
      ) m`);
    const [{ n }] = rowsOf<{ n: number }>(
      await tx.execute(sql`select count(*)::int as n from demo_sales`),
    );
    await tx.execute(sql`
      insert into series (serie, tipo_comp, ultimo) values (${serie}, 'B', ${last.ultimo + n})
      on conflict (serie) do update set ultimo = greatest(series.ultimo, excluded.ultimo)`);
    return { sales: n };
  });
  // Fresh statistics, as the agenda's seed does: judged by stale ones, the dashboard's month
  // of sales was read through the wrong index (0.5 s instead of 0.1 s at 680,000 sales).
  if (result.sales > 0) await db.execute(sql`vacuum (analyze) ventas, venta_items, venta_pagos`);
  return result;
}
