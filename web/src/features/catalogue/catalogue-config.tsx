import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  CatalogueItemInputSchema,
  CatalogueItemUpdateSchema,
  DEFAULT_DURATION,
  depositRuleText,
  formatPriceOnBlur,
  keepPriceChars,
  sizeMinutesText,
  Status,
  stripNonLetters,
  type DepositRule,
  type SizeMinutes,
  type ResourceDescriptor,
  type CatalogueItemInput,
} from '@app/domain';
import {
  StatusBadge,
  statusOptions,
  type CrudConfig,
  type FieldDef,
  type FilterDef,
} from '../../crud';
import { formatMoney, upper } from '../../lib/format';
import { DepositRuleField } from './deposit-rule-field';
import { SizeMinutesField } from './size-minutes-field';

/** A catalogue price in soles: digits and one point while typing, two decimals once left. */
export const priceField: FieldDef<'precio'> = {
  name: 'precio',
  label: 'Precio (S/.)',
  maxLength: 10,
  sanitize: keepPriceChars,
  formatOnBlur: formatPriceOnBlur,
  width: 3,
};

/** Spec §001-9: a catalogue list filters by status, and starts on Activo. */
export const statusFilter: FilterDef = {
  name: 'est',
  label: 'Estado',
  type: 'select',
  options: statusOptions(),
};
export const catalogueFilterDefaults = () => ({ search: '', est: String(Status.Activo) });

/**
 * Spec §001-2: nombre, precio, descripcion (multi-line); §001-5: what each input lets through.
 * Decisions §agenda: the minutes a visit of it takes, which a new appointment copies,
 * (DESIGN §11.4) the minutes it adds per pet size, and (DESIGN §11.6) the deposit its citas ask.
 */
const fields: FieldDef<keyof CatalogueItemInput>[] = [
  { name: 'nombre', label: 'Nombre', maxLength: 100, sanitize: stripNonLetters, width: 6 },
  priceField,
  { name: 'duracion', label: 'Duración (min)', kind: 'number', step: '15', width: 3 },
  { name: 'descripcion', label: 'Descripción', kind: 'textarea', maxLength: 500, width: 12 },
  {
    name: 'minutos_talla',
    label: 'Minutos extra por tamaño',
    width: 12,
    render: (props) => <SizeMinutesField {...props} />,
  },
  {
    name: 'adelanto',
    label: 'Adelanto',
    // The server names the refused part; the value's is the one the inputs can send.
    serverName: 'adelanto.valor',
    width: 12,
    render: (props) => <DepositRuleField {...props} />,
  },
];

/** An amount or a share on one line: the symbol never parts from the figure. */
function Whole({ text }: { text: string }) {
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
      {text}
    </Box>
  );
}

/** The item's own minutes, and under them what it adds per size. */
function Duration({ item }: { item: CatalogueItem }) {
  const extra = sizeMinutesText(item.minutos_talla);
  return (
    <>
      {item.duracion} min
      {extra && (
        <Typography variant="caption" component="div" color="text.secondary">
          {extra}
        </Typography>
      )}
    </>
  );
}

/** A service or a package as the shared screen reads it. */
export interface CatalogueItem {
  id: number;
  nombre: string;
  descripcion: string;
  precio: string;
  duracion: number;
  minutos_talla: SizeMinutes;
  adelanto: DepositRule | null;
  estado: number;
}

export interface CatalogueKind<Row> {
  resource: ResourceDescriptor<Row>;
  /** 'Servicio', 'Paquete': the titles are 'Lista de Servicios', 'Añadir Servicio'... */
  noun: string;
  /** What the status confirmation names: 'este servicio'. */
  subject: string;
  item(row: Row): CatalogueItem;
  errorTitles: { form: string; status: string };
}

/**
 * Services and packages share the spec's screen (spec §001-2): the same columns, filters, form and
 * rules; each kind names its paths, texts and row fields.
 */
export function catalogueConfig<Row>(kind: CatalogueKind<Row>): CrudConfig<Row> {
  const { item, noun } = kind;
  return {
    resource: kind.resource,
    title: `Lista de ${noun}s`,
    addLabel: `Añadir ${noun}`,
    rowLabel: (row) => upper(item(row).nombre),
    columns: [
      { header: 'Nombre', render: (row) => upper(item(row).nombre) },
      { header: 'Descripción', render: (row) => item(row).descripcion },
      {
        header: 'Precio',
        align: 'right',
        render: (row) => <Whole text={formatMoney(item(row).precio)} />,
      },
      { header: 'Duración', align: 'right', render: (row) => <Duration item={item(row)} /> },
      {
        header: 'Adelanto',
        align: 'right',
        render: (row) => <Whole text={depositRuleText(item(row).adelanto) || '—'} />,
      },
      { header: 'Estado', render: (row) => <StatusBadge id={item(row).estado} /> },
    ],
    filters: [{ name: 'search', label: 'Buscar por nombre o descripción' }, statusFilter],
    filterDefaults: catalogueFilterDefaults,
    create: {
      title: `Registrar ${noun}`,
      fields,
      schema: CatalogueItemInputSchema,
      errorTitle: kind.errorTitles.form,
      defaults: () => ({
        nombre: '',
        precio: '',
        duracion: DEFAULT_DURATION,
        descripcion: '',
        minutos_talla: {},
        adelanto: null,
      }),
    },
    edit: {
      title: `Editar ${noun}`,
      fields,
      schema: CatalogueItemUpdateSchema.omit({ id: true }),
      errorTitle: kind.errorTitles.form,
    },
    status: {
      current: (row) => item(row).estado,
      subject: kind.subject,
      errorTitle: kind.errorTitles.status,
    },
  };
}
