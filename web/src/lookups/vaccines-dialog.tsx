import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  limaToday,
  LOGO_MAX_BYTES,
  LOGO_MIME_TYPES,
  VACCINE_ENDPOINTS,
  VACCINE_MESSAGES,
  VACCINE_STATES,
  VaccineInputSchema,
  type Vaccine,
} from '@app/domain';
import { ImageChooser, ResourceForm, useImageChoice, type FieldDef } from '../crud';
import { confirm, toast } from '../lib/alerts';
import { api, ApiError, call, callWithMessage, queryKey } from '../lib/api';
import { formatDate, upper } from '../lib/format';

/**
 * A pet's vaccines (decisions §vaccines): each with its state (red expired, yellow due within 30
 * days) and its proof, added, edited and deleted here. The pets list and a cita's details open it.
 */

export const VACCINES_TEXTS = {
  title: (pet: string) => `Vacunas de ${pet}`,
  empty: 'La mascota no tiene vacunas registradas.',
  columns: ['Vacuna', 'Aplicada', 'Vence', 'Estado', 'Comprobante', 'Acciones'],
  current: 'Vigente',
  proof: 'Ver comprobante',
  add: 'Registrar vacuna',
  edit: 'Editar vacuna',
  editOf: (name: string) => `Editar ${name}`,
  removeOf: (name: string) => `Eliminar ${name}`,
  confirmRemove: '¿Está seguro de eliminar esta vacuna?',
  proofLabel: 'Foto del carné (opcional)',
  proofTexts: { select: 'Tomar o elegir foto', change: 'Cambiar foto', remove: 'Quitar foto' },
  close: 'Cerrar',
  saveError: 'Error al guardar la vacuna',
} as const;

const T = VACCINES_TEXTS;

const PROOF_RULES = {
  types: LOGO_MIME_TYPES,
  maxBytes: LOGO_MAX_BYTES,
  typeMessage: VACCINE_MESSAGES.proofNotImage,
  sizeMessage: VACCINE_MESSAGES.proofTooLarge,
};

const fields: FieldDef[] = [
  { name: 'nombre', label: 'Vacuna', maxLength: 60, width: 12 },
  { name: 'fecha_aplicacion', label: 'Fecha de aplicación', kind: 'date', width: 6 },
  { name: 'fecha_vence', label: 'Fecha de vencimiento', kind: 'date', width: 6 },
];

export interface VaccinePet {
  id_perro: number;
  nom_perro: string;
}

export function vaccinesQueryKey(petId: number) {
  return queryKey(VACCINE_ENDPOINTS.ofPet, { params: { id: petId } });
}

export function VaccineStateChip({ estado }: { estado: Vaccine['estado'] }) {
  const state = VACCINE_STATES.find((s) => s.id === estado);
  return state ? (
    <Chip size="small" color={state.color} label={state.nombre} />
  ) : (
    <Chip size="small" variant="outlined" label={T.current} />
  );
}

