import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useWatch } from 'react-hook-form';
import type { z } from 'zod';
import {
  CONSENT_APPLIES,
  CONSENT_APPLIES_NAMES,
  ConsentInputSchema,
  consentsResource,
  type Consent,
} from '@app/domain';
import {
  CrudPage,
  StatusBadge,
  type CrudConfig,
  type FieldDef,
  type FieldRenderProps,
} from '../../crud';
import { upper } from '../../lib/format';
import { useAvailablePackages, useAvailableServices } from '../../lookups';
import { catalogueFilterDefaults, statusFilter } from './catalogue-config';

/**
 * 'Consentimientos' (DESIGN §11.8, decisions §consents): the releases the owner signs at the
 * counter, each a title, its text and when it is asked (the first visit, every year, or the citas
 * of some services or packages). A changed text is a new version, signed anew.
 */

const TEXTS = {
  noun: 'Consentimiento',
  title: 'Consentimientos',
  errorTitle: 'Error en Consentimiento',
  text: 'Texto',
  textHint: 'Al cambiar el texto se crea una nueva versión y se vuelve a pedir la firma.',
  applies: 'Se pide',
  items: 'Servicios y paquetes',
  itemsHint: 'La firma se pide en las citas de estos servicios o paquetes.',
  services: 'Servicios',
  packages: 'Paquetes',
  service: 'Servicio',
  package: 'Paquete',
  unavailable: (noun: string, id: number) => `${noun} n.º ${id} (no disponible)`,
  noCatalogue: 'No se pudieron cargar los servicios y paquetes activos',
} as const;

/** The select's value of a service or a package: 'servicio:3', 'paquete:5'. */
const SERVICE = 'servicio';
const PACKAGE = 'paquete';
const choice = (kind: string, id: number) => `${kind}:${id}`;

const numbers = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((n): n is number => typeof n === 'number') : [];

/** The active services and packages by their select value, with their names. */
function useCatalogueNames() {
  const services = useAvailableServices();
  const packages = useAvailablePackages();
  const names = new Map<string, string>([
    ...(services.data ?? []).map((s): [string, string] => [
      choice(SERVICE, s.id_srv),
      upper(s.nom_srv),
    ]),
    ...(packages.data ?? []).map((p): [string, string] => [
      choice(PACKAGE, p.id_paq),
      upper(p.nom_paq),
    ]),
  ]);
  return {
    services: (services.data ?? []).map((s) => choice(SERVICE, s.id_srv)),
    packages: (packages.data ?? []).map((p) => choice(PACKAGE, p.id_paq)),
    nameOf: (value: string) => {
      const [kind, id] = value.split(':');
      const noun = kind === SERVICE ? TEXTS.service : TEXTS.package;
      return names.get(value) ?? TEXTS.unavailable(noun, Number(id));
    },
    failed: services.isError || packages.isError,
  };
}

/**
 * The services and packages a consent for services names, one multiple select of the active ones
 * the booking forms offer; shown only while 'Se pide' is for some services or packages.
 */
