import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import {
  CONSENT_ENDPOINTS,
  fillPath,
  PET_ALERTS,
  PET_SIZE_LABELS,
  PetInputSchema,
  PetUpdateSchema,
  Status,
  type Pet,
  petsResource,
} from '@app/domain';
import {
  CrudPage,
  registrationDayFilters,
  StatusBadge,
  statusOptions,
  type CrudConfig,
} from '../../crud';
import { showErrorDialog } from '../../lib/alerts';
import { call, queryKey } from '../../lib/api';
import { downloadFile } from '../../lib/download';
import { formatDate, formatDateTime, fullName, upper } from '../../lib/format';
import { PetCareChips } from '../../lookups';
import { PetTimelineDialog, type TimelinePet } from '../../lookups/pet-timeline-dialog';
import { VaccinesDialog, type VaccinePet } from '../../lookups/vaccines-dialog';
import { petDefaults, petFields } from './client-fields';

const SIGNATURES_TEXTS = {
  menu: 'Consentimientos firmados',
  title: (pet: string) => `Consentimientos firmados de ${pet}`,
  empty: 'La mascota no tiene consentimientos firmados.',
  loading: 'Cargando consentimientos firmados',
  loadError: 'No se pudieron cargar los consentimientos firmados',
  signed: (who: string, at: string, version: number) =>
    `Firmado por ${who} el ${at} (versión ${version})`,
  witness: (login: string) => `Testigo: ${login}`,
  pdf: 'Ver PDF',
  pdfOf: (title: string, at: string) => `Ver PDF de ${title} del ${at}`,
  pdfError: 'No se pudo abrir el PDF del consentimiento',
  close: 'Cerrar',
} as const;

interface SignedPet {
  id_perro: number;
  nom_perro: string;
}

/** The signed PDF, fetched with the session's credential (a link cannot carry it). */
async function openSignedPdf(id: number) {
  try {
    await downloadFile(
      fillPath(CONSENT_ENDPOINTS.pdf.path, { id }),
      {},
      `consentimiento-${id}.pdf`,
    );
  } catch (error) {
    await showErrorDialog(SIGNATURES_TEXTS.pdfError, error);
  }
}

