import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  formatGiftCardCode,
  GIFT_CARD_CODE_LENGTH,
  GIFT_CARD_STATE_NAMES,
  giftCardCode,
  normalizeGiftCardCode,
  SALE_ENDPOINTS,
  SALE_MESSAGES,
  type GiftCard,
} from '@app/domain';
import { call, queryKey } from '../../lib/api';
import { formatMoney } from '../../lib/format';

/**
 * What the gift card screens share (DESIGN §11.6): their texts, the code's input and the
 * balance's lookup (`GET /api/tarjeta-regalo/{codigo}`).
 */

export const GIFT_CARD_TEXTS = {
  name: 'Tarjeta de regalo',
  addLine: 'Agregar tarjeta de regalo',
  lineHint: 'El código se muestra al cobrar',
  amount: (n: number) => `Monto de la tarjeta de regalo del ítem ${n}`,
  receiptTypeHint: 'Una tarjeta de regalo se vende con nota de venta',
  noDiscountHint: 'Una tarjeta de regalo se vende sin descuento ni propina',
  paymentCode: (n: number) => `Código de la tarjeta ${n}`,
  checkBalance: 'Consultar saldo',
  checking: 'Consultando…',
  balance: (saldo: string) => `Saldo: ${formatMoney(saldo)}`,
  lookupFailed: 'No se pudo consultar la tarjeta de regalo',
  issuedOne: 'Tarjeta de regalo vendida',
  issuedMany: 'Tarjetas de regalo vendidas',
  handOver: 'Entregue este código al cliente: no se volverá a mostrar',
  code: 'Código',
  amountLabel: 'Monto',
  qrAlt: (code: string) => `Código QR de la tarjeta de regalo ${code}`,
  print: 'Imprimir tarjeta',
  printOf: (code: string) => `Imprimir tarjeta ${code}`,
  printedTitle: 'TARJETA DE REGALO',
  printedNote:
    'Presente esta tarjeta al pagar. Cuide su código: quien lo tenga puede usar el saldo.',
  lookupOpen: 'Consultar tarjeta de regalo',
  lookupTitle: 'Consultar tarjeta de regalo',
  lookupCode: 'Código de la tarjeta',
  lookup: 'Consultar',
  close: 'Cerrar',
  card: 'Tarjeta',
  state: 'Estado',
  initial: 'Monto inicial',
  left: 'Saldo',
  sold: 'Vendida el',
  movements: 'Movimientos de la tarjeta',
  noMovements: 'La tarjeta no tiene movimientos.',
  date: 'Fecha',
  movement: 'Movimiento',
  receipt: 'Comprobante',
} as const;

/** The card as receipts name it: its last four characters only ('····-····-AB12'). */
export const maskedCode = (last: string) => `····-····-${last}`;

/** Capitals, digits and dashes as typed (spaces go): at most the code and its two dashes. */
const keepCodeChars = (text: string) =>
  text
    .toUpperCase()
    .replace(/[^A-Z0-9-]/g, '')
    .slice(0, GIFT_CARD_CODE_LENGTH + 2);

/** A whole code is shown as printed ('ABCD-EFGH-JKLM') once the cashier leaves the field. */
const tidyCode = (text: string) =>
  normalizeGiftCardCode(text).length === GIFT_CARD_CODE_LENGTH ? formatGiftCardCode(text) : text;

/** The code typed, normalized; or why it cannot be a card's code. */
export function parseCode(text: string): { code: string } | { error: string } {
  const parsed = giftCardCode.safeParse(text);
  return parsed.success
    ? { code: parsed.data }
    : { error: parsed.error.issues[0]?.message ?? SALE_MESSAGES.giftCardCodeInvalid };
}

type CodeInputProps = Omit<TextFieldProps, 'value' | 'onChange' | 'onBlur'> & {
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  /** Enter asks for the balance instead of submitting the form around it (a scanner sends one). */
  onEnter(): void;
};

/** A gift card's code: capitals in monospace, typed with or without dashes, tidied on leaving. */
export function GiftCardCodeInput({
  value,
  onChange,
  onBlur,
  onEnter,
  slotProps,
  ...props
}: CodeInputProps) {
  return (
    <TextField
      {...props}
      value={value}
      onChange={(e) => onChange(keepCodeChars(e.target.value))}
      onBlur={() => {
        onChange(tidyCode(value));
        onBlur?.();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          onEnter();
        }
      }}
      slotProps={{
        ...slotProps,
        htmlInput: {
          autoComplete: 'off',
          autoCapitalize: 'characters',
          spellCheck: false,
          maxLength: GIFT_CARD_CODE_LENGTH + 2,
          style: { fontFamily: 'ui-monospace, "Courier New", monospace', letterSpacing: '0.08em' },
        },
      }}
    />
  );
}

/**
 * A card looked up by its code on demand: `lookup` asks (again, for the code last asked), `code`
 * is the normalized code the answer is about. A sale invalidates it with the other sales queries.
 */
export function useGiftCardLookup() {
  const [code, setCode] = useState<string | null>(null);
  const params = { codigo: code ?? '' };
  const query = useQuery({
    queryKey: queryKey(SALE_ENDPOINTS.giftCard, { params }),
    queryFn: ({ signal }) => call(SALE_ENDPOINTS.giftCard, { params, signal }),
    enabled: code !== null,
    staleTime: 0,
    retry: false,
  });
  const lookup = (next: string) => {
    if (next === code) void query.refetch();
    else setCode(next);
  };
  return { code, query, lookup };
}

export type GiftCardLookup = ReturnType<typeof useGiftCardLookup>;

/** What a lookup says under the code: the balance, or why the card cannot pay. */
export function lookupOutcome(lookup: GiftCardLookup): { text: string; bad: boolean } | null {
  const { query } = lookup;
  if (lookup.code === null) return null;
  if (query.isFetching) return { text: GIFT_CARD_TEXTS.checking, bad: false };
  if (query.isError)
    return { text: query.error.message || GIFT_CARD_TEXTS.lookupFailed, bad: true };
  if (!query.data) return null;
  return balanceOutcome(query.data);
}

function balanceOutcome(card: GiftCard) {
  if (card.estado === 'anulada') return { text: SALE_MESSAGES.giftCardVoided, bad: true };
  const balance = GIFT_CARD_TEXTS.balance(card.saldo);
  return card.estado === 'activa'
    ? { text: balance, bad: false }
    : { text: `${balance} · ${GIFT_CARD_STATE_NAMES[card.estado]}`, bad: true };
}
