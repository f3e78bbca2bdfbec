import EventBusyIcon from '@mui/icons-material/EventBusy';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import {
  COMPLAINT_DOC_TYPE_LABELS,
  COMPLAINT_ENDPOINTS,
  COMPLAINT_KIND_LABELS,
  COMPLAINT_KINDS,
  COMPLAINT_STATE_LABELS,
  COMPLAINT_STATES,
  type ComplaintSummary,
} from '@app/domain';
import { PageContainer } from '../../app/page-container';
import {
  DataTable,
  dayRangeFilters,
  ExportButtons,
  FilterBar,
  listErrorMessage,
  useFilteredList,
  type Column,
  type FilterDef,
  type FilterValues,
} from '../../crud';
import { formatDateTime, upper } from '../../lib/format';
import { ComplaintStateChip, DueDate } from './complaint-cells';
import { ComplaintDialog } from './complaint-dialog';
import { COMPLAINTS_TEXTS as T } from './complaints-texts';
import { HolidaysDialog } from './holidays-dialog';

/**
 * ADMINISTRACIÓN › 'Libro de Reclamaciones' (DESIGN §11.3): the hojas filed on the public page,
 * newest first, by state, kind and day; each one's legal due date (15 working days) with the
 * working days left, red and in words when 3 or fewer remain or it is late; the whole hoja in a
 * dialog, where an open one is answered once, which closes it. The holidays the due dates skip
 * are kept in 'Feriados'.
 */

const filters: FilterDef[] = [
  {
    name: 'estado',
    label: 'Estado',
    type: 'select',
    options: [
      { value: '', label: T.all },
      ...COMPLAINT_STATES.map((state) => ({ value: state, label: COMPLAINT_STATE_LABELS[state] })),
    ],
  },
  {
    name: 'tipo',
    label: 'Tipo',
    type: 'select',
    options: [
      { value: '', label: T.all },
      ...COMPLAINT_KINDS.map((kind) => ({ value: kind, label: COMPLAINT_KIND_LABELS[kind] })),
    ],
  },
  ...dayRangeFilters({ name: 'desde', label: 'Desde' }, { name: 'hasta', label: 'Hasta' }),
];

/** Every hoja: the book is short, and an open one must not hide behind a date. */
const filterDefaults = (): FilterValues => ({ estado: '', tipo: '', desde: '', hasta: '' });

const columns = (show: (complaint: ComplaintSummary) => void): Column<ComplaintSummary>[] => [
  { header: 'N°', render: (c) => <span style={{ whiteSpace: 'nowrap' }}>{c.numero}</span> },
  { header: 'Fecha', render: (c) => formatDateTime(c.fecha) },
  {
    header: 'Consumidor',
    render: (c) => (
      <>
        {upper(c.consumidor)}
        <Typography component="div" variant="caption" color="text.secondary">
          {`${COMPLAINT_DOC_TYPE_LABELS[c.tipo_doc]} ${c.doc}`}
        </Typography>
      </>
    ),
  },
  { header: 'Tipo', render: (c) => COMPLAINT_KIND_LABELS[c.tipo] },
  { header: 'Vence', render: (c) => <DueDate complaint={c} /> },
  { header: 'Estado', render: (c) => <ComplaintStateChip state={c.estado} /> },
  {
    header: 'Acciones',
    align: 'center',
    sticky: true,
    render: (c) => (
      <Button
        size="small"
        variant="outlined"
        aria-haspopup="dialog"
        aria-label={T.showOf(c.numero)}
        onClick={() => show(c)}
      >
        {T.show}
      </Button>
    ),
  },
];

export function ComplaintsPage() {
  const { params, list, onSearch, setPage, setPerPage } = useFilteredList<ComplaintSummary>(
    COMPLAINT_ENDPOINTS.list,
    filterDefaults,
  );
  const [shown, setShown] = useState<ComplaintSummary | null>(null);
  const [holidaysOpen, setHolidaysOpen] = useState(false);

  return (
    <PageContainer
      title={T.title}
      actions={
        <Button
          variant="contained"
          startIcon={<EventBusyIcon />}
          aria-haspopup="dialog"
          onClick={() => setHolidaysOpen(true)}
        >
          {T.holidays}
        </Button>
      }
    >
      <FilterBar
        filters={filters}
        values={params.filters}
        onSearch={onSearch}
        actions={
          <ExportButtons
            path={COMPLAINT_ENDPOINTS.export.path}
            file="libro-reclamaciones"
            filters={params.filters}
            errorTitle={T.exportError}
          />
        }
      />
      {list.isError && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {listErrorMessage(list.error, T.loadError)}
        </Alert>
      )}
      <DataTable
        columns={columns(setShown)}
        page={list.isError ? undefined : list.data}
        rowKey={(c) => c.id}
        loading={list.isFetching}
        stale={list.isPlaceholderData}
        emptyText={T.empty}
        onPageChange={setPage}
        onPerPageChange={setPerPage}
      />
      <ComplaintDialog summary={shown} onClose={() => setShown(null)} />
      <HolidaysDialog open={holidaysOpen} onClose={() => setHolidaysOpen(false)} />
    </PageContainer>
  );
}
