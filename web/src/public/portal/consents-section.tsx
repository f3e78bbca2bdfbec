import { PORTAL_ENDPOINTS, type PortalSignature } from '@app/domain';
import { Details } from '../details';
import { Problem } from '../booking/step';
import { limaDayAndTime } from '../booking/booking-dates';
import { dayMonthYear } from './appointments-section';
import { useDownload, usePortalApi } from './portal-api';
import { useLoaded } from './use-loaded';

export const CONSENTS_TEXTS = {
  title: 'Consentimientos firmados',
  none: 'Aún no hay consentimientos firmados.',
  loading: 'Cargando sus consentimientos…',
  pet: 'Mascota',
  signed: (firmante: string, when: string, version: number) =>
    `Firmado por ${firmante} el ${when} (versión ${version})`,
  pdf: 'Ver PDF',
  downloading: 'Descargando…',
  /** The button's name for a screen reader: which consent, signed when. */
  pdfOf: (titulo: string, day: string) => `Ver PDF de ${titulo}, firmado el ${day}`,
} as const;

function SignatureCard({ signature }: { signature: PortalSignature }) {
  const { busy, problem, download } = useDownload<'pdf'>();
  const { fecha, hora } = limaDayAndTime(signature.firmado_at);
  const day = dayMonthYear(fecha);
  const headingId = `firma-${signature.id}`;
  return (
    <li className="item" aria-labelledby={headingId}>
      <h3 id={headingId}>{signature.titulo}</h3>
      <Details items={[[CONSENTS_TEXTS.pet, signature.mascota]]} />
      <p className="signed">
        {CONSENTS_TEXTS.signed(signature.firmante, `${day} ${hora}`, signature.version)}
      </p>
      <Problem message={problem} />
      <div className="step-buttons">
        <button
          type="button"
          className="secondary"
          aria-disabled={busy !== null || undefined}
          aria-label={CONSENTS_TEXTS.pdfOf(signature.titulo, day)}
          onClick={() =>
            void download(
              'pdf',
              PORTAL_ENDPOINTS.signaturePdf,
              `consentimiento-${signature.id}.pdf`,
              {
                params: { id: signature.id },
              },
            )
          }
        >
          {busy ? CONSENTS_TEXTS.downloading : CONSENTS_TEXTS.pdf}
        </button>
      </div>
    </li>
  );
}

/**
 * 'Consentimientos firmados' (DESIGN §11.8), under the pets: each consent signed for them, newest
 * first, who signed it and when, and its PDF.
 */
export function ConsentsSection() {
  const api = usePortalApi();
  const signatures = useLoaded(() => api.call(PORTAL_ENDPOINTS.signatures));
  return (
    <section className="card section" aria-labelledby="seccion-firmas">
      <h2 id="seccion-firmas">{CONSENTS_TEXTS.title}</h2>
      <Problem message={signatures.problem} />
      {signatures.data === undefined ? (
        !signatures.problem && <p className="hint">{CONSENTS_TEXTS.loading}</p>
      ) : signatures.data.length === 0 ? (
        <p className="empty">{CONSENTS_TEXTS.none}</p>
      ) : (
        <ul className="items">
          {signatures.data.map((signature) => (
            <SignatureCard key={signature.id} signature={signature} />
          ))}
        </ul>
      )}
    </section>
  );
}
