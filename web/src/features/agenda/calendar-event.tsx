import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';
import type { CSSProperties } from 'react';
import type { EventProps } from 'react-big-calendar';
import {
  APPOINTMENT_STATUSES,
  AppointmentStatus,
  statusName,
  type AgendaAbsence,
  type AgendaEntry,
} from '@app/domain';
import { fullName, upper } from '../../lib/format';
import { PetCareChips } from '../../lookups';

/** One card: the visit and where the calendar places it (calendar times, see use-agenda.ts). */
export interface CalendarEvent {
  entry: AgendaEntry;
  start: Date;
  end: Date;
  /** The day view's column: the groomer, or UNASSIGNED_COLUMN. */
  column: number;
  /** The groomer's calendar colour; none while unassigned. */
  groomerColor?: string;
}

/**
 * A groomer's time off, drawn behind the cards of their column (a background event): greyed,
 * with its reason. Nothing is dragged or opened from it.
 */
export interface AwayBlock {
  away: AgendaAbsence;
  start: Date;
  end: Date;
  column: number;
}

/** What the calendar draws: a visit's card, or a groomer's time off. */
export type CalendarItem = CalendarEvent | AwayBlock;

export const isVisit = (item: CalendarItem): item is CalendarEvent => 'entry' in item;

/** The day view's 'Sin asignar' column. Not 0: the calendar takes a falsy column for none. */
export const UNASSIGNED_COLUMN = -1;

export const CARD_TEXTS = {
  online: 'En línea',
  onlineLabel: 'Reservada en línea por el cliente',
  confirmed: 'Confirmada por el cliente',
  unsigned: 'Sin firmar',
  unsignedLabel: 'Falta la firma de un consentimiento',
  away: 'Ausente',
} as const;

/** 'Ausente · Vacaciones': what a time off block says. */
export const awayText = ({ motivo }: AgendaAbsence) =>
  motivo ? `${CARD_TEXTS.away} · ${motivo}` : CARD_TEXTS.away;

export const clientName = (entry: AgendaEntry) =>
  fullName(entry.cliente.nom_cli, entry.cliente.ape_cli);

const statusOf = (entry: AgendaEntry) => statusName(entry.id_est, APPOINTMENT_STATUSES);

/** What the card says, for its tooltip: client, pet, service, status and an online booking. */
export function eventSummary(item: CalendarItem): string {
  if (!isVisit(item)) return awayText(item.away);
  const { entry } = item;
  return [
    clientName(entry),
    upper(entry.perro.nom_perro),
    entry.item.nombre,
    statusOf(entry),
    ...(entry.origen === 'en_linea' ? [CARD_TEXTS.online] : []),
    ...(entry.confirmada_en ? [CARD_TEXTS.confirmed] : []),
    ...(entry.sin_firmar ? [CARD_TEXTS.unsigned] : []),
  ].join(' · ');
}

/** The status's badge colour of the theme, with the text it carries at 4.5:1 or more. */
function statusColors(theme: Theme, id_est: number) {
  const color = APPOINTMENT_STATUSES.find((s) => s.id_est === id_est)?.color ?? 'default';
  const background = color === 'default' ? theme.palette.grey[700] : theme.palette[color].main;
  return { background, text: theme.palette.getContrastText(background) };
}

/**
 * The card's colours: its status's, with the groomer's colour as its left edge (the day view
 * has a column per groomer; the week's cards are one groomer's). The text is white or dark,
 * whichever reads at 4.5:1 on the background, in light and dark mode. A request awaiting the
 * salon (Por confirmar) has a dashed border: it holds its time, but it is not settled.
 */
export function cardStyle(theme: Theme, event: CalendarEvent): CSSProperties {
  const status = statusColors(theme, event.entry.id_est);
  const pending = event.entry.id_est === AppointmentStatus.PorConfirmar;
  return {
    backgroundColor: status.background,
    color: status.text,
    border: pending ? `2px dashed ${status.text}` : 'none',
    borderLeft: `6px solid ${event.groomerColor ?? theme.palette.grey[600]}`,
  };
}

