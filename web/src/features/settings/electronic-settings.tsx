import AttachFileIcon from '@mui/icons-material/AttachFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  CERTIFICATE_ACCEPT,
  CERTIFICATE_MAX_BYTES,
  certificateExpiresSoon,
  ELECTRONIC_MESSAGES,
  ELECTRONIC_MODE_LABELS,
  ELECTRONIC_MODES,
  ElectronicSettingsInputSchema,
  fillPath,
  SETTINGS_ENDPOINTS,
  SUNAT_MODES,
  type DataOf,
  type ElectronicMode,
  type ElectronicSettings,
  type StoredCertificate,
} from '@app/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { DetailsList } from '../../app/details-list';
import { FieldInput, ResourceForm, type FieldDef, type FieldRenderProps } from '../../crud';
import { showErrorDialog, toast } from '../../lib/alerts';
import { api, ApiError, call, queryKey } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { secretField } from './secret-field';
import { SettingsSection } from './settings-section';

const ELECTRONIC_KEY = queryKey(SETTINGS_ENDPOINTS.electronic);

export const ELECTRONIC_TEXTS = {
  title: 'Facturación electrónica',
  off: 'Las boletas y facturas se emiten como hasta ahora, sin enviarse a SUNAT.',
  pseNote: 'El PSE/OSE firma y envía los comprobantes a SUNAT con su propio certificado.',
  mode: 'Modo',
  certificate: 'Certificado digital',
  noCertificate: 'Aún no hay un certificado guardado.',
  holder: 'Titular',
  ruc: 'RUC',
  noRuc: 'No figura en el certificado',
  expires: (day: string) => `Vence el ${day}`,
  expired: (day: string) => `Venció el ${day}`,
  upload: 'Subir certificado (.pfx o .p12)',
  fileInput: 'Archivo del certificado',
  chosen: (name: string) => `Elegido: ${name} (se guarda al guardar)`,
  certificatePassword: 'Contraseña del certificado',
  solUser: 'Usuario secundario SOL',
  solUserHint: 'El usuario que creó en SUNAT Operaciones en Línea para emitir',
  solPassword: 'Clave SOL',
  pseUrl: 'URL del PSE/OSE',
  pseToken: 'Token del PSE/OSE',
  submit: 'Guardar facturación electrónica',
  saveError: 'Error al guardar la facturación electrónica',
  loading: 'Cargando la facturación electrónica',
} as const;

/** The certificate's details and its expiry, warned of in colour 30 days before. */
function StoredCertificateDetails({ certificate }: { certificate: StoredCertificate }) {
  const expires = new Date(certificate.vence);
  const now = new Date();
  const day = formatDate(certificate.vence);
  const expired = expires.getTime() <= now.getTime();
  const soon = certificateExpiresSoon(expires, now);
  return (
    <DetailsList
      items={[
        [ELECTRONIC_TEXTS.holder, certificate.titular],
        [ELECTRONIC_TEXTS.ruc, certificate.ruc ?? ELECTRONIC_TEXTS.noRuc],
        [
          'Vigencia',
          <Typography
            key="vence"
            component="span"
            data-testid="certificate-expiry"
            sx={{
              fontWeight: soon ? 700 : undefined,
              color: expired ? 'error.main' : soon ? 'warning.main' : undefined,
            }}
          >
            {expired ? ELECTRONIC_TEXTS.expired(day) : ELECTRONIC_TEXTS.expires(day)}
          </Typography>,
        ],
      ]}
    />
  );
}

interface CertificateInputProps extends FieldRenderProps {
  stored: StoredCertificate | null;
  hasPassword: boolean;
  file: File | null;
  fileError: string | undefined;
  onChoose(file: File | null): void;
}

/**
 * The certificate: what the stored one says, the button that opens the file picker, and its
 * password (the form's `clave_certificado`), which a new file is read with.
 */
