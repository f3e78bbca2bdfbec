import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  DEFAULT_OPENING_HOURS,
  DEFAULT_MAX_DISCOUNT,
  DEFAULT_REMINDER_TEMPLATE,
  fillReminder,
  formatPriceOnBlur,
  keepPriceChars,
  LOGO_MAX_BYTES,
  LOGO_MIME_TYPES,
  REMINDER_PLACEHOLDER_LABELS,
  REMINDER_PLACEHOLDERS,
  REMINDER_SAMPLE,
  REMINDER_TEMPLATE_MAX,
  fillPath,
  SETTINGS_ENDPOINTS,
  SETTINGS_MESSAGES,
  SettingsInputSchema,
  type DataOf,
  type Settings,
} from '@app/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { BRAND_QUERY_KEY } from '../../app/brand';
import { PageContainer } from '../../app/page-container';
import {
  ImageChooser,
  ResourceForm,
  useImageChoice,
  type FieldDef,
  type FieldRenderProps,
  type FormValues,
  type ImageRules,
} from '../../crud';
import { OpeningHoursInput } from '../../crud/opening-hours-input';
import { toast } from '../../lib/alerts';
import { api, ApiError, call, queryKey } from '../../lib/api';
import { ELECTRONIC_TEXTS, ElectronicSettingsCard } from './electronic-settings';
import { ONLINE_BOOKING_TEXTS, OnlineBookingSettingsCard } from './online-booking-settings';
import { WHATSAPP_TEXTS, WhatsappSettingsCard } from './whatsapp-settings';

const SETTINGS_KEY = queryKey(SETTINGS_ENDPOINTS.current);

export const SETTINGS_TEXTS = {
  title: 'Configuración General',
  sections: 'Secciones de los ajustes',
  company: 'Empresa',
  logo: 'Logo de la empresa',
  logoHint: 'PNG, JPG, GIF o WEBP de hasta 2 MB',
  select: 'Seleccionar Logo',
  change: 'Cambiar',
  remove: 'Quitar',
  submit: 'Guardar Cambios',
  hours: 'Horario de atención',
  reminders: 'Recordatorios',
  template: 'Mensaje de recordatorio',
  placeholders: 'Marcadores disponibles:',
  preview: 'Vista previa con datos de ejemplo',
  reminderHour: 'Enviar recordatorios por e-mail automáticamente a las',
  reminderHourHint:
    'Cada día, a esa hora (Lima), se envía un e-mail por cada cita del día siguiente',
  noReminders: 'No enviar',
  maxDiscount: 'Descuento máximo sin autorización (%)',
  maxDiscountHint:
    'Un descuento mayor, otro precio o una propina mayor al total los autoriza un administrador',
} as const;

const fields: FieldDef[] = [
  { name: 'nom', label: 'Nombre de la empresa', maxLength: 150, width: 12 },
  { name: 'slogan', label: 'Eslogan', maxLength: 200, width: 12 },
  { name: 'dir', label: 'Dirección', maxLength: 200, width: 12 },
  { name: 'fono', label: 'Teléfono/Celular', maxLength: 20, width: 4 },
  { name: 'email', label: 'Email', kind: 'email', maxLength: 150, width: 4 },
  {
    name: 'ruc',
    label: 'RUC',
    maxLength: 11,
    sanitize: (value) => value.replace(/\D/g, '').slice(0, 11),
    width: 4,
  },
  {
    name: 'descuento_max',
    label: SETTINGS_TEXTS.maxDiscount,
    maxLength: 6,
    sanitize: keepPriceChars,
    formatOnBlur: formatPriceOnBlur,
    hint: SETTINGS_TEXTS.maxDiscountHint,
    width: 12,
  },
  {
    name: 'horario',
    label: SETTINGS_TEXTS.hours,
    width: 12,
    render: (props) => <OpeningHoursInput {...props} legend={SETTINGS_TEXTS.hours} />,
  },
  {
    name: 'plantilla_recordatorio',
    label: SETTINGS_TEXTS.template,
    width: 12,
    render: (props) => <ReminderTemplateInput {...props} />,
  },
  {
    name: 'hora_recordatorio',
    label: SETTINGS_TEXTS.reminderHour,
    width: 12,
    render: (props) => <ReminderHourInput {...props} />,
  },
];

/**
 * Decisions §reminders: the reminder's text, with the markers it may use and, as it is typed, the
 * message a client would get (sample data; {empresa} is the name in the form).
 */
