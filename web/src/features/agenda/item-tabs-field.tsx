import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { useEffect } from 'react';
import { useController } from 'react-hook-form';
import type { AppointmentItemKind, SizeMinutes } from '@app/domain';
import type { FieldRenderProps } from '../../crud';
import { formatMoney } from '../../lib/format';
import { useAvailablePackages, useAvailableServices } from '../../lookups';
import { applyDefaultDuration, bookedOf, ITEM_TIMING, withStatus } from './booked';

interface Option {
  id: number;
  label: string;
  /** Minutes a visit of it lasts; unknown for a booked item no longer offered. */
  duracion?: number;
  /** The minutes it adds per pet size (DESIGN §11.4). */
  minutos_talla?: SizeMinutes;
}

/** The active services or packages, for the booking form (GET /servicios|paquetes/disponibles). */
function useOptions(kind: AppointmentItemKind) {
  const services = useAvailableServices(kind === 'servicio');
  const packages = useAvailablePackages(kind === 'paquete');
  const options: Option[] =
    kind === 'servicio'
      ? (services.data ?? []).map((s) => ({
          id: s.id_srv,
          label: `${s.nom_srv} — ${formatMoney(s.precio_srv)}`,
          duracion: s.duracion,
          minutos_talla: s.minutos_talla,
        }))
      : (packages.data ?? []).map((p) => ({
          id: p.id_paq,
          label: `${p.nom_paq} — ${formatMoney(p.precio_paq)}`,
          duracion: p.duracion,
          minutos_talla: p.minutos_talla,
        }));
  const failed = kind === 'servicio' ? services.isError : packages.isError;
  return { options, failed };
}

const TABS: { kind: AppointmentItemKind; label: string; name: string; select: string }[] = [
  { kind: 'servicio', label: 'Servicios', name: 'id_servicio', select: 'Servicio' },
  { kind: 'paquete', label: 'Paquetes', name: 'id_paquete', select: 'Paquete' },
];

export interface ItemTabsFieldProps extends FieldRenderProps {
  /** The form's duration field, if it has one: a chosen item sets it unless the user typed one. */
  durationField?: string;
}

/**
 * Spec §001-2: tabs Servicios and Paquetes, one select each; the active tab decides which is
 * sent. This field is the tab (`tipo`); the select below it is the tab's own field. New
 * choices are the active services or packages; an edit also shows the one it has.
 */
export function ItemTabsField({ field, form, disabled, durationField }: ItemTabsFieldProps) {
  const kind: AppointmentItemKind = field.value === 'paquete' ? 'paquete' : 'servicio';
  const tab = TABS.find((t) => t.kind === kind) ?? TABS[0];
  const item = useController({ control: form.control, name: tab.name });
  const available = useOptions(kind);
  const { failed } = available;
  // The booked item stays an option even if retired since, at the price it was booked for.
  const booked = bookedOf(form)?.item;
  const options =
    booked?.kind === kind && !available.options.some((o) => o.id === booked.id)
      ? [
          ...available.options,
          {
            id: booked.id,
            label: `${withStatus(booked.name, booked.id_est)}${booked.precio ? ` — ${formatMoney(booked.precio)}` : ''}`,
          },
        ]
      : available.options;
  const selected = options.find((o) => o.id === Number(item.field.value));
  const error = item.fieldState.error?.message;
  // The chosen item's minutes, for the duration the pet's size gives (booked.ts); an item the
  // user chose sets the duration, one the form was opened with (an edit) does not.
  const chosenId = selected?.id;
  const chosenMinutes = selected?.duracion;
  const chosenSizes = selected?.minutos_talla;
  useEffect(() => {
    form.setValue(
      ITEM_TIMING,
      chosenMinutes === undefined
        ? undefined
        : { duracion: chosenMinutes, minutos_talla: chosenSizes ?? {} },
    );
    if (form.getFieldState(tab.name).isDirty) applyDefaultDuration(form, durationField);
  }, [form, durationField, tab.name, chosenId, chosenMinutes, chosenSizes]);
  return (
    <Box>
      <Tabs
        value={kind}
        onChange={(_, next: AppointmentItemKind) => field.onChange(next)}
        aria-label="Servicio o paquete"
        sx={{ mb: 2 }}
      >
        {TABS.map((t) => (
          <Tab key={t.kind} value={t.kind} label={t.label} disabled={disabled} />
        ))}
      </Tabs>
      <TextField
        select
        fullWidth
        id={`field-${tab.name}`}
        key={tab.name}
        label={tab.select}
        name={tab.name}
        inputRef={item.field.ref}
        value={selected ? selected.id : ''}
        disabled={disabled}
        error={Boolean(error) || failed}
        helperText={error ?? (failed ? 'No se pudieron cargar las opciones' : ' ')}
        // Decisions §agenda: a visit lasts what its service or package does, unless typed (the
        // effect above sets it once the choice is made).
        onChange={(e) => item.field.onChange(Number(e.target.value))}
        onBlur={item.field.onBlur}
      >
        {options.map((option) => (
          <MenuItem key={option.id} value={option.id}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
