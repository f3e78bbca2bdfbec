import Box from '@mui/material/Box';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PetsIcon from '@mui/icons-material/Pets';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { clientsResource, PET_ENDPOINTS, type ClientInput } from '@app/domain';
import type { FieldDef, FieldRenderProps } from '../../crud';
import { call, queryKey } from '../../lib/api';
import {
  ClientBonosNotice,
  ClientDniField,
  KnownClientProvider,
  PetCareChips,
  useClientBonos,
  type FoundClient,
} from '../../lookups';
import { usePermissions } from '../../lib/use-profile';
import { applyDefaultDuration, bookedOf, PET_SIZE, withStatus } from './booked';
import { ClientFinder, type FinderChoice } from './client-finder';
import { clientDraftOf } from './client-draft';
import { NEW_CLIENT_TEXTS, NewClientDialog, NewPetDialog } from './new-client-dialogs';

/**
 * The client found by DNI and one of their pets: the pair every booking form has (spec §001-2
 * Reservations, Appointments). Above them, a finder by name, phone, DNI or pet and the inline
 * 'Nuevo cliente' and 'Nueva mascota' (issue 30 §2). The DNI is looked up as it reaches 8
 * digits; the pet select is disabled until a client is found and lists that client's active
 * pets. The payload names vary per form (`dni_cli`/`id_cliente` on registration,
 * `dnicli`/`idcli`/`nomPerro` on the reservation's edit), so the caller names them. On an edit,
 * the booked client and pet show even if they were suspended or deleted since (labelled so): the
 * server lets the edit keep them.
 */
export interface ClientPetNames {
  dni: string;
  /** Hidden: the found client's id, sent beside the DNI. */
  client: string;
  pet: string;
  /** Hidden: the chosen pet's name, where the payload carries it. */
  petName?: string;
  /** The form's duration field, if it has one: a chosen pet's size sets it unless typed. */
  duration?: string;
}

interface NamedProps extends FieldRenderProps {
  names: ClientPetNames;
}

/**
 * The client the pet field belongs to: a form value, not a field (the schemas drop it), so the
 * DNI lookup and the finder agree on it. A different client found later clears the pet.
 */
const PET_OWNER = 'mascota_de';

const asId = (value: unknown): number | undefined => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : undefined;
};

type Form = FieldRenderProps['form'];

/** Whose pet the pet field holds: the one set last, else (an edit) the booked client. */
const petOwnerOf = (form: Form, names: ClientPetNames) =>
  asId(form.getValues(PET_OWNER) ?? form.getValues(names.client));

function clearPet(form: Form, names: ClientPetNames) {
  form.setValue(names.pet, '');
  if (names.petName) form.setValue(names.petName, '');
}

/**
 * Puts a client in the form as if their DNI had been typed, and one of their pets when given
 * (the finder's pet, a pet just registered); a pet of another client is cleared.
 */
function chooseClient(
  form: Form,
  names: ClientPetNames,
  client: { id_cli: number; dni_cli: string },
  pet?: { id_perro: number; nom_perro: string },
) {
  if (pet) {
    form.setValue(names.pet, pet.id_perro, { shouldDirty: true });
    if (names.petName) form.setValue(names.petName, pet.nom_perro);
    form.clearErrors(names.pet);
  } else if (petOwnerOf(form, names) !== client.id_cli) {
    clearPet(form, names);
  }
  form.setValue(PET_OWNER, client.id_cli);
  form.setValue(names.client, client.id_cli);
  form.setValue(names.dni, client.dni_cli, { shouldDirty: true });
  form.clearErrors(names.dni);
}

function BookingDniField({ names, ...props }: NamedProps) {
  const { form } = props;
  const onClient = useCallback(
    (client: FoundClient | undefined) => {
      // Read before the client's id changes: it is the fallback of an edit's first lookup.
      const owner = petOwnerOf(form, names);
      form.setValue(names.client, client?.id_cli ?? '');
      if (client && client.id_cli !== owner) {
        if (owner !== undefined) clearPet(form, names);
        form.setValue(PET_OWNER, client.id_cli);
      }
    },
    [form, names],
  );
  return (
    <KnownClientProvider value={bookedOf(form)?.client}>
      <ClientDniField {...props} label="DNI del cliente" onClient={onClient} />
    </KnownClientProvider>
  );
}

/**
 * The finder (by name, phone, DNI or pet) and 'Nuevo cliente' / 'Nueva mascota' (issue 30 §2):
 * what they find or register goes into the DNI and pet fields, the rest of the form untouched.
 */
