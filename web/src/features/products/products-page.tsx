import FileUploadIcon from '@mui/icons-material/FileUpload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useMemo, useState } from 'react';
import {
  formatPriceOnBlur,
  isLowStock,
  keepPriceChars,
  PRODUCT_CATEGORIES,
  PRODUCT_MESSAGES,
  ProductInputSchema,
  productsResource,
  ProductUpdateSchema,
  Status,
  type Product,
  type ProductInput,
} from '@app/domain';
import {
  CrudPage,
  StatusBadge,
  statusOptions,
  type CrudConfig,
  type FieldDef,
  type FilterValues,
} from '../../crud';
import { upper } from '../../lib/format';
import { usePermissions } from '../../lib/use-profile';
import { ImportDialog } from './import-dialog';
import { MovementsDialog } from './movements-dialog';
import { StockMovementDialog } from './stock-movement-dialog';
import { PRODUCT_TEXTS as T } from './texts';

/**
 * 'Productos' (decisions §products): what the salon sells and uses, with its stock. Stock is never
 * edited in the form: it starts with 'Stock inicial' and then moves only through movements
 * (a purchase, internal use, a count, and checkout's sales and voids), each in the history.
 * The list exports what its filters select, and the catalogue imports from a file.
 */

const SKU_CHARS = (value: string) =>
  value
    .replace(/[^A-Za-z0-9-]/g, '')
    .toUpperCase()
    .slice(0, 30);

const categoryOptions = PRODUCT_CATEGORIES.map((c) => ({ value: c, label: c }));

const fields: FieldDef<keyof ProductInput>[] = [
  { name: 'sku', label: 'SKU', maxLength: 30, sanitize: SKU_CHARS, width: 4 },
  { name: 'nombre', label: 'Nombre', maxLength: 100, width: 8 },
  { name: 'categoria', label: 'Categoría', kind: 'select', options: categoryOptions, width: 4 },
  {
    name: 'precio',
    label: 'Precio (S/.)',
    maxLength: 9,
    sanitize: keepPriceChars,
    formatOnBlur: formatPriceOnBlur,
    width: 4,
  },
  {
    name: 'costo',
    label: 'Costo (S/.)',
    maxLength: 9,
    sanitize: keepPriceChars,
    formatOnBlur: formatPriceOnBlur,
    width: 4,
  },
  { name: 'stock_min', label: 'Stock mínimo', kind: 'number', step: '1', width: 4 },
];

const registerFields: FieldDef<keyof ProductInput>[] = [
  ...fields,
  {
    name: 'stock_inicial',
    label: 'Stock inicial',
    kind: 'number',
    step: '1',
    width: 4,
    hint: 'Las unidades con que empieza; luego el stock cambia con movimientos',
  },
];

const filterDefaults = (): FilterValues => ({
  search: '',
  categoria: '',
  bajo_stock: '',
  // Spec §001-9: the status filter starts on Activo.
  est: String(Status.Activo),
});

export function ProductsPage() {
  const { can } = usePermissions();
  const mayImport = can(productsResource.access.write);
  const [moving, setMoving] = useState<Product | null>(null);
  const [history, setHistory] = useState<Product | null>(null);
  const [importing, setImporting] = useState(false);

  const config = useMemo<CrudConfig<Product>>(
    () => ({
      resource: productsResource,
      title: T.title,
      addLabel: T.add,
      rowLabel: (p) => upper(p.nom_prod),
      columns: [
        {
          header: 'SKU',
          // A code reads whole: it never breaks at its hyphens.
          render: (p) => (
            <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
              {p.sku}
            </Box>
          ),
        },
        { header: 'Nombre', render: (p) => upper(p.nom_prod) },
        { header: 'Categoría', render: (p) => p.categoria },
        { header: 'Precio (S/.)', align: 'right', render: (p) => p.precio },
        {
          header: 'Stock',
          align: 'right',
          render: (p) => (
            <Stack
              direction="row"
              spacing={1}
              sx={{ alignItems: 'center', justifyContent: 'flex-end' }}
            >
              {isLowStock(p) && <Chip size="small" color="warning" label={T.lowStock} />}
              <span>{p.stock}</span>
            </Stack>
          ),
        },
        { header: 'Stock mín.', align: 'right', render: (p) => p.stock_min },
        { header: 'Estado', render: (p) => <StatusBadge id={p.id_est} /> },
      ],
      filters: [
        { name: 'search', label: 'Buscar (SKU o nombre)' },
        {
          name: 'categoria',
          label: 'Categoría',
          type: 'select',
          options: [{ value: '', label: 'Todas' }, ...categoryOptions],
        },
        { name: 'est', label: 'Estado', type: 'select', options: statusOptions() },
        { name: 'bajo_stock', label: 'Solo stock bajo', type: 'checkbox' },
      ],
      filterDefaults,
      emptyText: T.empty,
      loadErrorText: PRODUCT_MESSAGES.loadWarning,
      create: {
        title: T.registerTitle,
        fields: registerFields,
        schema: ProductInputSchema,
        errorTitle: T.formErrorTitle,
        defaults: () => ({
          sku: '',
          nombre: '',
          categoria: '',
          precio: '',
          costo: '',
          stock_min: '0',
          stock_inicial: '0',
        }),
      },
      edit: {
        title: T.editTitle,
        fields,
        schema: ProductUpdateSchema.omit({ id: true }),
        errorTitle: T.formErrorTitle,
      },
      status: {
        current: (p) => p.id_est,
        subject: T.subject,
        errorTitle: PRODUCT_MESSAGES.statusErrorTitle,
      },
      menuItems: (p) => [
        // Stock moves by hand only for who manages the till (decisions §roles).
        ...(p.id_est === Status.Eliminado
          ? []
          : [
              {
                label: T.movement,
                access: 'caja.administrar' as const,
                onClick: () => setMoving(p),
              },
            ]),
        { label: T.history, access: productsResource.access.read, onClick: () => setHistory(p) },
      ],
      pageActions: () =>
        mayImport && (
          <Button
            variant="contained"
            startIcon={<FileUploadIcon />}
            aria-haspopup="dialog"
            onClick={() => setImporting(true)}
          >
            {T.import}
          </Button>
        ),
    }),
    [mayImport],
  );

  return (
    <>
      <CrudPage config={config} />
      {moving && <StockMovementDialog product={moving} onClose={() => setMoving(null)} />}
      {history && <MovementsDialog product={history} onClose={() => setHistory(null)} />}
      {importing && <ImportDialog onClose={() => setImporting(false)} />}
    </>
  );
}
