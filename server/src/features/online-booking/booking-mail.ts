import ical, { ICalCalendarMethod } from 'ical-generator';
import { AppointmentStatus, limaWallClock, WEEKDAYS } from '@app/domain';
import type { Mail } from '../../mail/mailer';
import { CODE_MINUTES } from './booking-codes';

/**
 * The booking page's e-mails (DESIGN §11.4): the code that proves the address, and the booking
 * received or confirmed, with the visit as an .ics file and the personal link to cancel it.
 */

/** The salon as its mails name it (Ajustes). */
export interface MailSalon {
  nombre: string;
  direccion: string;
  telefono: string;
}

/** The code that proves the address is the client's. */
export function codeMail(to: string, salon: MailSalon, code: string): Mail {
  const text =
    `Su código para reservar en ${salon.nombre}: ${code}. Vence en ${CODE_MINUTES} minutos.\n\n` +
    'Si usted no pidió este código, ignore este correo: nadie podrá reservar sin él.\n';
  return { to, subject: `Su código para reservar en ${salon.nombre}`, text };
}

/** The visit as the client's mail tells it. */
export interface BookedVisit {
  to: string;
  /** The client's first name. */
  nombres: string;
  id_cita: number;
  /** 10 Por confirmar (the salon confirms it) or 9 Programada (confirmed). */
  estado: number;
  inicio: Date;
  duracion: number;
  servicio: string;
  mascota: string;
  groomer: string;
  /** `${APP_URL}/c/<token>`: where the client sees and cancels it. */
  enlace: string;
  /** Hours before the visit until which the link cancels it. */
  cancelar_horas: number;
  politica: string;
}

const two = (n: number) => String(n).padStart(2, '0');

/** 'martes 01/12/2026 a las 10:00', in Lima whatever the zone of the machine. */
export function visitText(at: Date): string {
  const t = limaWallClock(at);
  // getUTCDay: 0 is Sunday; WEEKDAYS counts Monday as 1 and Sunday as 7.
  const weekday = WEEKDAYS[(t.getUTCDay() + 6) % 7].nombre.toLowerCase();
  const day = `${two(t.getUTCDate())}/${two(t.getUTCMonth() + 1)}/${t.getUTCFullYear()}`;
  return `${weekday} ${day} a las ${two(t.getUTCHours())}:${two(t.getUTCMinutes())}`;
}

/** Lima's zone for the .ics: UTC−5 all year, no daylight saving (decisions §lima). */
const LIMA_ZONE = 'America/Lima';
const LIMA_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${LIMA_ZONE}`,
  'BEGIN:STANDARD',
  'DTSTART:19700101T000000',
  'TZOFFSETFROM:-0500',
  'TZOFFSETTO:-0500',
  'TZNAME:-05',
  'END:STANDARD',
  'END:VTIMEZONE',
].join('\r\n');

/** Lima's wall clock as `YYYY-MM-DDTHH:MM:SS`. */
const limaText = (at: Date) => limaWallClock(at).toISOString().slice(0, 19);

/**
 * The visit as one VEVENT at the salon's address, in Lima's time (`TZID=America/Lima`). Under an
 * event's zone ical-generator parses a text date and prints its fields back in the machine's
 * local zone, so Lima's wall clock written as text comes out as written, whatever that zone
 * (but for an hour a daylight-saving change skips there, at night, when no salon books). The
 * calendar itself gets no zone (ical-generator would then print DTSTAMP in local time without
 * `Z`): Lima's VTIMEZONE goes in by hand before the event, as RFC 5545 asks of every TZID used.
 */
export function visitCalendar(visit: BookedVisit, salon: MailSalon): string {
  const calendar = ical({
    prodId: { company: 'Groomer', product: 'reserva-en-linea', language: 'ES' },
    method: ICalCalendarMethod.PUBLISH,
  });
  calendar.createEvent({
    id: `cita-${visit.id_cita}@groomer`,
    start: limaText(visit.inicio),
    end: limaText(new Date(visit.inicio.getTime() + visit.duracion * 60_000)),
    timezone: LIMA_ZONE,
    summary: `${visit.servicio} de ${visit.mascota} en ${salon.nombre}`,
    description:
      visit.estado === AppointmentStatus.PorConfirmar
        ? 'Solicitud recibida: el salón la confirmará.'
        : 'Cita confirmada.',
    location: salon.direccion || null,
    url: visit.enlace,
  });
  return calendar.toString().replace('BEGIN:VEVENT', `${LIMA_VTIMEZONE}\r\nBEGIN:VEVENT`);
}

/** To the client once booked: received (the salon confirms it) or confirmed, with the .ics. */
export function bookedMail(visit: BookedVisit, salon: MailSalon): Mail {
  const pending = visit.estado === AppointmentStatus.PorConfirmar;
  const lines = [
    `Hola ${visit.nombres}:`,
    '',
    pending
      ? `Solicitud recibida, el salón la confirmará. ${salon.nombre} le escribirá cuando la confirme.`
      : `Su cita en ${salon.nombre} está confirmada.`,
    '',
    `Servicio: ${visit.servicio}`,
    `Mascota: ${visit.mascota}`,
    `Fecha: ${visitText(visit.inicio)}`,
    ...(visit.groomer ? [`Groomer: ${visit.groomer}`] : []),
    ...(salon.direccion ? [`Dirección: ${salon.direccion}`] : []),
    ...(salon.telefono ? [`Teléfono: ${salon.telefono}`] : []),
    '',
    `Puede ver o cancelar su cita hasta ${visit.cancelar_horas} horas antes en este enlace:`,
    visit.enlace,
    '',
    'Adjuntamos la cita para que la agregue a su calendario.',
    ...(visit.politica ? ['', visit.politica] : []),
    '',
  ];
  return {
    to: visit.to,
    subject: pending
      ? `Solicitud de cita recibida en ${salon.nombre}`
      : `Cita confirmada en ${salon.nombre}`,
    text: lines.join('\n'),
    attachments: [
      {
        filename: 'cita.ics',
        content: Buffer.from(visitCalendar(visit, salon), 'utf8'),
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      },
    ],
  };
}