function FinderField({ names, form, disabled }: NamedProps) {
  const { can } = usePermissions();
  const mayRegister = can(clientsResource.access.write);
  const [typed, setTyped] = useState('');
  const [clientDraft, setClientDraft] = useState<Partial<ClientInput> | null>(null);
  const [petOwnerDni, setPetOwnerDni] = useState<string | null>(null);
  const clientId = asId(useWatch({ control: form.control, name: names.client }));
  const bonos = useClientBonos(clientId);

  const choose = (choice: FinderChoice) =>
    chooseClient(form, names, choice.client, choice.kind === 'pet' ? choice.pet : undefined);
  const openNewPet = () => {
    const dni: unknown = form.getValues(names.dni);
    setPetOwnerDni(typeof dni === 'string' ? dni : '');
  };
  return (
    <>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ alignItems: 'flex-start' }}
      >
        <ClientFinder onChoose={choose} onInput={setTyped} disabled={disabled} />
        {mayRegister && (
          <Stack direction="row" spacing={1.5} sx={{ flexShrink: 0, pt: { sm: 1 } }}>
            <Button
              variant="outlined"
              startIcon={<PersonAddIcon />}
              disabled={disabled}
              onClick={() => setClientDraft(clientDraftOf(typed))}
            >
              {NEW_CLIENT_TEXTS.newClient}
            </Button>
            <Button
              variant="outlined"
              startIcon={<PetsIcon />}
              disabled={disabled || clientId === undefined}
              title={clientId === undefined ? NEW_CLIENT_TEXTS.petNeedsClient : undefined}
              onClick={openNewPet}
            >
              {NEW_CLIENT_TEXTS.newPet}
            </Button>
          </Stack>
        )}
        <NewClientDialog
          open={clientDraft !== null}
          draft={clientDraft ?? {}}
          onClose={() => setClientDraft(null)}
          onCreated={(client) => {
            setClientDraft(null);
            chooseClient(form, names, client);
            // A new client has no pet yet: the booking needs one.
            setPetOwnerDni(client.dni_cli);
          }}
        />
        <NewPetDialog
          ownerDni={petOwnerDni}
          onClose={() => setPetOwnerDni(null)}
          onCreated={(pet) => {
            setPetOwnerDni(null);
            chooseClient(form, names, pet.cliente, pet);
          }}
        />
      </Stack>
      {/* The desk sees the client's prepaid visits while booking (DESIGN §11.6). */}
      {bonos.data && bonos.data.length > 0 && (
        <Box sx={{ mt: 1.5 }}>
          <ClientBonosNotice bonos={bonos.data} />
        </Box>
      )}
    </>
  );
}

function PetSelect({ names, field, error, form, disabled }: NamedProps) {
  const clientId = asId(useWatch({ control: form.control, name: names.client }));
  const pets = useQuery({
    queryKey: queryKey(PET_ENDPOINTS.ofClient, { params: { id: clientId } }),
    queryFn: ({ signal }) => call(PET_ENDPOINTS.ofClient, { params: { id: clientId }, signal }),
    enabled: clientId !== undefined,
  });
  // The booked pet stays an option for its own client even if retired since; no other retired one.
  const booked = bookedOf(form);
  const bookedPet = booked && booked.client.id_cli === clientId ? booked.pet : undefined;
  const active = clientId === undefined ? [] : (pets.data ?? []);
  const options = [
    ...active.map((pet) => ({ ...pet, label: pet.nom_perro })),
    ...(bookedPet && !active.some((pet) => pet.id_perro === bookedPet.id_perro)
      ? [{ ...bookedPet, label: withStatus(bookedPet.nom_perro, bookedPet.id_est) }]
      : []),
  ];
  const selected = options.find((pet) => pet.id_perro === asId(field.value));
  // DESIGN §11.4: the chosen pet's size, for the visit's duration (booked.ts); a pet the user
  // chose sets the duration, one the form was opened with (an edit) does not. A booked pet no
  // longer active has no size here.
  const selectedId = selected?.id_perro;
  const size = selected && 'talla' in selected ? selected.talla : null;
  useEffect(() => {
    form.setValue(PET_SIZE, size);
    if (selectedId !== undefined && form.getFieldState(names.pet).isDirty) {
      applyDefaultDuration(form, names.duration);
    }
  }, [form, names.pet, names.duration, selectedId, size]);
  const hint =
    clientId === undefined
      ? 'Busque primero al cliente'
      : pets.isSuccess && options.length === 0
        ? 'El cliente no tiene mascotas activas'
        : ' ';
  return (
    <TextField
      select
      fullWidth
      id={`field-${field.name}`}
      label="Mascota"
      name={field.name}
      inputRef={field.ref}
      // A value the options do not hold yet (still loading) shows as empty, not as a warning.
      value={selected ? selected.id_perro : ''}
      disabled={disabled || clientId === undefined}
      error={Boolean(error)}
      // Decisions §pet-alerts: the chosen pet's alerts, vaccines and care notes, before it is
      // booked.
      helperText={error ?? (selected ? <PetCareChips care={selected} showNotes /> : null) ?? hint}
      onChange={(e) => {
        const id = Number(e.target.value);
        field.onChange(id);
        form.setValue(PET_OWNER, clientId);
        if (names.petName) {
          form.setValue(names.petName, options.find((pet) => pet.id_perro === id)?.nom_perro ?? '');
        }
      }}
      onBlur={field.onBlur}
      // The hint says what to do while the select is disabled: it reads as text, not greyed out.
      slotProps={{ formHelperText: { disabled: false } }}
    >
      {options.map((pet) => (
        <MenuItem key={pet.id_perro} value={pet.id_perro}>
          {pet.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The finder's form value: not sent (the schemas drop it). */
const FINDER = 'buscar_cliente';

/** The form fields: the finder, then the DNI with its lookup and the pet select. */
export function clientPetFields(names: ClientPetNames, width = 6): FieldDef[] {
  return [
    {
      name: FINDER,
      label: 'Buscar cliente',
      width: 12,
      render: (props) => <FinderField {...props} names={names} />,
    },
    {
      name: names.dni,
      label: 'DNI del cliente',
      width,
      render: (props) => <BookingDniField {...props} names={names} />,
    },
    {
      name: names.pet,
      label: 'Mascota',
      width,
      render: (props) => <PetSelect {...props} names={names} />,
    },
  ];
}
