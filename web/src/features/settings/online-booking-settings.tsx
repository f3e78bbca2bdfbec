import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ONLINE_BOOKING_ENDPOINTS,
  ONLINE_BOOKING_MODES,
  OnlineBookingSettingsSchema,
  type OnlineBookingMode,
  type OnlineBookingSettings,
} from '@app/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { toDataURL } from 'qrcode';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { ResourceForm, type FieldDef, type FieldRenderProps } from '../../crud';
import { toast } from '../../lib/alerts';
import { call, callWithMessage, queryKey } from '../../lib/api';
import { formatMoney } from '../../lib/format';
import { useAvailablePackages, useAvailableServices } from '../../lookups';
import { CopyableAddress } from './copyable-address';
import { SettingsSection } from './settings-section';

const SETTINGS_KEY = queryKey(ONLINE_BOOKING_ENDPOINTS.settings);

/** Where clients book: the public page of DESIGN §11.4. */
export const PUBLIC_BOOKING_PATH = '/reservar';

export const ONLINE_BOOKING_TEXTS = {
  title: 'Reserva en línea',
  intro:
    'Sus clientes eligen servicio, día y hora desde un enlace, con la disponibilidad real de la agenda.',
  mode: 'Modo',
  modes: {
    desactivada: 'Desactivada',
    con_aprobacion: 'Con aprobación',
    automatica: 'Automática',
  } satisfies Record<OnlineBookingMode, string>,
  modeHints: {
    desactivada: 'La página de reservas no acepta reservas.',
    con_aprobacion:
      'Cada reserva queda «Por confirmar» y guarda su horario hasta que la apruebe en AGENDA › Solicitudes en línea.',
    automatica: 'Cada reserva queda programada al instante.',
  } satisfies Record<OnlineBookingMode, string>,
  notice: 'Aviso mínimo (horas)',
  noticeHint: 'Cuánto antes de la cita se puede reservar',
  horizon: 'Horizonte (días)',
  horizonHint: 'Hasta cuántos días adelante se puede reservar',
  step: 'Intervalo entre horarios',
  stepOption: (minutes: number) => `Cada ${minutes} minutos`,
  buffer: 'Tiempo libre entre citas (minutos)',
  bufferHint: 'Se deja libre después de cada cita del groomer',
  cancel: 'Horas para cancelar',
  cancelHint: 'El cliente puede cancelar desde su enlace hasta estas horas antes de la cita',
  services: 'Servicios que se reservan en línea',
  packages: 'Paquetes que se reservan en línea',
  noServices: 'No hay servicios activos.',
  noPackages: 'No hay paquetes activos.',
  catalogueError: 'No se pudo cargar el catálogo',
  catalogueLoading: 'Cargando el catálogo',
  policy: 'Política de reservas',
  policyHint: 'Cancelaciones, inasistencias y lo que el cliente debe saber antes de reservar',
  submit: 'Guardar reserva en línea',
  saveError: 'Error al guardar la reserva en línea',
  loading: 'Cargando la reserva en línea',
  link: {
    title: 'Enlace para sus clientes',
    intro:
      'Compártalo en Instagram, WhatsApp o Facebook, o imprima el código QR para el mostrador.',
    label: 'Enlace de reserva',
    copy: 'Copiar enlace',
    copied: 'Enlace copiado',
    copyFailed: 'No se pudo copiar: seleccione el enlace y cópielo',
  },
  qrAlt: 'Código QR del enlace de reserva en línea',
  download: 'Descargar QR (PNG)',
  qrFile: 'reserva-en-linea-qr.png',
} as const;

const T = ONLINE_BOOKING_TEXTS;

/** A number typed in a text field, read as the number the domain's rule checks. */
const typedNumber = <S extends z.ZodType>(rule: S) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    rule,
  );

const shape = OnlineBookingSettingsSchema.shape;

