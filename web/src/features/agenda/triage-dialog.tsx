import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  keepDecimalChars,
  TRIAGE_ENDPOINTS,
  TRIAGE_MESSAGES,
  TriageInputSchema,
  type Appointment,
  type TriageInput,
} from '@app/domain';
import { ResourceForm, type FieldDef } from '../../crud';
import { showErrorDialog, toast } from '../../lib/alerts';
import { call, callWithMessage, queryKey } from '../../lib/api';
import { formatDateTime, fullName, upper } from '../../lib/format';
import { PetCareChips } from '../../lookups';

/** A text field, not a number one: '12,5' is kept as typed and read as 12.5 (issue 30 §7). */
const measure = (name: string, label: string): FieldDef => ({
  name,
  label,
  maxLength: 6,
  sanitize: keepDecimalChars,
  inputMode: 'decimal',
  width: 4,
});

const fields: FieldDef[] = [
  measure('edad', 'Edad'),
  measure('peso', 'Peso (kg)'),
  measure('temperatura', 'Temperatura (°C)'),
  { name: 'notas', label: 'Notas', kind: 'textarea', maxLength: 100, width: 12 },
];

export interface TriageDialogProps {
  /** The appointment whose triage is shown; null closes the dialog. */
  appointment: Appointment | null;
  onClose(): void;
}

/**
 * 'Registro de Triaje' (spec §001-2): age, weight, temperature and notes of an appointment.
 * Registrar when it has none, Actualizar when it has one (spec §001-4).
 */
export function TriageDialog({ appointment, onClose }: TriageDialogProps) {
  return (
    <Dialog open={appointment !== null} onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>Registro de Triaje</DialogTitle>
      <DialogContent>
        {appointment && <TriageContent appointment={appointment} onClose={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function TriageContent({ appointment, onClose }: { appointment: Appointment; onClose(): void }) {
  const client = useQueryClient();
  const id = appointment.id_cita;
  const triage = useQuery({
    queryKey: queryKey(TRIAGE_ENDPOINTS.one, { params: { id } }),
    queryFn: ({ signal }) => call(TRIAGE_ENDPOINTS.one, { params: { id }, signal }),
    retry: false,
  });
  // "No triage yet" is null; an error is a failure to load.
  const missing = triage.data === null;
  const failed = triage.isError;
  useEffect(() => {
    if (failed) void showErrorDialog(TRIAGE_MESSAGES.loadErrorTitle, triage.error);
  }, [failed, triage.error]);

  if (triage.isPending) {
    return (
      <Stack sx={{ alignItems: 'center', py: 4 }}>
        <CircularProgress aria-label="Cargando triaje" />
      </Stack>
    );
  }
  const existing = triage.data ?? null;
  const defaults: TriageInput = {
    id_cita: id,
    edad: existing?.edad ?? '',
    peso: existing?.peso ?? '',
    temperatura: existing?.temperatura ?? '',
    notas: existing?.nota ?? '',
  };
  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      <Typography variant="body2" color="text.secondary">
        {upper(appointment.perro.nom_perro)} ·{' '}
        {fullName(appointment.cliente.nom_cli, appointment.cliente.ape_cli)} ·{' '}
        {formatDateTime(appointment.fec_cita)}
      </Typography>
      <PetCareChips care={appointment.perro} showNotes />
      {missing && (
        // Spec §001-8 pairs the title with the text; the form below registers the first one.
        <Alert severity="warning">
          <AlertTitle>{TRIAGE_MESSAGES.loadErrorTitle}</AlertTitle>
          {TRIAGE_MESSAGES.notFound}
        </Alert>
      )}
      {failed && <Alert severity="error">{TRIAGE_MESSAGES.loadErrorTitle}</Alert>}
      <ResourceForm
        key={existing?.id ?? 'new'}
        fields={fields}
        schema={TriageInputSchema}
        defaultValues={defaults}
        submitLabel={existing ? 'Actualizar' : 'Registrar'}
        errorTitle={TRIAGE_MESSAGES.registerErrorTitle}
        onSubmit={async (values: TriageInput) => {
          const answer = existing
            ? await callWithMessage(TRIAGE_ENDPOINTS.update, {
                body: { ...values, id_triaje: existing.id },
              })
            : await callWithMessage(TRIAGE_ENDPOINTS.register, { body: values });
          await client.invalidateQueries({
            queryKey: queryKey(TRIAGE_ENDPOINTS.one, { params: { id } }),
          });
          if (answer.message) toast.success(answer.message);
          onClose();
        }}
        onCancel={onClose}
      />
    </Stack>
  );
}
