import {
  ONLINE_BOOKING_MESSAGES,
  ONLINE_BOOKING_PUBLIC_ENDPOINTS,
  type BookingSalon,
  type OnlineBooked,
} from '@app/domain';
import { useEffect, useState } from 'react';
import { callPublic, PUBLIC_API_TEXTS } from '../public-api';
import type { Identity, ServiceChoice, SlotChoice } from './booking-choices';
import { Booked } from './booked';
import { ClientStep } from './client-step';
import { ConfirmStep } from './confirm-step';
import { SalonCard } from './salon-card';
import { ServiceStep } from './service-step';
import { TimeStep } from './time-step';

export const BOOKING_PAGE_TEXTS = {
  unavailable: ONLINE_BOOKING_MESSAGES.disabled,
  call: 'Para reservar, llámenos al',
  failed: PUBLIC_API_TEXTS.failed,
} as const;

/** The salon and what it offers: undefined while it is read, null when it could not be. */
function useSalon(): BookingSalon | null | undefined {
  const [salon, setSalon] = useState<BookingSalon | null>();
  useEffect(() => {
    callPublic(ONLINE_BOOKING_PUBLIC_ENDPOINTS.salon).then(setSalon, () => setSalon(null));
  }, []);
  return salon;
}

type Stage = 'servicio' | 'horario' | 'datos' | 'confirmar';

/** The four steps, each kept when the client goes back to change an earlier one. */
function BookingSteps({ salon }: { salon: BookingSalon }) {
  const [stage, setStage] = useState<Stage>('servicio');
  // False until the client moves: the first step does not take the focus on arrival.
  const [moved, setMoved] = useState(false);
  const [choice, setChoice] = useState<ServiceChoice | null>(null);
  const [slot, setSlot] = useState<SlotChoice | null>(null);
  const [identity, setIdentity] = useState<Identity | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [booked, setBooked] = useState<OnlineBooked | null>(null);

  const go = (next: Stage, message: string | null = null) => {
    setMoved(true);
    setNotice(message);
    setStage(next);
  };

  if (booked && choice && identity) {
    return <Booked booked={booked} choice={choice} email={identity.email} />;
  }
  if (stage === 'servicio' || !choice) {
    return (
      <ServiceStep
        salon={salon}
        chosen={choice}
        focus={moved}
        onChosen={(chosen) => {
          setChoice(chosen);
          setSlot(null);
          go('horario');
        }}
      />
    );
  }
  if (stage === 'horario' || !slot) {
    return (
      <TimeStep
        salon={salon}
        choice={choice}
        chosen={slot}
        notice={notice}
        focus={moved}
        onChosen={(chosen) => {
          setSlot(chosen);
          go(identity ? 'confirmar' : 'datos');
        }}
        onBack={() => go('servicio')}
      />
    );
  }
  if (stage === 'datos' || !identity) {
    return (
      <ClientStep
        known={identity}
        notice={notice}
        focus={moved}
        onVerified={(verified) => {
          setIdentity(verified);
          go('confirmar');
        }}
        onBack={() => go('horario')}
      />
    );
  }
  return (
    <ConfirmStep
      salon={salon}
      choice={choice}
      slot={slot}
      identity={identity}
      focus={moved}
      onBooked={setBooked}
      onSlotTaken={(message) => {
        setSlot(null);
        go('horario', message);
      }}
      onCodeRefused={(message) => {
        setIdentity((known) => known && { ...known, codigo: '' });
        go('datos', message);
      }}
      onBack={() => go('horario')}
    />
  );
}

/**
 * The public booking page (DESIGN §11.4), `/reservar`: the salon, then the four steps
 * (service, day and time, the client's e-mail code, the pet and the consents) and the answer.
 * The page's heading is in reservar.html itself, painted before any code runs.
 */
export function BookingPage() {
  const salon = useSalon();
  if (salon === undefined) return null;
  if (salon === null) {
    return (
      <p className="alert" role="alert">
        {BOOKING_PAGE_TEXTS.failed}
      </p>
    );
  }
  const open = salon.activa && salon.items.length > 0;
  return (
    <>
      <SalonCard salon={salon} />
      {open ? (
        <BookingSteps salon={salon} />
      ) : (
        <section className="card" aria-labelledby="reserva-cerrada">
          <h2 id="reserva-cerrada">{BOOKING_PAGE_TEXTS.unavailable}</h2>
          {salon.telefono !== '' && (
            <p>
              {BOOKING_PAGE_TEXTS.call}{' '}
              <a href={`tel:${salon.telefono.replace(/\s+/g, '')}`}>{salon.telefono}</a>.
            </p>
          )}
        </section>
      )}
    </>
  );
}
