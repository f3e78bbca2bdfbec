import {
  AppointmentStatus,
  APPOINTMENT_STATUSES,
  ONLINE_BOOKING_PUBLIC_ENDPOINTS,
  statusName,
  type LinkedAppointment,
} from '@app/domain';
import { useEffect, useRef, useState } from 'react';
import { Details } from '../details';
import { callPublic, PublicApiError } from '../public-api';
import { dayNames, limaDayAndTime } from './booking-dates';
import { LinkConsents } from './link-consents';
import { LinkDeposit } from './link-deposit';
import { Problem, Step } from './step';

export const LINKED_TEXTS = {
  title: (salon: string) => `Su cita en ${salon}`,
  invalid: 'Este enlace no es válido o ya venció',
  day: 'Día',
  time: 'Hora',
  service: 'Servicio',
  pet: 'Mascota',
  groomer: 'Groomer',
  status: 'Estado',
  confirm: 'Confirmar asistencia',
  confirming: 'Confirmando…',
  confirmed: 'Asistencia confirmada',
  cancel: 'Cancelar cita',
  sure: '¿Seguro que desea cancelar esta cita? El horario quedará libre para otra persona.',
  yes: 'Sí, cancelar la cita',
  no: 'No, mantenerla',
  cancelling: 'Cancelando…',
  cancelled: 'Su cita fue cancelada.',
  callToChange: 'Para cambiar o cancelar esta cita, comuníquese con el salón.',
} as const;

/** The personal link's token: the last part of `/c/<token>`. */
export const tokenOf = (path: string) =>
  decodeURIComponent(path.split('/').filter(Boolean)[1] ?? '');

/** A visit still to come: booked, or awaiting the salon. */
const upcoming = (estado: number) =>
  estado === AppointmentStatus.Programada || estado === AppointmentStatus.PorConfirmar;

type Loaded = { cita: LinkedAppointment } | { problem: string };

/** A link the server does not know (404) or could not be (422) is 'not valid'. */
const problemOf = (error: unknown) =>
  error instanceof PublicApiError && (error.status === 0 || error.status >= 500)
    ? error.message
    : LINKED_TEXTS.invalid;

/** The question before cancelling; it takes the focus, and 'No' gives it back. */
function ConfirmCancel({ busy, onYes, onNo }: { busy: boolean; onYes(): void; onNo(): void }) {
  const yes = useRef<HTMLButtonElement>(null);
  useEffect(() => yes.current?.focus(), []);
  return (
    <div className="confirm" role="group" aria-labelledby="cita-seguro">
      <p id="cita-seguro" className="confirm-question">
        {LINKED_TEXTS.sure}
      </p>
      <div className="step-buttons">
        <button
          ref={yes}
          type="button"
          className="primary danger"
          aria-disabled={busy || undefined}
          onClick={onYes}
        >
          {busy ? LINKED_TEXTS.cancelling : LINKED_TEXTS.yes}
        </button>
        <button type="button" className="secondary" onClick={onNo}>
          {LINKED_TEXTS.no}
        </button>
      </div>
    </div>
  );
}

/**
 * The page of a personal link, `/c/<token>` (DESIGN §11.5): the one cita it names,
 * 'Confirmar asistencia' in one tap until the visit, and 'Cancelar cita' while the salon's
 * policy allows it, after a question; the deposit its service asks, paid from here; and the
 * consents the visit asks, signed from here on the phone.
 */
