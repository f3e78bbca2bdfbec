import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { alpha, type Theme } from '@mui/material/styles';
import { dayName } from './calendar-time';
import { citasCount, type WeekCounts, type WeekCountsRow } from './week-counts';

interface WeekCountsProps {
  counts: WeekCounts;
  /** The week's days, Monday first (calendar Dates). */
  days: Date[];
  /** Opens the day view of `day`. */
  onOpenDay(day: Date): void;
}

/** The screen-reader name of a count: 'Lunes 30/11: 5 citas de Ana'. */
function countName(day: Date, count: number, row: WeekCountsRow) {
  const whose = row.id_emp === null ? row.nombre.toLocaleLowerCase('es') : `de ${row.nombre}`;
  return `${dayName(day)}: ${citasCount(count)} ${whose}`;
}

/** A busier day is a deeper shade, so a glance finds the full days and the free ones. */
const shade = (theme: Theme, count: number, busiest: number) =>
  count === 0 ? 'transparent' : alpha(theme.palette.primary.main, 0.06 + (0.22 * count) / busiest);

/** A groomer's calendar colour, as a dot before their name. */
function ColorDot({ color }: { color?: string }) {
  return (
    <Box
      component="span"
      aria-hidden
      sx={{
        display: 'inline-block',
        flex: 'none',
        width: 10,
        height: 10,
        borderRadius: '50%',
        bgcolor: color ?? 'grey.600',
      }}
    />
  );
}

const COUNT_BUTTON_SX = {
  minHeight: 44,
  minWidth: 0,
  width: '100%',
  px: 1,
  textTransform: 'none',
} as const;

interface WeekCountsGridProps extends WeekCountsProps {
  /** Shows one groomer's week as cards. */
  onOpenGroomerWeek(id_emp: number): void;
}

/**
 * A full week of every groomer: the visits per groomer and day, where the calendar's cards
 * would be a few pixels wide. A count opens its day; a groomer's name opens their week.
 */
export function WeekCountsGrid({
  counts,
  days,
  onOpenDay,
  onOpenGroomerWeek,
}: WeekCountsGridProps) {
  const busiest = Math.max(1, ...counts.rows.flatMap((row) => row.counts));
  return (
    <TableContainer>
      {/* Fixed columns: the seven days share what the groomers' names leave, at any width. */}
      <Table
        size="small"
        aria-label="Citas de la semana por groomer y día"
        sx={{ tableLayout: 'fixed', '& td, & th': { px: 0.5 } }}
      >
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: '18%' }}>Groomer</TableCell>
            {days.map((day) => (
              <TableCell key={day.getTime()} align="center" sx={{ fontWeight: 700 }}>
                {dayName(day)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {counts.rows.map((row) => {
            const { id_emp } = row;
            return (
              <TableRow key={id_emp ?? 'unassigned'}>
                <TableCell component="th" scope="row">
                  {id_emp === null ? (
                    row.nombre
                  ) : (
                    <Button
                      onClick={() => onOpenGroomerWeek(id_emp)}
                      aria-label={`Ver la semana de ${row.nombre}`}
                      startIcon={<ColorDot color={row.color} />}
                      sx={{
                        ...COUNT_BUTTON_SX,
                        justifyContent: 'flex-start',
                        textAlign: 'left',
                        color: 'text.primary',
                      }}
                    >
                      {row.nombre}
                    </Button>
                  )}
                </TableCell>
                {days.map((day, i) => (
                  <TableCell key={day.getTime()} align="center" sx={{ p: 0.5 }}>
                    <Button
                      onClick={() => onOpenDay(day)}
                      aria-label={countName(day, row.counts[i], row)}
                      sx={(theme) => ({
                        ...COUNT_BUTTON_SX,
                        color: row.counts[i] === 0 ? 'text.secondary' : 'text.primary',
                        bgcolor: shade(theme, row.counts[i], busiest),
                      })}
                    >
                      {row.counts[i] === 0 ? '—' : citasCount(row.counts[i])}
                    </Button>
                  </TableCell>
                ))}
              </TableRow>
            );
          })}
        </TableBody>
        <TableFooter>
          <TableRow>
            <TableCell component="th" scope="row" sx={{ fontWeight: 700 }}>
              Total
            </TableCell>
            {days.map((day, i) => (
              <TableCell key={day.getTime()} align="center" sx={{ fontWeight: 700 }}>
                {citasCount(counts.totals[i])}
              </TableCell>
            ))}
          </TableRow>
        </TableFooter>
      </Table>
    </TableContainer>
  );
}

/**
 * A phone's week: a row per day with its visits (and each groomer's, when there are several);
 * a tap opens the day.
 */
export function WeekCountsList({ counts, days, onOpenDay }: WeekCountsProps) {
  const several = counts.rows.length > 1;
  return (
    <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {days.map((day, i) => {
        const busy = counts.rows.filter((row) => row.counts[i] > 0);
        return (
          <li key={day.getTime()}>
            <Button
              variant="outlined"
              onClick={() => onOpenDay(day)}
              sx={{
                ...COUNT_BUTTON_SX,
                display: 'block',
                textAlign: 'left',
                color: 'text.primary',
                borderColor: 'divider',
              }}
            >
              <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
                <Typography component="span" sx={{ fontWeight: 700 }}>
                  {dayName(day)}
                </Typography>
                <Typography component="span">{citasCount(counts.totals[i])}</Typography>
              </Stack>
              {several && busy.length > 0 && (
                <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
                  {busy.map((row) => `${row.nombre}: ${row.counts[i]}`).join(' · ')}
                </Typography>
              )}
            </Button>
          </li>
        );
      })}
    </Stack>
  );
}
