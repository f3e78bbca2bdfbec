import AssignmentIcon from '@mui/icons-material/Assignment';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import dayjs from 'dayjs';
import { useId } from 'react';
import {
  APPOINTMENT_STATUSES,
  AppointmentStatus,
  mayChangeAppointment,
  mayChangeStatus,
  type AgendaEntry,
} from '@app/domain';
import { StatusBadge } from '../../crud';
import { TIME_ZONE } from '../../lib/format';
import { PetCareChips } from '../../lookups';
import { UnsignedChip } from './appointment-consents';
import { MY_DAY_TEXTS as T, clientFullName, petName, readyLink } from './my-day-texts';
import { REPORT_CARD_TEXTS } from './report-card-dialog';

const { EnProceso, Completada } = AppointmentStatus;

export interface MyDayCardProps {
  entry: AgendaEntry;
  /** The company's name, which the owner's message signs with. */
  company: string;
  /** Whether the user may start, complete and triage it (decisions §roles). */
  attends: boolean;
  /** The status being sent for this visit, if any: its button shows progress. */
  changing: number | null;
  onStatus(entry: AgendaEntry, status: number): void;
  onTriage(entry: AgendaEntry): void;
  /** 'Ficha': the visit's report card, once it is under way or done. */
  onReportCard(entry: AgendaEntry): void;
  onDetails(entry: AgendaEntry): void;
}

const limaTime = (iso: string) => dayjs(iso).tz(TIME_ZONE).format('HH:mm');

/**
 * One visit of 'Mi día': the pet's alerts, care notes and vaccines first (what the groomer must
 * know before touching it), then the time, the pet and the service, and what to do next with
 * one tap: Iniciar (En Proceso), Completar (Completada), then 'Avisar que está listo'; and,
 * once under way, its 'Ficha' (the report card, DESIGN §11.8). 'Sin firmar' beside the status
 * while a consent the visit asks lacks its signature: starting it then asks for the reason. No
 * price: a groomer's day carries no money (issue 30 §5).
 */
export function MyDayCard({
  entry,
  company,
  attends,
  changing,
  onStatus,
  onTriage,
  onReportCard,
  onDetails,
}: MyDayCardProps) {
  const titleId = useId();
  const pet = petName(entry);
  // The transitions table decides (statuses §transitions); a charged visit changes no more.
  const may = (status: number) =>
    attends && mayChangeStatus(entry) && mayChangeAppointment(entry.id_est, status);
  const started = entry.id_est === EnProceso;
  const done = entry.id_est === Completada;
  const link = done ? readyLink(entry, company) : null;
  const hidden = (text: string) => (
    <Box component="span" sx={visuallyHidden}>
      {text}
    </Box>
  );

  return (
    <Card component="article" aria-labelledby={titleId} variant="outlined">
      <CardContent sx={{ pb: 1 }}>
        <PetCareChips care={entry.perro} showNotes />
        <Stack
          direction="row"
          sx={{ mt: 1, gap: 1, alignItems: 'center', justifyContent: 'space-between' }}
        >
          <Typography sx={{ fontWeight: 700, fontSize: '1.25rem' }}>
            {limaTime(entry.inicio)} – {limaTime(entry.fin)}
          </Typography>
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center' }}>
            {entry.sin_firmar && <UnsignedChip />}
            <StatusBadge id={entry.id_est} catalogue={APPOINTMENT_STATUSES} />
          </Stack>
        </Stack>
        <Typography id={titleId} variant="h6" component="h3" sx={{ fontWeight: 700 }}>
          {pet} · {entry.item.nombre}
        </Typography>
        <Box component="dl" sx={{ m: 0, '& dt': { fontWeight: 600, display: 'inline' } }}>
          <Line label={T.client} value={clientFullName(entry)} />
          <Line label={T.triage} value={entry.triaje ? T.triageDone : T.triagePending} />
          {entry.obs && <Line label={T.notes} value={entry.obs} />}
        </Box>
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 1, px: 2, pb: 2 }}>
        {may(EnProceso) && (
          <Button
            variant={started ? 'outlined' : 'contained'}
            size="large"
            startIcon={<PlayArrowIcon />}
            loading={changing === EnProceso}
            disabled={changing !== null}
            onClick={() => onStatus(entry, EnProceso)}
          >
            {T.start}
            {hidden(T.thePet(pet))}
          </Button>
        )}
        {may(Completada) && (
          <Button
            variant={started ? 'contained' : 'outlined'}
            color="success"
            size="large"
            startIcon={<TaskAltIcon />}
            loading={changing === Completada}
            disabled={changing !== null}
            onClick={() => onStatus(entry, Completada)}
          >
            {T.complete}
            {hidden(T.thePet(pet))}
          </Button>
        )}
        {done &&
          (link ? (
            <Button
              variant="contained"
              color="success"
              size="large"
              component="a"
              href={link}
              target="_blank"
              rel="noopener noreferrer"
              startIcon={<WhatsAppIcon />}
            >
              {T.ready}
              {hidden(` (${pet}) ${T.newTab}`)}
            </Button>
          ) : (
            <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
              <Button variant="contained" size="large" disabled startIcon={<WhatsAppIcon />}>
                {T.ready}
              </Button>
              <Typography variant="caption" color="error" sx={{ fontWeight: 700 }}>
                {T.noMobile}
              </Typography>
            </Stack>
          ))}
        {attends && (
          <Button variant="outlined" size="large" onClick={() => onTriage(entry)}>
            {T.triage}
            {hidden(T.ofPet(pet))}
          </Button>
        )}
        {attends && (started || done) && (
          <Button
            variant="outlined"
            size="large"
            startIcon={<AssignmentIcon />}
            onClick={() => onReportCard(entry)}
          >
            {REPORT_CARD_TEXTS.open}
            {hidden(T.ofPet(pet))}
          </Button>
        )}
        <Button variant="text" size="large" onClick={() => onDetails(entry)}>
          {T.details}
          {hidden(T.ofPet(pet))}
        </Button>
      </CardActions>
    </Card>
  );
}

function Line({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ typography: 'body2' }}>
      <dt>{label}:</dt>{' '}
      <Box component="dd" sx={{ display: 'inline', m: 0 }}>
        {value}
      </Box>
    </Box>
  );
}
