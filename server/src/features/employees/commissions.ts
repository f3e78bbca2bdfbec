import { and, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addDays,
  COMMISSION_ENDPOINTS as E,
  COMMISSION_MESSAGES as M,
  commissionOf,
  formatCents,
  limaDayStart,
  limaToday,
  parseCents,
  type CommissionClose,
  type CommissionLine,
  type CommissionReport,
  type CommissionSettings,
  type CommissionSettingsInput,
  type GroomerCommission,
} from '@app/domain';
import { actorOf, recordAudit, recordChange } from '../../audit/record';
import { dayText, sendTables } from '../../crud/export';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/sql-rows';
import {
  commissionCloses,
  commissionSettings,
  employees,
  packages,
  services,
  users,
} from '../../db/schema';
import { sessionOf } from '../../http/authenticate';
import { route } from '../../http/endpoint';
import { ok } from '../../http/envelope';
import { conflict, invalid, notFound } from '../../http/errors';
import { holdHeavySlot } from '../../http/heavy-work';
import type { XlsxSheet } from '../../http/xlsx';

/**
 * Commissions (DESIGN §11.7, decisions §commissions): worked out from the sales on every read,
 * at the rates saved now, except a closed period, which answers what it was when closed.
 */

const DEFAULT_SETTINGS = {
  pct_servicios: '0.00',
  pct_productos: '0.00',
  propinas: 'groomer',
  descuento_reduce: true,
  por_item: [],
} as const satisfies Omit<CommissionSettings, 'id_emp'>;

type Rates = Omit<CommissionSettings, 'id_emp'>;

/** Every employee's saved rates, by id. */
async function ratesByEmployee(executor: Db | Tx): Promise<Map<number, Rates>> {
  const rows = await executor.select().from(commissionSettings);
  return new Map(
    rows.map(({ id_emp, updated_at: _saved, ...rates }) => [
      id_emp,
      {
        ...rates,
        pct_servicios: toPct(rates.pct_servicios),
        pct_productos: toPct(rates.pct_productos),
      },
    ]),
  );
}

/** numeric(5,2) as the database writes it: '40.00'. */
const toPct = (value: string) => formatCents(parseCents(value) ?? 0);

interface SaleLineRow {
  id_venta: number;
  at: Date;
  sign: number;
  comprobante: string;
  descuento: string;
  id_emp: number;
  tipo: 'servicio' | 'paquete' | 'producto';
  id_item: number | null;
  descripcion: string;
  total: string;
  items_total: string;
  bono_base: string | null;
}

interface TipRow {
  id_venta: number;
  at: Date;
  sign: number;
  comprobante: string;
  propina: string;
  id_emp: number;
}

/**
 * The sales of citas with a groomer issued in [from, to) (sign 1), and those voided in it (sign
 * -1, at the void's moment): a void takes back in its own period what its sale earned.
 */
const salesOf = (from: Date, to: Date) => sql`
  select v.id_venta, v.fecha as at, 1 as sign, v.serie, v.numero, v.descuento, v.propina, c.id_emp
  from ventas v join citas c on c.id_cita = v.id_cita
  where v.fecha >= ${from} and v.fecha < ${to} and c.id_emp is not null
  union all
  select v.id_venta, v.anulada_at, -1, v.serie, v.numero, v.descuento, v.propina, c.id_emp
  from ventas v join citas c on c.id_cita = v.id_cita
  where v.anulada_at >= ${from} and v.anulada_at < ${to} and c.id_emp is not null`;

/**
 * What the sales voided in [desde, hasta] earned in a closed period, line by line with their
 * groomer, by sale: the void takes back those figures, not the rates and team saved now.
 */
