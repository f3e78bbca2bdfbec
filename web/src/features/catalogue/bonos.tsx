import { z } from 'zod';
import {
  BonoInputSchema,
  BonoItemSchema,
  BonoUpdateSchema,
  bonoItemsText,
  bonosResource,
  type Bono,
} from '@app/domain';
import { CrudPage, StatusBadge, type CrudConfig, type FieldDef, type FormValues } from '../../crud';
import { formatMoney, upper } from '../../lib/format';
import {
  CatalogueLinesField,
  catalogueLineOf,
  newCatalogueLine,
  type CatalogueLineAmount,
} from '../../lookups';
import { catalogueFilterDefaults, priceField, statusFilter } from './catalogue-config';

/**
 * 'Lista de Bonos' (DESIGN §11.6): the prepaid packs the counter sells ('Pack 4 baños'), each a
 * price, the days it lasts and how many visits of which services or packages it covers.
 */

const TEXTS = {
  noun: 'Bono',
  errorTitle: 'Error en Bono',
  items: 'Servicios y paquetes del bono',
  itemsHint: 'Cuántas veces cubre el bono cada servicio o paquete.',
  quantity: 'Cantidad',
  validity: 'Vigencia (días)',
  validityHint: 'Días de validez desde la compra',
} as const;

/** How many lines a bono may have (BonoInputSchema's `items`). */
const MAX_ITEMS = 10;

/** Whole numbers only (days, visits): what is not a digit never reaches the field. */
const digits = (text: string) => text.replace(/\D/g, '').slice(0, 3);

/** How many visits of its service or package a line of the bono covers. */
const QUANTITY: CatalogueLineAmount = {
  key: 'cantidad',
  label: TEXTS.quantity,
  initial: '1',
  keep: digits,
  inputMode: 'numeric',
  maxLength: 3,
  width: 160,
};

const fields: FieldDef<keyof z.input<typeof BonoInputSchema>>[] = [
  { name: 'nombre', label: 'Nombre', maxLength: 100, width: 6 },
  priceField,
  {
    name: 'vigencia_dias',
    label: TEXTS.validity,
    sanitize: digits,
    inputMode: 'numeric',
    maxLength: 3,
    hint: TEXTS.validityHint,
    width: 3,
  },
  {
    name: 'items',
    label: TEXTS.items,
    width: 12,
    render: (props) => (
      <CatalogueLinesField
        {...props}
        label={TEXTS.items}
        hint={TEXTS.itemsHint}
        amount={QUANTITY}
        maxLines={MAX_ITEMS}
        minLines={1}
      />
    ),
  },
];

/** The lines as the schema gives them back, `{tipo, id, cantidad}`. */
const SavedItemsSchema = z.array(BonoItemSchema.omit({ nombre: true }));

/**
 * What the form sends: the schema's output but the lines, which the API takes as the form has
 * them, `{id_srv | id_paq, cantidad}`.
 */
function bonoBody(values: FormValues) {
  const items = SavedItemsSchema.parse(values.items).map(({ tipo, id, cantidad }) =>
    tipo === 'servicio' ? { id_srv: id, cantidad } : { id_paq: id, cantidad },
  );
  return { ...values, items };
}

const bonosConfig: CrudConfig<Bono> = {
  resource: bonosResource,
  title: `Lista de ${TEXTS.noun}s`,
  addLabel: `Añadir ${TEXTS.noun}`,
  rowLabel: (b) => upper(b.nombre),
  columns: [
    { header: 'Nombre', render: (b) => upper(b.nombre) },
    { header: 'Incluye', render: (b) => bonoItemsText(b.items) },
    { header: 'Precio', align: 'right', render: (b) => formatMoney(b.precio) },
    { header: 'Vigencia (días)', align: 'right', render: (b) => b.vigencia_dias },
    { header: 'Estado', render: (b) => <StatusBadge id={b.id_est} /> },
  ],
  filters: [{ name: 'search', label: 'Buscar por nombre' }, statusFilter],
  filterDefaults: catalogueFilterDefaults,
  emptyText: 'No se encontraron bonos.',
  create: {
    title: `Registrar ${TEXTS.noun}`,
    fields,
    schema: BonoInputSchema,
    errorTitle: TEXTS.errorTitle,
    defaults: () => ({
      nombre: '',
      precio: '',
      vigencia_dias: '',
      items: [newCatalogueLine(QUANTITY)],
    }),
    toPayload: bonoBody,
  },
  edit: {
    title: `Editar ${TEXTS.noun}`,
    fields,
    schema: BonoUpdateSchema.omit({ id: true }),
    errorTitle: TEXTS.errorTitle,
    fromRow: (b) => ({
      ...bonosResource.toInput?.(b),
      items: b.items.map((item) => ({ ...catalogueLineOf(item), cantidad: String(item.cantidad) })),
    }),
    toPayload: (values, row) => ({ ...bonoBody(values), id: row?.id_bono }),
  },
  status: {
    current: (b) => b.id_est,
    subject: 'este bono',
    errorTitle: TEXTS.errorTitle,
  },
};

export function BonosPage() {
  return <CrudPage config={bonosConfig} />;
}
