import {
  APPOINTMENT_STATUSES,
  COAT_STATE_NAMES,
  PORTAL_ENDPOINTS,
  PORTAL_MESSAGES,
  statusName,
  type PortalAppointment,
  type PortalAppointments,
  type PortalPhoto,
} from '@app/domain';
import { lazy, Suspense, useEffect, useRef, useState, type RefObject } from 'react';
import { Details } from '../details';
import { Problem } from '../booking/step';
import { Section } from './section';
import { Confirm } from './confirm';
import { usePortalApi } from './portal-api';
import { whenText } from './section';
import { problemOf, useLoaded } from './use-loaded';

export const APPOINTMENTS_TEXTS = {
  coming: 'Próximas citas',
  past: 'Visitas anteriores',
  none: 'No tiene citas próximas.',
  nonePast: 'Aún no hay visitas anteriores.',
  book: 'Reservar una cita',
  loading: 'Cargando sus citas…',
  loadingTimes: 'Cargando los horarios libres…',
  service: 'Servicio',
  pet: 'Mascota',
  groomer: 'Groomer',
  status: 'Estado',
  confirmedBadge: 'Asistencia confirmada',
  confirm: 'Confirmar asistencia',
  confirming: 'Confirmando…',
  reschedule: 'Cambiar día u hora',
  cancel: 'Cancelar cita',
  sure: '¿Seguro que desea cancelar esta cita? El horario quedará libre para otra persona.',
  yes: 'Sí, cancelar la cita',
  no: 'No, mantenerla',
  cancelling: 'Cancelando…',
  callToChange: (hours: number) =>
    hours > 0
      ? `Puede cancelar o cambiar su cita aquí hasta ${hours} ${hours === 1 ? 'hora' : 'horas'} antes. Después, comuníquese con el salón.`
      : 'Para cambiar o cancelar esta cita, comuníquese con el salón.',
  policy: 'Política de reservas y cancelaciones',
  photos: 'Fotos de la visita',
  photo: (pet: string, momento: PortalPhoto['momento']) =>
    `${pet}, ${momento === 'antes' ? 'antes' : 'después'} del servicio`,
  card: 'Ficha de la visita',
  coat: 'Pelaje al llegar',
  work: 'Trabajos realizados',
  behaviour: 'Comportamiento',
  behaviourValue: (value: number) => `${value} de 5`,
  notes: 'Notas del groomer',
  next: 'Próxima visita sugerida',
} as const;

/** '2026-06-09' → '09/06/2026'. */
export const dayMonthYear = (day: string) => day.split('-').reverse().join('/');

/** The day and time picker loads when a cita is to be moved: it is the booking page's. */
const Reschedule = lazy(() =>
  import('./reschedule').then(({ Reschedule }) => ({ default: Reschedule })),
);

/** 'martes 24 de noviembre, 10:00' with a capital: a card's heading. */
const headingOf = (cita: PortalAppointment) => {
  const text = whenText(cita.fecha, cita.hora);
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/** One of the visit's photos, read with the credential (it is the client's alone). */
function Photo({ photo, pet }: { photo: PortalPhoto; pet: string }) {
  const api = usePortalApi();
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    let made: string | undefined;
    let live = true;
    api.file(PORTAL_ENDPOINTS.photo, { params: { nombre: photo.nombre } }).then(
      (blob) => {
        if (!live) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      },
      // A photo that cannot be read is left out; the visit is still listed.
      () => undefined,
    );
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [api, photo.nombre]);
  if (!url) return null;
  return (
    <li>
      <img src={url} alt={APPOINTMENTS_TEXTS.photo(pet, photo.momento)} width={160} />
    </li>
  );
}

interface CardProps {
  cita: PortalAppointment;
  hours: number;
  onChanged(cita: PortalAppointment, message: string): void;
  onReschedule(cita: PortalAppointment): void;
}

