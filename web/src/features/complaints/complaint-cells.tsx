import EventBusyIcon from '@mui/icons-material/EventBusy';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Typography from '@mui/material/Typography';
import {
  COMPLAINT_STATE_COLORS,
  COMPLAINT_STATE_LABELS,
  type ComplaintState,
  type ComplaintSummary,
} from '@app/domain';
import { StatusChip } from '../../crud';
import { formatDate } from '../../lib/format';
import { COMPLAINTS_TEXTS as T } from './complaints-texts';

/** A hoja's state as a coloured chip that says it in words too. */
export function ComplaintStateChip({ state }: { state: ComplaintState }) {
  return <StatusChip label={COMPLAINT_STATE_LABELS[state]} color={COMPLAINT_STATE_COLORS[state]} />;
}

/** What the due date's cell reads of a hoja, a row of the list or the whole hoja. */
export type ComplaintDue = Pick<
  ComplaintSummary,
  'vence' | 'estado' | 'dias_habiles_restantes' | 'vencido' | 'por_vencer' | 'respondido_at'
>;

/** The working days left, or late, in words: the colour only repeats them. */
function dueText(complaint: ComplaintDue): string {
  const left = complaint.dias_habiles_restantes ?? 0;
  if (complaint.vencido) return `${T.overdue} · ${T.overdueBy(Math.max(-left, 1))}`;
  return left === 0 ? T.dueToday : T.daysLeft(left);
}

/**
 * 'Vence': the legal due date and, under it, the working days left; red, bold and with an icon
 * when 3 or fewer remain or it is late, and once answered the day it was.
 */
export function DueDate({ complaint }: { complaint: ComplaintDue }) {
  const answered = complaint.estado === 'respondido';
  const urgent = !answered && (complaint.por_vencer || complaint.vencido);
  const Icon = complaint.vencido ? EventBusyIcon : WarningAmberIcon;
  return (
    <>
      <span style={{ whiteSpace: 'nowrap' }}>{formatDate(complaint.vence)}</span>
      <Typography
        component="div"
        variant="caption"
        color={urgent ? 'error' : 'text.secondary'}
        sx={{ display: 'flex', alignItems: 'center', gap: 0.5, fontWeight: urgent ? 700 : 400 }}
      >
        {urgent && <Icon aria-hidden sx={{ fontSize: 16 }} />}
        {answered
          ? complaint.respondido_at && T.answeredOn(formatDate(complaint.respondido_at))
          : dueText(complaint)}
      </Typography>
    </>
  );
}
