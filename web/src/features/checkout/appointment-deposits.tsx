import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useController, useForm, useWatch, type Control } from 'react-hook-form';
import { z } from 'zod';
import {
  DEPOSIT_ENDPOINTS,
  DEPOSIT_MESSAGES,
  DEPOSIT_METHOD_IDS,
  DEPOSIT_METHODS,
  DEPOSIT_REMOTE_METHODS,
  DEPOSIT_STATE_NAMES,
  DepositInputSchema,
  DepositReasonSchema,
  fillPath,
  formatCents,
  limaToday,
  LOGO_MAX_BYTES,
  LOGO_MIME_TYPES,
  parseCents,
  SALE_ENDPOINTS,
  type AppointmentDeposits,
  type BadgeColor,
  type Deposit,
  type DepositInput,
  type DepositMethod,
  type DepositState,
} from '@app/domain';
import { ImageChooser, ReasonDialog, StatusChip, useImageChoice } from '../../crud';
import { showErrorDialog, toast } from '../../lib/alerts';
import { api, ApiError, call, callWithMessage, fetchFile, queryKey } from '../../lib/api';
import { formatDateTime, formatMoney } from '../../lib/format';
import { usePermissions } from '../../lib/use-profile';
import { SolesInput } from './money-field';

/**
 * A cita's deposits (adelantos, DESIGN §11.6) at the desk: what its service asks, what is held
 * to deduct at checkout, each deposit with its proof, and the desk's moves on them: register one
 * (cash and card verified at once; Yape, Plin and transfers with their operation, verified apart),
 * verify it, turn a held one into the client's credit, and for an administrator void one (the
 * same day, or never verified) or waive a fee kept (credit it).
 * Money: only users who charge (`caja.cobrar`) see it.
 */

export const DEPOSIT_TEXTS = {
  title: 'Adelanto',
  asked: (amount: string) => `Se pide ${formatMoney(amount)}`,
  held: (amount: string) => `Por descontar ${formatMoney(amount)}`,
  none: 'Sin adelantos',
  loading: 'Cargando adelantos',
  loadError: 'No se pudieron cargar los adelantos',
  list: 'Adelantos de la cita',
  operation: 'N.º de operación',
  operationOf: (operation: string) => `N.º de operación: ${operation}`,
  unverified: 'Sin verificar',
  verifiedBy: (login: string) => `Verificado por ${login}`,
  deductedIn: (receipt: string) => `Descontado en ${receipt}`,
  reason: (motivo: string) => `Motivo: ${motivo}`,
  showProof: 'Ver comprobante',
  proofTitle: 'Comprobante del adelanto',
  proofOf: (amount: string, method: string) => `Comprobante del adelanto de ${amount} (${method})`,
  proofError: 'No se pudo abrir el comprobante',
  verify: 'Verificar',
  void: 'Anular',
  credit: 'Pasar a saldo a favor',
  register: 'Registrar adelanto',
  amount: 'Monto',
  method: 'Método',
  checked: 'Ya verifiqué el pago en la app',
  checkedHint: 'Sin marcar, el adelanto queda sin verificar hasta que lo revise',
  proofLabel: 'Comprobante (imagen)',
  proofTexts: { select: 'Elegir imagen', change: 'Cambiar imagen', remove: 'Quitar imagen' },
  save: 'Registrar',
  cancel: 'Cancelar',
  close: 'Cerrar',
  back: 'Volver',
  reasonLabel: 'Motivo',
  registerError: 'Error al registrar el adelanto',
  verifyError: 'Error al verificar el adelanto',
  voidTitle: 'Anular adelanto',
  voidText: (amount: string, method: string) =>
    `Se anulará el adelanto de ${amount} (${method}) y se devolverá el dinero al cliente.`,
  voidError: 'Error al anular el adelanto',
  creditTitle: 'Pasar a saldo a favor',
  creditText: (amount: string, method: string) =>
    `El adelanto de ${amount} (${method}) pasará a saldo a favor del cliente, para otra venta.`,
  creditError: 'Error al pasar el adelanto a saldo a favor',
  /* At checkout. */
  deducted: (amount: string) => `Adelanto descontado: ${formatMoney(amount)}`,
  creditAvailable: (amount: string) => `Saldo a favor disponible: ${formatMoney(amount)}`,
  creditHeld: 'Pasar a saldo a favor',
} as const;