function ReminderTemplateInput({ field, error, form, disabled }: FieldRenderProps) {
  const company = useWatch({ control: form.control, name: 'nom' }) as string | undefined;
  const template = typeof field.value === 'string' ? field.value : '';
  const preview = fillReminder(template.trim() || DEFAULT_REMINDER_TEMPLATE, {
    ...REMINDER_SAMPLE,
    empresa: company?.trim() || REMINDER_SAMPLE.empresa,
  });
  const id = 'field-plantilla_recordatorio';
  return (
    <Box component="section" aria-labelledby="ajustes-recordatorios">
      <Typography id="ajustes-recordatorios" variant="subtitle1" component="h3" sx={{ mb: 1.5 }}>
        {SETTINGS_TEXTS.reminders}
      </Typography>
      <TextField
        fullWidth
        multiline
        minRows={3}
        id={id}
        label={SETTINGS_TEXTS.template}
        name={field.name}
        inputRef={field.ref}
        value={template}
        disabled={disabled}
        error={Boolean(error)}
        helperText={error ?? `${template.length}/${REMINDER_TEMPLATE_MAX}`}
        onChange={(event) => field.onChange(event.target.value)}
        onBlur={field.onBlur}
        slotProps={{
          htmlInput: {
            maxLength: REMINDER_TEMPLATE_MAX,
            'aria-describedby': `${id}-helper-text ${id}-markers`,
          },
        }}
      />
      <Typography id={`${id}-markers`} variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {SETTINGS_TEXTS.placeholders}{' '}
        {REMINDER_PLACEHOLDERS.map((name, i) => (
          <span key={name}>
            {i > 0 && ' · '}
            <Box component="code" sx={{ fontWeight: 700, color: 'text.primary' }}>
              {`{${name}}`}
            </Box>{' '}
            {REMINDER_PLACEHOLDER_LABELS[name]}
          </span>
        ))}
      </Typography>
      <Paper
        variant="outlined"
        component="figure"
        aria-labelledby={`${id}-preview`}
        sx={{ m: 0, mt: 2, p: 2 }}
      >
        <Typography
          id={`${id}-preview`}
          component="figcaption"
          variant="caption"
          color="text.secondary"
        >
          {SETTINGS_TEXTS.preview}
        </Typography>
        <Typography data-testid="reminder-preview" sx={{ mt: 0.5, whiteSpace: 'pre-wrap' }}>
          {preview}
        </Typography>
      </Paper>
    </Box>
  );
}

const HOURS = Array.from({ length: 24 }, (_, hour) => ({
  value: String(hour),
  label: `${String(hour).padStart(2, '0')}:00`,
}));

