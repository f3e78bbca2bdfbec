import {
  limaToday,
  ONLINE_BOOKING_PUBLIC_ENDPOINTS,
  type BookingSalon,
  type OpeningHours,
} from '@app/domain';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { fieldId } from '../form-fields';
import { callPublic } from '../public-api';
import { choiceItems, type ServiceChoice, type SlotChoice } from './booking-choices';
import { asRefusal, useFocusByName } from './booking-form';
import { addDays, dayNames, daysFrom, weekdayOf } from './booking-dates';
import { Details } from '../details';
import { Problem, Step, StepButtons, STEP_TEXTS } from './step';

export const TIME_STEP_TEXTS = {
  title: 'Elija el día y la hora',
  day: 'Día',
  time: (day: string) => `Hora del ${day}`,
  closed: 'Cerrado',
  full: 'Sin horarios libres',
  loading: 'Buscando horarios libres…',
  more: 'Ver más días',
  loaded: (count: number) => `Se agregaron ${count} días.`,
  noMore: 'No hay más días con horarios libres.',
  noDay: 'Elija un día con horarios libres.',
  timeRequired: 'Elija una hora',
} as const;

/** Days asked for at a time: two weeks, as the page shows them. */
const DAYS_AT_A_TIME = 14;

interface Day {
  fecha: string;
  horas: string[];
}

/** Why a day offers nothing: the salon closes that weekday, or every time is taken. */
const reasonOf = (hours: OpeningHours, fecha: string) =>
  hours.find((d) => d.dia === weekdayOf(fecha))?.abierto
    ? TIME_STEP_TEXTS.full
    : TIME_STEP_TEXTS.closed;

/** Two weeks from `desde`, each with the times the server offers for the choice. */
async function fetchDays(choice: ServiceChoice, desde: string): Promise<Day[]> {
  const answer = await callPublic(ONLINE_BOOKING_PUBLIC_ENDPOINTS.availability, undefined, {
    query: {
      ...(choice.item.tipo === 'servicio'
        ? { servicio: choice.item.id }
        : { paquete: choice.item.id }),
      talla: choice.talla,
      desde,
      hasta: addDays(desde, DAYS_AT_A_TIME - 1),
      ...(choice.emp === null ? {} : { emp: choice.emp }),
    },
  });
  return daysFrom(desde, DAYS_AT_A_TIME).map((fecha) => ({
    fecha,
    horas: answer.dias.find((d) => d.fecha === fecha)?.horas.map((h) => h.hora) ?? [],
  }));
}

/**
 * The days from today on, two weeks at a time, each with the times the server offers for the
 * chosen item, size and groomer (GET /api/public/disponibilidad).
 */
function useAvailability(choice: ServiceChoice) {
  const [days, setDays] = useState<Day[]>([]);
  const [loading, setLoading] = useState(true);
  const [problem, setProblem] = useState<string | null>(null);
  // A batch without a single free time: the horizon has been reached.
  const [exhausted, setExhausted] = useState(false);
  const live = useRef(true);

  const load = useCallback(
    (desde: string) =>
      fetchDays(choice, desde).then(
        (batch) => {
          if (!live.current) return;
          setDays((known) => [...known.filter((d) => d.fecha < desde), ...batch]);
          setExhausted(batch.every((d) => d.horas.length === 0));
          setProblem(null);
          setLoading(false);
        },
        (error: unknown) => {
          if (!live.current) return;
          setProblem(asRefusal(error).message);
          setLoading(false);
        },
      ),
    [choice],
  );

  useEffect(() => {
    live.current = true;
    void load(limaToday());
    return () => {
      live.current = false;
    };
  }, [load]);

  const more = () => {
    const last = days.at(-1);
    setLoading(true);
    void load(last ? addDays(last.fecha, 1) : limaToday());
  };
  return { days, loading, problem, exhausted, more };
}

export interface TimeStepProps {
  salon: BookingSalon;
  choice: ServiceChoice;
  chosen: SlotChoice | null;
  /** Why the client is back here: their time was taken meanwhile. */
  notice: string | null;
  focus: boolean;
  /** 'Paso 2 de 4' above the title: false where the step stands alone (rescheduling a cita). */
  numbered?: boolean;
  onChosen(slot: SlotChoice): void;
  onBack(): void;
}

