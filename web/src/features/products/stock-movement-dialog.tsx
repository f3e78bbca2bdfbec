import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  MANUAL_STOCK_MOVEMENTS,
  PRODUCT_ENDPOINTS,
  productsResource,
  STOCK_MESSAGES,
  STOCK_MOVEMENT_LABELS,
  StockMovementInputSchema,
  type Product,
  type StockMovementInput,
} from '@app/domain';
import { ResourceForm, useResourceMutation, type FieldDef } from '../../crud';
import { toast } from '../../lib/alerts';
import { callWithMessage } from '../../lib/api';
import { upper } from '../../lib/format';
import { PRODUCT_TEXTS as T } from './texts';

type MovementField = keyof StockMovementInput;

/**
 * The movement's fields. An entrada or salida moves `cantidad` units; an ajuste sets the stock
 * to the units counted, so its quantity reads 'Stock contado'. Both show the stock there is.
 */
function movementFields(product: Product): FieldDef<MovementField>[] {
  return [
    {
      name: 'tipo',
      label: 'Tipo',
      kind: 'select',
      options: MANUAL_STOCK_MOVEMENTS.map((k) => ({ value: k, label: STOCK_MOVEMENT_LABELS[k] })),
      width: 6,
    },
    {
      name: 'cantidad',
      label: T.quantity,
      width: 6,
      render: ({ field, error, form, disabled }) => (
        <TextField
          fullWidth
          id="field-cantidad"
          label={form.watch('tipo') === 'ajuste' ? T.counted : T.quantity}
          name={field.name}
          inputRef={field.ref}
          value={(field.value as string | number | undefined) ?? ''}
          type="number"
          required
          disabled={disabled}
          error={Boolean(error)}
          helperText={error ?? T.currentStock(product.stock)}
          onChange={(e) => field.onChange(e.target.value)}
          onBlur={field.onBlur}
          slotProps={{ htmlInput: { min: 0, step: 1 } }}
        />
      ),
    },
    { name: 'motivo', label: 'Motivo', kind: 'textarea', maxLength: 200, width: 12 },
  ];
}

export interface StockMovementDialogProps {
  product: Product;
  onClose(): void;
}

/** 'Registrar movimiento': POST /producto/movimiento; the list shows the stock it left. */
export function StockMovementDialog({ product, onClose }: StockMovementDialogProps) {
  const mutation = useResourceMutation<Product>(productsResource.plural);
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{T.movement}</DialogTitle>
      <DialogContent>
        <Stack sx={{ pt: 1 }}>
          <ResourceForm<typeof StockMovementInputSchema>
            fields={movementFields(product)}
            schema={StockMovementInputSchema}
            defaultValues={{ id_prod: product.id_prod, tipo: 'entrada', cantidad: '', motivo: '' }}
            submitLabel={T.movementSubmit}
            errorTitle={T.movementErrorTitle}
            showUnplacedMessage
            onSubmit={async (values) => {
              const answer = await mutation.mutateAsync(() =>
                callWithMessage(PRODUCT_ENDPOINTS.movement, { body: values }),
              );
              toast.success(answer.message ?? STOCK_MESSAGES.recorded);
              onClose();
            }}
            onCancel={onClose}
          >
            {`${product.sku} · ${upper(product.nom_prod)} · ${T.currentStock(product.stock)}`}
          </ResourceForm>
        </Stack>
      </DialogContent>
    </Dialog>
  );
}
