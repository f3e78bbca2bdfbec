import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { saleTotals, type BonoCoverPart } from '@app/domain';
import { formatMoney } from '../../lib/format';
import { clientBonosQuery } from '../../lookups';
import type { CheckoutContext } from './checkout-values';

/**
 * A client's bonos at checkout (DESIGN §11.6): fetched once the sale has a client (lookups'
 * useClientBonos), they cover its services and packages as the server will (`bonoCover`).
 */

export const BONO_COVER_TEXTS = {
  needsClient: 'Para vender un bono, escriba el DNI de un cliente registrado',
  coveredKind: 'Con bono',
  decline: 'Cobrar sin bono',
  declineLine: (n: number, name: string) => `Cobrar sin bono el ítem ${n} (${name})`,
  covered: (amount: string) => `Los bonos cubren ${formatMoney(amount)} de esta venta`,
  nothingDue: 'Los bonos cubren toda la venta: no hay nada que cobrar.',
  submitFree: 'Registrar venta',
} as const;

/** The form's validation reads the same bonos the screen shows: the query's cache. */
export function useCheckoutContext(): CheckoutContext {
  const client = useQueryClient();
  return useMemo(
    () => ({
      bonosOf: (clientId) =>
        clientId === null ? [] : (client.getQueryData(clientBonosQuery(clientId).queryKey) ?? []),
    }),
    [client],
  );
}

/** What the covered parts would have cost at their lines' prices. */
export function coveredAmount(
  parts: readonly BonoCoverPart[],
  priceOf: (line: number) => string,
): string {
  return saleTotals({
    items: parts.flatMap((part) =>
      part.bono ? [{ cantidad: part.cantidad, precio: priceOf(part.line) }] : [],
    ),
    pagos: [],
  }).text.items;
}