/** The domain's rules, with the numbers as the form's fields hold them (text). */
const OnlineBookingFormSchema = OnlineBookingSettingsSchema.extend({
  aviso_horas: typedNumber(shape.aviso_horas),
  horizonte_dias: typedNumber(shape.horizonte_dias),
  paso_min: typedNumber(shape.paso_min),
  buffer_min: typedNumber(shape.buffer_min),
  cancelar_horas: typedNumber(shape.cancelar_horas),
});

interface ChecklistOption {
  id: number;
  label: string;
}

interface ChecklistProps extends FieldRenderProps {
  legend: string;
  empty: string;
  options: ChecklistOption[] | undefined;
  failed: boolean;
}

const idsOf = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((id): id is number => typeof id === 'number') : [];

/** The active services (or packages) as check boxes: the ticked ones are offered online. */
function Checklist({ field, error, disabled, legend, empty, options, failed }: ChecklistProps) {
  const chosen = new Set(idsOf(field.value));
  const toggle = (id: number, on: boolean) =>
    field.onChange(on ? [...chosen, id] : [...chosen].filter((other) => other !== id));
  const errorId = `field-${field.name}-helper-text`;
  return (
    <Box
      component="fieldset"
      aria-describedby={error ? errorId : undefined}
      sx={{ border: 0, m: 0, p: 0 }}
    >
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        {legend}
      </Typography>
      {failed ? (
        <Alert severity="error">{T.catalogueError}</Alert>
      ) : !options ? (
        <CircularProgress size={24} aria-label={T.catalogueLoading} />
      ) : options.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {empty}
        </Typography>
      ) : (
        <FormGroup>
          {options.map((option, index) => (
            <FormControlLabel
              key={option.id}
              label={option.label}
              disabled={disabled}
              control={
                <Checkbox
                  checked={chosen.has(option.id)}
                  onChange={(event) => toggle(option.id, event.target.checked)}
                  onBlur={field.onBlur}
                  // The first box takes the focus when the list has an error.
                  slotProps={{ input: { ref: index === 0 ? field.ref : undefined } }}
                />
              }
            />
          ))}
        </FormGroup>
      )}
      {error && (
        <FormHelperText id={errorId} error>
          {error}
        </FormHelperText>
      )}
    </Box>
  );
}

type FormFields = keyof z.input<typeof OnlineBookingFormSchema>;