function CertificateInput({
  field,
  error,
  disabled,
  stored,
  hasPassword,
  file,
  fileError,
  onChoose,
}: CertificateInputProps) {
  const input = useRef<HTMLInputElement>(null);
  const fileHelpId = 'field-certificado-helper-text';
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ mb: 1.5 }}>
        {ELECTRONIC_TEXTS.certificate}
      </Typography>
      {stored ? (
        <StoredCertificateDetails certificate={stored} />
      ) : (
        <Typography variant="body2">{ELECTRONIC_TEXTS.noCertificate}</Typography>
      )}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 2, flexWrap: 'wrap' }}>
        <input
          ref={input}
          type="file"
          hidden
          accept={CERTIFICATE_ACCEPT}
          aria-label={ELECTRONIC_TEXTS.fileInput}
          onChange={(event) => {
            const chosen = event.target.files?.[0] ?? null;
            // Cleared so that choosing the same file again still fires a change.
            event.target.value = '';
            onChoose(chosen);
          }}
        />
        <Button
          variant="outlined"
          startIcon={<AttachFileIcon />}
          disabled={disabled}
          onClick={() => input.current?.click()}
          aria-describedby={fileHelpId}
        >
          {ELECTRONIC_TEXTS.upload}
        </Button>
      </Stack>
      <FormHelperText id={fileHelpId} error={Boolean(fileError)} sx={{ mb: 2 }}>
        {fileError ?? (file ? ELECTRONIC_TEXTS.chosen(file.name) : ' ')}
      </FormHelperText>
      <FieldInput
        def={secretField(
          field.name,
          ELECTRONIC_TEXTS.certificatePassword,
          hasPassword ? ELECTRONIC_MESSAGES.secretStored : undefined,
        )}
        field={field}
        error={error}
        disabled={disabled}
      />
    </Box>
  );
}

const formValues = (settings: ElectronicSettings) => ({
  modo: settings.modo,
  usuario_sol: settings.usuario_sol ?? '',
  clave_sol: '',
  clave_certificado: '',
  pse_url: settings.pse_url ?? '',
  pse_token: '',
});

/** The fields a mode uses: the certificate and SOL for SUNAT, the URL and token for a PSE. */
function fieldsFor(
  mode: ElectronicMode,
  settings: ElectronicSettings,
  certificate: Omit<CertificateInputProps, keyof FieldRenderProps>,
  onModeChange: (mode: ElectronicMode) => void,
): FieldDef<keyof typeof ElectronicSettingsInputSchema.shape>[] {
  const modeField: FieldDef<'modo'> = {
    name: 'modo',
    label: ELECTRONIC_TEXTS.mode,
    width: 12,
    render: ({ field, error, disabled }) => (
      <TextField
        select
        fullWidth
        id="field-modo"
        label={ELECTRONIC_TEXTS.mode}
        name={field.name}
        inputRef={field.ref}
        value={mode}
        disabled={disabled}
        error={Boolean(error)}
        helperText={
          error ??
          (mode === 'desactivado'
            ? ELECTRONIC_TEXTS.off
            : mode === 'pse'
              ? ELECTRONIC_TEXTS.pseNote
              : ' ')
        }
        onChange={(event) => {
          const chosen = ELECTRONIC_MODES.find((value) => value === event.target.value);
          field.onChange(event.target.value);
          if (chosen) onModeChange(chosen);
        }}
        onBlur={field.onBlur}
      >
        {ELECTRONIC_MODES.map((value) => (
          <MenuItem key={value} value={value}>
            {ELECTRONIC_MODE_LABELS[value]}
          </MenuItem>
        ))}
      </TextField>
    ),
  };
  if (SUNAT_MODES.includes(mode)) {
    return [
      modeField,
      {
        name: 'clave_certificado',
        label: ELECTRONIC_TEXTS.certificatePassword,
        width: 12,
        render: (props) => <CertificateInput {...props} {...certificate} />,
      },
      {
        name: 'usuario_sol',
        label: ELECTRONIC_TEXTS.solUser,
        maxLength: 30,
        autoComplete: 'off',
        hint: ELECTRONIC_TEXTS.solUserHint,
        required: true,
      },
      secretField(
        'clave_sol',
        ELECTRONIC_TEXTS.solPassword,
        settings.tiene_clave_sol ? ELECTRONIC_MESSAGES.secretStored : undefined,
      ),
    ];
  }
  if (mode === 'pse') {
    return [
      modeField,
      { name: 'pse_url', label: ELECTRONIC_TEXTS.pseUrl, maxLength: 300, width: 12 },
      {
        ...secretField(
          'pse_token',
          ELECTRONIC_TEXTS.pseToken,
          settings.tiene_pse_token ? ELECTRONIC_MESSAGES.tokenStored : undefined,
        ),
        width: 12,
      },
    ];
  }
  return [modeField];
}

