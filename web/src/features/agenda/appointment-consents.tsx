import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { z } from 'zod';
import {
  appointmentsResource,
  CANCEL_REASON_MAX,
  CONSENT_ENDPOINTS as E,
  CONSENT_MESSAGES,
  ConsentSignInputSchema,
  consentsResource,
  type AppointmentConsents,
} from '@app/domain';
import { ReasonDialog, type StatusChange } from '../../crud';
import { confirm, showErrorDialog, toast } from '../../lib/alerts';
import { ApiError, call, callWithMessage, queryKey } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { useLastShown } from '../../lib/use-last-shown';
import { usePermissions } from '../../lib/use-profile';
import { useSignaturePad } from '../../lib/signature-pad';
import { openSignedPdf } from '../../lookups/signatures-dialog';

/**
 * A cita's consents (DESIGN §11.8, decisions §consents): which releases it asks and whether its
 * pet signed their current version; the owner signs one at the counter on a signature pad, and
 * the signed PDF opens from here. Starting a cita still unsigned asks for the reason.
 */

export const CONSENTS_TEXTS = {
  title: 'Consentimientos',
  unsigned: 'Sin firmar',
  signedBy: (who: string, day: string, version: number) =>
    `Firmado por ${who} el ${day} (versión ${version})`,
  pdf: 'Ver PDF',
  pdfOf: (title: string) => `Ver PDF de ${title}`,
  sign: 'Firmar',
  signOf: (title: string) => `Firmar ${title}`,
  version: (version: number) => `Versión ${version}`,
  text: 'Texto del consentimiento',
  signer: 'Nombre de quien firma',
  pad: 'Firma',
  padHint: 'Firme con el dedo o el mouse',
  clear: 'Limpiar',
  save: 'Guardar firma',
  cancel: 'Cancelar',
  signError: 'Error al firmar el consentimiento',
  loading: 'Cargando consentimientos',
  loadError: 'No se pudieron cargar los consentimientos de la cita',
  startTitle: 'Iniciar sin firma',
  startReason: 'Motivo para iniciar sin firma',
  startReasonRequired: 'Indique el motivo para iniciar sin la firma',
  back: 'Volver',
} as const;

const T = CONSENTS_TEXTS;

type RequiredConsent = AppointmentConsents['consentimientos'][number];

/** What cita `id` asks; under the consents' key, so a signature refreshes it. */
function useAppointmentConsents(id: number) {
  const params = { id };
  return useQuery({
    queryKey: queryKey(E.ofAppointment, { params }),
    queryFn: ({ signal }) => call(E.ofAppointment, { params, signal }),
  });
}

/** 'Sin firmar', in words (not colour alone) on the theme's AA warning colour. */
export function UnsignedChip({ sx }: { sx?: SxProps<Theme> }) {
  return <Chip size="small" color="warning" label={T.unsigned} sx={sx} />;
}

/** The details' header chip: 'Sin firmar' while a consent the cita asks lacks its signature. */
export function UnsignedConsentsChip({ appointmentId }: { appointmentId: number }) {
  const consents = useAppointmentConsents(appointmentId);
  if (!consents.data?.sin_firmar) return null;
  return <UnsignedChip sx={{ ml: 1 }} />;
}

export interface AppointmentConsentsSectionProps {
  appointmentId: number;
  /** Who signs unless told otherwise: the cita's client. */
  clientName: string;
}

/** The section of the cita's details: each consent it asks, signed or with 'Firmar'. */
export function AppointmentConsentsSection({
  appointmentId,
  clientName,
}: AppointmentConsentsSectionProps) {
  const { can } = usePermissions();
  const consents = useAppointmentConsents(appointmentId);
  const [signing, setSigning] = useState<RequiredConsent | null>(null);
  const data = consents.data;
  if (data && data.consentimientos.length === 0) return null;
  const headingId = `consents-${appointmentId}`;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 3 }}>
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
        {T.title}
      </Typography>
      {consents.isError ? (
        <Alert severity="warning">{consents.error.message || T.loadError}</Alert>
      ) : !data ? (
        <CircularProgress size={24} aria-label={T.loading} />
      ) : (
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {data.consentimientos.map((consent) => (
            <Stack
              component="li"
              key={consent.id_consentimiento}
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
            >
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 700 }}>
                  {consent.titulo}
                </Typography>
                {consent.firma ? (
                  <Typography variant="body2" color="text.secondary">
                    {T.signedBy(
                      consent.firma.firmante,
                      formatDate(consent.firma.firmado_at),
                      consent.firma.version,
                    )}
                  </Typography>
                ) : (
                  <UnsignedChip sx={{ mt: 0.5 }} />
                )}
              </Box>
              {consent.firma
                ? can('clientes.leer') && (
                    <SignedPdfButton id={consent.firma.id} title={consent.titulo} />
                  )
                : can('agenda.atender') && (
                    <Button
                      size="small"
                      variant="outlined"
                      aria-label={T.signOf(consent.titulo)}
                      onClick={() => setSigning(consent)}
                      sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' } }}
                    >
                      {T.sign}
                    </Button>
                  )}
            </Stack>
          ))}
        </Stack>
      )}
      <SignDialog
        consent={signing}
        petId={data?.id_perro ?? 0}
        clientName={clientName}
        onClose={() => setSigning(null)}
      />
    </Box>
  );
}

