import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { visuallyHidden } from '@mui/utils';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import {
  addDays,
  COAT_STATE_NAMES,
  COAT_STATES,
  isPeruMobile,
  limaToday,
  REPORT_CARD_ENDPOINTS,
  REPORT_CARD_MESSAGES,
  ReportCardInputSchema,
  whatsappUrl,
  type AgendaEntry,
  type ReportCard,
  type ReportCardInput,
} from '@app/domain';
import { CheckboxGroupField, ResourceForm, type FieldDef, type FieldRenderProps } from '../../crud';
import { copyWithToast } from '../../lib/clipboard';
import { call, callWithMessage, queryKey } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { useLastShown } from '../../lib/use-last-shown';
import { clientFullName, petName } from './my-day-texts';

/** What the visit's report card dialog says (DESIGN §11.8, decisions §report-cards). */
export const REPORT_CARD_TEXTS = {
  open: 'Ficha',
  title: 'Ficha de la visita',
  coat: 'Pelaje al llegar',
  work: 'Trabajos realizados',
  otherWork: 'Otro trabajo',
  add: 'Agregar',
  behaviour: 'Comportamiento',
  behaviourValue: (value: number) => `${value} de 5`,
  behaviourNone: 'Sin calificar',
  notes: 'Notas',
  weeks: 'Próxima visita en (semanas)',
  nextDay: (day: string) => `Se sugerirá volver el ${day}`,
  photos: 'Las fotos de antes y después de la visita (en «Detalles») se muestran en la ficha.',
  again:
    'Esta visita ya tiene una ficha. Al guardarla de nuevo se crea un enlace nuevo y el anterior deja de abrir.',
  loading: 'Cargando ficha',
  loadError: 'No se pudo cargar la ficha guardada; puede llenarla de nuevo.',
  mail: 'Enviar también el enlace por e-mail al cliente',
  save: 'Guardar ficha',
  saveError: 'No se pudo guardar la ficha',
  link: 'Enlace de la ficha',
  whatsapp: 'Enviar por WhatsApp',
  noMobile: 'Celular no válido',
  newTab: '(se abre en una pestaña nueva)',
  copy: 'Copiar enlace',
  copied: 'Enlace copiado',
  copyFailed: 'No se pudo copiar el enlace: selecciónelo y cópielo',
  close: 'Cerrar',
  message: (pet: string, url: string) =>
    `Hola, le compartimos la ficha de la visita de ${pet}: ${url}`,
} as const;

const T = REPORT_CARD_TEXTS;

/** The work most visits include, offered as ticks beside the service booked. */
export const COMMON_WORK = [
  'Baño',
  'Secado',
  'Cepillado',
  'Corte de uñas',
  'Limpieza de oídos',
  'Corte de pelo',
] as const;

/** 'Baño' and 'bano ' are one item: compared without case, accents or outer spaces. */
const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .trim()
    .toLowerCase();

