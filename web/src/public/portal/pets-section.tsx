import {
  PET_SIZE_LABELS,
  VACCINE_STATES,
  type PortalPet,
  type PortalVaccineProposal,
} from '@app/domain';
import { useEffect, useRef, useState } from 'react';
import { Details } from '../details';
import { Problem } from '../booking/step';

import { dateText, Section, type MeLoaded } from './section';
import { VaccineCardForm } from './vaccine-card-form';

export const PETS_TEXTS = {
  none: 'No tiene mascotas registradas en el salón.',
  loading: 'Cargando sus mascotas…',
  breed: 'Raza',
  size: 'Tamaño',
  vaccines: 'Vacunas',
  noVaccines: 'Sin vacunas registradas.',
  applied: 'Aplicada',
  expires: 'Vence',
  cards: 'Carnés enviados',
  upload: 'Subir carné de vacunas',
  proposal: {
    pendiente: 'En revisión del salón',
    aceptada: 'Aceptado',
    rechazada: 'No aceptado',
  } satisfies Record<PortalVaccineProposal['estado'], string>,
  reason: (motivo: string) => `Motivo: ${motivo}`,
} as const;

const stateName = (estado: string | null) =>
  VACCINE_STATES.find((state) => state.id === estado)?.nombre;

function PetCard({ pet, onSent }: { pet: PortalPet; onSent(message: string): void }) {
  const [uploading, setUploading] = useState(false);
  // 'Volver' from the form: the focus goes back to the button that opened it, once drawn.
  const returning = useRef(false);
  const uploadButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (uploading || !returning.current) return;
    uploadButton.current?.focus();
    returning.current = false;
  });
  const headingId = `mascota-${pet.id_perro}`;
  return (
    <li className="item" aria-labelledby={headingId}>
      <h3 id={headingId}>{pet.nom_perro}</h3>
      <Details
        items={[
          [PETS_TEXTS.breed, pet.raza_perro],
          pet.talla !== null && [PETS_TEXTS.size, PET_SIZE_LABELS[pet.talla]],
        ]}
      />
      <h4>{PETS_TEXTS.vaccines}</h4>
      {pet.vacunas.length === 0 ? (
        <p className="empty">{PETS_TEXTS.noVaccines}</p>
      ) : (
        <ul className="items">
          {pet.vacunas.map((vaccine) => (
            <li key={`${vaccine.nombre}-${vaccine.fecha_aplicacion}`}>
              <strong>{vaccine.nombre}</strong>
              {vaccine.estado && <span className="pending"> · {stateName(vaccine.estado)}</span>}
              <br />
              {PETS_TEXTS.applied}: {dateText(vaccine.fecha_aplicacion)} · {PETS_TEXTS.expires}:{' '}
              {dateText(vaccine.fecha_vence)}
            </li>
          ))}
        </ul>
      )}
      {pet.propuestas.length > 0 && (
        <>
          <h4>{PETS_TEXTS.cards}</h4>
          <ul className="items">
            {pet.propuestas.map((card) => (
              <li key={card.id}>
                <strong>{card.nombre}</strong>
                <span className="pending"> · {PETS_TEXTS.proposal[card.estado]}</span>
                <br />
                {PETS_TEXTS.applied}: {dateText(card.fecha_aplicacion)} · {PETS_TEXTS.expires}:{' '}
                {dateText(card.fecha_vence)}
                {card.motivo && (
                  <>
                    <br />
                    {PETS_TEXTS.reason(card.motivo)}
                  </>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      {uploading ? (
        <VaccineCardForm
          pet={pet}
          onSent={(message) => {
            setUploading(false);
            onSent(message);
          }}
          onCancel={() => {
            setUploading(false);
            returning.current = true;
          }}
        />
      ) : (
        <div className="step-buttons">
          <button
            ref={uploadButton}
            type="button"
            className="secondary"
            onClick={() => setUploading(true)}
          >
            {PETS_TEXTS.upload}
          </button>
        </div>
      )}
    </li>
  );
}

/** 'Mis mascotas': each pet, its vaccines, the cards sent and 'Subir carné de vacunas'. */
export function PetsSection({ focus, me }: { focus: boolean; me: MeLoaded }) {
  const [done, setDone] = useState<string | null>(null);
  const notice = useRef<HTMLDivElement>(null);
  const pets = me.data?.mascotas;
  return (
    <Section id="mascotas" focus={focus}>
      <div ref={notice} role="status" tabIndex={-1}>
        {done && <p className="success">{done}.</p>}
      </div>
      <Problem message={me.problem} />
      {pets === undefined ? (
        !me.problem && <p className="hint">{PETS_TEXTS.loading}</p>
      ) : pets.length === 0 ? (
        <p className="empty">{PETS_TEXTS.none}</p>
      ) : (
        <ul className="items">
          {pets.map((pet) => (
            <PetCard
              key={pet.id_perro}
              pet={pet}
              onSent={(message) => {
                setDone(message);
                me.reload();
                // The form is gone: the answer takes the focus, and is read out.
                notice.current?.focus();
              }}
            />
          ))}
        </ul>
      )}
    </Section>
  );
}
