import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { APPOINTMENT_MESSAGES, limaToday, type AgendaEntry, type Appointment } from '@app/domain';
import { useBrand } from '../../app/brand';
import { PageContainer } from '../../app/page-container';
import { listErrorMessage } from '../../crud';
import { showErrorDialog } from '../../lib/alerts';
import { toApiDate } from '../../lib/format';
import { usePermissions, useProfile } from '../../lib/use-profile';
import { useStatusChangeAskingConsent } from './appointment-consents';
import { AppointmentDetails } from './appointment-details';
import { AppointmentFormDialog, type AppointmentFormTarget } from './appointment-form';
import { useAttends } from './groomers';
import { MyCommission } from './my-commission';
import { MyDayCard } from './my-day-card';
import { MY_DAY_TEXTS as T, dayTitle } from './my-day-texts';
import { ReportCardDialog } from './report-card-dialog';
import { TriageDialog } from './triage-dialog';
import { useAgenda, useAppointmentLoader } from './use-agenda';

/** The day shown: `?dia=` in the address (a reload keeps it), today in Lima by default. */
function useDay(): [string, (day: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const day = params.get('dia') || limaToday();
  return [day, (next) => setParams(next ? { dia: next } : {}, { replace: true })];
}

const shift = (day: string, days: number) => toApiDate(dayjs(day).add(days, 'day'));

/**
 * 'Mi día' (issue 30 §5): the signed-in groomer's visits of one day, as a list on every screen
 * size: on a phone, a tablet at the table or a desk, a groomer reads their day top to bottom.
 * The data is the agenda's (GET /agenda with the day and their employee), which carries no
 * price for a groomer. Where signing in takes a groomer (lib/use-profile.ts, homePath). Above
 * the visits, 'Mis comisiones': the groomer's own earnings of the period, never another's.
 */
export function MyDayPage() {
  const profile = useProfile();
  const { can } = usePermissions();
  const [day, setDay] = useDay();
  const today = limaToday();
  const employee = profile.data?.id_emp ?? null;

  return (
    <PageContainer
      title={dayTitle(day)}
      actions={
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
          <IconButton
            size="large"
            aria-label={T.previousDay}
            onClick={() => setDay(shift(day, -1))}
          >
            <ChevronLeftIcon />
          </IconButton>
          <Button
            variant="outlined"
            size="large"
            disabled={day === today}
            onClick={() => setDay(null)}
          >
            {T.today}
          </Button>
          <IconButton size="large" aria-label={T.nextDay} onClick={() => setDay(shift(day, 1))}>
            <ChevronRightIcon />
          </IconButton>
        </Stack>
      }
    >
      {profile.isPending ? (
        <LinearProgress aria-label={T.loading} />
      ) : employee === null ? (
        <Alert
          severity="info"
          action={
            can('agenda.leer') && (
              <Button component={RouterLink} to="/agenda" color="inherit">
                {T.toAgenda}
              </Button>
            )
          }
        >
          {T.notLinked}
        </Alert>
      ) : (
        <>
          <MyCommission />
          <DayVisits day={day} employee={employee} />
        </>
      )}
    </PageContainer>
  );
}

function DayVisits({ day, employee }: { day: string; employee: number }) {
  const agenda = useAgenda({ desde: day, hasta: day, emp: employee });
  const brand = useBrand();
  const attendsTo = useAttends();
  // Starting and completing take one tap (issue 30 §5): no '¿Está seguro?', undoing is one more
  // status change (statuses §transitions). A start refused for a missing consent signature asks
  // for the reason ('Iniciar sin firma', decisions §consents).
  const status = useStatusChangeAskingConsent();
  const loadAppointment = useAppointmentLoader();
  const [openedId, setOpenedId] = useState<number | null>(null);
  const [triageFor, setTriageFor] = useState<Appointment | null>(null);
  const [reportCardId, setReportCardId] = useState<number | null>(null);
  const [form, setForm] = useState<AppointmentFormTarget | null>(null);

  const citas = agenda.data?.citas;
  const opened = citas?.find((c) => c.id_cita === openedId) ?? null;
  const reportCardFor = citas?.find((c) => c.id_cita === reportCardId) ?? null;
  const groomerName = (id: number | null) =>
    agenda.data?.groomers.find((g) => g.id_emp === id)?.nombre ?? '';

  /** Triaje works on the whole appointment, fetched when asked for. */
  const openTriage = async (entry: AgendaEntry) => {
    try {
      setTriageFor(await loadAppointment(entry.id_cita));
    } catch (error) {
      await showErrorDialog(APPOINTMENT_MESSAGES.loadWarning, error);
    }
  };

  return (
    <>
      {agenda.isFetching && <LinearProgress aria-label={T.loading} sx={{ mb: 2 }} />}
      {agenda.isError ? (
        <Alert severity="warning">{listErrorMessage(agenda.error, T.loadError)}</Alert>
      ) : citas === undefined ? null : citas.length === 0 ? (
        <Alert severity="info">{T.empty}</Alert>
      ) : (
        <Stack spacing={2} sx={{ maxWidth: 880 }}>
          <Typography color="text.secondary" aria-live="polite">
            {T.count(citas.length)}
          </Typography>
          {citas.map((entry) => (
            <MyDayCard
              key={entry.id_cita}
              entry={entry}
              company={brand.name}
              attends={attendsTo(entry.id_emp)}
              changing={status.pending?.id === entry.id_cita ? status.pending.status : null}
              onStatus={(target, est) =>
                void status.changeStatus({
                  id: target.id_cita,
                  status: est,
                  errorTitle: APPOINTMENT_MESSAGES.statusErrorTitle,
                })
              }
              onTriage={(target) => void openTriage(target)}
              onReportCard={(target) => setReportCardId(target.id_cita)}
              onDetails={(target) => setOpenedId(target.id_cita)}
            />
          ))}
        </Stack>
      )}
      <AppointmentDetails
        entry={opened}
        groomerName={groomerName(opened?.id_emp ?? null)}
        onClose={() => setOpenedId(null)}
        onEdit={(appointment) => setForm({ appointment })}
        onTriage={setTriageFor}
      />
      <AppointmentFormDialog target={form} onClose={() => setForm(null)} />
      <TriageDialog appointment={triageFor} onClose={() => setTriageFor(null)} />
      <ReportCardDialog entry={reportCardFor} onClose={() => setReportCardId(null)} />
      {status.dialog}
    </>
  );
}
