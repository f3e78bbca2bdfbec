import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import Button from '@mui/material/Button';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  DEPOSIT_ENDPOINTS as E,
  DEPOSIT_METHODS,
  DepositReasonSchema,
  NOTIFICATION_ENDPOINTS,
  type UnverifiedDeposit as Row,
} from '@app/domain';
import { ProofCard } from '../../app/cards/proof-card';
import { QueuePage, useQueueAnswer } from '../../app/queue-page';
import { ReasonDialog } from '../../crud';
import { call, callWithMessage, queryKey } from '../../lib/api';
import { formatDateTime, formatMoney, upper } from '../../lib/format';
import { usePermissions } from '../../lib/use-profile';

export const UNVERIFIED_DEPOSITS_TEXTS = {
  title: 'Adelantos por verificar',
  intro:
    'Adelantos pagados por Yape, Plin o transferencia que nadie comprobó todavía. Revise en la app del banco que el pago llegó, con ese número de operación y ese monto, y márquelo como verificado: solo así se descuenta al cobrar la cita.',
  empty: 'No hay adelantos por verificar',
  loading: 'Cargando los adelantos',
  loadError: 'No se pudieron cargar los adelantos',
  heading: (monto: string, metodo: string) => `${formatMoney(monto)} por ${metodo}`,
  pictureAlt: (cliente: string) => `Comprobante del pago de ${cliente}`,
  openPicture: 'Ver el comprobante en tamaño completo',
  client: 'Cliente',
  pet: 'Mascota',
  visit: 'Cita',
  operation: 'N.º de operación',
  received: 'Recibido el',
  verify: 'Verificar',
  verifyLabel: (operacion: string) => `Verificar el pago con operación ${operacion}`,
  void: 'Anular',
  voidLabel: (operacion: string) => `Anular el pago con operación ${operacion}`,
  voidTitle: 'Anular adelanto',
  voidText: (monto: string) =>
    `El adelanto de ${formatMoney(monto)} no se descontará al cobrar la cita. Anúlelo solo si el pago no llegó.`,
  reason: 'Motivo',
  back: 'Volver',
  errorTitle: 'Error al revisar el adelanto',
} as const;

const T = UNVERIFIED_DEPOSITS_TEXTS;

/** What an answer changes: every deposit query (the queue, a cita's) and the bell. */
function useRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: [E.unverified.feature] }),
      client.invalidateQueries({ queryKey: [NOTIFICATION_ENDPOINTS.list.feature] }),
    ]);
}

/**
 * CAJA › 'Adelantos por verificar' (DESIGN §11.6): deposits by Yape, Plin or transfer, most sent
 * by clients from their link, the oldest first. 'Verificar' once the money is seen in the bank's
 * app; an admin voids one whose money never came.
 */
export function UnverifiedDepositsPage() {
  const refresh = useRefresh();
  const { can } = usePermissions();
  const { answering, answer } = useQueueAnswer(T.errorTitle, refresh);
  const [voiding, setVoiding] = useState<Row | null>(null);
  const list = useQuery({
    queryKey: queryKey(E.unverified),
    queryFn: ({ signal }) => call(E.unverified, { signal }),
  });
  return (
    <QueuePage texts={T} list={list}>
      {(rows) => (
        <>
          {rows.map((row) => {
            const operacion = row.operacion ?? '';
            const cliente = upper(row.cliente);
            return (
              <ProofCard
                key={row.id}
                headingId={`deposit-${row.id}-title`}
                title={T.heading(row.monto, DEPOSIT_METHODS[row.metodo])}
                picture={
                  row.comprobante_url
                    ? {
                        url: row.comprobante_url,
                        alt: T.pictureAlt(cliente),
                        openLabel: T.openPicture,
                      }
                    : null
                }
                facts={[
                  [T.client, cliente],
                  [T.pet, upper(row.mascota)],
                  [T.visit, formatDateTime(row.inicio)],
                  [T.operation, operacion],
                  [T.received, formatDateTime(row.created_at)],
                ]}
                actions={
                  <>
                    <Button
                      size="small"
                      variant="contained"
                      color="success"
                      startIcon={<CheckIcon />}
                      loading={answering === row.id}
                      disabled={answering !== null && answering !== row.id}
                      aria-label={T.verifyLabel(operacion)}
                      onClick={() =>
                        void answer(row.id, () =>
                          callWithMessage(E.verify, { body: { id: row.id } }),
                        )
                      }
                    >
                      {T.verify}
                    </Button>
                    {can('caja.administrar') && (
                      <Button
                        size="small"
                        variant="outlined"
                        color="error"
                        startIcon={<CloseIcon />}
                        disabled={answering !== null}
                        aria-label={T.voidLabel(operacion)}
                        onClick={() => setVoiding(row)}
                      >
                        {T.void}
                      </Button>
                    )}
                  </>
                }
              />
            );
          })}
          <ReasonDialog
            target={voiding}
            keyOf={(row) => row.id}
            idPrefix="deposit-void"
            title={T.voidTitle}
            schema={DepositReasonSchema.pick({ motivo: true })}
            max={200}
            texts={(row) => ({
              text: T.voidText(row.monto),
              label: T.reason,
              back: T.back,
              confirm: T.voidTitle,
              errorTitle: T.errorTitle,
            })}
            send={(row, motivo) => callWithMessage(E.void, { body: { id: row.id, motivo } })}
            refresh={refresh}
            onClose={() => setVoiding(null)}
          />
        </>
      )}
    </QueuePage>
  );
}