async function closedEarnings(
  executor: Db | Tx,
  desde: string,
  hasta: string,
): Promise<Map<number, { id_emp: number; line: CommissionLine }[]>> {
  const { from, to } = spanOf(desde, hasta);
  const voided = rowsOf<{ id_venta: number; sold: string }>(
    await executor.execute(sql`
      select id_venta, to_char((fecha at time zone 'UTC') - interval '5 hours', 'YYYY-MM-DD') as sold
      from ventas where anulada_at >= ${from} and anulada_at < ${to} and fecha < ${from}`),
  );
  const earned = new Map<number, { id_emp: number; line: CommissionLine }[]>();
  if (voided.length === 0) return earned;
  const soldDays = voided.map((sale) => sale.sold).sort();
  const [first, last] = [soldDays[0], soldDays[soldDays.length - 1]];
  const closes = await executor
    .select({ groomers: commissionCloses.groomers })
    .from(commissionCloses)
    .where(and(lte(commissionCloses.desde, last), gte(commissionCloses.hasta, first)));
  const ids = new Set(voided.map((sale) => sale.id_venta));
  for (const { groomers } of closes) {
    for (const { id_emp, lineas } of groomers) {
      for (const line of lineas) {
        if (line.anulacion || !ids.has(line.id_venta)) continue;
        const lines = earned.get(line.id_venta) ?? [];
        lines.push({ id_emp, line });
        earned.set(line.id_venta, lines);
      }
    }
  }
  return earned;
}

const negated = (amount: string) => formatCents(-(parseCents(amount) ?? 0));

const receipt = sql`s.serie || '-' || lpad(s.numero::text, 8, '0')`;

/** Lima days [desde, hasta] as the moments they span. */
const spanOf = (desde: string, hasta: string) => ({
  from: limaDayStart(desde),
  to: limaDayStart(addDays(hasta, 1)),
});

async function saleLines(executor: Db | Tx, desde: string, hasta: string) {
  const { from, to } = spanOf(desde, hasta);
  // A line a bono covered (S/. 0.00) is based on the bono's price per visit it allows.
  const result = await executor.execute(sql`
    with s as (${salesOf(from, to)})
    select s.id_venta, s.at, s.sign, ${receipt} as comprobante, s.descuento::text as descuento,
      s.id_emp, vi.tipo, vi.id_item, vi.descripcion, vi.total::text as total,
      (sum(vi.total) over (partition by s.id_venta, s.sign))::text as items_total,
      (select round(sum(u.cantidad * bc.precio / nullif((
          select sum(i.cantidad) from bonos_cliente_items i where i.id_bono_cliente = bc.id), 0)), 2)
        from bonos_usos u join bonos_cliente bc on bc.id = u.id_bono_cliente
        where u.id_venta = vi.id_venta and u.linea = vi.linea)::text as bono_base
    from s join venta_items vi on vi.id_venta = s.id_venta
    where vi.tipo in ('servicio', 'paquete', 'producto')
    order by s.at, s.id_venta, vi.linea`);
  return rowsOf<SaleLineRow>(result);
}

async function tips(executor: Db | Tx, desde: string, hasta: string) {
  const { from, to } = spanOf(desde, hasta);
  const result = await executor.execute(sql`
    with s as (${salesOf(from, to)})
    select s.id_venta, s.at, s.sign, ${receipt} as comprobante, s.propina::text as propina, s.id_emp
    from s where s.propina > 0
    order by s.at, s.id_venta`);
  return rowsOf<TipRow>(result);
}

/** What a line is based on: its total (less its share of the sale's discount), or its bono's. */
function baseOf(line: SaleLineRow, rates: Rates): number {
  const total = parseCents(line.total) ?? 0;
  if (line.bono_base !== null && total === 0) return parseCents(line.bono_base) ?? 0;
  const discount = parseCents(line.descuento) ?? 0;
  const itemsTotal = parseCents(line.items_total) ?? 0;
  if (!rates.descuento_reduce || discount === 0 || itemsTotal === 0) return total;
  return total - Math.round((discount * total) / itemsTotal);
}

function rateOf(line: SaleLineRow, rates: Rates): string {
  if (line.tipo === 'producto') return rates.pct_productos;
  const own = rates.por_item.find((item) => item.tipo === line.tipo && item.id === line.id_item);
  return own?.pct ?? rates.pct_servicios;
}

/** `count` equal shares of `cents`, the odd cents to the first: they add up to `cents`. */
function shares(cents: number, count: number): number[] {
  const sign = Math.sign(cents);
  const whole = Math.floor(Math.abs(cents) / count);
  const odd = Math.abs(cents) - whole * count;
  return Array.from({ length: count }, (_, index) => sign * (whole + (index < odd ? 1 : 0)));
}

