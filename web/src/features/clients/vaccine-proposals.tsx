import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import Button from '@mui/material/Button';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  NOTIFICATION_ENDPOINTS,
  VACCINE_ENDPOINTS,
  VACCINE_PROPOSAL_ENDPOINTS as E,
  VACCINE_PROPOSAL_REASON_MAX,
  VaccineProposalRejectSchema,
  type VaccineProposalRow as Row,
} from '@app/domain';
import { ProofCard } from '../../app/cards/proof-card';
import { QueuePage, useQueueAnswer } from '../../app/queue-page';
import { ReasonDialog } from '../../crud';
import { call, callWithMessage, queryKey } from '../../lib/api';
import { formatDate, formatDateTime, upper } from '../../lib/format';

export const VACCINE_PROPOSALS_TEXTS = {
  title: 'Carnés por revisar',
  intro:
    'Carnés de vacunas que los clientes enviaron desde su cuenta. Compare la foto con los datos: al aceptarlo, la vacuna queda registrada en la mascota con la foto como comprobante.',
  empty: 'No hay carnés por revisar',
  loading: 'Cargando los carnés',
  loadError: 'No se pudieron cargar los carnés',
  pictureAlt: (pet: string, vaccine: string) => `Foto del carné de ${vaccine} de ${pet}`,
  openPicture: 'Ver la foto en tamaño completo',
  owner: 'Cliente',
  phone: 'Teléfono',
  vaccine: 'Vacuna',
  applied: 'Aplicada el',
  expires: 'Vence el',
  received: 'Enviado el',
  accept: 'Aceptar',
  reject: 'Rechazar',
  acceptLabel: (vaccine: string, pet: string) => `Aceptar el carné de ${vaccine} de ${pet}`,
  rejectLabel: (vaccine: string, pet: string) => `Rechazar el carné de ${vaccine} de ${pet}`,
  rejectTitle: 'Rechazar carné',
  rejectText: (vaccine: string, pet: string) =>
    `El carné de ${vaccine} de ${pet} no se registrará. El cliente verá el motivo en su cuenta.`,
  reason: 'Motivo',
  back: 'Volver',
  confirmReject: 'Rechazar carné',
  errorTitle: 'Error al revisar el carné',
} as const;

const T = VACCINE_PROPOSALS_TEXTS;

const LIST_KEY = queryKey(E.list);

/** What an answer changes: the queue, the pets' vaccines and the bell. */
function useRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: [E.list.feature] }),
      client.invalidateQueries({ queryKey: [VACCINE_ENDPOINTS.ofPet.feature] }),
      client.invalidateQueries({ queryKey: [NOTIFICATION_ENDPOINTS.list.feature] }),
    ]);
}

interface ProposalCardProps {
  row: Row;
  accepting: boolean;
  busy: boolean;
  onAccept(row: Row): void;
  onReject(row: Row): void;
}

/** One card: its picture beside what the client wrote, to compare, and the two answers. */
function ProposalCard({ row, accepting, busy, onAccept, onReject }: ProposalCardProps) {
  const pet = upper(row.nom_perro);
  return (
    <ProofCard
      headingId={`proposal-${row.id}-title`}
      title={`${row.nombre} — ${pet}`}
      picture={{
        url: row.comprobante_url,
        alt: T.pictureAlt(pet, row.nombre),
        openLabel: T.openPicture,
      }}
      facts={[
        [T.owner, upper(row.cliente)],
        [T.phone, row.tel1_cli],
        [T.applied, formatDate(row.fecha_aplicacion)],
        [T.expires, formatDate(row.fecha_vence)],
        [T.received, formatDateTime(row.created_at)],
      ]}
      actions={
        <>
          <Button
            size="small"
            variant="contained"
            color="success"
            startIcon={<CheckIcon />}
            loading={accepting}
            disabled={busy && !accepting}
            aria-label={T.acceptLabel(row.nombre, pet)}
            onClick={() => onAccept(row)}
          >
            {T.accept}
          </Button>
          <Button
            size="small"
            variant="outlined"
            color="error"
            startIcon={<CloseIcon />}
            disabled={busy}
            aria-label={T.rejectLabel(row.nombre, pet)}
            onClick={() => onReject(row)}
          >
            {T.reject}
          </Button>
        </>
      }
    />
  );
}

/**
 * CLIENTES › 'Carnés por revisar' (DESIGN §11.5): the vaccine cards clients sent from
 * /mi-cuenta, the oldest first. 'Aceptar' registers the vaccine on the pet; 'Rechazar' asks why.
 */
export function VaccineProposalsPage() {
  const refresh = useRefresh();
  const { answering, answer } = useQueueAnswer(T.errorTitle, refresh);
  const [rejecting, setRejecting] = useState<Row | null>(null);
  const list = useQuery({
    queryKey: LIST_KEY,
    queryFn: ({ signal }) => call(E.list, { signal }),
  });
  return (
    <QueuePage texts={T} list={list}>
      {(rows) => (
        <>
          {rows.map((row) => (
            <ProposalCard
              key={row.id}
              row={row}
              accepting={answering === row.id}
              busy={answering !== null}
              onAccept={(r) =>
                void answer(r.id, () => callWithMessage(E.accept, { params: { id: r.id } }))
              }
              onReject={setRejecting}
            />
          ))}
          <ReasonDialog
            target={rejecting}
            keyOf={(row) => row.id}
            idPrefix="proposal-reject"
            title={T.rejectTitle}
            schema={VaccineProposalRejectSchema}
            max={VACCINE_PROPOSAL_REASON_MAX}
            texts={(row) => ({
              text: T.rejectText(row.nombre, upper(row.nom_perro)),
              label: T.reason,
              back: T.back,
              confirm: T.confirmReject,
              errorTitle: T.errorTitle,
            })}
            send={(row, motivo) =>
              callWithMessage(E.reject, { params: { id: row.id }, body: { motivo } })
            }
            refresh={refresh}
            onClose={() => setRejecting(null)}
          />
        </>
      )}
    </QueuePage>
  );
}
