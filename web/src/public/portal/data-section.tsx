import {
  PORTAL_ENDPOINTS,
  PORTAL_MESSAGES,
  type PortalConsent,
  type PortalPreferences,
} from '@app/domain';
import { useState } from 'react';
import { Details } from '../details';
import { Problem } from '../booking/step';
import { limaDayAndTime } from '../booking/booking-dates';
import { dateText, Section, type MeLoaded } from './section';
import { saveFile, usePortalApi } from './portal-api';
import { problemOf } from './use-loaded';

export const DATA_TEXTS = {
  loading: 'Cargando sus datos…',
  names: 'Nombres',
  surnames: 'Apellidos',
  email: 'Correo electrónico',
  phone: 'Celular',
  phone2: 'Otro teléfono',
  change: (salon: string) => `Para corregir sus datos, comuníquese con ${salon}.`,
  messages: 'Mensajes que recibe',
  reminders: 'Recordatorios de mis citas',
  remindersHint: 'Un mensaje el día anterior, para confirmar o cancelar.',
  marketing: 'Promociones y novedades del salón',
  marketingHint: 'Ofertas y campañas. Puede dejar de recibirlas cuando quiera.',
  saving: 'Guardando…',
  consents: 'Sus consentimientos',
  noConsents: 'No hay consentimientos registrados.',
  accepted: 'Aceptó',
  refused: 'No aceptó',
  consentLine: (consent: PortalConsent, origen: string) =>
    `${dateText(limaDayAndTime(consent.fecha).fecha)} · ${origen} · versión ${consent.version}`,
  download: 'Descargar mis datos',
  downloading: 'Preparando el archivo…',
  downloadIntro:
    'Reciba en un archivo (JSON) todo lo que el salón guarda sobre usted y sus mascotas: es su derecho de acceso (Ley N.° 29733).',
  downloaded: 'Sus datos se descargaron',
} as const;

const CONSENT_TYPES: Readonly<Record<string, string>> = {
  privacidad: 'Aviso de privacidad',
  recordatorios: 'Recordatorios de citas',
  marketing: 'Promociones y novedades',
};

const CONSENT_ORIGINS: Readonly<Record<string, string>> = {
  reserva_en_linea: 'reserva en línea',
  mostrador: 'en el salón',
  portal: 'Mi cuenta',
  whatsapp: 'WhatsApp',
};

interface SwitchProps {
  name: keyof PortalPreferences;
  label: string;
  hint: string;
  checked: boolean;
  busy: boolean;
  onChange(checked: boolean): void;
}

/** A preference as a switch: a checkbox a screen reader calls a switch, on or off. */
function Switch({ name, label, hint, checked, busy, onChange }: SwitchProps) {
  const id = `campo-${name}`;
  return (
    <div className="switch">
      <input
        type="checkbox"
        role="switch"
        id={id}
        name={name}
        checked={checked}
        aria-describedby={`${id}-hint`}
        aria-disabled={busy || undefined}
        onChange={(event) => !busy && onChange(event.target.checked)}
      />
      <label htmlFor={id}>
        {label}
        <span id={`${id}-hint`} className="description">
          {hint}
        </span>
      </label>
    </div>
  );
}

/**
 * 'Mis datos': what the salon has of the client, the two opt-ins (each change is a consent on
 * record), the history of consents, and the whole record as a JSON file (Ley 29733).
 */
export function DataSection({ focus, me }: { focus: boolean; me: MeLoaded }) {
  const api = usePortalApi();
  const [saving, setSaving] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const data = me.data;

  // The switch moves at once; it moves back if the change could not be saved.
  const save = async (preferences: PortalPreferences) => {
    if (!data) return;
    setSaving(true);
    setProblem(null);
    me.set({ ...data, ...preferences });
    try {
      me.set(await api.call(PORTAL_ENDPOINTS.preferences, preferences));
      setDone(PORTAL_MESSAGES.preferencesSaved);
    } catch (error) {
      me.set(data);
      setProblem(problemOf(error));
    } finally {
      setSaving(false);
    }
  };

  const download = async () => {
    if (downloading) return;
    setDownloading(true);
    setProblem(null);
    try {
      const record = await api.call(PORTAL_ENDPOINTS.data);
      const blob = new Blob([JSON.stringify(record, null, 2)], { type: 'application/json' });
      saveFile(blob, 'mis-datos.json');
      setDone(DATA_TEXTS.downloaded);
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Section id="datos" focus={focus}>
      <div role="status">{done && <p className="success">{done}.</p>}</div>
      <Problem message={problem ?? me.problem} />
      {!data ? (
        !me.problem && <p className="hint">{DATA_TEXTS.loading}</p>
      ) : (
        <>
          <Details
            items={[
              [DATA_TEXTS.names, data.nom_cli],
              [DATA_TEXTS.surnames, data.ape_cli],
              [DATA_TEXTS.email, data.email_cli],
              [DATA_TEXTS.phone, data.tel1_cli],
              data.tel2_cli !== null && data.tel2_cli !== '' && [DATA_TEXTS.phone2, data.tel2_cli],
            ]}
          />
          <p className="hint">{DATA_TEXTS.change(data.salon.nombre)}</p>

          <h3>{DATA_TEXTS.messages}</h3>
          <Switch
            name="recordatorios"
            label={DATA_TEXTS.reminders}
            hint={DATA_TEXTS.remindersHint}
            checked={data.recordatorios}
            busy={saving}
            onChange={(recordatorios) => void save({ recordatorios, marketing: data.marketing })}
          />
          <Switch
            name="marketing"
            label={DATA_TEXTS.marketing}
            hint={DATA_TEXTS.marketingHint}
            checked={data.marketing}
            busy={saving}
            onChange={(marketing) => void save({ recordatorios: data.recordatorios, marketing })}
          />

          <h3>{DATA_TEXTS.consents}</h3>
          {data.consentimientos.length === 0 ? (
            <p className="empty">{DATA_TEXTS.noConsents}</p>
          ) : (
            <ul className="items">
              {data.consentimientos.map((consent, index) => (
                // The history never changes order: newest first, as the server lists it.
                <li key={`${consent.tipo}-${consent.fecha}-${index}`} className="item">
                  <strong>
                    {consent.aceptado ? DATA_TEXTS.accepted : DATA_TEXTS.refused}:{' '}
                    {CONSENT_TYPES[consent.tipo] ?? consent.tipo}
                  </strong>
                  <br />
                  <span className="hint">
                    {DATA_TEXTS.consentLine(
                      consent,
                      CONSENT_ORIGINS[consent.origen] ?? consent.origen,
                    )}
                  </span>
                </li>
              ))}
            </ul>
          )}

          <h3>{DATA_TEXTS.download}</h3>
          <p>{DATA_TEXTS.downloadIntro}</p>
          <button
            type="button"
            className="secondary"
            aria-disabled={downloading || undefined}
            onClick={() => void download()}
          >
            {downloading ? DATA_TEXTS.downloading : DATA_TEXTS.download}
          </button>
        </>
      )}
    </Section>
  );
}
