import type { BookingSalon } from '@app/domain';
import { Details } from '../details';
import { openingHoursLines } from './booking-dates';

export const SALON_TEXTS = {
  address: 'Dirección',
  phone: 'Teléfono',
  hours: 'Horario de atención',
  policy: 'Política de reservas y cancelaciones',
  complaints: 'Libro de Reclamaciones',
} as const;

/** The salon as the booking page heads it: who, where, when it opens, and its policy. */
export function SalonCard({ salon }: { salon: BookingSalon }) {
  return (
    <section className="card salon" aria-labelledby="salon-nombre">
      <div className="salon-head">
        {salon.logo && <img src={salon.logo} alt="" width={56} height={56} />}
        <h2 id="salon-nombre">{salon.nombre}</h2>
      </div>
      <Details
        items={[
          salon.direccion !== '' && [SALON_TEXTS.address, salon.direccion],
          salon.telefono !== '' && [
            SALON_TEXTS.phone,
            <a key="phone" href={`tel:${salon.telefono.replace(/\s+/g, '')}`}>
              {salon.telefono}
            </a>,
          ],
          [
            SALON_TEXTS.hours,
            <span key="hours" className="lines">
              {openingHoursLines(salon.horario).join('\n')}
            </span>,
          ],
        ]}
      />
      {salon.politica !== '' && (
        <details className="policy">
          <summary>{SALON_TEXTS.policy}</summary>
          <p>{salon.politica}</p>
        </details>
      )}
      <p className="salon-links">
        <a href="/libro-reclamaciones">{SALON_TEXTS.complaints}</a>
      </p>
    </section>
  );
}