/** The texts in order, each once. */
function distinct(texts: readonly string[]): string[] {
  const seen = new Set<string>();
  return texts.filter((text) => {
    const key = plain(text);
    if (key === '' || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The checklist's items and those ticked at first: the card's own when it has one; else the
 * service booked, and each common item its name mentions ('Baño y corte de uñas').
 */
export function workChoices(service: string, saved: readonly string[] | undefined) {
  const options = distinct([service, ...COMMON_WORK, ...(saved ?? [])]);
  const mentioned = COMMON_WORK.filter((item) => plain(service).includes(plain(item)));
  return { options, chosen: saved ? [...saved] : distinct([service, ...mentioned]) };
}

/** The Lima day of the visit plus the weeks, dd/mm/aaaa; null while the weeks are not 1–26. */
function nextVisitDay(entry: AgendaEntry, weeks: unknown): string | null {
  const n = Number(weeks);
  if (!Number.isInteger(n) || n < 1 || n > 26) return null;
  return formatDate(addDays(limaToday(new Date(entry.inicio)), n * 7));
}

export interface ReportCardDialogProps {
  /** The visit whose card is filled; null closes the dialog. */
  entry: AgendaEntry | null;
  onClose(): void;
}

/**
 * 'Ficha de la visita' (issue 38 §4): the groomer tells the owner how the visit went (the coat on
 * arrival, the work done, the behaviour, notes and when to come back). Saving answers the public
 * page's link, shown with 'Enviar por WhatsApp' and 'Copiar enlace': it is answered only then.
 */
export function ReportCardDialog({ entry, onClose }: ReportCardDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const shown = useLastShown(entry);
  return (
    <Dialog open={entry !== null} onClose={onClose} maxWidth="sm" fullWidth fullScreen={fullScreen}>
      <DialogTitle>{T.title}</DialogTitle>
      {shown && <ReportCardContent key={shown.id_cita} entry={shown} onClose={onClose} />}
    </Dialog>
  );
}

function ReportCardContent({ entry, onClose }: { entry: AgendaEntry; onClose(): void }) {
  const client = useQueryClient();
  const id = entry.id_cita;
  const saved = useQuery({
    queryKey: queryKey(REPORT_CARD_ENDPOINTS.ofAppointment, { params: { id } }),
    queryFn: ({ signal }) => call(REPORT_CARD_ENDPOINTS.ofAppointment, { params: { id }, signal }),
    retry: false,
  });
  const [issued, setIssued] = useState<{ url: string; message: string } | null>(null);

  if (issued) {
    return <IssuedLink entry={entry} {...issued} onClose={onClose} />;
  }

  const save = async (values: ReportCardInput) => {
    const answer = await callWithMessage(REPORT_CARD_ENDPOINTS.save, {
      params: { id },
      body: values,
    });
    setIssued({ url: answer.data.url, message: answer.message ?? REPORT_CARD_MESSAGES.saved });
    await client.invalidateQueries({ queryKey: [REPORT_CARD_ENDPOINTS.save.feature] });
  };

  return (
    <DialogContent>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {petName(entry)} · {entry.item.nombre} · {clientFullName(entry)}
      </Typography>
      {saved.isPending ? (
        <Stack sx={{ alignItems: 'center', py: 4 }}>
          <CircularProgress aria-label={T.loading} />
        </Stack>
      ) : (
        <>
          {saved.isError && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {T.loadError}
            </Alert>
          )}
          {saved.data && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {T.again}
            </Alert>
          )}
          <ReportCardForm
            entry={entry}
            saved={saved.data ?? null}
            onSave={save}
            onCancel={onClose}
          />
        </>
      )}
    </DialogContent>
  );
}

interface ReportCardFormProps {
  entry: AgendaEntry;
  saved: ReportCard | null;
  onSave(values: ReportCardInput): Promise<void>;
  onCancel(): void;
}

function ReportCardForm({ entry, saved, onSave, onCancel }: ReportCardFormProps) {
  const work = workChoices(entry.item.nombre, saved?.trabajos);
  const fields: FieldDef<keyof ReportCardInput>[] = [
    { name: 'pelaje', label: T.coat, width: 12, render: (props) => <CoatField {...props} /> },
    {
      name: 'trabajos',
      label: T.work,
      width: 12,
      render: (props) => <WorkField {...props} options={work.options} />,
    },
    {
      name: 'comportamiento',
      label: T.behaviour,
      width: 12,
      render: (props) => <BehaviourField {...props} />,
    },
    { name: 'notas', label: T.notes, kind: 'textarea', maxLength: 1000, width: 12 },
    {
      name: 'proxima_semanas',
      label: T.weeks,
      width: 12,
      render: (props) => <WeeksField {...props} entry={entry} />,
    },
    { name: 'correo', label: T.mail, kind: 'checkbox', width: 12 },
  ];
  return (
    <ResourceForm<typeof ReportCardInputSchema>
      fields={fields}
      schema={ReportCardInputSchema}
      defaultValues={{
        pelaje: saved?.pelaje,
        trabajos: work.chosen,
        comportamiento: saved?.comportamiento,
        notas: saved?.notas ?? '',
        proxima_semanas: saved?.proxima_semanas ?? 4,
        correo: false,
      }}
      submitLabel={T.save}
      errorTitle={T.saveError}
      onSubmit={onSave}
      onCancel={onCancel}
    >
      <Typography variant="body2" color="text.secondary">
        {T.photos}
      </Typography>
    </ResourceForm>
  );
}

/** The id of a group's error, which describes the group while it shows. */
const helperIdOf = (name: string) => `field-${name}-helper-text`;

function CoatField({ field, error, disabled }: FieldRenderProps) {
  const legendId = useId();
  const helperId = helperIdOf(field.name);
  const value = COAT_STATES.find((state) => state === field.value) ?? '';
  return (
    <FormControl error={Boolean(error)} disabled={disabled} required>
      <FormLabel id={legendId}>{T.coat}</FormLabel>
      <RadioGroup
        aria-labelledby={legendId}
        aria-describedby={error ? helperId : undefined}
        name={field.name}
        value={value}
        onChange={(_, next) => field.onChange(next)}
        onBlur={field.onBlur}
      >
        {COAT_STATES.map((state, index) => (
          <FormControlLabel
            key={state}
            value={state}
            label={COAT_STATE_NAMES[state]}
            control={
              <Radio
                slotProps={{
                  input: { ref: index === 0 ? field.ref : undefined },
                }}
                sx={{ '@media (pointer: coarse)': { minWidth: 44, minHeight: 44 } }}
              />
            }
          />
        ))}
      </RadioGroup>
      <FormHelperText id={helperId} sx={{ mx: 0 }}>
        {error ?? ' '}
      </FormHelperText>
    </FormControl>
  );
}

/**
 * The work done as ticks: the service booked and the common items, and 'Otro trabajo' to add one
 * more (ticked as added). The value is the ticked items in the list's order.
 */
function WorkField({
  options: offered,
  ...props
}: FieldRenderProps & { options: readonly string[] }) {
  const { field, disabled } = props;
  const chosen = Array.isArray(field.value)
    ? field.value.filter((item): item is string => typeof item === 'string')
    : [];
  const [options, setOptions] = useState(() => distinct([...offered, ...chosen]));
  const [other, setOther] = useState('');

  const add = () => {
    const text = other.trim();
    if (text === '') return;
    const known = options.find((item) => plain(item) === plain(text));
    const item = known ?? text;
    const list = known ? options : [...options, text];
    setOptions(list);
    field.onChange(list.filter((entry) => entry === item || chosen.includes(entry)));
    setOther('');
  };

  return (
    <CheckboxGroupField
      {...props}
      label={T.work}
      options={options.map((item) => ({ value: item, label: item }))}
      required
    >
      <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'flex-start' }}>
        <TextField
          size="small"
          fullWidth
          id={`field-${field.name}-otro`}
          label={T.otherWork}
          value={other}
          disabled={disabled}
          onChange={(event) => setOther(event.target.value)}
          onKeyDown={(event) => {
            // Enter adds the item; the form is sent with its own button.
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
          slotProps={{ htmlInput: { maxLength: 80 } }}
        />
        <Button
          variant="outlined"
          onClick={add}
          disabled={disabled}
          sx={{ flex: 'none', height: 40 }}
        >
          {T.add}
        </Button>
      </Stack>
    </CheckboxGroupField>
  );
}

/** 1 to 5 stars, each a radio named 'N de 5' for a screen reader. */
function BehaviourField({ field, error, disabled }: FieldRenderProps) {
  const helperId = helperIdOf(field.name);
  const value = typeof field.value === 'number' ? field.value : null;
  return (
    <FormControl
      component="fieldset"
      error={Boolean(error)}
      disabled={disabled}
      aria-describedby={error ? helperId : undefined}
    >
      <FormLabel component="legend" required>
        {T.behaviour}
      </FormLabel>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Rating
          name={field.name}
          value={value}
          max={5}
          size="large"
          disabled={disabled}
          getLabelText={T.behaviourValue}
          emptyLabelText={T.behaviourNone}
          onChange={(_, next) => field.onChange(next ?? undefined)}
          onBlur={field.onBlur}
          sx={{ fontSize: '2.75rem' }}
        />
        <Typography aria-hidden sx={{ fontWeight: 600 }}>
          {value === null ? '' : T.behaviourValue(value)}
        </Typography>
      </Stack>
      <FormHelperText id={helperId} sx={{ mx: 0 }}>
        {error ?? ' '}
      </FormHelperText>
    </FormControl>
  );
}

/** The weeks to the next visit, with the day they make under the field. */
function WeeksField({ field, error, disabled, entry }: FieldRenderProps & { entry: AgendaEntry }) {
  const day = nextVisitDay(entry, field.value);
  return (
    <TextField
      id={`field-${field.name}`}
      label={T.weeks}
      name={field.name}
      inputRef={field.ref}
      value={(field.value as unknown) ?? ''}
      type="number"
      required
      disabled={disabled}
      error={Boolean(error)}
      helperText={error ?? (day ? T.nextDay(day) : ' ')}
      onChange={(event) => field.onChange(event.target.value)}
      onBlur={field.onBlur}
      slotProps={{ htmlInput: { min: 1, max: 26, step: 1, inputMode: 'numeric' } }}
    />
  );
}

interface IssuedLinkProps {
  entry: AgendaEntry;
  url: string;
  message: string;
  onClose(): void;
}

/** The saved card's link: sent by WhatsApp to the owner's first mobile, or copied. */
function IssuedLink({ entry, url, message, onClose }: IssuedLinkProps) {
  const phone = [entry.cliente.tel1_cli, entry.cliente.tel2_cli].find(isPeruMobile);
  const chat = phone ? whatsappUrl(phone, T.message(petName(entry), url)) : null;
  const first = useRef<HTMLAnchorElement>(null);
  const linkField = useRef<HTMLInputElement>(null);
  // The form that had the focus is gone: the next step takes it.
  useEffect(() => {
    (first.current ?? linkField.current)?.focus();
  }, []);

  return (
    <>
      <DialogContent>
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          {message}
        </Alert>
        <TextField
          fullWidth
          id="ficha-enlace"
          label={T.link}
          value={url}
          inputRef={linkField}
          slotProps={{ htmlInput: { readOnly: true } }}
          onFocus={(event) => event.target.select()}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }}>
          {chat ? (
            <Button
              ref={first}
              variant="contained"
              color="success"
              size="large"
              href={chat}
              target="_blank"
              rel="noopener noreferrer"
              startIcon={<WhatsAppIcon />}
            >
              {T.whatsapp}
              <Box component="span" sx={visuallyHidden}>
                {` ${T.newTab}`}
              </Box>
            </Button>
          ) : (
            <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
              <Button variant="contained" size="large" disabled startIcon={<WhatsAppIcon />}>
                {T.whatsapp}
              </Button>
              <Typography variant="caption" color="error" sx={{ fontWeight: 700 }}>
                {T.noMobile}
              </Typography>
            </Stack>
          )}
          <Button
            variant="outlined"
            size="large"
            startIcon={<ContentCopyIcon />}
            onClick={() => void copyWithToast(url, { copied: T.copied, failed: T.copyFailed })}
          >
            {T.copy}
          </Button>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{T.close}</Button>
      </DialogActions>
    </>
  );
}
