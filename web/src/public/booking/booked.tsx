import { AppointmentStatus, type OnlineBooked } from '@app/domain';
import { Details } from '../details';
import { CHOICE_TEXTS, type ServiceChoice } from './booking-choices';
import { dayNames, limaDayAndTime } from './booking-dates';
import { Step } from './step';

export const BOOKED_TEXTS = {
  requested: 'Solicitud enviada: el salón la confirmará',
  confirmed: 'Reserva confirmada',
  requestedNote: (email: string) =>
    `El salón revisará su solicitud y le escribirá a ${email}. Mientras tanto, el horario queda separado para usted.`,
  confirmedNote: (email: string) =>
    `Le enviamos los detalles a ${email}, con un enlace para cancelar si lo necesita.`,
  day: 'Día',
  time: 'Hora',
  groomer: 'Groomer',
  another: 'Hacer otra reserva',
} as const;

export interface BookedProps {
  booked: OnlineBooked;
  choice: ServiceChoice;
  email: string;
}

/** The answer of 'Reservar': a request the salon confirms (10), or a booked visit (9). */
export function Booked({ booked, choice, email }: BookedProps) {
  const pending = booked.estado === AppointmentStatus.PorConfirmar;
  const { fecha, hora } = limaDayAndTime(booked.inicio);
  return (
    <Step
      id="reserva-lista"
      title={pending ? BOOKED_TEXTS.requested : BOOKED_TEXTS.confirmed}
      focus
    >
      <p className="success" role="status">
        {pending ? BOOKED_TEXTS.requestedNote(email) : BOOKED_TEXTS.confirmedNote(email)}
      </p>
      <Details
        items={[
          [CHOICE_TEXTS.service, choice.item.nombre],
          [BOOKED_TEXTS.day, dayNames(fecha).long],
          [BOOKED_TEXTS.time, hora],
          [BOOKED_TEXTS.groomer, booked.groomer],
        ]}
      />
      <p className="salon-links">
        <a href="/reservar">{BOOKED_TEXTS.another}</a>
      </p>
    </Step>
  );
}