export function LinkedPage({ token }: { token: string }) {
  const [loaded, setLoaded] = useState<Loaded>();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [confirmingVisit, setConfirmingVisit] = useState(false);
  const [justConfirmed, setJustConfirmed] = useState(false);
  const confirmedNote = useRef<HTMLDivElement>(null);
  // The button pressed is gone once confirmed: the focus goes to what it says instead.
  useEffect(() => {
    if (justConfirmed) confirmedNote.current?.focus();
  }, [justConfirmed]);
  const cancelButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    callPublic(ONLINE_BOOKING_PUBLIC_ENDPOINTS.linked, undefined, { params: { token } }).then(
      (cita) => setLoaded({ cita }),
      (error: unknown) => setLoaded({ problem: problemOf(error) }),
    );
  }, [token]);

  if (loaded === undefined) return null;
  if ('problem' in loaded) return <Step id="cita-enlace" title={loaded.problem} focus={false} />;
  const { cita } = loaded;
  const { fecha, hora } = limaDayAndTime(cita.inicio);

  const cancel = async () => {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const cancelled = await callPublic(ONLINE_BOOKING_PUBLIC_ENDPOINTS.cancel, undefined, {
        params: { token },
      });
      setLoaded({ cita: cancelled });
      setConfirming(false);
      setDone(true);
    } catch (error) {
      setProblem(error instanceof PublicApiError ? error.message : LINKED_TEXTS.invalid);
    } finally {
      setBusy(false);
    }
  };

  const confirm = async () => {
    if (confirmingVisit) return;
    setConfirmingVisit(true);
    setProblem(null);
    try {
      const confirmed = await callPublic(ONLINE_BOOKING_PUBLIC_ENDPOINTS.confirm, undefined, {
        params: { token },
      });
      setLoaded({ cita: confirmed });
      setJustConfirmed(true);
    } catch (error) {
      setProblem(error instanceof PublicApiError ? error.message : LINKED_TEXTS.invalid);
    } finally {
      setConfirmingVisit(false);
    }
  };

  return (
    <Step id="cita-enlace" title={LINKED_TEXTS.title(cita.salon)} focus={done}>
      {/* Always there, so a reader hears what a tap did as it comes. */}
      <div role="status" ref={confirmedNote} tabIndex={-1}>
        {done ? (
          <p className="success">{LINKED_TEXTS.cancelled}</p>
        ) : (
          cita.confirmada &&
          upcoming(cita.estado) && <p className="success">{LINKED_TEXTS.confirmed}</p>
        )}
      </div>
      <Details
        items={[
          [LINKED_TEXTS.day, dayNames(fecha).long],
          [LINKED_TEXTS.time, hora],
          [LINKED_TEXTS.service, cita.servicio],
          [LINKED_TEXTS.pet, cita.mascota],
          [LINKED_TEXTS.groomer, cita.groomer],
          [LINKED_TEXTS.status, statusName(cita.estado, APPOINTMENT_STATUSES)],
        ]}
      />
      <Problem message={problem} />
      {(cita.puede_cancelar || (cita.puede_confirmar && !cita.confirmada)) && (
        <div className="step-buttons">
          {cita.puede_confirmar && !cita.confirmada && (
            <button
              type="button"
              className="primary"
              aria-disabled={confirmingVisit || undefined}
              onClick={() => void confirm()}
            >
              {confirmingVisit ? LINKED_TEXTS.confirming : LINKED_TEXTS.confirm}
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
              {LINKED_TEXTS.cancel}
            </button>
          )}
        </div>
      )}
      {!cita.puede_cancelar && upcoming(cita.estado) && (
        <p className="hint">{LINKED_TEXTS.callToChange}</p>
      )}
      {cita.puede_cancelar && confirming && (
        <ConfirmCancel
          busy={busy}
          onYes={() => void cancel()}
          onNo={() => {
            setConfirming(false);
            cancelButton.current?.focus();
          }}
        />
      )}
      {cita.adelanto && (
        <LinkDeposit
          token={token}
          adelanto={cita.adelanto}
          canPay={cita.puede_confirmar}
          onPaid={(paid) => setLoaded({ cita: paid })}
        />
      )}
      {cita.consentimientos.length > 0 && (
        <LinkConsents
          token={token}
          consents={cita.consentimientos}
          canSign={cita.puede_confirmar}
          onSigned={(signed) => setLoaded({ cita: signed })}
        />
      )}
    </Step>
  );
}
