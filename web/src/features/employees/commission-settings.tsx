import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  COMMISSION_ENDPOINTS,
  COMMISSION_MESSAGES,
  CommissionSettingsInputSchema,
  keepDecimalChars,
  SALES_QUERY_KEY,
  TIP_POLICIES,
  TIP_POLICY_NAMES,
  type CommissionSettings,
  type Employee,
  type Permission,
} from '@app/domain';
import type { z } from 'zod';
import { ResourceForm, type FieldDef, type FieldRenderProps } from '../../crud';
import { toast } from '../../lib/alerts';
import { ApiError, call, callWithMessage, queryKey } from '../../lib/api';
import { fullName } from '../../lib/format';
import { CatalogueItemSelect, catalogueChoice } from '../../lookups';

/**
 * An employee's commission rates (DESIGN §11.7): a % of the services (and per service or package),
 * a % of the products, where their tips go, and whether a sale's discount lowers the base. The
 * administrator's, as the commissions report is.
 */

export const COMMISSION_SETTINGS_TEXTS = {
  menu: 'Comisiones',
  title: (name: string) => `Comisiones de ${name}`,
  intro:
    'Se calculan sobre las ventas de las citas que atiende, a los porcentajes guardados; un periodo cerrado ya no cambia.',
  services: '% de servicios',
  servicesHint: 'De cada servicio y paquete, salvo los de la lista de abajo',
  products: '% de productos',
  tips: 'Propinas',
  discount: 'El descuento reduce la base de la comisión',
  discountHint: 'Desmarcado, la comisión se calcula sobre el precio antes del descuento',
  items: 'Porcentaje por servicio o paquete',
  itemsHint: 'Reemplaza el % de servicios para ese servicio o paquete.',
  item: 'Servicio o paquete',
  pct: 'Porcentaje',
  add: 'Agregar servicio o paquete',
  remove: 'Quitar servicio o paquete',
  save: 'Guardar',
  errorTitle: 'Error en comisiones',
  loading: 'Cargando comisiones',
  loadError: 'No se recibieron las comisiones del empleado',
} as const;

const T = COMMISSION_SETTINGS_TEXTS;

/** Who sets the rates and reads the report (the endpoints' permission). */
export const COMMISSIONS_ACCESS: Permission = 'caja.administrar';

/** How many rates per item the schema takes (CommissionSettingsInputSchema's `por_item`). */
const MAX_ITEMS = 50;

type FormInput = z.input<typeof CommissionSettingsInputSchema>;

/** A line of the form: a service or a package (neither while none is chosen) and its %. */
interface FormItem {
  id_srv?: number;
  id_paq?: number;
  pct: string;
  /** The name the rate saved, shown while the item is no longer active. */
  nombre?: string;
}

/** '40.00' → '40', '12.50' → '12.5': the rate as one types it. */
const typedPct = (pct: string) => String(Number(pct));

/** A rate as typed: '12,5' is kept and read as 12.5, as the measures are. */
const percentField = (
  name: 'pct_servicios' | 'pct_productos',
  label: string,
  hint?: string,
): FieldDef<keyof FormInput> => ({
  name,
  label,
  maxLength: 6,
  sanitize: keepDecimalChars,
  inputMode: 'decimal',
  hint,
  width: 4,
});

const formOf = (settings: CommissionSettings): FormInput & { por_item: FormItem[] } => ({
  id_emp: settings.id_emp,
  pct_servicios: typedPct(settings.pct_servicios),
  pct_productos: typedPct(settings.pct_productos),
  propinas: settings.propinas,
  descuento_reduce: settings.descuento_reduce,
  por_item: settings.por_item.map((item) => ({
    ...(item.tipo === 'servicio' ? { id_srv: item.id } : { id_paq: item.id }),
    pct: typedPct(item.pct),
    nombre: item.nombre,
  })),
});

export interface CommissionSettingsDialogProps {
  /** The employee whose rates are shown; closed when null. */
  employee: Employee | null;
  onClose(): void;
}