function OnlineBookingForm({ settings }: { settings: OnlineBookingSettings }) {
  const client = useQueryClient();
  const services = useAvailableServices();
  const packages = useAvailablePackages();
  const [mode, setMode] = useState<OnlineBookingMode>(settings.modo);

  const serviceOptions = services.data?.map((s) => ({
    id: s.id_srv,
    label: `${s.nom_srv} — ${formatMoney(s.precio_srv)}`,
  }));
  const packageOptions = packages.data?.map((p) => ({
    id: p.id_paq,
    label: `${p.nom_paq} — ${formatMoney(p.precio_paq)}`,
  }));

  const numberField = (
    name: FormFields,
    label: string,
    hint: string,
    width = 4,
  ): FieldDef<FormFields> => ({ name, label, hint, kind: 'number', inputMode: 'numeric', width });

  const fields: FieldDef<FormFields>[] = [
    {
      name: 'modo',
      label: T.mode,
      width: 12,
      render: ({ field, error, disabled }) => (
        <TextField
          select
          fullWidth
          id="field-modo"
          label={T.mode}
          name={field.name}
          inputRef={field.ref}
          value={mode}
          disabled={disabled}
          error={Boolean(error)}
          helperText={error ?? T.modeHints[mode]}
          onChange={(event) => {
            const chosen = ONLINE_BOOKING_MODES.find((value) => value === event.target.value);
            field.onChange(event.target.value);
            if (chosen) setMode(chosen);
          }}
          onBlur={field.onBlur}
        >
          {ONLINE_BOOKING_MODES.map((value) => (
            <MenuItem key={value} value={value}>
              {T.modes[value]}
            </MenuItem>
          ))}
        </TextField>
      ),
    },
    numberField('aviso_horas', T.notice, T.noticeHint),
    numberField('horizonte_dias', T.horizon, T.horizonHint),
    {
      name: 'paso_min',
      label: T.step,
      kind: 'select',
      width: 4,
      options: [15, 30].map((minutes) => ({ value: minutes, label: T.stepOption(minutes) })),
    },
    numberField('buffer_min', T.buffer, T.bufferHint, 6),
    numberField('cancelar_horas', T.cancel, T.cancelHint, 6),
    {
      name: 'servicios',
      label: T.services,
      width: 6,
      render: (props) => (
        <Checklist
          {...props}
          legend={T.services}
          empty={T.noServices}
          options={serviceOptions}
          failed={services.isError}
        />
      ),
    },
    {
      name: 'paquetes',
      label: T.packages,
      width: 6,
      render: (props) => (
        <Checklist
          {...props}
          legend={T.packages}
          empty={T.noPackages}
          options={packageOptions}
          failed={packages.isError}
        />
      ),
    },
    {
      name: 'politica',
      label: T.policy,
      kind: 'textarea',
      maxLength: 2000,
      hint: T.policyHint,
      width: 12,
    },
  ];

  const save = async (values: OnlineBookingSettings) => {
    // An item retired since it was ticked is no longer listed: it is no longer offered.
    const active = (ids: number[], options: ChecklistOption[] | undefined) =>
      options ? ids.filter((id) => options.some((option) => option.id === id)) : ids;
    const answer = await callWithMessage(ONLINE_BOOKING_ENDPOINTS.saveSettings, {
      body: {
        ...values,
        servicios: active(values.servicios, serviceOptions),
        paquetes: active(values.paquetes, packageOptions),
      },
    });
    client.setQueryData(SETTINGS_KEY, answer.data);
    toast.success(answer.message ?? T.title);
  };

  return (
    <ResourceForm<typeof OnlineBookingFormSchema>
      fields={fields}
      schema={OnlineBookingFormSchema}
      defaultValues={settings}
      submitLabel={T.submit}
      errorTitle={T.saveError}
      onSubmit={save}
    />
  );
}

/** The public page's address with a copy button, and its QR code as an image and a PNG file. */
function PublicLink({ url }: { url: string }) {
  const [qr, setQr] = useState<string>();
  useEffect(() => {
    let current = true;
    toDataURL(url, { errorCorrectionLevel: 'M', margin: 2, width: 512 })
      .then((png) => {
        if (current) setQr(png);
      })
      .catch(() => {
        if (current) setQr(undefined);
      });
    return () => {
      current = false;
    };
  }, [url]);

  return (
    <CopyableAddress id="reserva-enlace" texts={T.link} url={url}>
      {qr && (
        <Stack spacing={1} sx={{ mt: 2, alignItems: 'flex-start' }}>
          <Box
            component="img"
            src={qr}
            alt={T.qrAlt}
            sx={{ width: 200, height: 200, border: 1, borderColor: 'divider' }}
          />
          <Button variant="text" startIcon={<DownloadIcon />} href={qr} download={T.qrFile}>
            {T.download}
          </Button>
        </Stack>
      )}
    </CopyableAddress>
  );
}

/**
 * Ajustes › 'Reserva en línea' (DESIGN §11.4): the mode, the notice, horizon, step and buffer of
 * the offered times, the services and packages offered, the policy; once bookings are on, the
 * link to share and its QR code.
 */
export function OnlineBookingSettingsCard() {
  const query = useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: ({ signal }) => call(ONLINE_BOOKING_ENDPOINTS.settings, { signal }),
  });
  return (
    <SettingsSection
      title={T.title}
      intro={T.intro}
      query={query}
      loading={T.loading}
      loadError={T.saveError}
    >
      {(data) => (
        <>
          {/* What was saved starts the form again. */}
          <OnlineBookingForm key={JSON.stringify(data)} settings={data} />
          {data.modo !== 'desactivada' && (
            <PublicLink url={`${window.location.origin}${PUBLIC_BOOKING_PATH}`} />
          )}
        </>
      )}
    </SettingsSection>
  );
}