const T = DEPOSIT_TEXTS;
const E = DEPOSIT_ENDPOINTS;

const STATE_COLORS: Record<DepositState, BadgeColor> = {
  recibido: 'info',
  aplicado: 'success',
  retenido: 'warning',
  credito: 'secondary',
  anulado: 'default',
};

/** Deposits that count against the cita's price, as the server counts them: all but these. */
const UNCOUNTED: readonly DepositState[] = ['anulado', 'credito'];

const PROOF_RULES = {
  types: LOGO_MIME_TYPES,
  maxBytes: LOGO_MAX_BYTES,
  typeMessage: DEPOSIT_MESSAGES.proofNotImage,
  sizeMessage: DEPOSIT_MESSAGES.proofTooLarge,
};

const isRemote = (method: DepositMethod) => DEPOSIT_REMOTE_METHODS.includes(method);

/** A cita's deposits (`GET /api/cita/{id}/adelantos`); nothing is asked without a cita. */
export function useAppointmentDeposits(id: number | null) {
  const params = { id: id ?? 0 };
  return useQuery({
    queryKey: queryKey(E.ofAppointment, { params }),
    queryFn: ({ signal }) => call(E.ofAppointment, { params, signal }),
    enabled: id !== null,
    staleTime: 0,
    retry: false,
  });
}