/** 'Comisiones' of the Empleados list: the employee's rates, loaded, edited and saved. */
export function CommissionSettingsDialog({ employee, onClose }: CommissionSettingsDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const name = employee ? fullName(employee.nom_emp, employee.ape_emp) : '';
  return (
    <Dialog
      open={employee !== null}
      onClose={onClose}
      maxWidth="md"
      fullWidth
      fullScreen={fullScreen}
    >
      <DialogTitle>{T.title(name)}</DialogTitle>
      <DialogContent dividers>
        {employee && <CommissionSettingsForm id={employee.id_emp} onClose={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function CommissionSettingsForm({ id, onClose }: { id: number; onClose(): void }) {
  const client = useQueryClient();
  const input = { params: { id } };
  const settings = useQuery({
    queryKey: queryKey(COMMISSION_ENDPOINTS.settings, input),
    queryFn: ({ signal }) => call(COMMISSION_ENDPOINTS.settings, { ...input, signal }),
  });
  // The server's refusals of a line ('por_item.2.id_srv'), placed under that line's inputs.
  const [serverErrors, setServerErrors] = useState<Record<string, string[]>>({});

  if (settings.isPending) {
    return (
      <Stack sx={{ alignItems: 'center', py: 4 }}>
        <CircularProgress aria-label={T.loading} />
      </Stack>
    );
  }
  if (settings.isError) return <Alert severity="warning">{T.loadError}</Alert>;

  const fields: FieldDef<keyof FormInput>[] = [
    percentField('pct_servicios', T.services, T.servicesHint),
    percentField('pct_productos', T.products),
    {
      name: 'propinas',
      label: T.tips,
      kind: 'select',
      options: TIP_POLICIES.map((policy) => ({ value: policy, label: TIP_POLICY_NAMES[policy] })),
      width: 4,
    },
    {
      name: 'descuento_reduce',
      label: T.discount,
      kind: 'checkbox',
      hint: T.discountHint,
      width: 12,
    },
    {
      name: 'por_item',
      label: T.items,
      width: 12,
      render: (props) => <ItemRatesField {...props} serverErrors={serverErrors} />,
    },
  ];

  return (
    <Stack spacing={2}>
      <Typography variant="body2">{T.intro}</Typography>
      <ResourceForm<typeof CommissionSettingsInputSchema>
        fields={fields}
        schema={CommissionSettingsInputSchema}
        defaultValues={formOf(settings.data)}
        submitLabel={T.save}
        errorTitle={T.errorTitle}
        onCancel={onClose}
        onSubmit={async (values) => {
          try {
            const answer = await callWithMessage(COMMISSION_ENDPOINTS.saveSettings, {
              body: values,
            });
            await Promise.all([
              client.invalidateQueries({ queryKey: [COMMISSION_ENDPOINTS.settings.feature] }),
              client.invalidateQueries({
                queryKey: [SALES_QUERY_KEY, COMMISSION_ENDPOINTS.report.feature],
              }),
            ]);
            toast.success(answer.message ?? COMMISSION_MESSAGES.saved);
            onClose();
          } catch (error) {
            if (error instanceof ApiError) setServerErrors(error.errors);
            throw error;
          }
        }}
      />
    </Stack>
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

const idOf = (value: unknown) =>
  typeof value === 'number'
    ? value
    : typeof value === 'string' && value !== ''
      ? Number(value)
      : undefined;

/** The form's lines from the field's value. */
function formItems(value: unknown): FormItem[] {
  if (!Array.isArray(value)) return [];
  return value.map((item: unknown) =>
    isRecord(item)
      ? {
          id_srv: idOf(item.id_srv),
          id_paq: idOf(item.id_paq),
          pct: typeof item.pct === 'string' || typeof item.pct === 'number' ? String(item.pct) : '',
          nombre: typeof item.nombre === 'string' ? item.nombre : undefined,
        }
      : { pct: '' },
  );
}

/**
 * 'Porcentaje por servicio o paquete': per line a service or a package of the active ones and
 * its %; the schema's messages, and the server's for a line, under each input.
 */
function ItemRatesField({
  field,
  form,
  error,
  disabled,
  serverErrors,
}: FieldRenderProps & { serverErrors: Record<string, string[]> }) {
  const items = formItems(field.value);
  const set = (next: FormItem[]) => field.onChange(next);
  const messageOf = (name: string) => form.getFieldState(name, form.formState).error?.message;
  const { setError } = form;
  // The form places the server's messages of its own fields; those of a line are placed here.
  useEffect(() => {
    for (const [path, messages] of Object.entries(serverErrors)) {
      if (path.startsWith(`${field.name}.`) && messages[0])
        setError(path, { message: messages[0] });
    }
  }, [serverErrors, field.name, setError]);

  return (
    <FormControl component="fieldset" fullWidth error={Boolean(error)} disabled={disabled}>
      <FormLabel component="legend" sx={{ mb: 1.5 }}>
        {T.items}
      </FormLabel>
      <Stack spacing={1}>
        {items.map((item, index) => {
          const n = index + 1;
          const path = `${field.name}.${index}`;
          const itemError = messageOf(`${path}.id_srv`) ?? messageOf(`${path}.id_paq`);
          const pctError = messageOf(`${path}.pct`);
          return (
            <Stack
              key={index}
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ alignItems: { sm: 'flex-start' } }}
            >
              <CatalogueItemSelect
                id={`field-${path}`}
                label={`${T.item} ${n}`}
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
                        ? kind === 'servicio'
                          ? { id_srv: id, pct: it.pct }
                          : { id_paq: id, pct: it.pct }
                        : it,
                    ),
                  )
                }
                onBlur={field.onBlur}
              />
              <TextField
                size="small"
                id={`field-${path}-pct`}
                label={`${T.pct} ${n}`}
                name={`${path}.pct`}
                value={item.pct}
                disabled={disabled}
                required
                error={Boolean(pctError)}
                helperText={pctError ?? ' '}
                onChange={(e) => {
                  const pct = keepDecimalChars(e.target.value).slice(0, 6);
                  set(items.map((it, i) => (i === index ? { ...it, pct } : it)));
                }}
                onBlur={field.onBlur}
                sx={{ width: { sm: 140 }, flexShrink: 0 }}
                slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 6 } }}
              />
              <IconButton
                aria-label={`${T.remove} ${n}`}
                onClick={() => set(items.filter((_, i) => i !== index))}
                disabled={disabled}
                sx={{ alignSelf: { xs: 'flex-end', sm: 'flex-start' } }}
              >
                <DeleteIcon />
              </IconButton>
            </Stack>
          );
        })}
      </Stack>
      <FormHelperText>{error ?? T.itemsHint}</FormHelperText>
      <div>
        <Button
          startIcon={<AddIcon />}
          onClick={() => set([...items, { pct: '' }])}
          disabled={disabled || items.length >= MAX_ITEMS}
          sx={{ mt: 1 }}
        >
          {T.add}
        </Button>
      </div>
    </FormControl>
  );
}
