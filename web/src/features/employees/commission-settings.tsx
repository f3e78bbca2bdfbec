import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
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
import { ResourceForm, type FieldDef } from '../../crud';
import { toast } from '../../lib/alerts';
import { ApiError, call, callWithMessage, queryKey } from '../../lib/api';
import { fullName } from '../../lib/format';
import {
  CatalogueLinesField,
  catalogueLineOf,
  type CatalogueLine,
  type CatalogueLineAmount,
} from '../../lookups';

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
  pct: 'Porcentaje',
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

/** '40.00' → '40', '12.50' → '12.5': the rate as one types it. */
const typedPct = (pct: string) => String(Number(pct));

/** A line's rate, typed as the other rates are. */
const LINE_PCT: CatalogueLineAmount = {
  key: 'pct',
  label: T.pct,
  initial: '',
  keep: keepDecimalChars,
  inputMode: 'decimal',
  maxLength: 6,
  width: 140,
};

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

const formOf = (
  settings: CommissionSettings,
): FormInput & { por_item: (CatalogueLine & { pct: string })[] } => ({
  id_emp: settings.id_emp,
  pct_servicios: typedPct(settings.pct_servicios),
  pct_productos: typedPct(settings.pct_productos),
  propinas: settings.propinas,
  descuento_reduce: settings.descuento_reduce,
  por_item: settings.por_item.map((item) => ({
    ...catalogueLineOf(item),
    pct: typedPct(item.pct),
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
      render: (props) => (
        <CatalogueLinesField
          {...props}
          label={T.items}
          hint={T.itemsHint}
          amount={LINE_PCT}
          maxLines={MAX_ITEMS}
          serverErrors={serverErrors}
        />
      ),
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