/** A coming cita: what, when, who; 'Confirmar asistencia', 'Cambiar día u hora', 'Cancelar'. */
function ComingCard({ cita, hours, onChanged, onReschedule }: CardProps) {
  const api = usePortalApi();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState<'confirm' | 'cancel' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const headingId = `cita-${cita.id_cita}`;

  const act = async (kind: 'confirm' | 'cancel') => {
    if (busy) return;
    setBusy(kind);
    setProblem(null);
    try {
      const endpoint = kind === 'confirm' ? PORTAL_ENDPOINTS.confirm : PORTAL_ENDPOINTS.cancel;
      const changed = await api.call(endpoint, undefined, { params: { id: cita.id_cita } });
      onChanged(
        changed,
        kind === 'confirm' ? PORTAL_MESSAGES.confirmed : PORTAL_MESSAGES.cancelled,
      );
    } catch (error) {
      setProblem(problemOf(error));
      setBusy(null);
    }
  };

  return (
    <li className="item" aria-labelledby={headingId}>
      <h4 id={headingId}>{headingOf(cita)}</h4>
      <Details
        items={[
          [APPOINTMENTS_TEXTS.service, cita.servicio],
          [APPOINTMENTS_TEXTS.pet, cita.mascota],
          cita.groomer !== '' && [APPOINTMENTS_TEXTS.groomer, cita.groomer],
          [
            APPOINTMENTS_TEXTS.status,
            <>
              {statusName(cita.estado, APPOINTMENT_STATUSES)}
              {cita.confirmada_en !== null && (
                <>
                  {' '}
                  <span className="badge">✓ {APPOINTMENTS_TEXTS.confirmedBadge}</span>
                </>
              )}
            </>,
          ],
        ]}
      />
      <Problem message={problem} />
      {(cita.puede_confirmar || cita.puede_reprogramar || cita.puede_cancelar) && (
        <div className="step-buttons">
          {cita.puede_confirmar && (
            <button
              type="button"
              className="primary"
              aria-disabled={busy !== null || undefined}
              onClick={() => void act('confirm')}
            >
              {busy === 'confirm' ? APPOINTMENTS_TEXTS.confirming : APPOINTMENTS_TEXTS.confirm}
            </button>
          )}
          {cita.puede_reprogramar && cita.item !== null && cita.talla !== null && (
            <button type="button" className="secondary" onClick={() => onReschedule(cita)}>
              {APPOINTMENTS_TEXTS.reschedule}
            </button>
          )}
          {cita.puede_cancelar && (
            <button
              ref={cancelButton}
              type="button"
              className="secondary"
              aria-expanded={confirming}
              onClick={() => setConfirming(true)}
            >
              {APPOINTMENTS_TEXTS.cancel}
            </button>
          )}
        </div>
      )}
      {!cita.puede_cancelar && <p className="hint">{APPOINTMENTS_TEXTS.callToChange(hours)}</p>}
      {cita.puede_cancelar && confirming && (
        <Confirm
          question={APPOINTMENTS_TEXTS.sure}
          yes={APPOINTMENTS_TEXTS.yes}
          no={APPOINTMENTS_TEXTS.no}
          busy={busy === 'cancel'}
          busyText={APPOINTMENTS_TEXTS.cancelling}
          danger
          onYes={() => void act('cancel')}
          onNo={() => {
            setConfirming(false);
            cancelButton.current?.focus();
          }}
        />
      )}
    </li>
  );
}

type ReportCard = NonNullable<PortalAppointment['ficha']>;

/** The groomer's report card of a visit, folded under its title to keep the list short. */
function ReportCardDetails({ ficha }: { ficha: ReportCard }) {
  return (
    <details className="report">
      <summary>{APPOINTMENTS_TEXTS.card}</summary>
      <Details
        items={[
          [APPOINTMENTS_TEXTS.coat, COAT_STATE_NAMES[ficha.pelaje]],
          [
            APPOINTMENTS_TEXTS.work,
            <ul>
              {ficha.trabajos.map((item, index) => (
                <li key={`${index}-${item}`}>{item}</li>
              ))}
            </ul>,
          ],
          [APPOINTMENTS_TEXTS.behaviour, APPOINTMENTS_TEXTS.behaviourValue(ficha.comportamiento)],
          ficha.notas !== null && ficha.notas !== '' && [APPOINTMENTS_TEXTS.notes, ficha.notas],
          [APPOINTMENTS_TEXTS.next, dayMonthYear(ficha.proxima_fecha)],
        ]}
      />
    </details>
  );
}