/** The groomers' figures over [desde, hasta], worked out now. */
async function computeReport(
  executor: Db | Tx,
  desde: string,
  hasta: string,
): Promise<GroomerCommission[]> {
  const [rates, lines, tipRows, frozen] = [
    await ratesByEmployee(executor),
    await saleLines(executor, desde, hasta),
    await tips(executor, desde, hasta),
    await closedEarnings(executor, desde, hasta),
  ];
  // A void of a sale a closed period counted takes back what that period says it earned.
  const fromClosedPeriod = (row: { id_venta: number; sign: number }) =>
    row.sign < 0 && frozen.has(row.id_venta);
  const ratesOf = (id: number): Rates => rates.get(id) ?? DEFAULT_SETTINGS;
  const byGroomer = new Map<number, CommissionLine[]>();
  const add = (id: number, line: CommissionLine) => {
    const list = byGroomer.get(id) ?? [];
    list.push(line);
    byGroomer.set(id, list);
  };
  const takenBack = new Set<number>();
  for (const row of [...lines, ...tipRows]) {
    if (!fromClosedPeriod(row) || takenBack.has(row.id_venta)) continue;
    takenBack.add(row.id_venta);
    for (const { id_emp, line } of frozen.get(row.id_venta) ?? []) {
      add(id_emp, {
        ...line,
        fecha: new Date(row.at).toISOString(),
        base: negated(line.base),
        comision: negated(line.comision),
        propina: negated(line.propina),
        anulacion: true,
      });
    }
  }
  for (const line of lines) {
    if (fromClosedPeriod(line)) continue;
    const groomerRates = ratesOf(line.id_emp);
    const base = formatCents(line.sign * baseOf(line, groomerRates));
    const pct = rateOf(line, groomerRates);
    add(line.id_emp, {
      fecha: new Date(line.at).toISOString(),
      id_venta: line.id_venta,
      comprobante: line.comprobante,
      tipo: line.tipo,
      descripcion: line.descripcion,
      base,
      pct,
      comision: commissionOf(base, pct),
      propina: '0.00',
      anulacion: line.sign < 0,
    });
  }
  // A tip goes to the cita's groomer, or, when the groomer shares them, to the whole team that
  // shares them, in equal parts.
  const team = [...rates.entries()]
    .filter(([, r]) => r.propinas === 'equipo')
    .map(([id]) => id)
    .sort((a, b) => a - b);
  for (const tip of tipRows) {
    if (fromClosedPeriod(tip)) continue;
    const cents = tip.sign * (parseCents(tip.propina) ?? 0);
    const shared = ratesOf(tip.id_emp).propinas === 'equipo' && team.length > 0;
    const receivers = shared ? team : [tip.id_emp];
    shares(cents, receivers.length).forEach((part, index) => {
      add(receivers[index], {
        fecha: new Date(tip.at).toISOString(),
        id_venta: tip.id_venta,
        comprobante: tip.comprobante,
        tipo: 'propina',
        descripcion: shared ? 'Propina del equipo' : 'Propina',
        base: '0.00',
        pct: null,
        comision: '0.00',
        propina: formatCents(part),
        anulacion: tip.sign < 0,
      });
    });
  }
  if (byGroomer.size === 0) return [];
  const names = await executor
    .select({ id: employees.id_emp, nom: employees.nom_emp, ape: employees.ape_emp })
    .from(employees)
    .where(inArray(employees.id_emp, [...byGroomer.keys()]));
  const sum = (list: CommissionLine[], key: 'base' | 'comision' | 'propina') =>
    list.reduce((total, line) => total + (parseCents(line[key]) ?? 0), 0);
  return names
    .map(({ id, nom, ape }) => {
      const list = byGroomer.get(id) ?? [];
      const comision = sum(list, 'comision');
      const propinas = sum(list, 'propina');
      return {
        id_emp: id,
        nombre: `${nom} ${ape}`,
        base: formatCents(sum(list, 'base')),
        comision: formatCents(comision),
        propinas: formatCents(propinas),
        total: formatCents(comision + propinas),
        lineas: list,
      };
    })
    .sort((a, b) => a.nombre.localeCompare(b.nombre, 'es'));
}

const closeColumns = {
  id: commissionCloses.id,
  desde: commissionCloses.desde,
  hasta: commissionCloses.hasta,
  usuario: sql<
    string | null
  >`(select ${users.login} from ${users} where ${users.id} = ${commissionCloses.id_usu})`,
  at: commissionCloses.at,
};

