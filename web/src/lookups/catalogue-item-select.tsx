import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { Ref } from 'react';
import { formatMoney, upper } from '../lib/format';
import { useAvailablePackages, useAvailableServices } from './available-catalogue';

/** What the select says around the catalogue's items. */
export const CATALOGUE_ITEM_TEXTS = {
  services: 'Servicios',
  packages: 'Paquetes',
  unavailable: 'no disponible',
  noCatalogue: 'No se pudieron cargar los servicios y paquetes activos',
} as const;

const T = CATALOGUE_ITEM_TEXTS;

export type CatalogueItemKind = 'servicio' | 'paquete';

/** The select's value of a line: 'servicio:3', 'paquete:5', '' while none is chosen. */
export const catalogueChoice = (
  id_srv: number | null | undefined,
  id_paq: number | null | undefined,
) =>
  id_srv !== null && id_srv !== undefined
    ? `servicio:${id_srv}`
    : id_paq !== null && id_paq !== undefined
      ? `paquete:${id_paq}`
      : '';

interface Choice {
  value: string;
  label: string;
}

/** What the select offers: the active services, then the active packages, with their prices. */
function useChoices() {
  const services = useAvailableServices();
  const packages = useAvailablePackages();
  const option = (kind: CatalogueItemKind, id: number, name: string, price: string): Choice => ({
    value: `${kind}:${id}`,
    label: `${upper(name)} — ${formatMoney(price)}`,
  });
  return {
    services: (services.data ?? []).map((s) =>
      option('servicio', s.id_srv, s.nom_srv, s.precio_srv),
    ),
    packages: (packages.data ?? []).map((p) =>
      option('paquete', p.id_paq, p.nom_paq, p.precio_paq),
    ),
    failed: services.isError || packages.isError,
  };
}

export interface CatalogueItemSelectProps {
  id: string;
  label: string;
  name: string;
  inputRef?: Ref<HTMLInputElement>;
  /** catalogueChoice of the line. */
  value: string;
  /** The name saved with the line: it stays shown while its item is no longer active. */
  savedName?: string;
  disabled?: boolean;
  error?: string;
  onChoose(kind: CatalogueItemKind, id: number): void;
  onBlur(): void;
}

/**
 * One active service or package of the catalogue, grouped and priced; a line's item no longer
 * active keeps its saved name until replaced (a bono's lines, an employee's rates).
 */
export function CatalogueItemSelect({
  id,
  label,
  name,
  inputRef,
  value,
  savedName,
  disabled,
  error,
  onChoose,
  onBlur,
}: CatalogueItemSelectProps) {
  const { services, packages, failed } = useChoices();
  const known = [...services, ...packages].some((c) => c.value === value);
  const orphan =
    value !== '' && !known
      ? { value, label: `${upper(savedName ?? '')} (${T.unavailable})` }
      : null;
  return (
    <TextField
      select
      fullWidth
      size="small"
      id={id}
      label={label}
      name={name}
      inputRef={inputRef}
      value={value}
      disabled={disabled}
      required
      error={Boolean(error) || failed}
      helperText={error ?? (failed ? T.noCatalogue : ' ')}
      onChange={(e) => {
        const [kind, itemId] = e.target.value.split(':');
        onChoose(kind === 'paquete' ? 'paquete' : 'servicio', Number(itemId));
      }}
      onBlur={onBlur}
    >
      {orphan && <MenuItem value={orphan.value}>{orphan.label}</MenuItem>}
      {services.length > 0 && <ListSubheader>{T.services}</ListSubheader>}
      {services.map((c) => (
        <MenuItem key={c.value} value={c.value}>
          {c.label}
        </MenuItem>
      ))}
      {packages.length > 0 && <ListSubheader>{T.packages}</ListSubheader>}
      {packages.map((c) => (
        <MenuItem key={c.value} value={c.value}>
          {c.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