/** A past visit: what was done, its report card and its photos. */
function PastCard({ cita }: { cita: PortalAppointment }) {
  const headingId = `visita-${cita.id_cita}`;
  return (
    <li className="item" aria-labelledby={headingId}>
      <h4 id={headingId}>{headingOf(cita)}</h4>
      <Details
        items={[
          [APPOINTMENTS_TEXTS.service, cita.servicio],
          [APPOINTMENTS_TEXTS.pet, cita.mascota],
          cita.groomer !== '' && [APPOINTMENTS_TEXTS.groomer, cita.groomer],
          [APPOINTMENTS_TEXTS.status, statusName(cita.estado, APPOINTMENT_STATUSES)],
        ]}
      />
      {cita.ficha && <ReportCardDetails ficha={cita.ficha} />}
      {cita.fotos.length > 0 && (
        <>
          <h5 className="photos-title">{APPOINTMENTS_TEXTS.photos}</h5>
          <ul className="photos">
            {cita.fotos.map((photo) => (
              <Photo key={photo.id_foto} photo={photo} pet={cita.mascota} />
            ))}
          </ul>
        </>
      )}
    </li>
  );
}

function AppointmentLists({
  citas,
  onChanged,
  onReschedule,
  heading,
}: {
  citas: PortalAppointments;
  onChanged: CardProps['onChanged'];
  onReschedule: CardProps['onReschedule'];
  heading: RefObject<HTMLHeadingElement | null>;
}) {
  return (
    <>
      <h3 ref={heading} tabIndex={-1}>
        {APPOINTMENTS_TEXTS.coming}
      </h3>
      {citas.proximas.length === 0 ? (
        <p className="empty">
          {APPOINTMENTS_TEXTS.none} <a href="/reservar">{APPOINTMENTS_TEXTS.book}</a>
        </p>
      ) : (
        <ul className="items">
          {citas.proximas.map((cita) => (
            <ComingCard
              key={cita.id_cita}
              cita={cita}
              hours={citas.cancelar_horas}
              onChanged={onChanged}
              onReschedule={onReschedule}
            />
          ))}
        </ul>
      )}
      {citas.politica !== '' && (
        <details className="policy">
          <summary>{APPOINTMENTS_TEXTS.policy}</summary>
          <p>{citas.politica}</p>
        </details>
      )}
      <h3>{APPOINTMENTS_TEXTS.past}</h3>
      {citas.pasadas.length === 0 ? (
        <p className="empty">{APPOINTMENTS_TEXTS.nonePast}</p>
      ) : (
        <ul className="items">
          {citas.pasadas.map((cita) => (
            <PastCard key={cita.id_cita} cita={cita} />
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * 'Mis citas': the coming ones, to confirm, cancel (after a question) or move within the
 * policy's window; the past ones with their photos. Each change is said aloud and the focus
 * lands on the list's heading, as the card it was on may have left the list.
 */
export function AppointmentsSection({ focus }: { focus: boolean }) {
  const api = usePortalApi();
  const citas = useLoaded(() => api.call(PORTAL_ENDPOINTS.appointments));
  const [moving, setMoving] = useState<PortalAppointment | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // Set by a change: once the list is drawn again, its heading takes the focus.
  const landing = useRef(false);

  useEffect(() => {
    if (!landing.current || moving || !citas.data) return;
    heading.current?.focus();
    landing.current = false;
  });

  const changed = (message: string) => {
    setDone(message);
    setMoving(null);
    landing.current = true;
    citas.reload();
  };

  if (moving) {
    return (
      <Suspense
        fallback={
          <p className="card" role="status">
            {APPOINTMENTS_TEXTS.loadingTimes}
          </p>
        }
      >
        <Reschedule
          cita={moving}
          onDone={() => changed(PORTAL_MESSAGES.rescheduled)}
          onBack={() => {
            setMoving(null);
            landing.current = true;
          }}
        />
      </Suspense>
    );
  }
  return (
    <Section id="citas" focus={focus}>
      <div role="status">{done && <p className="success">{done}.</p>}</div>
      <Problem message={citas.problem} />
      {citas.data ? (
        <AppointmentLists
          citas={citas.data}
          heading={heading}
          onChanged={(_cita, message) => changed(message)}
          onReschedule={(cita) => {
            setDone(null);
            setMoving(cita);
          }}
        />
      ) : (
        !citas.problem && <p className="hint">{APPOINTMENTS_TEXTS.loading}</p>
      )}
    </Section>
  );
}