function ConsentItemsField({ field, form, error, disabled }: FieldRenderProps) {
  const applies: unknown = useWatch({ control: form.control, name: 'aplica' });
  const paquetes: unknown = useWatch({ control: form.control, name: 'paquetes' });
  const { services, packages, nameOf, failed } = useCatalogueNames();
  if (applies !== 'servicio') return null;
  const chosen = [
    ...numbers(field.value).map((id) => choice(SERVICE, id)),
    ...numbers(paquetes).map((id) => choice(PACKAGE, id)),
  ];
  // A saved item that is no longer active stays chosen, named as unavailable, until removed.
  const known = new Set([...services, ...packages]);
  const orphans = chosen.filter((value) => !known.has(value));
  const idsOf = (values: string[], kind: string) =>
    values.filter((v) => v.startsWith(`${kind}:`)).map((v) => Number(v.split(':')[1]));
  const option = (value: string) => (
    <MenuItem key={value} value={value}>
      {nameOf(value)}
    </MenuItem>
  );
  return (
    <TextField
      select
      fullWidth
      id={`field-${field.name}`}
      label={TEXTS.items}
      name={field.name}
      inputRef={field.ref}
      value={chosen}
      required
      disabled={disabled}
      error={Boolean(error) || failed}
      helperText={error ?? (failed ? TEXTS.noCatalogue : TEXTS.itemsHint)}
      onChange={(event) => {
        const values = typeof event.target.value === 'string' ? [] : [...event.target.value];
        // The packages first: the services' change validates both.
        form.setValue('paquetes', idsOf(values, PACKAGE));
        field.onChange(idsOf(values, SERVICE));
      }}
      onBlur={field.onBlur}
      slotProps={{
        select: {
          multiple: true,
          renderValue: (selected) =>
            Array.isArray(selected) ? selected.map((v) => nameOf(String(v))).join(', ') : '',
        },
      }}
    >
      {orphans.map(option)}
      {services.length > 0 && <ListSubheader>{TEXTS.services}</ListSubheader>}
      {services.map(option)}
      {packages.length > 0 && <ListSubheader>{TEXTS.packages}</ListSubheader>}
      {packages.map(option)}
    </TextField>
  );
}

const fields: FieldDef<keyof z.input<typeof ConsentInputSchema>>[] = [
  { name: 'titulo', label: 'Título', maxLength: 120, width: 8 },
  {
    name: 'aplica',
    label: TEXTS.applies,
    kind: 'select',
    options: CONSENT_APPLIES.map((a) => ({ value: a, label: CONSENT_APPLIES_NAMES[a] })),
    width: 4,
  },
  {
    name: 'texto',
    label: TEXTS.text,
    kind: 'textarea',
    maxLength: 5000,
    hint: TEXTS.textHint,
    width: 12,
  },
  {
    name: 'servicios',
    label: TEXTS.items,
    width: 12,
    render: (props) => <ConsentItemsField {...props} />,
  },
];

/** When it is asked, and for some services or packages which ones. */
function AppliesTo({ consent }: { consent: Consent }) {
  const { nameOf } = useCatalogueNames();
  const items = [
    ...consent.servicios.map((id) => choice(SERVICE, id)),
    ...consent.paquetes.map((id) => choice(PACKAGE, id)),
  ];
  return (
    <>
      {CONSENT_APPLIES_NAMES[consent.aplica]}
      {items.length > 0 && (
        <Typography variant="caption" component="div" color="text.secondary">
          {items.map(nameOf).join(', ')}
        </Typography>
      )}
    </>
  );
}

const consentsConfig: CrudConfig<Consent> = {
  resource: consentsResource,
  title: TEXTS.title,
  addLabel: `Añadir ${TEXTS.noun}`,
  rowLabel: (c) => c.titulo,
  columns: [
    { header: 'Título', render: (c) => c.titulo },
    { header: TEXTS.applies, render: (c) => <AppliesTo consent={c} /> },
    { header: 'Versión', align: 'right', render: (c) => c.version },
    { header: 'Estado', render: (c) => <StatusBadge id={c.id_est} /> },
  ],
  filters: [{ name: 'search', label: 'Buscar por título' }, statusFilter],
  filterDefaults: catalogueFilterDefaults,
  emptyText: 'No se encontraron consentimientos.',
  create: {
    title: `Registrar ${TEXTS.noun}`,
    fields,
    schema: ConsentInputSchema,
    errorTitle: TEXTS.errorTitle,
    defaults: () => ({ titulo: '', texto: '', aplica: '', servicios: [], paquetes: [] }),
  },
  edit: {
    title: `Editar ${TEXTS.noun}`,
    fields,
    // The update's schema is the register's and the id, which the row gives.
    schema: ConsentInputSchema,
    errorTitle: TEXTS.errorTitle,
  },
  status: {
    current: (c) => c.id_est,
    subject: 'este consentimiento',
    errorTitle: TEXTS.errorTitle,
  },
};

export function ConsentsPage() {
  return <CrudPage config={consentsConfig} />;
}