/** Step 2: a day of the strip (those without times say why), then one of its times. */
export function TimeStep({
  salon,
  choice,
  chosen,
  notice,
  focus,
  numbered = true,
  onChosen,
  onBack,
}: TimeStepProps) {
  const { days, loading, problem, exhausted, more } = useAvailability(choice);
  const [picked, setPicked] = useState<string | null>(chosen?.fecha ?? null);
  const [hora, setHora] = useState<string | null>(chosen?.hora ?? null);
  const [error, setError] = useState<string | null>(null);
  const [added, setAdded] = useState<string>('');
  const form = useRef<HTMLFormElement>(null);
  const focusField = useFocusByName(form);

  // The day shown: the one picked while it still has times, else the first that has.
  const open = days.filter((d) => d.horas.length > 0);
  const day = open.find((d) => d.fecha === picked) ?? (picked ? undefined : open[0]);
  const time = day && hora && day.horas.includes(hora) ? hora : null;

  const pickDay = (fecha: string) => {
    setPicked(fecha);
    setHora(null);
  };

  const showMore = () => {
    more();
    setAdded(TIME_STEP_TEXTS.loaded(DAYS_AT_A_TIME));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!day || !time) {
      setError(day ? TIME_STEP_TEXTS.timeRequired : TIME_STEP_TEXTS.noDay);
      focusField(day ? 'hora' : 'dia');
      return;
    }
    onChosen({ fecha: day.fecha, hora: time });
  };

  const timeError = error ? `${fieldId('hora')}-error` : undefined;
  return (
    <Step
      id="paso-horario"
      number={numbered ? 2 : undefined}
      title={TIME_STEP_TEXTS.title}
      focus={focus}
    >
      <Details items={choiceItems(salon, choice)} />
      <Problem message={notice} />
      <form ref={form} noValidate onSubmit={submit}>
        <fieldset className="field tiles days">
          <legend>{TIME_STEP_TEXTS.day}</legend>
          <div className="tile-grid">
            {days.map(({ fecha, horas }) => {
              const names = dayNames(fecha);
              const id = `${fieldId('dia')}-${fecha}`;
              const closed = horas.length === 0;
              return (
                <div key={fecha} className="tile">
                  <input
                    type="radio"
                    id={id}
                    name="dia"
                    value={fecha}
                    disabled={closed}
                    checked={day?.fecha === fecha}
                    onChange={() => pickDay(fecha)}
                  />
                  <label htmlFor={id}>
                    <span className="visually-hidden">{names.long}</span>
                    <span aria-hidden="true" className="tile-day">
                      {names.short}
                    </span>
                    <span aria-hidden="true">{names.date}</span>
                    {closed && (
                      <span className="tile-reason">
                        <span className="visually-hidden">: </span>
                        {reasonOf(salon.horario, fecha)}
                      </span>
                    )}
                  </label>
                </div>
              );
            })}
          </div>
          {days.length === 0 && loading && <p className="hint">{TIME_STEP_TEXTS.loading}</p>}
          <p className="visually-hidden" aria-live="polite">
            {loading ? '' : added}
          </p>
          {exhausted && !loading ? (
            <p className="hint">{TIME_STEP_TEXTS.noMore}</p>
          ) : (
            days.length > 0 && (
              // Kept while the next days load, so the focus stays on it.
              <button
                type="button"
                className="secondary"
                aria-disabled={loading || undefined}
                onClick={() => !loading && showMore()}
              >
                {loading ? TIME_STEP_TEXTS.loading : TIME_STEP_TEXTS.more}
              </button>
            )
          )}
        </fieldset>
        <Problem message={problem} />
        {day && (
          <fieldset className="field tiles times" aria-describedby={timeError}>
            <legend>{TIME_STEP_TEXTS.time(dayNames(day.fecha).long)}</legend>
            <div className="tile-grid">
              {day.horas.map((h) => {
                const id = `${fieldId('hora')}-${h.replace(':', '')}`;
                return (
                  <div key={h} className="tile">
                    <input
                      type="radio"
                      id={id}
                      name="hora"
                      value={h}
                      checked={time === h}
                      aria-describedby={timeError}
                      onChange={() => {
                        setHora(h);
                        setError(null);
                      }}
                    />
                    <label htmlFor={id}>{h}</label>
                  </div>
                );
              })}
            </div>
          </fieldset>
        )}
        {error && (
          <p id={timeError} className="error" role="alert">
            {error}
          </p>
        )}
        <StepButtons next={STEP_TEXTS.next} onBack={onBack} />
      </form>
    </Step>
  );
}
