import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import LinearProgress from '@mui/material/LinearProgress';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import {
  AGENDA_PRICE_PERMISSION,
  AGENDA_MESSAGES,
  APPOINTMENT_STATUSES,
  HISTORY_ENDPOINTS,
  HISTORY_TEXTS,
  type PetVisit,
} from '@app/domain';
import { usePermissions } from '../lib/use-profile';
import { listErrorMessage, StatusBadge } from '../crud';
import { call, queryKey } from '../lib/api';
import { formatDate, formatDateTime, formatMoney, fullName, upper } from '../lib/format';
import { REPORT_CARD_VIEW_TEXTS, ReportCardView } from './report-card-view';

/**
 * A pet's visits over time (decisions §pet-history): its owner, its weight and temperature at each
 * triaged visit as two line charts, and every visit in a table with the same figures (what a
 * screen reader reads in place of the charts). The pets list and the Historial de Citas open it.
 */

/** Every list of the history and the timelines hang under this query key. */
export const HISTORY_QUERY_KEY = 'historial-citas';

export const PET_TIMELINE_TEXTS = {
  title: (name: string) => `Historial de ${name}`,
  owner: 'Dueño',
  breed: 'Raza',
  weight: 'Peso (kg)',
  temperature: 'Temperatura (°C)',
  visits: 'Visitas',
  card: 'Ficha',
  noVisits: 'La mascota no tiene visitas registradas.',
  close: 'Cerrar',
} as const;

const T = PET_TIMELINE_TEXTS;

// The charts library is heavy: its own chunk, loaded when a timeline opens.
const PetTimelineCharts = lazy(() =>
  import('./pet-timeline-charts').then((module) => ({ default: module.PetTimelineCharts })),
);

/** The pet the dialog is about: what a row of the pets list or of the history has. */
export interface TimelinePet {
  id_perro: number;
  nom_perro: string;
}

export interface PetTimelineDialogProps {
  pet: TimelinePet;
  onClose(): void;
}

function usePetTimeline(id: number) {
  return useQuery({
    // Under the history list's key, as before: invalidating the history refreshes it too.
    queryKey: [HISTORY_QUERY_KEY, ...queryKey(HISTORY_ENDPOINTS.pet, { params: { id } })],
    queryFn: ({ signal }) => call(HISTORY_ENDPOINTS.pet, { params: { id }, signal }),
    retry: false,
  });
}

/** 'Historial de FIRULAIS': the owner, the charts and the visits. Rendered while open. */
export function PetTimelineDialog({ pet, onClose }: PetTimelineDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const timeline = usePetTimeline(pet.id_perro);
  const owner = timeline.data?.perro.cliente;
  const [cardOf, setCardOf] = useState<PetVisit | null>(null);
  const name = upper(pet.nom_perro);
  return (
    <>
      <Dialog open onClose={onClose} maxWidth="lg" fullWidth fullScreen={fullScreen}>
        <DialogTitle>{T.title(name)}</DialogTitle>
        <DialogContent dividers>
          {timeline.isPending && <LinearProgress aria-label={HISTORY_TEXTS.loading} />}
          {timeline.isError && (
            <Alert severity="warning">
              {listErrorMessage(timeline.error, HISTORY_TEXTS.loadError)}
            </Alert>
          )}
          {timeline.data && owner && (
            <>
              <Typography variant="body2" sx={{ mb: 2 }}>
                {`${T.owner}: ${fullName(owner.nom_cli, owner.ape_cli)} (DNI ${owner.dni_cli}) · ${T.breed}: ${upper(timeline.data.perro.raza_perro)}`}
              </Typography>
              <Suspense fallback={<Skeleton variant="rounded" height={220} />}>
                <PetTimelineCharts visits={timeline.data.visitas} />
              </Suspense>
              <VisitsTable visits={timeline.data.visitas} onCard={setCardOf} />
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={onClose}>
            {T.close}
          </Button>
        </DialogActions>
      </Dialog>
      {cardOf && <ReportCardView visit={cardOf} pet={name} onClose={() => setCardOf(null)} />}
    </>
  );
}

const PRICE = 'Precio';

interface VisitColumn {
  header: string;
  render(visit: PetVisit): ReactNode;
  /** Figures align right and do not wrap. */
  figure?: boolean;
}

const visitColumns: VisitColumn[] = [
  { header: 'Fecha', render: (v) => formatDateTime(v.fec_cita), figure: true },
  { header: 'Servicio o paquete', render: (v) => upper(v.item) },
  { header: 'Groomer', render: (v) => (v.groomer ? upper(v.groomer) : AGENDA_MESSAGES.unassigned) },
  {
    header: 'Estado',
    render: (v) => <StatusBadge id={v.estado.id_est} catalogue={APPOINTMENT_STATUSES} />,
  },
  // Only who may charge is sent the price (issue 30 §5): the column goes for the rest.
  {
    header: PRICE,
    render: (v) => (v.precio === undefined ? '—' : formatMoney(v.precio)),
    figure: true,
  },
  { header: T.weight, render: (v) => v.peso ?? '—', figure: true },
  { header: T.temperature, render: (v) => v.temperatura ?? '—', figure: true },
];

/** The visit's report card, when the groomer wrote one (DESIGN §11.8). */
const cardColumn = (onCard: (visit: PetVisit) => void): VisitColumn => ({
  header: T.card,
  render: (v) =>
    v.ficha ? (
      <Button
        size="small"
        aria-label={REPORT_CARD_VIEW_TEXTS.openOf(formatDate(v.fec_cita))}
        onClick={() => onCard(v)}
      >
        {REPORT_CARD_VIEW_TEXTS.open}
      </Button>
    ) : (
      '—'
    ),
});

interface VisitsTableProps {
  visits: PetVisit[];
  /** Opens a visit's report card. */
  onCard(visit: PetVisit): void;
}

/** Every visit, oldest first, with the figures the charts draw and its report card. */
function VisitsTable({ visits, onCard }: VisitsTableProps) {
  const { can } = usePermissions();
  const columns = [
    ...(can(AGENDA_PRICE_PERMISSION)
      ? visitColumns
      : visitColumns.filter((column) => column.header !== PRICE)),
    cardColumn(onCard),
  ];
  const align = (column: VisitColumn) =>
    column.figure && column.header !== 'Fecha' ? 'right' : 'left';
  return (
    // Focusable: on a narrow screen the table scrolls sideways, by keyboard too.
    <TableContainer tabIndex={0} role="region" aria-label={T.visits} sx={{ mt: 2 }}>
      <Table size="small" aria-label={T.visits}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.header} align={align(column)} sx={{ fontWeight: 700 }}>
                {column.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {visits.length === 0 && (
            <TableRow>
              <TableCell colSpan={columns.length} align="center" sx={{ py: 3 }}>
                {T.noVisits}
              </TableCell>
            </TableRow>
          )}
          {visits.map((visit) => (
            <TableRow key={visit.id_cita} hover>
              {columns.map((column) => (
                <TableCell
                  key={column.header}
                  align={align(column)}
                  sx={{ whiteSpace: column.figure ? 'nowrap' : undefined }}
                >
                  {column.render(visit)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