/** The client's credit (`GET /api/cliente/{id}/saldo`), which checkout takes as `credito`. */
export function useClientCredit(id: number | null) {
  const params = { id: id ?? 0 };
  return useQuery({
    queryKey: queryKey(E.clientCredit, { params }),
    queryFn: ({ signal }) => call(E.clientCredit, { params, signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}

/**
 * Turns every deposit the cita holds into the client's credit, at checkout, when it is more than
 * what the sale charges: the sale is then paid with that credit. Answers once all are read again.
 */
export function useCreditHeldDeposits() {
  const client = useQueryClient();
  return async (deposits: AppointmentDeposits) => {
    let answer: AppointmentDeposits | undefined;
    for (const deposit of deposits.adelantos.filter((d) => d.estado === 'recibido')) {
      answer = await call(E.credit, {
        body: { id: deposit.id, motivo: DEPOSIT_MESSAGES.creditReason },
      });
    }
    // Every deposit query shares the feature's key: the client's credit is read again too.
    await refreshAfterDeposit(client, answer);
  };
}

/**
 * What a deposit's change answers: the cita's deposits, shown at once; then every deposit and
 * credit read again, and the till's day, which counts the deposits received.
 */
function refreshAfterDeposit(client: QueryClient, answer?: AppointmentDeposits) {
  if (answer) {
    client.setQueryData(queryKey(E.ofAppointment, { params: { id: answer.id_cita } }), answer);
  }
  return Promise.all([
    client.invalidateQueries({ queryKey: [E.ofAppointment.feature] }),
    client.invalidateQueries({ queryKey: queryKey(SALE_ENDPOINTS.cash) }),
  ]);
}

export interface AppointmentDepositsSectionProps {
  appointmentId: number;
  /** The cita still takes deposits: a visit to come or in course, not charged. */
  open: boolean;
}

/**
 * The 'Adelanto' section of a cita's details, for users who charge; shown while the cita takes
 * deposits, or once it has any.
 */
export function AppointmentDepositsSection({
  appointmentId,
  open,
}: AppointmentDepositsSectionProps) {
  const { can } = usePermissions();
  const client = useQueryClient();
  const deposits = useAppointmentDeposits(appointmentId);
  const [registering, setRegistering] = useState(false);
  const [voiding, setVoiding] = useState<Deposit | null>(null);
  const [crediting, setCrediting] = useState<Deposit | null>(null);
  const [proof, setProof] = useState<Deposit | null>(null);
  const data = deposits.data;
  if (!open && (!data || data.adelantos.length === 0)) return null;
  const refresh = (answer?: AppointmentDeposits) => refreshAfterDeposit(client, answer);
  const reasonTexts = (title: string, text: string, errorTitle: string) => ({
    text,
    label: T.reasonLabel,
    back: T.back,
    confirm: title,
    errorTitle,
  });
  const named = (deposit: Deposit) =>
    [formatMoney(deposit.monto), DEPOSIT_METHODS[deposit.metodo]] as const;

  const verify = async (deposit: Deposit) => {
    try {
      const answer = await callWithMessage(E.verify, { body: { id: deposit.id } });
      toast.success(answer.message ?? DEPOSIT_MESSAGES.verified);
      await refresh(answer.data);
    } catch (error) {
      await showErrorDialog(T.verifyError, error);
      await refresh();
    }
  };

  return (
    <Box component="section" aria-labelledby={`deposits-${appointmentId}`} sx={{ mt: 3 }}>
      <Typography
        id={`deposits-${appointmentId}`}
        variant="subtitle1"
        component="h3"
        sx={{ fontWeight: 700, mb: 1 }}
      >
        {T.title}
      </Typography>
      {deposits.isError ? (
        <Alert severity="warning">{deposits.error.message || T.loadError}</Alert>
      ) : !data ? (
        <CircularProgress size={24} aria-label={T.loading} />
      ) : (
        <Stack spacing={1}>
          <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}>
            {(parseCents(data.requerido) ?? 0) > 0 && (
              <Typography variant="body2">{T.asked(data.requerido)}</Typography>
            )}
            <Typography variant="body2" sx={{ fontWeight: 700 }}>
              {T.held(data.por_descontar)}
            </Typography>
          </Stack>
          {data.adelantos.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {T.none}
            </Typography>
          ) : (
            <Stack
              component="ul"
              aria-label={T.list}
              spacing={1}
              sx={{ listStyle: 'none', m: 0, p: 0 }}
            >
              {data.adelantos.map((deposit) => (
                <DepositRow
                  key={deposit.id}
                  deposit={deposit}
                  mayVerify={
                    can('caja.cobrar') && !deposit.verificado && deposit.estado !== 'anulado'
                  }
                  mayVoid={
                    can('caja.administrar') &&
                    deposit.estado === 'recibido' &&
                    (!deposit.verificado || limaToday(new Date(deposit.created_at)) === limaToday())
                  }
                  mayCredit={
                    (deposit.estado === 'recibido' && can('caja.cobrar')) ||
                    (deposit.estado === 'retenido' && can('caja.ajustar'))
                  }
                  onVerify={() => void verify(deposit)}
                  onVoid={() => setVoiding(deposit)}
                  onCredit={() => setCrediting(deposit)}
                  onProof={() => setProof(deposit)}
                />
              ))}
            </Stack>
          )}
          {open && can('caja.cobrar') && (
            <Box>
              <Button variant="outlined" size="small" onClick={() => setRegistering(true)}>
                {T.register}
              </Button>
            </Box>
          )}
        </Stack>
      )}
      {data && (
        <RegisterDepositDialog
          open={registering}
          deposits={data}
          onClose={() => setRegistering(false)}
          onSaved={(answer) => {
            setRegistering(false);
            void refresh(answer);
          }}
        />
      )}
      <ReasonDialog
        target={voiding}
        keyOf={(deposit) => deposit.id}
        idPrefix="deposit-void"
        title={T.voidTitle}
        schema={DepositReasonSchema.pick({ motivo: true })}
        max={200}
        texts={(deposit) => reasonTexts(T.voidTitle, T.voidText(...named(deposit)), T.voidError)}
        send={(deposit, motivo) => callWithMessage(E.void, { body: { id: deposit.id, motivo } })}
        refresh={refresh}
        onClose={() => setVoiding(null)}
      />
      <ReasonDialog
        target={crediting}
        keyOf={(deposit) => deposit.id}
        idPrefix="deposit-credit"
        title={T.creditTitle}
        schema={DepositReasonSchema.pick({ motivo: true })}
        max={200}
        texts={(deposit) =>
          reasonTexts(T.creditTitle, T.creditText(...named(deposit)), T.creditError)
        }
        send={(deposit, motivo) => callWithMessage(E.credit, { body: { id: deposit.id, motivo } })}
        refresh={refresh}
        onClose={() => setCrediting(null)}
      />
      <ProofDialog deposit={proof} onClose={() => setProof(null)} />
    </Box>
  );
}

interface DepositRowProps {
  deposit: Deposit;
  mayVerify: boolean;
  mayVoid: boolean;
  mayCredit: boolean;
  onVerify(): void;
  onVoid(): void;
  onCredit(): void;
  onProof(): void;
}

/** One deposit: amount, method and state first; when, its operation and proof; its actions. */
function DepositRow({
  deposit,
  mayVerify,
  mayVoid,
  mayCredit,
  onVerify,
  onVoid,
  onCredit,
  onProof,
}: DepositRowProps) {
  const details = [
    formatDateTime(deposit.created_at),
    deposit.operacion ? T.operationOf(deposit.operacion) : null,
    deposit.estado === 'aplicado' && deposit.venta ? T.deductedIn(deposit.venta) : null,
    deposit.motivo ? T.reason(deposit.motivo) : null,
  ].filter((part) => part !== null);
  return (
    <Box component="li" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 1.5, py: 1 }}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
          {formatMoney(deposit.monto)}
        </Typography>
        <Typography>{DEPOSIT_METHODS[deposit.metodo]}</Typography>
        <StatusChip
          label={DEPOSIT_STATE_NAMES[deposit.estado]}
          color={STATE_COLORS[deposit.estado]}
        />
        {!deposit.verificado && (
          <Chip size="small" variant="outlined" color="warning" label={T.unverified} />
        )}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {details.join(' · ')}
      </Typography>
      {(deposit.comprobante_url || mayVerify || mayVoid || mayCredit) && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 0.5 }}>
          {deposit.comprobante_url && (
            <Link component="button" type="button" variant="body2" onClick={onProof}>
              {T.showProof}
            </Link>
          )}
          {mayVerify && (
            <Button size="small" variant="outlined" onClick={onVerify}>
              {T.verify}
            </Button>
          )}
          {mayCredit && (
            <Button size="small" onClick={onCredit}>
              {T.credit}
            </Button>
          )}
          {mayVoid && (
            <Button size="small" color="error" onClick={onVoid}>
              {T.void}
            </Button>
          )}
        </Stack>
      )}
    </Box>
  );
}

