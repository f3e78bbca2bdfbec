import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addDays,
  BONO_ENDPOINTS,
  BONO_MESSAGES as M,
  CLIENT_MESSAGES,
  bonoSoldLine,
  bonoUseLine,
  clientBonoState,
  coverWithBonos,
  limaToday,
  type ClientBono,
  type ClientBonoAdjust,
  type PricedLine,
} from '@app/domain';
import { recordChange } from '../../audit/record';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/sql-rows';
import {
  bonos,
  clientBonoItems,
  clientBonos,
  clientBonoUses,
  clients,
  sales,
} from '../../db/schema';
import { route } from '../../http/endpoint';
import { ok } from '../../http/envelope';
import { conflict, invalid, notFound } from '../../http/errors';
import { receiptNumberSql } from './sale-read';
import { centsSum } from './sale-sums';

/**
 * A client's bonos at checkout (DESIGN §11.6): sold by a sale line `{tipo: 'bono', id}`, used by
 * the services and packages they cover (coverWithBonos, under the client's bonos' row locks),
 * given back by a void; an admin extends or adjusts one, with a reason, audited.
 */

/** A priced line, and the bono use behind it when a bono covers it. */
export type CoverableLine = PricedLine & {
  id: number | null;
  sin_bono?: boolean;
  uso?: { id_bono_cliente: number; tipo: 'servicio' | 'paquete'; id_item: number };
};

