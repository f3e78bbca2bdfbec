import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ABSENCE_ENDPOINTS,
  ABSENCE_MESSAGES,
  ABSENCE_REASON_MAX,
  ABSENCES_QUERY_KEY,
  AbsenceFormSchema,
  affectedAppointmentsWarning,
  appointmentsResource,
  employeesResource,
  limaToday,
  type Absence,
  type Employee,
} from '@app/domain';
import { ResourceForm, type FieldDef } from '../../crud';
import { confirm, notice, showErrorDialog, toast } from '../../lib/alerts';
import { call, callWithMessage, queryKey } from '../../lib/api';
import { formatDateTime, fullName } from '../../lib/format';
import { usePermissions } from '../../lib/use-profile';

export const ABSENCE_TEXTS = {
  menu: 'Ausencias',
  title: (name: string) => `Ausencias de ${name}`,
  intro:
    'Mientras dure una ausencia no se pueden agendar citas con este groomer: la agenda la muestra en gris.',
  shown: 'Se muestran las ausencias de hoy en adelante.',
  from: 'Desde',
  to: 'Hasta',
  reason: 'Motivo',
  reasonHint: 'Vacaciones, descanso médico, capacitación… (opcional)',
  add: 'Registrar Ausencia',
  addError: 'Error al registrar la ausencia',
  removeError: 'Error al eliminar la ausencia',
  remove: 'Eliminar',
  removeOf: (from: string, to: string) => `Eliminar la ausencia del ${from} al ${to}`,
  removeConfirm: (from: string, to: string) =>
    `¿Está seguro de eliminar la ausencia del ${from} al ${to}?`,
  affected: 'Citas en el horario',
  loading: 'Cargando ausencias',
  loadError: 'No se recibieron datos de las ausencias',
  empty: 'No tiene ausencias registradas de hoy en adelante.',
  noReason: 'Sin motivo',
  understood: 'Entendido',
  close: 'Cerrar',
} as const;

const T = ABSENCE_TEXTS;

export interface AbsencesDialogProps {
  /** The employee whose time off is shown; closed when null. */
  employee: Employee | null;
  onClose(): void;
}

/**
 * 'Ausencias' (DESIGN §11.4): a groomer's time off from today on, added and removed here. The
 * calendar greys it, and the server refuses visits in it; time off put over visits already
 * booked is kept, with a warning of how many there are to move.
 */
export function AbsencesDialog({ employee, onClose }: AbsencesDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const name = employee ? fullName(employee.nom_emp, employee.ape_emp) : '';
  return (
    // The removal's confirmation opens over this dialog and must keep the focus.
    <Dialog
      open={employee !== null}
      onClose={onClose}
      maxWidth="md"
      fullWidth
      fullScreen={fullScreen}
      disableEnforceFocus
    >
      <DialogTitle>{T.title(name)}</DialogTitle>
      <DialogContent dividers>{employee && <Absences employee={employee} />}</DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {T.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

const absenceFields: FieldDef<'desde' | 'hasta' | 'motivo'>[] = [
  { name: 'desde', label: T.from, kind: 'datetime', width: 6 },
  { name: 'hasta', label: T.to, kind: 'datetime', width: 6 },
  {
    name: 'motivo',
    label: T.reason,
    maxLength: ABSENCE_REASON_MAX,
    hint: T.reasonHint,
    width: 12,
  },
];

/** Time off changes the calendar too: its answer carries the groomers' time off. */
function useRefreshAfterAbsences() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: [ABSENCES_QUERY_KEY] }),
      client.invalidateQueries({ queryKey: [appointmentsResource.plural] }),
    ]);
}

function Absences({ employee }: { employee: Employee }) {
  const { can } = usePermissions();
  const canWrite = can(employeesResource.access.write);
  const query = { emp: employee.id_emp, desde: limaToday() };
  const absences = useQuery({
    queryKey: queryKey(ABSENCE_ENDPOINTS.list, { query }),
    queryFn: ({ signal }) => call(ABSENCE_ENDPOINTS.list, { query, signal }),
  });
  const refresh = useRefreshAfterAbsences();
  const remove = useMutation({
    mutationFn: (absence: Absence) =>
      callWithMessage(ABSENCE_ENDPOINTS.remove, { params: { id: absence.id } }),
    onSuccess: (answer) => toast.success(answer.message ?? ABSENCE_MESSAGES.deleted),
    onError: (error) => showErrorDialog(T.removeError, error),
    onSettled: refresh,
  });
  const removeConfirmed = async (absence: Absence) => {
    const [from, to] = [formatDateTime(absence.desde), formatDateTime(absence.hasta)];
    if (await confirm(T.removeConfirm(from, to))) remove.mutate(absence);
  };

  return (
    <Stack spacing={2.5}>
      <Typography variant="body2">{T.intro}</Typography>
      {canWrite && (
        <ResourceForm<typeof AbsenceFormSchema>
          fields={absenceFields}
          schema={AbsenceFormSchema}
          defaultValues={{ desde: '', hasta: '', motivo: '' }}
          submitLabel={T.add}
          errorTitle={T.addError}
          resetOnSuccess
          onSubmit={async (values) => {
            const answer = await callWithMessage(ABSENCE_ENDPOINTS.create, {
              body: { id_emp: employee.id_emp, ...values },
            });
            await refresh();
            const warning = affectedAppointmentsWarning(answer.data.citas_afectadas);
            if (warning) {
              await notice({
                icon: 'warning',
                title: ABSENCE_MESSAGES.created,
                text: warning,
                button: T.understood,
              });
            } else {
              toast.success(ABSENCE_MESSAGES.created);
            }
          }}
        />
      )}
      <Typography variant="body2" color="text.secondary">
        {T.shown}
      </Typography>
      {absences.isPending ? (
        <Stack sx={{ alignItems: 'center', py: 2 }}>
          <CircularProgress aria-label={T.loading} />
        </Stack>
      ) : absences.isError ? (
        <Alert severity="warning">{T.loadError}</Alert>
      ) : absences.data.length === 0 ? (
        <Typography>{T.empty}</Typography>
      ) : (
        <Table size="small" aria-label={T.menu}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ fontWeight: 700 }}>{T.from}</TableCell>
              <TableCell sx={{ fontWeight: 700 }}>{T.to}</TableCell>
              <TableCell sx={{ fontWeight: 700 }}>{T.reason}</TableCell>
              <TableCell sx={{ fontWeight: 700 }}>{T.affected}</TableCell>
              {canWrite && (
                <TableCell sx={{ fontWeight: 700 }} align="right">
                  {T.remove}
                </TableCell>
              )}
            </TableRow>
          </TableHead>
          <TableBody>
            {absences.data.map((absence) => {
              const [from, to] = [formatDateTime(absence.desde), formatDateTime(absence.hasta)];
              return (
                <TableRow key={absence.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{from}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{to}</TableCell>
                  <TableCell>{absence.motivo || T.noReason}</TableCell>
                  <TableCell>
                    {absence.citas_afectadas > 0 ? (
                      <Chip
                        size="small"
                        color="warning"
                        label={absence.citas_afectadas}
                        title={affectedAppointmentsWarning(absence.citas_afectadas) ?? undefined}
                      />
                    ) : (
                      0
                    )}
                  </TableCell>
                  {canWrite && (
                    <TableCell align="right" sx={{ py: 0 }}>
                      <IconButton
                        aria-label={T.removeOf(from, to)}
                        disabled={remove.isPending}
                        onClick={() => void removeConfirmed(absence)}
                      >
                        <DeleteIcon />
                      </IconButton>
                    </TableCell>
                  )}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
    </Stack>
  );
}