function SignedPdfButton({ id, title }: { id: number; title: string }) {
  const [opening, setOpening] = useState(false);
  return (
    <Button
      size="small"
      aria-label={T.pdfOf(title)}
      loading={opening}
      onClick={() => {
        setOpening(true);
        void openSignedPdf(id).finally(() => setOpening(false));
      }}
      sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' } }}
    >
      {T.pdf}
    </Button>
  );
}

interface SignDialogProps {
  /** The consent to sign; null closes the dialog. */
  consent: RequiredConsent | null;
  petId: number;
  clientName: string;
  onClose(): void;
}

/** 'Firmar': the consent's whole text, who signs, and the signature drawn on the pad. */
function SignDialog({ consent, petId, clientName, onClose }: SignDialogProps) {
  // Kept while the dialog closes: a dialog without its name fails axe meanwhile.
  const shown = useLastShown(consent);
  return (
    <Dialog
      open={consent !== null}
      onClose={onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="consent-sign-title"
    >
      <DialogTitle id="consent-sign-title">{shown?.titulo}</DialogTitle>
      {consent !== null && (
        <SignForm
          key={consent.id_consentimiento}
          consent={consent}
          petId={petId}
          clientName={clientName}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

type SignErrors = Partial<Record<'firmante' | 'firma', string>>;

function SignForm({
  consent,
  petId,
  clientName,
  onClose,
}: Omit<SignDialogProps, 'consent'> & {
  consent: RequiredConsent;
}) {
  const client = useQueryClient();
  const [firmante, setFirmante] = useState(clientName);
  const [errors, setErrors] = useState<SignErrors>({});
  const { canvas, ready, image, clear } = useSignaturePad(() =>
    setErrors((before) => ({ ...before, firma: undefined })),
  );

  const sign = useMutation({
    mutationFn: (body: z.input<typeof ConsentSignInputSchema>) => callWithMessage(E.sign, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: [consentsResource.plural] }),
  });

  const submit = async () => {
    const body = {
      id_consentimiento: consent.id_consentimiento,
      id_perro: petId,
      firmante,
      firma: image(),
    };
    const checked = ConsentSignInputSchema.safeParse(body);
    if (!checked.success) {
      setErrors(fieldErrors(checked.error.issues));
      return;
    }
    try {
      const answer = await sign.mutateAsync(checked.data);
      toast.success(answer.message ?? CONSENT_MESSAGES.signed);
      onClose();
    } catch (error) {
      const placed: SignErrors =
        error instanceof ApiError
          ? { firmante: error.fieldError('firmante'), firma: error.fieldError('firma') }
          : {};
      if (placed.firmante || placed.firma) {
        setErrors(placed);
        return;
      }
      onClose();
      await showErrorDialog(T.signError, error);
    }
  };

  const textId = `consent-text-${consent.id_consentimiento}`;
  const hintId = `consent-pad-hint-${consent.id_consentimiento}`;
  return (
    // A column like the dialog's paper: the content scrolls, the buttons stay in view.
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
    >
      <DialogContent dividers>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
          {T.version(consent.version)}
        </Typography>
        {/* The whole text, scrolled by the keyboard too: it is a focusable region. */}
        <Box
          id={textId}
          role="region"
          aria-label={T.text}
          tabIndex={0}
          sx={{
            maxHeight: '30vh',
            overflowY: 'auto',
            whiteSpace: 'pre-wrap',
            p: 1.5,
            mb: 2,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
          }}
        >
          <Typography variant="body2">{consent.texto}</Typography>
        </Box>
        <TextField
          fullWidth
          id="consent-signer"
          label={T.signer}
          value={firmante}
          required
          disabled={sign.isPending}
          error={Boolean(errors.firmante)}
          helperText={errors.firmante ?? ' '}
          onChange={(event) => {
            setFirmante(event.target.value);
            setErrors((before) => ({ ...before, firmante: undefined }));
          }}
          slotProps={{ htmlInput: { maxLength: 120 } }}
        />
        <Box
          sx={{
            mt: 1,
            border: 1,
            borderColor: errors.firma ? 'error.main' : 'divider',
            borderRadius: 1,
            // The ink is black: the pad stays white in dark mode too.
            bgcolor: 'common.white',
            overflow: 'hidden',
          }}
        >
          <Box
            component="canvas"
            ref={canvas}
            aria-busy={!ready || undefined}
            role="img"
            aria-label={T.pad}
            aria-describedby={hintId}
            aria-invalid={Boolean(errors.firma)}
            sx={{ display: 'block', width: '100%', height: 180, touchAction: 'none' }}
          />
        </Box>
        <Stack direction="row" sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
          <FormHelperText id={hintId} error={Boolean(errors.firma)}>
            {errors.firma ?? T.padHint}
          </FormHelperText>
          <Button
            size="small"
            disabled={sign.isPending}
            onClick={() => {
              clear();
              setErrors((before) => ({ ...before, firma: undefined }));
            }}
          >
            {T.clear}
          </Button>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={sign.isPending}>
          {T.cancel}
        </Button>
        <Button type="submit" variant="contained" loading={sign.isPending}>
          {T.save}
        </Button>
      </DialogActions>
    </Box>
  );
}

/** The first message of each field the sign's schema refuses. */
function fieldErrors(issues: z.core.$ZodIssue[]): SignErrors {
  const errors: SignErrors = {};
  for (const issue of issues) {
    const name = issue.path[0];
    if ((name === 'firmante' || name === 'firma') && !errors[name]) errors[name] = issue.message;
  }
  return errors;
}

/** The reason typed to start a cita whose consents are unsigned (the status call's `motivo`). */
const StartReasonSchema = z.object({
  motivo: z.string().trim().min(1, T.startReasonRequired).max(CANCEL_REASON_MAX),
});

/**
 * The server's refusal to start an unsigned cita: a 409 whose `motivo` names what would let it
 * start (decisions §consents).
 */
const isUnsignedRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 409 && error.fieldError('motivo') !== undefined;

/** A cita's status change; one without `question` is sent at once (Mi día's one tap). */
export type ConsentStatusChange = Omit<StatusChange, 'question'> & { question?: string };

interface Refused {
  change: ConsentStatusChange;
  message: string;
}

const sendStatus = (change: ConsentStatusChange, motivo?: string) =>
  callWithMessage(appointmentsResource.endpoints.status, {
    body: { cita: change.id, est: change.status, motivo },
  });

/**
 * The cita's status change, as the crud's `useStatusChange` (confirmed when it has a
 * `question`), but a start refused for a missing signature asks for the reason ('Iniciar sin
 * firma') and sends it again with it. `dialog` is rendered by the caller; `pending` is the
 * change being sent, for its button's progress.
 */
export function useStatusChangeAskingConsent() {
  const client = useQueryClient();
  const [refused, setRefused] = useState<Refused | null>(null);
  const [pending, setPending] = useState<ConsentStatusChange | null>(null);
  const refresh = useCallback(
    () =>
      Promise.all([
        client.invalidateQueries({ queryKey: [appointmentsResource.endpoints.status.feature] }),
        client.invalidateQueries({ queryKey: [consentsResource.plural] }),
      ]),
    [client],
  );

  const changeStatus = useCallback(
    async (change: ConsentStatusChange): Promise<boolean> => {
      if (change.question !== undefined && !(await confirm(change.question))) return false;
      setPending(change);
      try {
        const answer = await sendStatus(change);
        if (answer.message) toast.success(answer.message);
        await refresh();
        setPending(null);
        return true;
      } catch (error) {
        setPending(null);
        if (isUnsignedRefusal(error)) {
          setRefused({ change, message: error.message });
          return false;
        }
        // The cita may have changed meanwhile: what is shown catches up.
        void refresh();
        await showErrorDialog(change.errorTitle, error);
        return false;
      }
    },
    [refresh],
  );

  const dialog = useMemo(
    () => (
      <ReasonDialog
        target={refused}
        keyOf={(target) => target.change.id}
        idPrefix="start-unsigned"
        title={T.startTitle}
        schema={StartReasonSchema}
        max={CANCEL_REASON_MAX}
        texts={(target) => ({
          text: target.message,
          label: T.startReason,
          back: T.back,
          confirm: T.startTitle,
          errorTitle: target.change.errorTitle,
        })}
        send={(target, motivo) => sendStatus(target.change, motivo)}
        refresh={refresh}
        onClose={() => setRefused(null)}
      />
    ),
    [refused, refresh],
  );
  return { changeStatus, dialog, pending };
}
