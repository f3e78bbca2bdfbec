import {
  COAT_STATE_NAMES,
  REPORT_CARD_ENDPOINTS,
  REPORT_CARD_MESSAGES,
  type PublicReportCard,
} from '@app/domain';
import { useEffect, useState } from 'react';
import { dayNames } from '../booking/booking-dates';
import { Step } from '../booking/step';
import { Details } from '../details';
import { callPublic, PublicApiError } from '../public-api';

export const REPORT_CARD_PAGE_TEXTS = {
  heading: (pet: string) => `¡${pet} ya está listo(a)!`,
  documentTitle: (pet: string, salon: string) =>
    salon ? `Ficha de la visita de ${pet} · ${salon}` : `Ficha de la visita de ${pet}`,
  day: 'Día',
  service: 'Servicio',
  groomer: 'Le atendió',
  coat: 'Pelaje al llegar',
  work: 'Trabajos realizados',
  behaviour: 'Comportamiento',
  behaviourValue: (value: number) => `${value} de 5`,
  notes: 'Notas del groomer',
  photos: 'Fotos de la visita',
  before: 'Antes',
  after: 'Después',
  photo: (pet: string, momento: 'antes' | 'despues') =>
    `${pet}, ${momento === 'antes' ? 'antes' : 'después'} del servicio`,
  next: 'Le sugerimos volver el',
} as const;

const T = REPORT_CARD_PAGE_TEXTS;

/** The report card's token: the last part of `/ficha/<token>`. */
export const tokenOf = (path: string) =>
  decodeURIComponent(path.split('/').filter(Boolean)[1] ?? '');

/** '2026-06-09' → '09/06/2026'. */
const dayMonthYear = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** 'martes 24 de noviembre de 2026', with a capital. */
function longDay(day: string) {
  const text = `${dayNames(day).long} de ${day.slice(0, 4)}`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

type Loaded = { card: PublicReportCard } | { problem: string };

/**
 * The server's words for a refusal (an unknown or expired link is its 404 'no válido o ya
 * venció'); a token it could not even read (422) is the same invalid link.
 */
const problemOf = (error: unknown) =>
  error instanceof PublicApiError && error.status !== 422
    ? error.message
    : REPORT_CARD_MESSAGES.linkInvalid;

/**
 * The report card's public page, `/ficha/<token>` (DESIGN §11.8): the salon, the pet, the day,
 * the service and who attended it, how the coat came, the work done, the behaviour, the notes,
 * the before and after photos, and the day suggested for the next visit. Nothing about the owner.
 */
export function ReportCardPage({ token }: { token: string }) {
  const [loaded, setLoaded] = useState<Loaded>();

  useEffect(() => {
    callPublic(REPORT_CARD_ENDPOINTS.publicCard, undefined, { params: { token } }).then(
      (card) => setLoaded({ card }),
      (error: unknown) => setLoaded({ problem: problemOf(error) }),
    );
  }, [token]);

  const pet = loaded && 'card' in loaded ? loaded.card.mascota.toLocaleUpperCase('es') : '';
  const salon = loaded && 'card' in loaded ? loaded.card.salon : '';
  useEffect(() => {
    if (pet) document.title = T.documentTitle(pet, salon);
  }, [pet, salon]);

  if (loaded === undefined) return null;
  if ('problem' in loaded) return <Step id="ficha" title={loaded.problem} focus={false} />;
  const { card } = loaded;

  return (
    <section className="card report-card" aria-labelledby="ficha">
      {card.salon && <p className="report-salon">{card.salon}</p>}
      <h2 id="ficha">{T.heading(pet)}</h2>
      <Details
        items={[
          [T.day, longDay(card.fecha)],
          [T.service, card.servicio],
          card.groomer !== '' && [T.groomer, card.groomer],
          [T.coat, COAT_STATE_NAMES[card.pelaje]],
        ]}
      />
      <h3 id="ficha-trabajos">{T.work}</h3>
      <ul className="report-work" aria-labelledby="ficha-trabajos">
        {card.trabajos.map((item, index) => (
          <li key={`${index}-${item}`}>{item}</li>
        ))}
      </ul>
      <p className="report-behaviour">
        <strong>{T.behaviour}:</strong> {T.behaviourValue(card.comportamiento)}
        <span className="report-stars" aria-hidden="true">
          {'★'.repeat(card.comportamiento)}
          {'☆'.repeat(Math.max(0, 5 - card.comportamiento))}
        </span>
      </p>
      {card.notas && (
        <>
          <h3>{T.notes}</h3>
          <p className="report-notes">{card.notas}</p>
        </>
      )}
      {card.fotos.length > 0 && (
        <>
          <h3 id="ficha-fotos">{T.photos}</h3>
          <ul className="report-photos" aria-labelledby="ficha-fotos">
            {card.fotos.map((photo) => (
              <li key={photo.url}>
                <figure>
                  <img
                    src={photo.url}
                    alt={T.photo(pet, photo.momento)}
                    width={320}
                    height={320}
                    loading="lazy"
                  />
                  <figcaption>{photo.momento === 'antes' ? T.before : T.after}</figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </>
      )}
      <p className="report-next">
        {T.next} <strong>{dayMonthYear(card.proxima_fecha)}</strong>
      </p>
    </section>
  );
}
