import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import {
  formatCents,
  formatGiftCardCode,
  GIFT_CARD_ALPHABET,
  GIFT_CARD_CODE_LENGTH,
  normalizeGiftCardCode,
  parseCents,
  SALE_MESSAGES as M,
  type GiftCard,
  type IssuedGiftCard,
  type PaymentMethod,
} from '@app/domain';
import type { Db, Tx } from '../../db/client';
import { giftCardMovements, giftCards, sales } from '../../db/schema';
import { conflict, invalid, notFound } from '../../http/errors';
import { receiptNumberSql } from './sale-read';
import { centsSum } from './sale-sums';

/** A movement that takes `amount` off a balance: '-45.00'. */
const negated = (amount: string) => formatCents(-(parseCents(amount) ?? 0));

/**
 * Gift cards (DESIGN §11.6, decisions §gift-cards): sold as a line of a nota de venta of their
 * own, spent as a payment, every change of balance a movement beside the sale behind it. A code
 * is a bearer secret: only its hash is kept, and the sale that sells it answers it once.
 */

const hashOf = (code: string) =>
  createHash('sha256').update(normalizeGiftCardCode(code)).digest('hex');

/** Twelve characters of the alphabet, uniform: a byte's low five bits pick one of its 32. */
const newCode = () =>
  Array.from(randomBytes(GIFT_CARD_CODE_LENGTH), (byte) => GIFT_CARD_ALPHABET[byte & 31]).join('');

/** What a receipt's line says of a card: never its code, only its end. */
export const giftCardLine = (ultimos: string) => `Tarjeta de regalo ····-····-${ultimos}`;

/** A gift card line's code, made before the line is written so the line can name its end. */
export function newGiftCardCodes(count: number): string[] {
  return Array.from({ length: count }, newCode);
}

/** The cards a sale sold, each with the amount of its line; answers them with their codes. */
export async function issueGiftCards(
  tx: Tx,
  id_venta: number,
  cards: readonly { codigo: string; monto: string }[],
): Promise<IssuedGiftCard[]> {
  for (const { codigo, monto } of cards) {
    const [card] = await tx
      .insert(giftCards)
      .values({
        codigo_hash: hashOf(codigo),
        ultimos: codigo.slice(-4),
        monto,
        saldo: monto,
        id_venta,
      })
      .returning({ id: giftCards.id });
    await tx
      .insert(giftCardMovements)
      .values({ id_tarjeta: card.id, tipo: 'carga', monto, id_venta });
  }
  return cards.map(({ codigo, monto }) => ({ codigo: formatGiftCardCode(codigo), monto }));
}

/** A payment of a sale being written: a gift card one names its card by code or, reissued, by id. */
export interface PaymentDraft {
  metodo: PaymentMethod;
  monto: string;
  codigo: string | null;
  id_tarjeta: number | null;
}

/**
 * Spends each gift card payment from its card, under the card's row lock: 422 for a code no card
 * has, 409 for a voided card or a balance short of the amount (nothing is written then: the
 * sale's transaction rolls back). Answers each payment's card id (null for other methods).
 */
export async function spendGiftCards(
  tx: Tx,
  id_venta: number,
  pagos: readonly PaymentDraft[],
): Promise<(number | null)[]> {
  const ids: (number | null)[] = [];
  for (const [index, pago] of pagos.entries()) {
    if (pago.metodo !== 'tarjeta_regalo') {
      ids.push(null);
      continue;
    }
    const [card] = await tx
      .select({ id: giftCards.id, saldo: giftCards.saldo, anulada_at: giftCards.anulada_at })
      .from(giftCards)
      .where(
        pago.id_tarjeta !== null
          ? eq(giftCards.id, pago.id_tarjeta)
          : eq(giftCards.codigo_hash, hashOf(pago.codigo ?? '')),
      )
      .for('update');
    if (!card) throw invalid(`pagos.${index}.codigo`, M.giftCardNotFound);
    if (card.anulada_at)
      throw conflict(M.giftCardVoided, { [`pagos.${index}.codigo`]: [M.giftCardVoided] });
    if ((parseCents(pago.monto) ?? 0) > (parseCents(card.saldo) ?? 0)) {
      const short = M.giftCardShort(card.saldo);
      throw conflict(short, { [`pagos.${index}.monto`]: [short] });
    }
    await tx
      .update(giftCards)
      .set({ saldo: sql`${giftCards.saldo} - ${pago.monto}::numeric` })
      .where(eq(giftCards.id, card.id));
    await tx.insert(giftCardMovements).values({
      id_tarjeta: card.id,
      tipo: 'consumo',
      monto: negated(pago.monto),
      id_venta,
    });
    ids.push(card.id);
  }
  return ids;
}

