import { useMemo, useState } from 'react';
import {
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
import { formatDate, fullName, upper } from '../../lib/format';
import { PetCareChips } from '../../lookups';
import { PetTimelineDialog, type TimelinePet } from '../../lookups/pet-timeline-dialog';
import {
  SIGNATURES_TEXTS,
  SignaturesDialog,
  type SignedPet,
} from '../../lookups/signatures-dialog';
import { VaccinesDialog, type VaccinePet } from '../../lookups/vaccines-dialog';
import { petDefaults, petFields } from './client-fields';

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
