import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { COAT_STATE_NAMES, REPORT_CARD_ENDPOINTS, type ReportCard } from '@app/domain';
import { DetailsList } from '../app/details-list';
import { listErrorMessage } from '../crud';
import { call, queryKey } from '../lib/api';
import { formatDate, formatDateTime } from '../lib/format';

/**
 * A visit's report card as the groomer left it (DESIGN §11.8, kept in the pet's history), read
 * only: the coat on arrival, the work done, the behaviour, the notes, the next visit suggested,
 * and who wrote it when. The pet's timeline opens it from a visit that has one.
 */

export const REPORT_CARD_VIEW_TEXTS = {
  open: 'Ver ficha',
  openOf: (day: string) => `Ver ficha del ${day}`,
  title: (pet: string, day: string) => `Ficha de ${pet} del ${day}`,
  coat: 'Pelaje al llegar',
  work: 'Trabajos realizados',
  behaviour: 'Comportamiento',
  behaviourValue: (value: number) => `${value} de 5`,
  notes: 'Notas',
  next: 'Próxima visita sugerida',
  by: 'Registrada por',
  byWhen: (who: string, at: string) => `${who}, el ${at}`,
  none: 'Esta visita no tiene ficha.',
  loading: 'Cargando ficha',
  loadError: 'No se pudo cargar la ficha',
  close: 'Cerrar',
} as const;

const T = REPORT_CARD_VIEW_TEXTS;

/** The visit whose card is shown: what a row of the pet's visits has. */
export interface ReportCardVisit {
  id_cita: number;
  fec_cita: string;
}

export interface ReportCardViewProps {
  visit: ReportCardVisit;
  /** The pet's name as the timeline shows it. */
  pet: string;
  onClose(): void;
}

/** 'Ficha de FIRULAIS del 09/06/2026'. Rendered while open. */
export function ReportCardView({ visit, pet, onClose }: ReportCardViewProps) {
  const params = { id: visit.id_cita };
  const card = useQuery({
    queryKey: queryKey(REPORT_CARD_ENDPOINTS.ofAppointment, { params }),
    queryFn: ({ signal }) => call(REPORT_CARD_ENDPOINTS.ofAppointment, { params, signal }),
    retry: false,
  });
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="report-card-title">
      <DialogTitle id="report-card-title">{T.title(pet, formatDate(visit.fec_cita))}</DialogTitle>
      <DialogContent dividers>
        {card.isPending ? (
          <CircularProgress size={24} aria-label={T.loading} />
        ) : card.isError ? (
          <Alert severity="warning">{listErrorMessage(card.error, T.loadError)}</Alert>
        ) : card.data ? (
          <CardDetails card={card.data} />
        ) : (
          <Typography color="text.secondary">{T.none}</Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {T.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function CardDetails({ card }: { card: ReportCard }) {
  return (
    <DetailsList
      items={[
        [T.coat, COAT_STATE_NAMES[card.pelaje]],
        [
          T.work,
          <Box key="trabajos" component="ul" sx={{ m: 0, pl: 2.5 }}>
            {card.trabajos.map((item, index) => (
              <li key={`${index}-${item}`}>{item}</li>
            ))}
          </Box>,
        ],
        [T.behaviour, T.behaviourValue(card.comportamiento)],
        [T.notes, card.notas || '—'],
        [T.next, formatDate(card.proxima_fecha)],
        [T.by, T.byWhen(card.usuario ?? '—', formatDateTime(card.created_at))],
      ]}
    />
  );
}
