import type { PortalMe } from '@app/domain';
import { useEffect, useRef, type ReactNode } from 'react';
import { dayNames } from '../booking/booking-dates';
import type { Loaded } from './use-loaded';

/** The four sections, each at its own address (`#citas`), so 'Atrás' goes back to the last. */
export const SECTIONS = [
  { id: 'citas', title: 'Mis citas' },
  { id: 'mascotas', title: 'Mis mascotas' },
  { id: 'comprobantes', title: 'Comprobantes' },
  { id: 'datos', title: 'Mis datos' },
] as const;
export type SectionId = (typeof SECTIONS)[number]['id'];

/** When a cita takes place, as the page writes it: 'martes 24 de noviembre, 10:00'. */
export const whenText = (fecha: string, hora: string) => `${dayNames(fecha).long}, ${hora}`;

/** '2026-11-24' → '24 de noviembre de 2026': a day that may be of another year. */
export const dateText = (day: string) =>
  `${dayNames(day).long.replace(/^\S+ /, '')} de ${day.slice(0, 4)}`;

export interface SectionProps {
  id: SectionId;
  /** Takes the focus when drawn: the client moved to it, and a screen reader starts here. */
  focus: boolean;
  children?: ReactNode;
}

/** A section of the account: a card headed by its title, the focus's landing place. */
export function Section({ id, focus, children }: SectionProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  const title = SECTIONS.find((section) => section.id === id)?.title ?? '';
  return (
    <section className="card section" aria-labelledby={`seccion-${id}`}>
      <h2 id={`seccion-${id}`} ref={heading} tabIndex={-1}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The client's record, read once for the pets and the data and again after a change. */
export type MeLoaded = Loaded<PortalMe>;
