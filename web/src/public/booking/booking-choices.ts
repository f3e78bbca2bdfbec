import {
  durationForSize,
  PET_SIZE_LABELS,
  type BookingSalon,
  type OfferedItem,
  type OnlineClient,
  type PetSize,
} from '@app/domain';
import { moneyText } from '../details';
import { dayNames, durationText } from './booking-dates';

/** What the client chose so far, step by step (DESIGN §11.4). */

/** Step 1: the service or package, the pet's size and, if they care, the groomer. */
export interface ServiceChoice {
  item: OfferedItem;
  talla: PetSize;
  /** null: 'Cualquiera'. */
  emp: number | null;
}

/** Step 2: a free start time. */
export interface SlotChoice {
  fecha: string;
  hora: string;
}

/** Step 3: the DNI and e-mail the code confirmed, and what the server knows of the client. */
export interface Identity {
  dni: string;
  email: string;
  codigo: string;
  client: OnlineClient;
}

/** An item's radio value: services and packages have ids of their own. */
export const itemKey = (item: Pick<OfferedItem, 'tipo' | 'id'>) => `${item.tipo}-${item.id}`;

/** 'S/. 45.00 · 1 h 30 min' for the pet's size (the item's own length before a size is chosen). */
export const itemPriceAndLength = (item: OfferedItem, talla: PetSize | null) =>
  `${moneyText(item.precio)} · ${durationText(durationForSize(item, talla))}`;

export const groomerName = (salon: BookingSalon, emp: number | null) =>
  salon.groomers.find((groomer) => groomer.id_emp === emp)?.nombre ?? CHOICE_TEXTS.anyGroomer;

export const CHOICE_TEXTS = {
  service: 'Servicio',
  size: 'Tamaño de su mascota',
  groomer: 'Groomer',
  anyGroomer: 'Cualquiera',
  when: 'Día y hora',
} as const;

/** What was chosen, as the summary at the head of the later steps lists it. */
export function choiceItems(
  salon: BookingSalon,
  choice: ServiceChoice,
  slot?: SlotChoice | null,
): [string, string][] {
  const items: [string, string][] = [
    [
      CHOICE_TEXTS.service,
      `${choice.item.nombre} (${itemPriceAndLength(choice.item, choice.talla)})`,
    ],
    [CHOICE_TEXTS.size, PET_SIZE_LABELS[choice.talla]],
    [CHOICE_TEXTS.groomer, groomerName(salon, choice.emp)],
  ];
  if (slot) items.push([CHOICE_TEXTS.when, `${dayNames(slot.fecha).long}, ${slot.hora}`]);
  return items;
}