function ElectronicSettingsForm({ settings }: { settings: ElectronicSettings }) {
  const client = useQueryClient();
  const [mode, setMode] = useState<ElectronicMode>(settings.modo);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string>();

  const choose = (chosen: File | null) => {
    const tooLarge = chosen !== null && chosen.size > CERTIFICATE_MAX_BYTES;
    setFileError(tooLarge ? ELECTRONIC_MESSAGES.certificateTooLarge : undefined);
    setFile(tooLarge ? null : chosen);
  };

  // Multipart: `json` with the fields, and the chosen certificate as the file `certificado`.
  const save = async (values: object) => {
    const body = new FormData();
    body.append('json', JSON.stringify(values));
    if (file && SUNAT_MODES.includes(mode)) body.append('certificado', file);
    const { method, path } = SETTINGS_ENDPOINTS.updateElectronic;
    const answer = await api.request<DataOf<typeof SETTINGS_ENDPOINTS.updateElectronic>>(
      method,
      fillPath(path, undefined),
      { body },
    );
    setFile(null);
    setFileError(undefined);
    toast.success(answer.message ?? ELECTRONIC_MESSAGES.saved);
    await client.invalidateQueries({ queryKey: ELECTRONIC_KEY });
  };

  const fail = (error: unknown) => {
    const certificateError =
      error instanceof ApiError ? error.fieldError('certificado') : undefined;
    setFileError(certificateError);
    // Field errors sit under their fields; anything else is told in the dialog.
    const placed = error instanceof ApiError && Object.keys(error.errors).length > 0;
    if (!placed) void showErrorDialog(ELECTRONIC_TEXTS.saveError, error);
  };

  return (
    <ResourceForm<typeof ElectronicSettingsInputSchema>
      fields={fieldsFor(
        mode,
        settings,
        {
          stored: settings.certificado,
          hasPassword: settings.tiene_clave_certificado,
          file,
          fileError,
          onChoose: choose,
        },
        setMode,
      )}
      schema={ElectronicSettingsInputSchema}
      defaultValues={formValues(settings)}
      submitLabel={ELECTRONIC_TEXTS.submit}
      onSubmit={save}
      onFailure={fail}
      resetOnSuccess
    />
  );
}

/**
 * Ajustes › 'Facturación electrónica' (DESIGN §11.1): the mode, the certificate, the SOL user
 * and, for a PSE/OSE, its address and token. Secrets are write-only: an empty field keeps the
 * stored one.
 */
export function ElectronicSettingsCard() {
  const query = useQuery({
    queryKey: ELECTRONIC_KEY,
    queryFn: ({ signal }) => call(SETTINGS_ENDPOINTS.electronic, { signal }),
  });
  return (
    <SettingsSection
      title={ELECTRONIC_TEXTS.title}
      query={query}
      loading={ELECTRONIC_TEXTS.loading}
      loadError={ELECTRONIC_TEXTS.saveError}
    >
      {(data) => (
        // What was saved (a new certificate, another mode) starts the form again.
        <ElectronicSettingsForm key={JSON.stringify(data)} settings={data} />
      )}
    </SettingsSection>
  );
}