/**
 * The proof's picture. It is read with the session's credential, which a link cannot carry:
 * fetched as a blob and shown from a local address while the dialog is open.
 */
function ProofDialog({ deposit, onClose }: { deposit: Deposit | null; onClose(): void }) {
  const file = deposit?.comprobante_url?.split('/').at(-1) ?? null;
  const [image, setImage] = useState<
    { file: string; url: string } | { file: string; error: string }
  >();
  useEffect(() => {
    if (file === null) return;
    let made: string | undefined;
    let live = true;
    fetchFile(fillPath(E.proof.path, { file }), {}, LOGO_MIME_TYPES.join(', '))
      .then((response) => response.blob())
      .then(
        (blob) => {
          if (!live) return;
          made = URL.createObjectURL(blob);
          setImage({ file, url: made });
        },
        (error: unknown) => {
          if (live)
            setImage({
              file,
              error: error instanceof Error && error.message ? error.message : T.proofError,
            });
        },
      );
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [file]);
  const shown = image && image.file === file ? image : undefined;
  return (
    <Dialog
      open={deposit !== null}
      onClose={onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="deposit-proof-title"
    >
      <DialogTitle id="deposit-proof-title">{T.proofTitle}</DialogTitle>
      <DialogContent sx={{ display: 'grid', placeItems: 'center', minHeight: 120 }}>
        {!shown ? (
          <CircularProgress aria-label={T.proofTitle} />
        ) : 'error' in shown ? (
          <Alert severity="error">{shown.error}</Alert>
        ) : (
          <Box
            component="img"
            src={shown.url}
            alt={
              deposit ? T.proofOf(formatMoney(deposit.monto), DEPOSIT_METHODS[deposit.metodo]) : ''
            }
            sx={{ maxWidth: '100%', maxHeight: '70vh', objectFit: 'contain' }}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {T.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The form's values as typed; the schema adds the cita and turns them into the call's. */
interface DepositValues {
  monto: string;
  metodo: DepositMethod;
  operacion: string;
  verificado: boolean;
}

const depositSchema = (idCita: number) =>
  z.preprocess((values: DepositValues) => ({ ...values, id_cita: idCita }), DepositInputSchema);

/** What the cita's service still asks after the deposits it counts; '' when nothing. */
function amountLeft(deposits: AppointmentDeposits): string {
  const counted = deposits.adelantos
    .filter((deposit) => !UNCOUNTED.includes(deposit.estado))
    .reduce((sum, deposit) => sum + (parseCents(deposit.monto) ?? 0), 0);
  const left = (parseCents(deposits.requerido) ?? 0) - counted;
  return left > 0 ? formatCents(left) : '';
}

interface RegisterDepositDialogProps {
  open: boolean;
  deposits: AppointmentDeposits;
  onClose(): void;
  onSaved(answer: AppointmentDeposits): void;
}

/** 'Registrar adelanto': amount, method, the operation and its check for a remote payment, proof. */
function RegisterDepositDialog({ open, deposits, onClose, onSaved }: RegisterDepositDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="deposit-register-title"
    >
      <DialogTitle id="deposit-register-title">{T.register}</DialogTitle>
      {open && <RegisterDepositForm deposits={deposits} onClose={onClose} onSaved={onSaved} />}
    </Dialog>
  );
}

const FIELDS = ['monto', 'metodo', 'operacion', 'verificado'] as const;

function RegisterDepositForm({
  deposits,
  onClose,
  onSaved,
}: Omit<RegisterDepositDialogProps, 'open'>) {
  const proof = useImageChoice(PROOF_RULES);
  const { control, handleSubmit, setError, setValue, formState } = useForm<
    DepositValues,
    unknown,
    DepositInput
  >({
    resolver: zodResolver(depositSchema(deposits.id_cita)),
    defaultValues: {
      monto: amountLeft(deposits),
      metodo: DEPOSIT_METHOD_IDS[0],
      operacion: '',
      verificado: false,
    },
    mode: 'onTouched',
  });
  const busy = formState.isSubmitting;
  const remote = isRemote(useWatch({ control, name: 'metodo' }));

  const submit = handleSubmit(async (input) => {
    const form = new FormData();
    form.append('json', JSON.stringify(input));
    if (proof.file) form.append('comprobante', proof.file);
    try {
      // Multipart: `call` sends JSON, so the upload goes by the contract's method and path.
      const answer = await api.request<AppointmentDeposits>(E.register.method, E.register.path, {
        body: form,
      });
      toast.success(answer.message ?? DEPOSIT_MESSAGES.registered);
      onSaved(answer.data);
    } catch (error) {
      if (error instanceof ApiError) {
        for (const name of FIELDS) {
          const message = error.fieldError(name);
          if (message) setError(name, { type: 'server', message });
        }
        const proofError = error.fieldError('comprobante');
        if (proofError) proof.showError(proofError);
      }
      await showErrorDialog(T.registerError, error);
    }
  });

  return (
    <form noValidate onSubmit={(e) => void submit(e)}>
      <DialogContent dividers>
        <Stack spacing={1}>
          <AmountField control={control} disabled={busy} />
          <MethodField
            control={control}
            disabled={busy}
            onChanged={(method) => {
              // A payment seen at the counter has no operation nor a check of its own.
              if (!isRemote(method)) {
                setValue('operacion', '');
                setValue('verificado', false);
              }
            }}
          />
          {remote && <OperationField control={control} disabled={busy} />}
          {remote && <CheckedField control={control} disabled={busy} />}
          <ImageChooser
            choice={proof}
            rules={PROOF_RULES}
            stored={null}
            label={T.proofLabel}
            texts={T.proofTexts}
            disabled={busy}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {T.cancel}
        </Button>
        <Button type="submit" variant="contained" loading={busy}>
          {T.save}
        </Button>
      </DialogActions>
    </form>
  );
}

interface FieldProps {
  control: Control<DepositValues, unknown, DepositInput>;
  disabled: boolean;
}

function AmountField({ control, disabled }: FieldProps) {
  const { field, fieldState } = useController({ control, name: 'monto' });
  return (
    <SolesInput
      id="deposit-monto"
      label={`${T.amount} (S/.)`}
      name={field.name}
      inputRef={field.ref}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      required
      disabled={disabled}
      error={fieldState.error?.message}
    />
  );
}

function MethodField({
  control,
  disabled,
  onChanged,
}: FieldProps & { onChanged(method: DepositMethod): void }) {
  const { field, fieldState } = useController({ control, name: 'metodo' });
  return (
    <TextField
      select
      fullWidth
      id="deposit-metodo"
      label={T.method}
      name={field.name}
      inputRef={field.ref}
      value={field.value}
      required
      disabled={disabled}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? ' '}
      onChange={(e) => {
        const next =
          DEPOSIT_METHOD_IDS.find((id) => id === e.target.value) ?? DEPOSIT_METHOD_IDS[0];
        field.onChange(next);
        onChanged(next);
      }}
      onBlur={field.onBlur}
    >
      {DEPOSIT_METHOD_IDS.map((id) => (
        <MenuItem key={id} value={id}>
          {DEPOSIT_METHODS[id]}
        </MenuItem>
      ))}
    </TextField>
  );
}

function OperationField({ control, disabled }: FieldProps) {
  const { field, fieldState } = useController({ control, name: 'operacion' });
  return (
    <TextField
      fullWidth
      id="deposit-operacion"
      label={T.operation}
      name={field.name}
      inputRef={field.ref}
      value={field.value}
      required
      disabled={disabled}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? ' '}
      onChange={field.onChange}
      onBlur={field.onBlur}
      slotProps={{ htmlInput: { maxLength: 30, autoComplete: 'off' } }}
    />
  );
}

/** The payment was seen in the app (Yape, Plin, the bank's): the deposit is verified as it is. */
function CheckedField({ control, disabled }: FieldProps) {
  const { field, fieldState } = useController({ control, name: 'verificado' });
  const id = 'deposit-verificado';
  const error = fieldState.error?.message;
  return (
    <div>
      <FormControlLabel
        label={T.checked}
        disabled={disabled}
        control={
          <Checkbox
            id={id}
            name={field.name}
            checked={field.value}
            onChange={(event) => field.onChange(event.target.checked)}
            onBlur={field.onBlur}
            slotProps={{
              input: {
                ref: field.ref,
                'aria-invalid': Boolean(error),
                'aria-describedby': `${id}-helper-text`,
              },
            }}
          />
        }
      />
      <FormHelperText id={`${id}-helper-text`} error={Boolean(error)}>
        {error ?? T.checkedHint}
      </FormHelperText>
    </div>
  );
}
