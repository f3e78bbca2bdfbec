import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import {
  BONO_ENDPOINTS,
  BONO_MESSAGES,
  CLIENT_BONO_STATE_NAMES,
  ClientBonoAdjustSchema,
  type BadgeColor,
  type Client,
  type ClientBono,
  type ClientBonoState,
} from '@app/domain';
import {
  ResourceForm,
  StatusChip,
  useResourceMutation,
  type FieldDef,
  type FieldRenderProps,
} from '../../crud';
import { toast } from '../../lib/alerts';
import { callWithMessage } from '../../lib/api';
import { clientBonosQuery } from '../../lookups';
import { formatDate, formatMoney, fullName, upper } from '../../lib/format';
import { usePermissions } from '../../lib/use-profile';

/**
 * A client's bonos (DESIGN §11.6): what each one has left of its services or packages, until
 * when; an administrator adjusts one (a new expiry, new quantities) saying why.
 */

const TEXTS = {
  title: (name: string) => `Bonos de ${name}`,
  loading: 'Cargando bonos',
  loadError: 'No se pudieron cargar los bonos del cliente',
  empty: 'El cliente no tiene bonos',
  number: 'N.º',
  bono: 'Bono',
  bought: 'Comprado',
  expires: 'Vence',
  state: 'Estado',
  left: 'Le quedan',
  actions: 'Acciones',
  adjust: 'Ajustar',
  adjustBono: (numero: number) => `Ajustar bono N.º ${numero}`,
  quantities: 'Cantidades',
  quantity: (item: string) => `Cantidad de ${item}`,
  used: (usados: number) =>
    usados === 0 ? 'Aún no se usa' : usados === 1 ? 'Ya se usó 1 vez' : `Ya se usó ${usados} veces`,
  reason: 'Motivo',
  save: 'Guardar ajuste',
  errorTitle: 'Error al ajustar el bono',
  close: 'Cerrar',
} as const;

/** 'Baño completo: quedan 3 de 4'. */
const leftText = (item: ClientBono['items'][number]) =>
  `${item.nombre}: ${item.quedan === 1 ? 'queda' : 'quedan'} ${item.quedan} de ${item.cantidad}`;

const STATE_COLORS: Record<ClientBonoState, BadgeColor> = {
  vigente: 'success',
  agotado: 'default',
  vencido: 'warning',
  anulado: 'error',
};

export interface ClientBonosDialogProps {
  client: Client | null;
  onClose(): void;
}

/** 'Bonos de JUAN PÉREZ': the client's bonos, newest first. */
export function ClientBonosDialog({ client, onClose }: ClientBonosDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [adjusting, setAdjusting] = useState<ClientBono | null>(null);
  return (
    <>
      <Dialog
        open={client !== null}
        onClose={onClose}
        maxWidth="lg"
        fullWidth
        fullScreen={fullScreen}
      >
        <DialogTitle>{client && TEXTS.title(fullName(client.nom_cli, client.ape_cli))}</DialogTitle>
        <DialogContent>
          {client && <BonosTable client={client} onAdjust={setAdjusting} />}
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={onClose}>
            {TEXTS.close}
          </Button>
        </DialogActions>
      </Dialog>
      {adjusting && <AdjustDialog bono={adjusting} onClose={() => setAdjusting(null)} />}
    </>
  );
}

interface BonosTableProps {
  client: Client;
  onAdjust(bono: ClientBono): void;
}