const closeOf = ({
  at,
  ...close
}: { at: Date } & Omit<CommissionClose, 'at'>): CommissionClose => ({
  ...close,
  at: at.toISOString(),
});

/** `GET /api/comisiones`: a closed period as frozen, any other range worked out now. */
async function report(
  db: Db,
  desde: string,
  hasta: string,
  emp: number | undefined,
): Promise<CommissionReport> {
  const [closed] = await db
    .select({ ...closeColumns, groomers: commissionCloses.groomers })
    .from(commissionCloses)
    .where(and(eq(commissionCloses.desde, desde), eq(commissionCloses.hasta, hasta)));
  const only = (groomers: GroomerCommission[]) =>
    emp === undefined ? groomers : groomers.filter((g) => g.id_emp === emp);
  if (closed) {
    const { groomers, ...close } = closed;
    return { desde, hasta, cierre: closeOf(close), groomers: only(groomers) };
  }
  return { desde, hasta, cierre: null, groomers: only(await computeReport(db, desde, hasta)) };
}

async function settingsOf(executor: Db | Tx, id: number): Promise<CommissionSettings> {
  const [employee] = await executor
    .select({ id: employees.id_emp })
    .from(employees)
    .where(eq(employees.id_emp, id));
  if (!employee) throw notFound(M.employeeNotFound);
  return { id_emp: id, ...((await ratesByEmployee(executor)).get(id) ?? DEFAULT_SETTINGS) };
}

/** The rates per item named as the catalogue names them now; 422 for an item it lacks. */
async function namedItems(tx: Tx, input: CommissionSettingsInput) {
  const serviceIds = input.por_item.flatMap((item) => (item.id_srv ? [item.id_srv] : []));
  const packageIds = input.por_item.flatMap((item) => (item.id_paq ? [item.id_paq] : []));
  const [serviceRows, packageRows] = [
    serviceIds.length
      ? await tx
          .select({ id: services.id_srv, nombre: services.nom_srv })
          .from(services)
          .where(inArray(services.id_srv, serviceIds))
      : [],
    packageIds.length
      ? await tx
          .select({ id: packages.id_paq, nombre: packages.nom_paq })
          .from(packages)
          .where(inArray(packages.id_paq, packageIds))
      : [],
  ];
  return input.por_item.map((item, index) => {
    const tipo = item.id_srv !== undefined ? ('servicio' as const) : ('paquete' as const);
    const itemId = (item.id_srv ?? item.id_paq) as number;
    const found = (tipo === 'servicio' ? serviceRows : packageRows).find((r) => r.id === itemId);
    if (!found) {
      throw invalid(
        `por_item.${index}.${tipo === 'servicio' ? 'id_srv' : 'id_paq'}`,
        M.itemUnknown,
      );
    }
    return { tipo, id: itemId, nombre: found.nombre, pct: item.pct };
  });
}

const KIND_NAMES: Record<CommissionLine['tipo'], string> = {
  servicio: 'Servicio',
  paquete: 'Paquete',
  producto: 'Producto',
  propina: 'Propina',
};

/** The export's two tables: each groomer's figure, and every line behind them. */
function commissionTables(report: CommissionReport): XlsxSheet[] {
  return [
    {
      name: 'Resumen',
      header: ['Groomer', 'Base (S/.)', 'Comisión (S/.)', 'Propinas (S/.)', 'Total (S/.)'],
      rows: report.groomers.map((g) => [g.nombre, g.base, g.comision, g.propinas, g.total]),
      money: [1, 2, 3, 4],
    },
    {
      name: 'Detalle',
      header: [
        'Groomer',
        'Fecha',
        'Comprobante',
        'Tipo',
        'Ítem',
        'Base (S/.)',
        '%',
        'Comisión (S/.)',
        'Propina (S/.)',
        'Anulación',
      ],
      rows: report.groomers.flatMap((g) =>
        g.lineas.map((line) => [
          g.nombre,
          dayText(limaToday(new Date(line.fecha))),
          line.comprobante,
          KIND_NAMES[line.tipo],
          line.descripcion,
          line.base,
          line.pct ?? '',
          line.comision,
          line.propina,
          line.anulacion ? 'Sí' : '',
        ]),
      ),
      money: [5, 7, 8],
    },
  ];
}