/** The Lima hour of the daily e-mail run, or 'No enviar'. */
function ReminderHourInput({ field, error, disabled }: FieldRenderProps) {
  const value = field.value === null || field.value === undefined ? '' : String(field.value);
  return (
    <TextField
      select
      id="field-hora_recordatorio"
      label={SETTINGS_TEXTS.reminderHour}
      name={field.name}
      inputRef={field.ref}
      value={value}
      disabled={disabled}
      error={Boolean(error)}
      helperText={error ?? SETTINGS_TEXTS.reminderHourHint}
      onChange={(event) => field.onChange(event.target.value)}
      onBlur={field.onBlur}
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
      sx={{ minWidth: { xs: '100%', sm: 420 } }}
    >
      <MenuItem value="">{SETTINGS_TEXTS.noReminders}</MenuItem>
      {HOURS.map((hour) => (
        <MenuItem key={hour.value} value={hour.value}>
          {hour.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

const LOGO_RULES: ImageRules = {
  types: LOGO_MIME_TYPES,
  maxBytes: LOGO_MAX_BYTES,
  typeMessage: SETTINGS_MESSAGES.logoNotImage,
  sizeMessage: SETTINGS_MESSAGES.logoTooLarge,
};

const formValues = (settings: Settings | null): FormValues => ({
  nom: settings?.nomEmp ?? '',
  slogan: settings?.sloganEmp ?? '',
  dir: settings?.dirEmp ?? '',
  fono: settings?.fonoEmp ?? '',
  email: settings?.emailEmp ?? '',
  ruc: settings?.rucEmp ?? '',
  horario: settings?.horario ?? DEFAULT_OPENING_HOURS,
  plantilla_recordatorio: settings?.plantilla_recordatorio ?? DEFAULT_REMINDER_TEMPLATE,
  hora_recordatorio:
    settings?.hora_recordatorio === null || settings?.hora_recordatorio === undefined
      ? ''
      : String(settings.hora_recordatorio),
  descuento_max: settings?.descuento_max ?? DEFAULT_MAX_DISCOUNT,
});

function SettingsForm({ settings }: { settings: Settings | null }) {
  const client = useQueryClient();
  const logo = useImageChoice(LOGO_RULES);
  const [saving, setSaving] = useState(false);

  // Spec §001-7: multipart with the `json` field and the `logo` file; `_method=put` to update.
  const save = async (values: FormValues) => {
    const body = new FormData();
    const removeLogo = logo.removed && !logo.file;
    body.append('json', JSON.stringify({ ...values, id: settings?.id, removeLogo }));
    if (logo.file) body.append('logo', logo.file);
    if (settings) body.append('_method', 'put');
    setSaving(true);
    try {
      // Multipart, which `call` does not send: the contract still names the method and path.
      const { method, path } = SETTINGS_ENDPOINTS.save;
      const answer = await api.request<DataOf<typeof SETTINGS_ENDPOINTS.save>>(
        method,
        fillPath(path, undefined),
        { body },
      );
      toast.success(
        answer.message ?? (settings ? SETTINGS_MESSAGES.updated : SETTINGS_MESSAGES.inserted),
      );
      // Spec §001-4: saving reloads the record; the sidenav and the login follow the brand.
      await Promise.all([
        client.invalidateQueries({ queryKey: SETTINGS_KEY }),
        client.invalidateQueries({ queryKey: BRAND_QUERY_KEY }),
      ]);
    } catch (error) {
      const logoError = error instanceof ApiError ? error.fieldError('logo') : undefined;
      if (logoError) logo.reset(logoError);
      throw error;
    } finally {
      setSaving(false);
    }
  };

  return (
    <Grid container spacing={4}>
      <Grid size={{ xs: 12, md: 4 }}>
        <Typography variant="subtitle2" component="h2" sx={{ textAlign: 'center', mb: 2 }}>
          {SETTINGS_TEXTS.logo}
        </Typography>
        <ImageChooser
          choice={logo}
          rules={LOGO_RULES}
          stored={settings?.logoEmp ?? null}
          label={SETTINGS_TEXTS.logo}
          texts={SETTINGS_TEXTS}
          disabled={saving}
        />
        <Typography
          variant="caption"
          color="text.secondary"
          component="p"
          sx={{ textAlign: 'center', mt: 1 }}
        >
          {SETTINGS_TEXTS.logoHint}
        </Typography>
      </Grid>
      <Grid size={{ xs: 12, md: 8 }}>
        <ResourceForm
          fields={fields}
          schema={SettingsInputSchema}
          defaultValues={formValues(settings)}
          submitLabel={SETTINGS_TEXTS.submit}
          errorTitle={SETTINGS_MESSAGES.saveError}
          onSubmit={save}
        />
      </Grid>
    </Grid>
  );
}

/** The page's tabs; the bell links to a tab by its address's hash ('/ajustes#facturacion'). */
const SECTIONS = [
  { hash: '', label: SETTINGS_TEXTS.company },
  { hash: '#facturacion', label: ELECTRONIC_TEXTS.title },
  { hash: '#reserva-en-linea', label: ONLINE_BOOKING_TEXTS.title },
  { hash: '#whatsapp', label: WHATSAPP_TEXTS.title },
] as const;
type SectionHash = (typeof SECTIONS)[number]['hash'];

/** Spec §001-2 'Ajustes': the company's settings record, and its electronic receipts. */
export function SettingsPage() {
  const { hash } = useLocation();
  const navigate = useNavigate();
  const section: SectionHash = SECTIONS.find((s) => s.hash === hash)?.hash ?? '';
  const tabId = (value: SectionHash) => `ajustes-tab${value.replace('#', '-')}`;
  return (
    <PageContainer title={SETTINGS_TEXTS.title}>
      {/* On a card: the primary blue of the chosen tab misses AA contrast on the page's grey. */}
      <Card sx={{ mb: 2 }}>
        <Tabs
          value={section}
          onChange={(_, value: SectionHash) => void navigate({ hash: value }, { replace: true })}
          aria-label={SETTINGS_TEXTS.sections}
          // Three sections do not fit a phone's width side by side.
          variant="scrollable"
          scrollButtons="auto"
          sx={{ px: 2 }}
        >
          {SECTIONS.map(({ hash: value, label }) => (
            <Tab
              key={value}
              value={value}
              label={label}
              id={tabId(value)}
              aria-controls="ajustes-panel"
            />
          ))}
        </Tabs>
      </Card>
      <Box role="tabpanel" id="ajustes-panel" aria-labelledby={tabId(section)}>
        {section === '#facturacion' ? (
          <ElectronicSettingsCard />
        ) : section === '#reserva-en-linea' ? (
          <OnlineBookingSettingsCard />
        ) : section === '#whatsapp' ? (
          <WhatsappSettingsCard />
        ) : (
          <CompanySettingsCard />
        )}
      </Box>
    </PageContainer>
  );
}

/** The one company settings record. */
function CompanySettingsCard() {
  const { data, isPending, error } = useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: ({ signal }) => call(SETTINGS_ENDPOINTS.current, { signal }),
  });

  return (
    <Card>
      <CardContent sx={{ p: 3 }}>
        {isPending ? (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
            <CircularProgress aria-label="Cargando" />
          </Box>
        ) : error ? (
          <Alert severity="error">{error.message || SETTINGS_MESSAGES.saveError}</Alert>
        ) : (
          <>
            {data === null && (
              <Alert severity="info" sx={{ mb: 3 }}>
                {SETTINGS_MESSAGES.empty}
              </Alert>
            )}
            {/* A new record or version resets the form to what was saved. */}
            <SettingsForm key={data?.updated_at ?? 'nuevo'} settings={data} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
