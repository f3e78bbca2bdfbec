import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  BONO_ENDPOINTS,
  limaToday,
  saleTotals,
  type BonoCoverPart,
  type ClientBono,
} from '@app/domain';
import { call, queryKey } from '../../lib/api';
import { formatDate, formatMoney } from '../../lib/format';
import type { CheckoutContext } from './checkout-values';

/**
 * A client's bonos at checkout (DESIGN §11.6): fetched once the sale has a client, they cover its
 * services and packages as the server will (`bonoCover`), and are listed above the lines.
 */

export const BONO_COVER_TEXTS = {
  summaryTitle: 'Bonos vigentes del cliente',
  summary: (bono: ClientBono) =>
    `${bono.nombre} (N.º ${bono.id}, vence ${formatDate(bono.vence)}): ${bono.items
      .map((item) => `${item.nombre}, quedan ${item.quedan} de ${item.cantidad}`)
      .join('; ')}`,
  loadFailed:
    'No se pudieron cargar los bonos del cliente: el total puede cambiar al registrar la venta',
  needsClient: 'Para vender un bono, escriba el DNI de un cliente registrado',
  coveredKind: 'Con bono',
  decline: 'Cobrar sin bono',
  declineLine: (n: number, name: string) => `Cobrar sin bono el ítem ${n} (${name})`,
  covered: (amount: string) => `Los bonos cubren ${formatMoney(amount)} de esta venta`,
  nothingDue: 'Los bonos cubren toda la venta: no hay nada que cobrar.',
  submitFree: 'Registrar venta',
} as const;

/** `GET /api/cliente/{id}/bonos`: the client's bonos with what is left of each. */
const clientBonosQuery = (id: number) =>
  queryOptions({
    queryKey: queryKey(BONO_ENDPOINTS.ofClient, { params: { id } }),
    queryFn: ({ signal }) => call(BONO_ENDPOINTS.ofClient, { params: { id }, signal }),
  });

/** The sale's client's bonos, fetched afresh each time the checkout opens (a sale uses them). */
export function useClientBonos(clientId: number | null) {
  return useQuery({
    ...clientBonosQuery(clientId ?? 0),
    enabled: clientId !== null,
    staleTime: 0,
    retry: false,
  });
}

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

/** The bonos a sale may use today: vigentes, as `coverWithBonos` takes them. */
export const validBonos = (bonos: readonly ClientBono[], today = limaToday()) =>
  bonos.filter((bono) => bono.estado === 'vigente' && bono.vence >= today);

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

interface ClientBonosNoticeProps {
  bonos: readonly ClientBono[];
  failed: boolean;
}

/** The client's valid bonos, one a line: 'Pack 4 baños (N.º 12, vence …): Baño, quedan 3 de 4'. */
export function ClientBonosNotice({ bonos, failed }: ClientBonosNoticeProps) {
  if (failed) {
    return (
      <Alert severity="warning" sx={{ mb: 2 }}>
        {BONO_COVER_TEXTS.loadFailed}
      </Alert>
    );
  }
  const valid = validBonos(bonos);
  if (valid.length === 0) return null;
  return (
    <Alert severity="info" sx={{ mb: 2 }} role="region" aria-labelledby="checkout-client-bonos">
      <AlertTitle id="checkout-client-bonos">{BONO_COVER_TEXTS.summaryTitle}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {valid.map((bono) => (
          <li key={bono.id}>{BONO_COVER_TEXTS.summary(bono)}</li>
        ))}
      </Box>
    </Alert>
  );
}
