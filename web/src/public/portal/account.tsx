import { PORTAL_ENDPOINTS } from '@app/domain';
import { useEffect, useRef, useState } from 'react';
import { Problem } from '../booking/step';
import { AppointmentsSection } from './appointments-section';
import { ConsentsSection } from './consents-section';
import { DataSection } from './data-section';
import { PetsSection } from './pets-section';
import { usePortalApi } from './portal-api';
import { ReceiptsSection } from './receipts-section';
import { SECTIONS, type SectionId } from './section';
import { problemOf, useLoaded } from './use-loaded';

export const ACCOUNT_TEXTS = {
  hello: (nombres: string) => `Hola, ${nombres}`,
  sections: 'Secciones de su cuenta',
  signOut: 'Cerrar sesión',
  signingOut: 'Cerrando sesión…',
  loading: 'Cargando…',
} as const;

const sectionOf = (hash: string): SectionId =>
  SECTIONS.find((section) => `#${section.id}` === hash)?.id ?? 'citas';

/** The section the address names, following the links and 'Atrás'. */
function useSection(): SectionId {
  const [section, setSection] = useState(() => sectionOf(window.location.hash));
  useEffect(() => {
    const follow = () => setSection(sectionOf(window.location.hash));
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);
  return section;
}

export interface AccountProps {
  nombres: string;
  onSignedOut(): void;
}

/** The signed-in page: the greeting, 'Cerrar sesión', the sections' nav and the section. */
export function Account({ nombres, onSignedOut }: AccountProps) {
  const api = usePortalApi();
  const section = useSection();
  // The first section shown does not take the focus: the page just opened.
  const [moved, setMoved] = useState(false);
  const shown = useRef(section);
  useEffect(() => {
    if (shown.current !== section) setMoved(true);
    shown.current = section;
  }, [section]);
  const me = useLoaded(() => api.call(PORTAL_ENDPOINTS.me));
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const signOut = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await api.call(PORTAL_ENDPOINTS.signOut);
      onSignedOut();
    } catch (error) {
      setProblem(problemOf(error));
      setBusy(false);
    }
  };

  return (
    <>
      <nav className="sections" aria-label={ACCOUNT_TEXTS.sections}>
        <ul>
          {SECTIONS.map(({ id, title }) => (
            <li key={id}>
              <a href={`#${id}`} aria-current={section === id ? 'page' : undefined}>
                {title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="account-head">
        <p>{ACCOUNT_TEXTS.hello(me.data?.nom_cli ?? nombres)}</p>
        <button
          type="button"
          className="link"
          aria-disabled={busy || undefined}
          onClick={() => void signOut()}
        >
          {busy ? ACCOUNT_TEXTS.signingOut : ACCOUNT_TEXTS.signOut}
        </button>
      </div>
      <Problem message={problem} />
      {section === 'citas' && <AppointmentsSection focus={moved} />}
      {section === 'mascotas' && (
        <>
          <PetsSection focus={moved} me={me} />
          <ConsentsSection />
        </>
      )}
      {section === 'comprobantes' && <ReceiptsSection focus={moved} />}
      {section === 'datos' && <DataSection focus={moved} me={me} />}
    </>
  );
}
