import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { useWatch } from 'react-hook-form';
import { PET_ENDPOINTS } from '@app/domain';
import type { FieldDef, FieldRenderProps } from '../../crud';
import { call, queryKey } from '../../lib/api';
import { ClientDniField, KnownClientProvider, PetCareChips, type FoundClient } from '../../lookups';
import { bookedOf, withStatus } from './booked';

/**
 * The client found by DNI and one of their pets: the pair every booking form has (spec §001-2
 * Reservations, Appointments). The DNI is looked up as it reaches 8 digits; the pet select is
 * disabled until a client is found and lists that client's active pets. The payload names vary
 * per form (`dni_cli`/`id_cliente` on registration, `dnicli`/`idcli`/`nomPerro` on the
 * reservation's edit), so the caller names them. On an edit, the booked client and pet show
 * even if they were suspended or deleted since (labelled so): the server lets the edit keep them.
 */
export interface ClientPetNames {
  dni: string;
  /** Hidden: the found client's id, sent beside the DNI. */
  client: string;
  pet: string;
  /** Hidden: the chosen pet's name, where the payload carries it. */
  petName?: string;
}

interface NamedProps extends FieldRenderProps {
  names: ClientPetNames;
}

const asId = (value: unknown): number | undefined => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : undefined;
};

function BookingDniField({ names, ...props }: NamedProps) {
  const { form } = props;
  // The client the pet was chosen for: a different client found later clears the pet.
  const chosenFor = useRef(asId(form.getValues(names.client)));
  const onClient = useCallback(
    (client: FoundClient | undefined) => {
      form.setValue(names.client, client?.id_cli ?? '');
      if (client && client.id_cli !== chosenFor.current) {
        if (chosenFor.current !== undefined) {
          form.setValue(names.pet, '');
          if (names.petName) form.setValue(names.petName, '');
        }
        chosenFor.current = client.id_cli;
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
  const hint =
    clientId === undefined
      ? 'Busque primero al cliente por su DNI'
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
        if (names.petName) {
          form.setValue(names.petName, options.find((pet) => pet.id_perro === id)?.nom_perro ?? '');
        }
      }}
      onBlur={field.onBlur}
    >
      {options.map((pet) => (
        <MenuItem key={pet.id_perro} value={pet.id_perro}>
          {pet.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The two form fields: the DNI with its lookup, then the pet select. */
export function clientPetFields(names: ClientPetNames, width = 6): FieldDef[] {
  return [
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
