import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import {
  AUDIT_ACTIONS,
  AUDIT_ACTION_LABELS,
  AUDIT_ENTITIES,
  AUDIT_ENTITY_LABELS,
  AUDIT_MESSAGES,
  AUDIT_ENDPOINTS,
  auditActionLabel,
  auditEntityLabel,
  auditFieldLabel,
  auditValueText,
  type AuditEntry,
} from '@app/domain';
import { PageContainer } from '../../app/page-container';
import {
  DataTable,
  ExportButtons,
  FilterBar,
  listErrorMessage,
  useFilteredList,
  type Column,
  type FilterDef,
  type FilterValues,
} from '../../crud';
import { formatDateTime, now, toApiDate } from '../../lib/format';

/**
 * 'Auditoría' (decisions §audit): who did what, when and from where, filtered by days, user,
 * entity and action; each entry's changes field by field (before → after) in a dialog, and
 * what the filters select as CSV. Built from crud/'s list pieces: the log is read-only, so it
 * has no form, modal or row menu.
 */

const filters: FilterDef[] = [
  { name: 'desde', label: 'Desde', type: 'date' },
  { name: 'hasta', label: 'Hasta', type: 'date' },
  { name: 'usu', label: 'Usuario (login)' },
  {
    name: 'entidad',
    label: 'Entidad',
    type: 'select',
    options: [
      { value: '', label: 'Todas' },
      ...AUDIT_ENTITIES.map((e) => ({ value: e, label: AUDIT_ENTITY_LABELS[e] })),
    ],
  },
  {
    name: 'accion',
    label: 'Acción',
    type: 'select',
    options: [
      { value: '', label: 'Todas' },
      ...AUDIT_ACTIONS.map((a) => ({ value: a, label: AUDIT_ACTION_LABELS[a] })),
    ],
  },
];

/** The last 30 days, today included. */
const filterDefaults = (): FilterValues => {
  const today = now();
  return {
    desde: toApiDate(today.subtract(29, 'day')),
    hasta: toApiDate(today),
    usu: '',
    entidad: '',
    accion: '',
  };
};

const changedFields = (entry: AuditEntry) => Object.keys(entry.cambios ?? {}).length;

/** 'Cliente 41', or the label alone where the entry names no record. */
const subjectOf = (entry: AuditEntry) =>
  [auditEntityLabel(entry.entidad), entry.entidad_id].filter((part) => part !== null).join(' ');

export function AuditPage() {
  const { params, list, onSearch, setPage, setPerPage } = useFilteredList<AuditEntry>(
    AUDIT_ENDPOINTS.list,
    filterDefaults,
  );
  const [shown, setShown] = useState<AuditEntry | null>(null);

  const columns: Column<AuditEntry>[] = [
    { header: 'Fecha y hora', render: (e) => formatDateTime(e.at) },
    { header: 'Usuario', render: (e) => e.login ?? '—' },
    { header: 'IP', render: (e) => e.ip },
    { header: 'Acción', render: (e) => auditActionLabel(e.accion) },
    { header: 'Entidad', render: (e) => auditEntityLabel(e.entidad) },
    { header: 'ID', render: (e) => e.entidad_id ?? '—', align: 'right' },
    { header: 'Detalle', render: (e) => e.detalle ?? '—' },
    {
      header: 'Cambios',
      align: 'center',
      render: (e) =>
        changedFields(e) > 0 ? (
          <Button size="small" aria-haspopup="dialog" onClick={() => setShown(e)}>
            {`Ver cambios (${changedFields(e)})`}
          </Button>
        ) : (
          '—'
        ),
    },
  ];

  return (
    <PageContainer title={AUDIT_MESSAGES.title}>
      <FilterBar
        filters={filters}
        values={params.filters}
        onSearch={onSearch}
        actions={
          <ExportButtons
            path={AUDIT_ENDPOINTS.export.path}
            file="auditoria"
            filters={params.filters}
            formats={['csv']}
            errorTitle={AUDIT_MESSAGES.exportError}
          />
        }
      />
      {list.isError && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {listErrorMessage(list.error, AUDIT_MESSAGES.loadError)}
        </Alert>
      )}
      <DataTable
        columns={columns}
        page={list.isError ? undefined : list.data}
        rowKey={(e) => e.id}
        loading={list.isFetching}
        stale={list.isPlaceholderData}
        emptyText={AUDIT_MESSAGES.empty}
        onPageChange={setPage}
        onPerPageChange={setPerPage}
      />
      <ChangesDialog entry={shown} onClose={() => setShown(null)} />
    </PageContainer>
  );
}

interface ChangesDialogProps {
  entry: AuditEntry | null;
  onClose(): void;
}

/** An entry's changed fields, one per row: 'Teléfono principal | 987654321 → 912345678'. */
function ChangesDialog({ entry, onClose }: ChangesDialogProps) {
  const changes = Object.entries(entry?.cambios ?? {});
  return (
    <Dialog open={entry !== null} onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>{AUDIT_MESSAGES.changesTitle}</DialogTitle>
      <DialogContent>
        {entry && (
          <>
            <Typography variant="body2" sx={{ mb: 2 }}>
              {[
                auditActionLabel(entry.accion),
                subjectOf(entry),
                formatDateTime(entry.at),
                entry.login ?? '—',
              ].join(' · ')}
            </Typography>
            {changes.length === 0 ? (
              <Typography>{AUDIT_MESSAGES.noChanges}</Typography>
            ) : (
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell sx={{ fontWeight: 700 }}>Campo</TableCell>
                    <TableCell sx={{ fontWeight: 700 }}>Antes → Después</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {changes.map(([field, change]) => (
                    <TableRow key={field}>
                      <TableCell>{auditFieldLabel(field)}</TableCell>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>
                        {`${auditValueText(change.antes)} → ${auditValueText(change.despues)}`}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cerrar</Button>
      </DialogActions>
    </Dialog>
  );
}
