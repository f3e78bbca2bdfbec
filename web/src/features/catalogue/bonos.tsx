import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { z } from 'zod';
import {
  BonoInputSchema,
  BonoItemSchema,
  BonoUpdateSchema,
  bonoItemsText,
  bonosResource,
  type Bono,
  type BonoItem,
} from '@app/domain';
import {
  CrudPage,
  StatusBadge,
  type CrudConfig,
  type FieldDef,
  type FieldRenderProps,
  type FormValues,
} from '../../crud';
import { formatMoney, upper } from '../../lib/format';
import { CatalogueItemSelect, catalogueChoice } from '../../lookups';
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
  item: 'Servicio o paquete',
  quantity: 'Cantidad',
  add: 'Agregar servicio o paquete',
  remove: 'Quitar servicio o paquete',
  validity: 'Vigencia (días)',
  validityHint: 'Días de validez desde la compra',
} as const;

/** How many lines a bono may have (BonoInputSchema's `items`). */
const MAX_ITEMS = 10;

/** A line of the form: a service or a package (the other null), how many, and its saved name. */
interface FormItem {
  id_srv: number | null;
  id_paq: number | null;
  cantidad: string;
  /** The name the bono saved, shown while the item is no longer active. */
  nombre?: string;
}

const emptyItem = (): FormItem => ({ id_srv: null, id_paq: null, cantidad: '1' });

const formItemOf = (item: BonoItem): FormItem => ({
  id_srv: item.tipo === 'servicio' ? item.id : null,
  id_paq: item.tipo === 'paquete' ? item.id : null,
  cantidad: String(item.cantidad),
  nombre: item.nombre,
});

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

const idOf = (value: unknown) =>
  typeof value === 'number'
    ? value
    : typeof value === 'string' && value !== ''
      ? Number(value)
      : null;

/** The form's lines from the field's value. */
function formItems(value: unknown): FormItem[] {
  if (!Array.isArray(value)) return [];
  return value.map((item: unknown) =>
    isRecord(item)
      ? {
          id_srv: idOf(item.id_srv),
          id_paq: idOf(item.id_paq),
          cantidad:
            typeof item.cantidad === 'number' || typeof item.cantidad === 'string'
              ? String(item.cantidad)
              : '',
          nombre: typeof item.nombre === 'string' ? item.nombre : undefined,
        }
      : emptyItem(),
  );
}

/**
 * The bono's lines (DESIGN §11.6): per line a service or a package of the active ones and how
 * many visits of it the bono covers; the schema's messages under each input.
 */
function BonoItemsField({ field, form, error, disabled }: FieldRenderProps) {
  const items = formItems(field.value);
  const set = (next: FormItem[]) => field.onChange(next);
  const messageOf = (name: string) => form.getFieldState(name, form.formState).error?.message;

  return (
    <FormControl component="fieldset" fullWidth error={Boolean(error)} disabled={disabled}>
      <FormLabel component="legend" sx={{ mb: 1.5 }}>
        {TEXTS.items}
      </FormLabel>
      <Stack spacing={1}>
        {items.map((item, index) => {
          const n = index + 1;
          const path = `${field.name}.${index}`;
          const itemError = messageOf(`${path}.id_srv`) ?? messageOf(`${path}.id_paq`);
          const quantityError = messageOf(`${path}.cantidad`);
          return (
            <Stack
              key={index}
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ alignItems: { sm: 'flex-start' } }}
            >
              <CatalogueItemSelect
                id={`field-${path}`}
                label={`${TEXTS.item} ${n}`}
                name={`${path}.id_srv`}
                inputRef={index === 0 ? field.ref : undefined}
                value={catalogueChoice(item.id_srv, item.id_paq)}
                savedName={item.nombre}
                disabled={disabled}
                error={itemError}
                onChoose={(kind, id) =>
                  set(
                    items.map((it, i) =>
                      i === index
                        ? {
                            id_srv: kind === 'servicio' ? id : null,
                            id_paq: kind === 'paquete' ? id : null,
                            cantidad: it.cantidad,
                          }
                        : it,
                    ),
                  )
                }
                onBlur={field.onBlur}
              />
              <TextField
                size="small"
                id={`field-${path}-cantidad`}
                label={`${TEXTS.quantity} ${n}`}
                name={`${path}.cantidad`}
                value={item.cantidad}
                disabled={disabled}
                required
                error={Boolean(quantityError)}
                helperText={quantityError ?? ' '}
                onChange={(e) => {
                  const cantidad = e.target.value.replace(/\D/g, '').slice(0, 3);
                  set(items.map((it, i) => (i === index ? { ...it, cantidad } : it)));
                }}
                onBlur={field.onBlur}
                sx={{ width: { sm: 160 }, flexShrink: 0 }}
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 3 } }}
              />
              <IconButton
                aria-label={`${TEXTS.remove} ${n}`}
                onClick={() => set(items.filter((_, i) => i !== index))}
                disabled={disabled || items.length === 1}
                sx={{ alignSelf: { xs: 'flex-end', sm: 'flex-start' } }}
              >
                <DeleteIcon />
              </IconButton>
            </Stack>
          );
        })}
      </Stack>
      <FormHelperText>{error ?? TEXTS.itemsHint}</FormHelperText>
      <div>
        <Button
          startIcon={<AddIcon />}
          onClick={() => set([...items, emptyItem()])}
          disabled={disabled || items.length >= MAX_ITEMS}
          sx={{ mt: 1 }}
        >
          {TEXTS.add}
        </Button>
      </div>
    </FormControl>
  );
}

/** Whole days only: what is not a digit never reaches the field. */
const digits = (text: string) => text.replace(/\D/g, '').slice(0, 3);

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
    render: (props) => <BonoItemsField {...props} />,
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
    defaults: () => ({ nombre: '', precio: '', vigencia_dias: '', items: [emptyItem()] }),
    toPayload: bonoBody,
  },
  edit: {
    title: `Editar ${TEXTS.noun}`,
    fields,
    schema: BonoUpdateSchema.omit({ id: true }),
    errorTitle: TEXTS.errorTitle,
    fromRow: (b) => ({ ...bonosResource.toInput?.(b), items: b.items.map(formItemOf) }),
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