/** Every consent the pet's owner signed, the newest first, each with its PDF. */
function SignaturesDialog({ pet, onClose }: { pet: SignedPet; onClose(): void }) {
  const T = SIGNATURES_TEXTS;
  const params = { id: pet.id_perro };
  const signatures = useQuery({
    queryKey: queryKey(CONSENT_ENDPOINTS.ofPet, { params }),
    queryFn: ({ signal }) => call(CONSENT_ENDPOINTS.ofPet, { params, signal }),
  });
  const rows = signatures.data ?? [];
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="pet-signatures-title">
      <DialogTitle id="pet-signatures-title">{T.title(upper(pet.nom_perro))}</DialogTitle>
      <DialogContent>
        {signatures.isError ? (
          <Alert severity="warning">{signatures.error.message || T.loadError}</Alert>
        ) : signatures.isPending ? (
          <CircularProgress size={24} aria-label={T.loading} />
        ) : rows.length === 0 ? (
          <Typography color="text.secondary">{T.empty}</Typography>
        ) : (
          <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {rows.map((s) => (
              <Stack
                component="li"
                key={s.id}
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1}
                sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
              >
                <div>
                  <Typography variant="body2" sx={{ fontWeight: 700 }}>
                    {s.titulo}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {T.signed(s.firmante, formatDateTime(s.firmado_at), s.version)}
                    {s.testigo && ` · ${T.witness(s.testigo)}`}
                  </Typography>
                </div>
                <Button
                  size="small"
                  aria-label={T.pdfOf(s.titulo, formatDate(s.firmado_at))}
                  onClick={() => void openSignedPdf(s.id)}
                  sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' } }}
                >
                  {T.pdf}
                </Button>
              </Stack>
            ))}
          </Stack>
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

interface PetDialogs {
  /** The pet's timeline ('Ver historial'). */
  timeline(pet: TimelinePet): void;
  vaccines(pet: VaccinePet): void;
  /** The consents its owner signed (DESIGN §11.8). */
  signatures(pet: SignedPet): void;
}

const petsConfig = (open: PetDialogs): CrudConfig<Pet> => ({
  resource: petsResource,
  title: 'Lista de Mascotas',
  addLabel: 'Añadir Mascota',
  rowLabel: (p) => upper(p.nom_perro),
  columns: [
    { header: 'Nombre', render: (p) => upper(p.nom_perro) },
    { header: 'Raza', render: (p) => upper(p.raza_perro) },
    // DESIGN §11.4: the size a visit's length follows.
    { header: 'Tamaño', render: (p) => (p.talla ? PET_SIZE_LABELS[p.talla] : '—') },
    { header: 'Dueño', render: (p) => fullName(p.cliente.nom_cli, p.cliente.ape_cli) },
    { header: 'Alertas', render: (p) => <PetCareChips care={p} /> },
    { header: 'Estado', render: (p) => <StatusBadge id={p.id_est} /> },
    { header: 'F. Registro', render: (p) => formatDate(p.created_at) },
  ],
  filters: [
    { name: 'search', label: 'Buscar por mascota, raza o dueño' },
    { name: 'est', label: 'Estado', type: 'select', options: statusOptions() },
    {
      name: 'alerta',
      label: 'Alerta',
      type: 'select',
      options: PET_ALERTS.map((a) => ({ value: a.id, label: a.nombre })),
    },
    ...registrationDayFilters(),
  ],
  filterDefaults: () => ({ search: '', est: '', alerta: '', ficial: '', final: '' }),
  create: {
    title: 'Registrar Mascota',
    fields: petFields,
    schema: PetInputSchema,
    errorTitle: 'Error al actualizar la cita',
    defaults: () => petDefaults(),
  },
  edit: {
    title: 'Editar Mascota',
    fields: petFields,
    schema: PetUpdateSchema.omit({ id: true }),
    errorTitle: 'Error al actualizar datos de la mascota',
  },
  status: {
    current: (p) => p.id_est,
    subject: 'esta mascota',
    // Spec §001-8 names the delete and reactivate failures; a suspension is a change of its data.
    errorTitle: (action) =>
      action.status === Status.Eliminado
        ? 'Error al eliminar la mascota'
        : action.status === Status.Activo
          ? 'Error al reactivar la mascota'
          : 'Error al actualizar datos de la mascota',
  },
  // Decisions §pet-history: its visits, weight and temperature over time.
  menuItems: (p) => [
    { label: 'Vacunas', access: 'clientes.leer', onClick: () => open.vaccines(p) },
    { label: 'Ver historial', access: 'historial.leer', onClick: () => open.timeline(p) },
    { label: SIGNATURES_TEXTS.menu, access: 'clientes.leer', onClick: () => open.signatures(p) },
  ],
});

export function PetsPage() {
  const [timelineOf, setTimelineOf] = useState<TimelinePet | null>(null);
  const [vaccinesOf, setVaccinesOf] = useState<VaccinePet | null>(null);
  const [signaturesOf, setSignaturesOf] = useState<SignedPet | null>(null);
  const config = useMemo(
    () => ({
      ...petsConfig({
        timeline: setTimelineOf,
        vaccines: setVaccinesOf,
        signatures: setSignaturesOf,
      }),
      children: (
        <>
          {timelineOf && <PetTimelineDialog pet={timelineOf} onClose={() => setTimelineOf(null)} />}
          {vaccinesOf && <VaccinesDialog pet={vaccinesOf} onClose={() => setVaccinesOf(null)} />}
          {signaturesOf && (
            <SignaturesDialog pet={signaturesOf} onClose={() => setSignaturesOf(null)} />
          )}
        </>
      ),
    }),
    [timelineOf, vaccinesOf, signaturesOf],
  );
  return <CrudPage config={config} />;
}