/** The client bonos `where` selects, newest first, as `GET /api/cliente/{id}/bonos` answers. */
async function readClientBonos(
  executor: Db | Tx,
  where: SQL | undefined,
  today: string,
): Promise<ClientBono[]> {
  const rows = await executor
    .select({
      id: clientBonos.id,
      id_bono: clientBonos.id_bono,
      nombre: clientBonos.nombre,
      precio: clientBonos.precio,
      comprobante: receiptNumberSql,
      comprado: clientBonos.created_at,
      vence: clientBonos.vence,
      anulado: clientBonos.anulado,
    })
    .from(clientBonos)
    .innerJoin(sales, eq(sales.id_venta, clientBonos.id_venta))
    .where(where)
    .orderBy(desc(clientBonos.id));
  if (rows.length === 0) return [];
  const items = await executor
    .select({
      id_bono_cliente: clientBonoItems.id_bono_cliente,
      tipo: clientBonoItems.tipo,
      id: clientBonoItems.id_item,
      nombre: clientBonoItems.nombre,
      cantidad: clientBonoItems.cantidad,
      usados: clientBonoItems.usados,
    })
    .from(clientBonoItems)
    .where(
      inArray(
        clientBonoItems.id_bono_cliente,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(clientBonoItems.id));
  return rows.map(({ anulado, comprado, ...row }) => {
    const own = items
      .filter((item) => item.id_bono_cliente === row.id)
      .map(({ id_bono_cliente: _bono, ...item }) => ({
        ...item,
        quedan: item.cantidad - item.usados,
      }));
    return {
      ...row,
      comprado: comprado.toISOString(),
      estado: clientBonoState({ anulado, vence: row.vence, items: own }, today),
      items: own,
    };
  });
}

/**
 * The lines as charged once the client's bonos cover what they can (coverWithBonos): a covered
 * part of a line costs S/. 0.00, says which bono and what is left, and carries its use. The
 * client's valid bonos are locked first, so two sales of one client use them one after the
 * other.
 */
export async function coverLines(
  tx: Tx,
  clientId: number | null,
  items: CoverableLine[],
): Promise<CoverableLine[]> {
  if (clientId === null) return items;
  if (!items.some((item) => item.tipo === 'servicio' || item.tipo === 'paquete')) return items;
  const today = limaToday();
  const valid = and(
    eq(clientBonos.id_cli, clientId),
    eq(clientBonos.anulado, false),
    sql`${clientBonos.vence} >= ${today}`,
  );
  const locked = await tx
    .select({ id: clientBonos.id })
    .from(clientBonos)
    .where(valid)
    .orderBy(asc(clientBonos.id))
    .for('update');
  if (locked.length === 0) return items;
  const held = await readClientBonos(
    tx,
    inArray(
      clientBonos.id,
      locked.map((b) => b.id),
    ),
    today,
  );
  return coverWithBonos(items, held, today).map(({ line, cantidad, bono }) => {
    const item = items[line];
    if (!bono) return { ...item, cantidad };
    return {
      ...item,
      cantidad,
      descripcion: bonoUseLine(item.descripcion, bono),
      precio: '0.00',
      // Nothing is charged off the server's price: the bono's is S/. 0.00.
      precio_lista: '0.00',
      uso: {
        id_bono_cliente: bono.id,
        tipo: item.tipo === 'paquete' ? 'paquete' : 'servicio',
        id_item: item.id as number,
      },
    };
  });
}

/** Records the uses of a sale's covered lines (linea is the line's number, from 1). */
export async function useBonos(tx: Tx, id_venta: number, lines: readonly CoverableLine[]) {
  const uses = lines.flatMap((line, index) =>
    line.uso ? [{ ...line.uso, id_venta, linea: index + 1, cantidad: line.cantidad }] : [],
  );
  if (uses.length === 0) return;
  await tx.insert(clientBonoUses).values(uses);
  for (const use of uses) {
    await tx
      .update(clientBonoItems)
      .set({ usados: sql`${clientBonoItems.usados} + ${use.cantidad}` })
      .where(
        and(
          eq(clientBonoItems.id_bono_cliente, use.id_bono_cliente),
          eq(clientBonoItems.tipo, use.tipo),
          eq(clientBonoItems.id_item, use.id_item),
        ),
      );
  }
}

/**
 * Gives the client a bono of their own for each bono line of sale `id_venta`, valid from today
 * for the catalogue's days; answers each line's description ('Pack 4 baños — Bono N.º 12').
 */
export async function sellBonos(
  tx: Tx,
  id_venta: number,
  clientId: number | null,
  lines: readonly { tipo: string; id: number | null }[],
): Promise<Map<number, string>> {
  const sold = new Map<number, string>();
  const indexes = lines.flatMap((line, index) => (line.tipo === 'bono' ? [index] : []));
  if (indexes.length === 0) return sold;
  if (clientId === null) throw invalid(`items.${indexes[0]}.id`, M.saleNeedsClient);
  const catalogue = await tx
    .select({
      id: bonos.id_bono,
      nombre: bonos.nombre,
      precio: bonos.precio,
      vigencia_dias: bonos.vigencia_dias,
      items: bonos.items,
    })
    .from(bonos)
    .where(
      inArray(
        bonos.id_bono,
        indexes.map((index) => lines[index].id as number),
      ),
    );
  const today = limaToday();
  for (const index of indexes) {
    const bono = catalogue.find((row) => row.id === lines[index].id);
    if (!bono) throw invalid(`items.${index}.id`, M.notForSale);
    const [own] = await tx
      .insert(clientBonos)
      .values({
        id_bono: bono.id,
        id_cli: clientId,
        id_venta,
        nombre: bono.nombre,
        precio: bono.precio,
        vence: addDays(today, bono.vigencia_dias),
      })
      .returning({ id: clientBonos.id });
    await tx.insert(clientBonoItems).values(
      bono.items.map((item) => ({
        id_bono_cliente: own.id,
        tipo: item.tipo,
        id_item: item.id,
        nombre: item.nombre,
        cantidad: item.cantidad,
      })),
    );
    sold.set(index, bonoSoldLine(bono.nombre, own.id));
  }
  return sold;
}

/**
 * A void of sale `id_venta`: the uses it made are given back, and the bonos it sold are voided,
 * unless one was used since (409: void the sales that used it first).
 */
export async function voidBonosOf(tx: Tx, id_venta: number) {
  const sold = await tx
    .select({ id: clientBonos.id })
    .from(clientBonos)
    .where(eq(clientBonos.id_venta, id_venta))
    .orderBy(asc(clientBonos.id))
    .for('update');
  for (const bono of sold) {
    const [used] = await tx
      .select({ id: clientBonoUses.id })
      .from(clientBonoUses)
      .where(and(eq(clientBonoUses.id_bono_cliente, bono.id), eq(clientBonoUses.anulado, false)))
      .limit(1);
    if (used) throw conflict(M.usedBeforeVoid(bono.id));
  }
  if (sold.length > 0) {
    await tx.update(clientBonos).set({ anulado: true }).where(eq(clientBonos.id_venta, id_venta));
  }
  const given = await tx
    .update(clientBonoUses)
    .set({ anulado: true })
    .where(and(eq(clientBonoUses.id_venta, id_venta), eq(clientBonoUses.anulado, false)))
    .returning({
      id_bono_cliente: clientBonoUses.id_bono_cliente,
      tipo: clientBonoUses.tipo,
      id_item: clientBonoUses.id_item,
      cantidad: clientBonoUses.cantidad,
    });
  for (const use of given) {
    await tx
      .update(clientBonoItems)
      .set({ usados: sql`${clientBonoItems.usados} - ${use.cantidad}` })
      .where(
        and(
          eq(clientBonoItems.id_bono_cliente, use.id_bono_cliente),
          eq(clientBonoItems.tipo, use.tipo),
          eq(clientBonoItems.id_item, use.id_item),
        ),
      );
  }
}

/** Whether sale `id_venta` sold or used a bono (such a sale is not issued again as it was). */
export async function saleHasBonos(tx: Tx, id_venta: number): Promise<boolean> {
  const [row] = rowsOf<{ found: boolean }>(
    await tx.execute(
      sql`select exists (select 1 from ${clientBonos} where ${clientBonos.id_venta} = ${id_venta})
        or exists (select 1 from ${clientBonoUses} where ${clientBonoUses.id_venta} = ${id_venta}) as found`,
    ),
  );
  return Boolean(row?.found);
}

/** Reporte Ventas' bonos: sold (count and amount) and visits used, by the sales `inForce` selects. */
export async function bonoFigures(db: Db, inForce: SQL | undefined) {
  const [[sold], [used]] = [
    await db
      .select({
        vendidos: sql<number>`count(*)::int`,
        monto: centsSum(clientBonos.precio),
      })
      .from(clientBonos)
      .innerJoin(sales, eq(sales.id_venta, clientBonos.id_venta))
      .where(inForce),
    await db
      .select({ usos: sql<number>`coalesce(sum(${clientBonoUses.cantidad}), 0)::int` })
      .from(clientBonoUses)
      .innerJoin(sales, eq(sales.id_venta, clientBonoUses.id_venta))
      .where(inForce),
  ];
  return { vendidos: sold.vendidos, monto: sold.monto, usos: used.usos };
}

/** An admin's new expiry or quantities for client bono `id`, with the reason, audited. */
async function adjustClientBono(
  tx: Tx,
  id: number,
  input: ClientBonoAdjust,
): Promise<{ before: ClientBono; after: ClientBono }> {
  const [locked] = await tx
    .select({ anulado: clientBonos.anulado })
    .from(clientBonos)
    .where(eq(clientBonos.id, id))
    .for('update');
  if (!locked) throw notFound(M.clientBonoNotFound);
  if (locked.anulado) throw conflict(M.adjustVoided);
  const today = limaToday();
  const [before] = await readClientBonos(tx, eq(clientBonos.id, id), today);
  const changes = (input.items ?? []).filter((change) => {
    const item = before.items.find((i) => i.tipo === change.tipo && i.id === change.id);
    return item?.cantidad !== change.cantidad;
  });
  if (changes.length === 0 && (input.vence === undefined || input.vence === before.vence)) {
    throw invalid('motivo', M.adjustNothing);
  }
  for (const [index, change] of (input.items ?? []).entries()) {
    const item = before.items.find((i) => i.tipo === change.tipo && i.id === change.id);
    if (!item) throw invalid(`items.${index}.id`, M.adjustUnknownItem);
    if (change.cantidad < item.usados) {
      throw invalid(`items.${index}.cantidad`, M.adjustBelowUsed(item.usados));
    }
  }
  for (const change of changes) {
    await tx
      .update(clientBonoItems)
      .set({ cantidad: change.cantidad })
      .where(
        and(
          eq(clientBonoItems.id_bono_cliente, id),
          eq(clientBonoItems.tipo, change.tipo),
          eq(clientBonoItems.id_item, change.id),
        ),
      );
  }
  if (input.vence !== undefined) {
    await tx.update(clientBonos).set({ vence: input.vence }).where(eq(clientBonos.id, id));
  }
  const [after] = await readClientBonos(tx, eq(clientBonos.id, id), today);
  return { before, after };
}

export const clientBonosModule: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  route(app, BONO_ENDPOINTS.ofClient, async (request) => {
    const { id } = request.params;
    const [client] = await db
      .select({ id: clients.id_cli })
      .from(clients)
      .where(eq(clients.id_cli, id));
    if (!client) throw notFound(CLIENT_MESSAGES.notFound);
    return ok(await readClientBonos(db, eq(clientBonos.id_cli, id), limaToday()));
  });

  route(app, BONO_ENDPOINTS.adjust, async (request) => {
    const bono = await db.transaction(async (tx) => {
      const { before, after } = await adjustClientBono(tx, request.params.id, request.body);
      await recordChange(tx, request, {
        accion: 'editar',
        entidad: 'bono_cliente',
        id: after.id,
        before: { vence: before.vence, items: before.items },
        after: { vence: after.vence, items: after.items, motivo: request.body.motivo },
      });
      return after;
    });
    return ok(bono, M.adjusted);
  });
};
