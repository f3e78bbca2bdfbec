import { z } from 'zod';
import { isoDateTime, money } from '../../api';
import { SALE_MESSAGES as M } from './sale-messages';

/**
 * Gift cards (DESIGN §11.6): sold at checkout as a line `{tipo: 'tarjeta_regalo', precio}` of a
 * nota de venta of its own, and spent as a payment `{metodo: 'tarjeta_regalo', codigo, monto}`
 * against a balance that never goes below zero. The code is a bearer secret: only its hash and
 * last four characters are kept, and it is shown once, in the answer of the sale that sold it.
 */

/** Twelve characters from 32 that cannot be misread (no I, O, 0 nor 1): 60 bits. */
export const GIFT_CARD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const GIFT_CARD_CODE_LENGTH = 12;

/** What a typed code is compared as: capitals, without spaces nor dashes. */
export const normalizeGiftCardCode = (text: string) => text.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** 'ABCD-EFGH-JKLM', as a card prints it. */
export const formatGiftCardCode = (code: string) =>
  normalizeGiftCardCode(code)
    .match(/.{1,4}/g)
    ?.join('-') ?? '';

/** A code as typed at the counter, normalized; 12 of the alphabet's characters. */
export const giftCardCode = z
  .string({ error: M.giftCardCodeRequired })
  .transform(normalizeGiftCardCode)
  .pipe(
    z
      .string()
      .min(1, M.giftCardCodeRequired)
      .regex(
        new RegExp(`^[${GIFT_CARD_ALPHABET}]{${GIFT_CARD_CODE_LENGTH}}$`),
        M.giftCardCodeInvalid,
      ),
  );

export const GIFT_CARD_PATHS = { one: '/tarjeta-regalo/:codigo' } as const;

/** `GET /api/tarjeta-regalo/{codigo}`: the card the code opens. */
export const GiftCardParamsSchema = z.object({ codigo: giftCardCode });

export const GIFT_CARD_MOVEMENT_KINDS = ['carga', 'consumo', 'devolucion', 'anulacion'] as const;
export type GiftCardMovementKind = (typeof GIFT_CARD_MOVEMENT_KINDS)[number];
export const GIFT_CARD_MOVEMENT_NAMES: Record<GiftCardMovementKind, string> = {
  carga: 'Venta de la tarjeta',
  consumo: 'Pago',
  devolucion: 'Devolución por anulación',
  anulacion: 'Tarjeta anulada',
};

export const GIFT_CARD_STATES = ['activa', 'agotada', 'anulada'] as const;
export const GIFT_CARD_STATE_NAMES: Record<(typeof GIFT_CARD_STATES)[number], string> = {
  activa: 'Activa',
  agotada: 'Sin saldo',
  anulada: 'Anulada',
};

/** A card's balance and what moved it, oldest first; the code itself is never sent back. */
export const GiftCardSchema = z.strictObject({
  /** Its last four characters. */
  ultimos: z.string(),
  monto: money,
  saldo: money,
  estado: z.enum(GIFT_CARD_STATES),
  created_at: isoDateTime,
  movimientos: z.array(
    z.strictObject({
      tipo: z.enum(GIFT_CARD_MOVEMENT_KINDS),
      /** Positive adds to the balance, negative spends it. */
      monto: money,
      /** The receipt of the sale behind it ('T001-00000012'). */
      comprobante: z.string(),
      at: isoDateTime,
    }),
  ),
});
export type GiftCard = z.infer<typeof GiftCardSchema>;

/** A card the sale just sold, with its whole code: the only time it is sent. */
export const IssuedGiftCardSchema = z.strictObject({
  codigo: z.string(),
  monto: money,
});
export type IssuedGiftCard = z.infer<typeof IssuedGiftCardSchema>;