function BonosTable({ client, onAdjust }: BonosTableProps) {
  const bonos = useQuery(clientBonosQuery(client.id_cli));
  const { can } = usePermissions();
  const mayAdjust = can('caja.administrar');
  if (bonos.isError) return <Alert severity="error">{TEXTS.loadError}</Alert>;
  if (!bonos.data) {
    return (
      <Stack sx={{ alignItems: 'center', py: 4 }}>
        <CircularProgress aria-label={TEXTS.loading} />
      </Stack>
    );
  }
  if (bonos.data.length === 0) return <Typography sx={{ py: 2 }}>{TEXTS.empty}</Typography>;
  return (
    <TableContainer>
      <Table
        size="small"
        aria-label={TEXTS.title(fullName(client.nom_cli, client.ape_cli))}
        sx={{ '& td': { verticalAlign: 'top' } }}
      >
        <TableHead>
          <TableRow>
            <TableCell sx={{ fontWeight: 700 }}>{TEXTS.number}</TableCell>
            <TableCell sx={{ fontWeight: 700 }}>{TEXTS.bono}</TableCell>
            <TableCell sx={{ fontWeight: 700 }}>{TEXTS.bought}</TableCell>
            <TableCell sx={{ fontWeight: 700 }}>{TEXTS.expires}</TableCell>
            <TableCell sx={{ fontWeight: 700 }}>{TEXTS.state}</TableCell>
            <TableCell sx={{ fontWeight: 700 }}>{TEXTS.left}</TableCell>
            {mayAdjust && <TableCell sx={{ fontWeight: 700 }}>{TEXTS.actions}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {bonos.data.map((bono) => (
            <TableRow key={bono.id}>
              <TableCell>{bono.id}</TableCell>
              <TableCell>
                {upper(bono.nombre)}
                <Typography
                  variant="caption"
                  component="div"
                  color="text.secondary"
                  sx={{ whiteSpace: 'nowrap' }}
                >
                  {bono.comprobante} · {formatMoney(bono.precio)}
                </Typography>
              </TableCell>
              <TableCell>{formatDate(bono.comprado)}</TableCell>
              <TableCell>{formatDate(bono.vence)}</TableCell>
              <TableCell>
                <StatusChip
                  label={CLIENT_BONO_STATE_NAMES[bono.estado]}
                  color={STATE_COLORS[bono.estado]}
                />
              </TableCell>
              <TableCell>
                {bono.items.map((item) => (
                  <Typography key={`${item.tipo}:${item.id}`} variant="body2" component="div">
                    {leftText(item)}
                  </Typography>
                ))}
              </TableCell>
              {mayAdjust && (
                <TableCell>
                  {bono.estado !== 'anulado' && (
                    <Button
                      size="small"
                      variant="outlined"
                      aria-label={TEXTS.adjustBono(bono.id)}
                      onClick={() => onAdjust(bono)}
                    >
                      {TEXTS.adjust}
                    </Button>
                  )}
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * The adjustment's rules as the form checks them: the API's, and a quantity not below what the
 * client already used (the server says the same).
 */
const adjustSchemaFor = (bono: ClientBono) =>
  ClientBonoAdjustSchema.superRefine((adjust, ctx) => {
    adjust.items?.forEach((item, index) => {
      const usados = bono.items.find((i) => i.tipo === item.tipo && i.id === item.id)?.usados ?? 0;
      if (item.cantidad < usados) {
        ctx.addIssue({
          code: 'custom',
          path: ['items', index, 'cantidad'],
          message: BONO_MESSAGES.adjustBelowUsed(usados),
        });
      }
    });
  });
type AdjustSchema = ReturnType<typeof adjustSchemaFor>;

/** The quantity typed for each of the bono's items, in the bono's order. */
function typedQuantities(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.map((item: unknown) =>
    typeof item === 'object' &&
    item !== null &&
    'cantidad' in item &&
    (typeof item.cantidad === 'string' || typeof item.cantidad === 'number')
      ? String(item.cantidad)
      : '',
  );
}

/** One Cantidad per item of the bono, with what was already used under it. */
function QuantitiesField({ bono, field, form, disabled }: FieldRenderProps & { bono: ClientBono }) {
  const quantities = typedQuantities(field.value);
  return (
    <Stack spacing={1} role="group" aria-label={TEXTS.quantities}>
      {bono.items.map((item, index) => {
        const name = `${field.name}.${index}.cantidad`;
        const error = form.getFieldState(name, form.formState).error?.message;
        return (
          <TextField
            key={`${item.tipo}:${item.id}`}
            fullWidth
            id={`field-${field.name}-${index}`}
            label={TEXTS.quantity(item.nombre)}
            name={name}
            inputRef={index === 0 ? field.ref : undefined}
            value={quantities[index] ?? ''}
            disabled={disabled}
            required
            error={Boolean(error)}
            helperText={error ?? TEXTS.used(item.usados)}
            onChange={(e) => {
              const cantidad = e.target.value.replace(/\D/g, '').slice(0, 3);
              field.onChange(
                bono.items.map((it, i) => ({
                  tipo: it.tipo,
                  id: it.id,
                  cantidad: i === index ? cantidad : (quantities[i] ?? ''),
                })),
              );
            }}
            onBlur={field.onBlur}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 3 } }}
          />
        );
      })}
    </Stack>
  );
}

interface AdjustDialogProps {
  bono: ClientBono;
  onClose(): void;
}

/** 'Ajustar bono N.º 12' (caja.administrar): a new expiry or quantities, and the reason. */
function AdjustDialog({ bono, onClose }: AdjustDialogProps) {
  const schema = useMemo(() => adjustSchemaFor(bono), [bono]);
  const mutation = useResourceMutation(BONO_ENDPOINTS.adjust.feature);
  const fields: FieldDef<'vence' | 'items' | 'motivo'>[] = [
    { name: 'vence', label: TEXTS.expires, kind: 'date', width: 12 },
    {
      name: 'items',
      label: TEXTS.quantities,
      width: 12,
      render: (props) => <QuantitiesField bono={bono} {...props} />,
    },
    { name: 'motivo', label: TEXTS.reason, kind: 'textarea', maxLength: 200, width: 12 },
  ];
  return (
    <Dialog open onClose={mutation.isPending ? undefined : onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{TEXTS.adjustBono(bono.id)}</DialogTitle>
      <DialogContent>
        <Typography component="div" sx={{ pt: 1 }}>
          <ResourceForm<AdjustSchema>
            fields={fields}
            schema={schema}
            defaultValues={{
              vence: bono.vence,
              items: bono.items.map((item) => ({
                tipo: item.tipo,
                id: item.id,
                cantidad: String(item.cantidad),
              })),
              motivo: '',
            }}
            submitLabel={TEXTS.save}
            errorTitle={TEXTS.errorTitle}
            onSubmit={async ({ vence, items, motivo }) => {
              // Only what changed: the server refuses an adjustment that changes nothing.
              const changed = items?.filter(
                (item, index) => item.cantidad !== bono.items[index]?.cantidad,
              );
              const answer = await mutation.mutateAsync(() =>
                callWithMessage(BONO_ENDPOINTS.adjust, {
                  params: { id: bono.id },
                  body: {
                    vence: vence === bono.vence ? undefined : vence,
                    items: changed?.length ? changed : undefined,
                    motivo,
                  },
                }),
              );
              toast.success(answer.message ?? BONO_MESSAGES.adjusted);
              onClose();
            }}
            onCancel={onClose}
          />
        </Typography>
      </DialogContent>
    </Dialog>
  );
}