export const commissionsModule: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  route(app, E.settings, async (request) => ok(await settingsOf(db, request.params.id)));

  route(app, E.saveSettings, async (request) => {
    const input = request.body;
    const saved = await db.transaction(async (tx) => {
      const before = await settingsOf(tx, input.id_emp);
      const values = {
        pct_servicios: input.pct_servicios,
        pct_productos: input.pct_productos,
        propinas: input.propinas,
        descuento_reduce: input.descuento_reduce,
        por_item: await namedItems(tx, input),
      };
      await tx
        .insert(commissionSettings)
        .values({ id_emp: input.id_emp, ...values })
        .onConflictDoUpdate({
          target: commissionSettings.id_emp,
          set: { ...values, updated_at: new Date() },
        });
      const after = await settingsOf(tx, input.id_emp);
      await recordChange(tx, request, {
        accion: 'editar',
        entidad: 'empleado',
        id: input.id_emp,
        before: { comision: before },
        after: { comision: after },
      });
      return after;
    });
    return ok(saved, M.saved);
  });

  route(app, E.report, async (request) => {
    const { desde, hasta, emp } = request.query;
    return ok(await report(db, desde, hasta, emp));
  });

  route(app, E.export, async (request, reply) => {
    holdHeavySlot(request, reply, 'exportacion');
    const { desde, hasta, emp, formato } = request.query;
    const answer = await report(db, desde, hasta, emp);
    await recordAudit(db, {
      ...actorOf(request),
      accion: 'exportar',
      entidad: 'comision',
      detalle: `Comisiones ${desde} a ${hasta} (${formato})`,
    });
    return sendTables(
      reply,
      formato,
      `comisiones-${desde}-a-${hasta}.${formato}`,
      commissionTables(answer),
    );
  });

  route(app, E.closes, async () => {
    const rows = await db
      .select(closeColumns)
      .from(commissionCloses)
      .orderBy(desc(commissionCloses.desde));
    return ok(rows.map(closeOf));
  });

  route(app, E.close, async (request, reply) => {
    const { desde, hasta } = request.body;
    if (hasta >= limaToday()) throw invalid('hasta', M.futureClose);
    const closed = await db.transaction(async (tx) => {
      // Closes wait for each other: two overlapping periods are never both frozen.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('cierre_comision'), 0)`);
      const [overlapping] = await tx
        .select({ desde: commissionCloses.desde, hasta: commissionCloses.hasta })
        .from(commissionCloses)
        .where(and(lte(commissionCloses.desde, hasta), gte(commissionCloses.hasta, desde)))
        .limit(1);
      if (overlapping) throw conflict(M.overlapsClosed(overlapping.desde, overlapping.hasta));
      const groomers = await computeReport(tx, desde, hasta);
      const [row] = await tx
        .insert(commissionCloses)
        .values({ desde, hasta, groomers, id_usu: sessionOf(request).userId })
        .returning({ id: commissionCloses.id });
      await recordChange(tx, request, {
        accion: 'crear',
        entidad: 'comision',
        id: row.id,
        before: null,
        after: {
          desde,
          hasta,
          total: formatCents(groomers.reduce((sum, g) => sum + (parseCents(g.total) ?? 0), 0)),
        },
      });
      const [close] = await tx
        .select(closeColumns)
        .from(commissionCloses)
        .where(eq(commissionCloses.id, row.id));
      return { desde, hasta, cierre: closeOf(close), groomers };
    });
    return reply.status(201).send(ok(closed, M.closed));
  });

  route(app, E.own, async (request) => {
    const session = sessionOf(request);
    const [user] = await db
      .select({ id_emp: users.id_emp })
      .from(users)
      .where(eq(users.id, session.userId));
    if (!user?.id_emp) throw notFound(M.noEmployee);
    const today = limaToday();
    const [last] = await db
      .select({ hasta: commissionCloses.hasta })
      .from(commissionCloses)
      .orderBy(desc(commissionCloses.hasta))
      .limit(1);
    // The current period: the day after the last closed one, else the month's first day.
    const desde = last && last.hasta < today ? addDays(last.hasta, 1) : `${today.slice(0, 8)}01`;
    const [own] = (await computeReport(db, desde, today)).filter((g) => g.id_emp === user.id_emp);
    return ok({
      desde,
      hasta: today,
      comision: own?.comision ?? '0.00',
      propinas: own?.propinas ?? '0.00',
      total: own?.total ?? '0.00',
    });
  });
};