/** Class names the calendar's stylesheet gives the card's lines (calendar-page.tsx). */
export const CARD_CLASSES = {
  lines: 'agenda-card',
  client: 'agenda-card-client',
  online: 'agenda-card-online',
  unsigned: 'agenda-card-unsigned',
  confirmed: 'agenda-card-confirmed',
  away: 'agenda-away',
} as const;

/** The mark of a cita the client booked online: a small pill, its words its label. */
function OnlineMark() {
  return (
    <span className={CARD_CLASSES.online} title={CARD_TEXTS.onlineLabel}>
      {CARD_TEXTS.online}
    </span>
  );
}

/** The mark of a cita whose pet lacks a consent's signature (DESIGN §11.8): the same pill. */
function UnsignedMark() {
  return (
    <span className={CARD_CLASSES.unsigned} title={CARD_TEXTS.unsignedLabel}>
      {CARD_TEXTS.unsigned}
    </span>
  );
}

/**
 * The check of a cita its client confirmed from their link: a plain character, not an icon
 * component (a thousand cards), named for a screen reader and in its tooltip.
 */
export function ConfirmedMark() {
  return (
    <span
      className={CARD_CLASSES.confirmed}
      role="img"
      aria-label={CARD_TEXTS.confirmed}
      title={CARD_TEXTS.confirmed}
      style={{ marginRight: 4 }}
    >
      {'\u2714\uFE0E'}
    </span>
  );
}

/**
 * The card's lines as plain elements styled once by the calendar: a busy week has a thousand
 * cards, and a styled component per line would cost each of them a style computation. The pet's
 * alerts come right under the names: a card shorter than its lines cuts off the last ones, and
 * the status also shows in the card's colour.
 */
function CardLines({ entry }: { entry: AgendaEntry }) {
  return (
    <span className={CARD_CLASSES.lines}>
      <span className={CARD_CLASSES.client}>
        {entry.confirmada_en && <ConfirmedMark />}
        {clientName(entry)} · {upper(entry.perro.nom_perro)}
      </span>
      <PetCareChips care={entry.perro} variant="card" />
      <span>{entry.item.nombre}</span>
      <span>{statusOf(entry)}</span>
      {entry.origen === 'en_linea' && <OnlineMark />}
      {entry.sin_firmar && <UnsignedMark />}
    </span>
  );
}

/** The card of the day and week views, or a time off block; the calendar writes its time above. */
export function TimeGridCard({ event }: EventProps<CalendarItem>) {
  if (!isVisit(event)) return <span className={CARD_CLASSES.lines}>{awayText(event.away)}</span>;
  return <CardLines entry={event.entry} />;
}

interface ListCardProps extends Pick<EventProps<CalendarEvent>, 'event'> {
  /** The visit's hours, written atop the card where no column shows them (a phone's list). */
  hours?: string;
  /** Opens the cita; the desktop list's cell does it for the card it holds. */
  onOpen?(): void;
}

/**
 * The list view's card, a real button so that a keyboard reaches it and Enter clicks it.
 */
export function ListCard({ event, hours, onOpen }: ListCardProps) {
  return (
    <Box
      component="button"
      type="button"
      onClick={onOpen}
      sx={(theme) => ({
        ...cardStyle(theme, event),
        display: 'block',
        width: '100%',
        textAlign: 'left',
        font: 'inherit',
        borderRadius: 1,
        px: 1,
        py: 0.5,
        cursor: 'pointer',
        '&:focus-visible': { outline: `3px solid ${theme.palette.text.primary}`, outlineOffset: 2 },
      })}
    >
      {hours && <span className={CARD_CLASSES.client}>{hours}</span>}
      <CardLines entry={event.entry} />
    </Box>
  );
}

/** The desktop list view's cell: the list shows visits only, never time off. */
export function ListItemCard({ event }: Pick<EventProps<CalendarItem>, 'event'>) {
  return isVisit(event) ? <ListCard event={event} /> : null;
}
