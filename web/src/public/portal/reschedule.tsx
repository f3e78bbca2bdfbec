import {
  ONLINE_BOOKING_PUBLIC_ENDPOINTS,
  PORTAL_ENDPOINTS,
  type BookingSalon,
  type PortalAppointment,
} from '@app/domain';
import { useEffect, useState } from 'react';
import { Details } from '../details';
import { callPublic, PublicApiError } from '../public-api';
import type { ServiceChoice, SlotChoice } from '../booking/booking-choices';
import { whenText } from './section';
import { Problem, Step, STEP_TEXTS } from '../booking/step';
import { TimeStep } from '../booking/time-step';
import { usePortalApi } from './portal-api';
import { problemOf } from './use-loaded';

export const RESCHEDULE_TEXTS = {
  title: 'Confirme el cambio',
  cannot: 'Para cambiar el día o la hora de esta cita, comuníquese con el salón.',
  loading: 'Cargando los horarios del salón…',
  pet: 'Mascota',
  service: 'Servicio',
  before: 'Antes',
  after: 'Ahora',
  save: 'Cambiar mi cita',
  saving: 'Cambiando…',
} as const;

/**
 * What the booking page needs to offer other times for the cita: its item as the salon offers
 * it online and the pet's size; null when the salon does not offer it online (any more).
 */
function choiceOf(salon: BookingSalon, cita: PortalAppointment): ServiceChoice | null {
  const item = salon.items.find((i) => i.tipo === cita.item?.tipo && i.id === cita.item.id);
  if (!item || cita.talla === null) return null;
  return { item, talla: cita.talla, emp: null };
}

export interface RescheduleProps {
  cita: PortalAppointment;
  onDone(cita: PortalAppointment): void;
  onBack(): void;
}

/**
 * 'Cambiar día u hora' of a coming cita: the booking page's day and time picker with the
 * availability of the cita's service and pet size, then a confirmation. A time taken meanwhile
 * (409) brings the client back to the times, told so.
 */
export function Reschedule({ cita, onDone, onBack }: RescheduleProps) {
  const api = usePortalApi();
  const [salon, setSalon] = useState<BookingSalon | null>();
  const [problem, setProblem] = useState<string | null>(null);
  const [slot, setSlot] = useState<SlotChoice | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    callPublic(ONLINE_BOOKING_PUBLIC_ENDPOINTS.salon).then(setSalon, (error: unknown) => {
      setProblem(problemOf(error));
      setSalon(null);
    });
  }, []);

  if (salon === undefined) {
    return (
      <p className="card" role="status">
        {RESCHEDULE_TEXTS.loading}
      </p>
    );
  }
  const choice = salon && choiceOf(salon, cita);
  if (!salon || !choice) {
    return (
      <Step id="reprogramar" title={RESCHEDULE_TEXTS.title} focus>
        <Problem message={problem ?? RESCHEDULE_TEXTS.cannot} />
        <div className="step-buttons">
          <button type="button" className="secondary" onClick={onBack}>
            {STEP_TEXTS.back}
          </button>
        </div>
      </Step>
    );
  }
  if (!slot) {
    return (
      <TimeStep
        salon={salon}
        choice={choice}
        chosen={null}
        notice={notice}
        focus
        numbered={false}
        onChosen={(chosen) => {
          setProblem(null);
          setSlot(chosen);
        }}
        onBack={onBack}
      />
    );
  }

  const save = async () => {
    if (busy) return;
    setBusy(true);
    try {
      onDone(await api.call(PORTAL_ENDPOINTS.reschedule, slot, { params: { id: cita.id_cita } }));
    } catch (error) {
      setBusy(false);
      if (error instanceof PublicApiError && error.status === 409) {
        // Taken meanwhile: back to the times, read again, with the reason.
        setNotice(error.message);
        setSlot(null);
      } else {
        setProblem(problemOf(error));
      }
    }
  };

  return (
    <Step id="reprogramar" title={RESCHEDULE_TEXTS.title} focus>
      <Details
        items={[
          [RESCHEDULE_TEXTS.pet, cita.mascota],
          [RESCHEDULE_TEXTS.service, cita.servicio],
          [RESCHEDULE_TEXTS.before, whenText(cita.fecha, cita.hora)],
          [RESCHEDULE_TEXTS.after, whenText(slot.fecha, slot.hora)],
        ]}
      />
      <Problem message={problem} />
      <div className="step-buttons">
        <button
          type="button"
          className="primary"
          aria-disabled={busy || undefined}
          onClick={() => void save()}
        >
          {busy ? RESCHEDULE_TEXTS.saving : RESCHEDULE_TEXTS.save}
        </button>
        <button type="button" className="secondary" onClick={() => setSlot(null)}>
          {STEP_TEXTS.back}
        </button>
      </div>
    </Step>
  );
}
