import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { BONO_ENDPOINTS, limaToday, usableBonos, type ClientBono } from '@app/domain';
import { call, queryKey } from '../lib/api';
import { formatDate } from '../lib/format';

/**
 * A client's bonos (DESIGN §11.6) wherever the client is chosen: checkout, which uses them, the
 * booking forms, which remind the desk of them, and the client's own list.
 */

export const CLIENT_BONOS_TEXTS = {
  summaryTitle: 'Bonos vigentes del cliente',
  summary: (bono: ClientBono) =>
    `${bono.nombre} (N.º ${bono.id}, vence ${formatDate(bono.vence)}): ${bono.items
      .map((item) => `${item.nombre}, quedan ${item.quedan} de ${item.cantidad}`)
      .join('; ')}`,
  loadFailed:
    'No se pudieron cargar los bonos del cliente: el total puede cambiar al registrar la venta',
} as const;

/** `GET /api/cliente/{id}/bonos`: the client's bonos with what is left of each. */
export const clientBonosQuery = (id: number) =>
  queryOptions({
    queryKey: queryKey(BONO_ENDPOINTS.ofClient, { params: { id } }),
    queryFn: ({ signal }) => call(BONO_ENDPOINTS.ofClient, { params: { id }, signal }),
  });

/** The client's bonos, fetched afresh each time it is asked for (a sale uses them). */
export function useClientBonos(clientId: number | null | undefined) {
  return useQuery({
    ...clientBonosQuery(clientId ?? 0),
    enabled: clientId != null,
    staleTime: 0,
    retry: false,
  });
}

interface ClientBonosNoticeProps {
  bonos: readonly ClientBono[];
  /** Checkout warns when they could not be read: its total may change. */
  failed?: boolean;
}

/** The client's valid bonos, one a line: 'Pack 4 baños (N.º 12, vence …): Baño, quedan 3 de 4'. */
export function ClientBonosNotice({ bonos, failed = false }: ClientBonosNoticeProps) {
  const titleId = useId();
  if (failed) {
    return (
      <Alert severity="warning" sx={{ mb: 2 }}>
        {CLIENT_BONOS_TEXTS.loadFailed}
      </Alert>
    );
  }
  const valid = usableBonos(bonos, limaToday());
  if (valid.length === 0) return null;
  return (
    <Alert severity="info" sx={{ mb: 2 }} role="region" aria-labelledby={titleId}>
      <AlertTitle id={titleId}>{CLIENT_BONOS_TEXTS.summaryTitle}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {valid.map((bono) => (
          <li key={bono.id}>{CLIENT_BONOS_TEXTS.summary(bono)}</li>
        ))}
      </Box>
    </Alert>
  );
}