export function VaccinesDialog({ pet, onClose }: { pet: VaccinePet; onClose(): void }) {
  const client = useQueryClient();
  const key = vaccinesQueryKey(pet.id_perro);
  const list = useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      call(VACCINE_ENDPOINTS.ofPet, { params: { id: pet.id_perro }, signal }),
  });
  const [editing, setEditing] = useState<Vaccine | null>(null);
  const proof = useImageChoice(PROOF_RULES);
  const refresh = async () => {
    // The pet's state shows on its rows and cards: every list that carries it is stale.
    await client.invalidateQueries({ queryKey: key });
    await client.invalidateQueries({ queryKey: queryKey(VACCINE_ENDPOINTS.due) });
    await client.invalidateQueries({ queryKey: ['mascotas'] });
  };

  const save = async (values: Record<string, unknown>) => {
    const body = editing
      ? { ...values, id: editing.id_vac, removeComprobante: proof.removed }
      : values;
    const form = new FormData();
    form.append('json', JSON.stringify(body));
    if (proof.file) form.append('comprobante', proof.file);
    try {
      // Multipart: `call` sends JSON, so the upload goes by the contract's method and path.
      const { method, path } = editing ? VACCINE_ENDPOINTS.update : VACCINE_ENDPOINTS.register;
      const answer = await api.request<Vaccine>(method, path, { body: form });
      toast.success(answer.message ?? VACCINE_MESSAGES.registered);
      proof.reset();
      setEditing(null);
      await refresh();
    } catch (error) {
      // The proof's own refusal shows under the chooser; the rest under their fields.
      if (error instanceof ApiError && error.errors?.comprobante) {
        proof.showError(error.errors.comprobante[0]);
      }
      throw error;
    }
  };

  const remove = async (vaccine: Vaccine) => {
    if (!(await confirm(T.confirmRemove))) return;
    const answer = await callWithMessage(VACCINE_ENDPOINTS.remove, {
      params: { id: vaccine.id_vac },
    });
    toast.success(answer.message ?? VACCINE_MESSAGES.removed);
    if (editing?.id_vac === vaccine.id_vac) setEditing(null);
    await refresh();
  };

  const rows = list.data ?? [];
  const name = upper(pet.nom_perro);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="vaccines-title">
      <DialogTitle id="vaccines-title">{T.title(name)}</DialogTitle>
      <DialogContent dividers>
        <TableContainer>
          <Table size="small" aria-label={T.title(name)}>
            <TableHead>
              <TableRow>
                {T.columns.map((label) => (
                  <TableCell key={label} sx={{ fontWeight: 700 }}>
                    {label}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={T.columns.length} sx={{ color: 'text.secondary' }}>
                    {list.isPending ? 'Cargando...' : T.empty}
                  </TableCell>
                </TableRow>
              ) : (
                rows.map((vaccine) => (
                  <TableRow key={vaccine.id_vac}>
                    <TableCell>{vaccine.nombre}</TableCell>
                    <TableCell>{formatDate(vaccine.fecha_aplicacion)}</TableCell>
                    <TableCell>{formatDate(vaccine.fecha_vence)}</TableCell>
                    <TableCell>
                      <VaccineStateChip estado={vaccine.estado} />
                    </TableCell>
                    <TableCell>
                      {vaccine.comprobante_url && (
                        <Link href={vaccine.comprobante_url} target="_blank" rel="noopener">
                          {T.proof}
                        </Link>
                      )}
                    </TableCell>
                    <TableCell>
                      <Stack direction="row" spacing={1}>
                        <Button
                          size="small"
                          aria-label={T.editOf(vaccine.nombre)}
                          onClick={() => {
                            proof.reset();
                            setEditing(vaccine);
                          }}
                        >
                          Editar
                        </Button>
                        <Button
                          size="small"
                          color="error"
                          aria-label={T.removeOf(vaccine.nombre)}
                          onClick={() => void remove(vaccine)}
                        >
                          Eliminar
                        </Button>
                      </Stack>
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </TableContainer>

        <Typography variant="h6" component="h3" sx={{ mt: 3, mb: 1 }}>
          {editing ? T.edit : T.add}
        </Typography>
        <ResourceForm
          key={editing?.id_vac ?? 'new'}
          fields={fields}
          schema={VaccineInputSchema}
          defaultValues={{
            id_perro: pet.id_perro,
            nombre: editing?.nombre ?? '',
            fecha_aplicacion: editing?.fecha_aplicacion ?? limaToday(),
            fecha_vence: editing?.fecha_vence ?? '',
          }}
          submitLabel={editing ? 'Guardar Cambios' : 'Registrar'}
          errorTitle={T.saveError}
          onSubmit={save}
          onCancel={editing ? () => setEditing(null) : undefined}
        >
          <ImageChooser
            choice={proof}
            rules={PROOF_RULES}
            stored={editing?.comprobante_url ?? null}
            label={T.proofLabel}
            texts={T.proofTexts}
            capture="environment"
          />
        </ResourceForm>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{T.close}</Button>
      </DialogActions>
    </Dialog>
  );
}