/**
 * A voided sale's cards: what it spent goes back to each card; a card it sold is voided with it,
 * unless some of it was spent (409: the sale that spent it is voided first).
 */
export async function voidGiftCardsOf(tx: Tx, id_venta: number) {
  const spent = await tx
    .select({ id_tarjeta: giftCardMovements.id_tarjeta, monto: giftCardMovements.monto })
    .from(giftCardMovements)
    .where(and(eq(giftCardMovements.id_venta, id_venta), eq(giftCardMovements.tipo, 'consumo')))
    .orderBy(asc(giftCardMovements.id));
  for (const { id_tarjeta, monto } of spent) {
    const back = negated(monto);
    await tx
      .update(giftCards)
      .set({ saldo: sql`${giftCards.saldo} + ${back}::numeric` })
      .where(eq(giftCards.id, id_tarjeta));
    await tx
      .insert(giftCardMovements)
      .values({ id_tarjeta, tipo: 'devolucion', monto: back, id_venta });
  }
  const sold = await tx
    .select({ id: giftCards.id, monto: giftCards.monto, saldo: giftCards.saldo })
    .from(giftCards)
    .where(and(eq(giftCards.id_venta, id_venta), isNull(giftCards.anulada_at)))
    .for('update');
  if (sold.some((card) => parseCents(card.saldo) !== parseCents(card.monto))) {
    throw conflict(M.giftCardUsed);
  }
  for (const card of sold) {
    await tx
      .update(giftCards)
      .set({ saldo: '0.00', anulada_at: new Date() })
      .where(eq(giftCards.id, card.id));
    await tx.insert(giftCardMovements).values({
      id_tarjeta: card.id,
      tipo: 'anulacion',
      monto: negated(card.monto),
      id_venta,
    });
  }
}

/** `GET /api/tarjeta-regalo/{codigo}`: the card's balance and movements; 404 for an unknown code. */
export async function giftCardOf(db: Db, codigo: string): Promise<GiftCard> {
  const [card] = await db
    .select({
      id: giftCards.id,
      ultimos: giftCards.ultimos,
      monto: giftCards.monto,
      saldo: giftCards.saldo,
      anulada_at: giftCards.anulada_at,
      created_at: giftCards.created_at,
    })
    .from(giftCards)
    .where(eq(giftCards.codigo_hash, hashOf(codigo)));
  if (!card) throw notFound(M.giftCardNotFound);
  const movements = await db
    .select({
      tipo: giftCardMovements.tipo,
      monto: giftCardMovements.monto,
      comprobante: receiptNumberSql,
      at: giftCardMovements.at,
    })
    .from(giftCardMovements)
    .innerJoin(sales, eq(sales.id_venta, giftCardMovements.id_venta))
    .where(eq(giftCardMovements.id_tarjeta, card.id))
    .orderBy(asc(giftCardMovements.id));
  return {
    ultimos: card.ultimos,
    monto: card.monto,
    saldo: card.saldo,
    estado: card.anulada_at ? 'anulada' : parseCents(card.saldo) === 0 ? 'agotada' : 'activa',
    created_at: card.created_at.toISOString(),
    movimientos: movements.map((m) => ({ ...m, at: m.at.toISOString() })),
  };
}

/**
 * Reporte Ventas' gift cards: sold and spent by the sales `inForce` selects, and what every card
 * not voided holds today.
 */
export async function giftCardFigures(db: Db, inForce: SQL | undefined) {
  const [[moved], [held]] = await Promise.all([
    db
      .select({
        vendidas: centsSum(
          sql`${giftCardMovements.monto}) filter (where ${giftCardMovements.tipo} = 'carga'`,
        ),
        usadas: centsSum(
          sql`-${giftCardMovements.monto}) filter (where ${giftCardMovements.tipo} = 'consumo'`,
        ),
      })
      .from(giftCardMovements)
      .innerJoin(sales, eq(sales.id_venta, giftCardMovements.id_venta))
      .where(inForce),
    db
      .select({ saldo: centsSum(giftCards.saldo) })
      .from(giftCards)
      .where(isNull(giftCards.anulada_at)),
  ]);
  return { vendidas: moved.vendidas, usadas: moved.usadas, saldo: held.saldo };
}
