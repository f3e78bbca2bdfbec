import type { UseFormReturn, FieldValues } from 'react-hook-form';
import {
  durationForSize,
  PET_SIZES,
  Status,
  statusName,
  type PetSize,
  type SizeMinutes,
  type Appointment,
  type AppointmentItemKind,
  type BookingClient,
  type BookingPet,
  type Reservation,
} from '@app/domain';

/**
 * What an edited booking holds already. The server lets an edit keep a client, pet, service or
 * package that was suspended or deleted since, so the edit form shows them, labelled with their
 * status; a new choice is still limited to active records.
 */
export interface BookedRecords {
  client: BookingClient;
  pet: BookingPet;
  /** Its price only for who may charge (issue 30 §5). */
  item?: { kind: AppointmentItemKind; id: number; name: string; precio?: string; id_est: number };
  /** The appointment's groomer, bookable or not since. */
  groomer?: Appointment['empleado'];
}

/** The form value that carries them: not a field, and the schemas drop it from the payload. */
export const BOOKED = 'booked';

export function reservationBooked(row: Reservation): BookedRecords {
  return { client: row.cliente, pet: row.perro };
}

export function appointmentBooked(row: Appointment): BookedRecords {
  const item = row.servicio
    ? {
        kind: 'servicio' as const,
        id: row.servicio.id_srv,
        name: row.servicio.nom_srv,
        id_est: row.servicio.id_est,
      }
    : row.paquete
      ? {
          kind: 'paquete' as const,
          id: row.paquete.id_paq,
          name: row.paquete.nom_paq,
          id_est: row.paquete.id_est,
        }
      : undefined;
  return {
    client: row.cliente,
    pet: row.perro,
    item: item && { ...item, precio: row.precio },
    groomer: row.empleado,
  };
}

/** The booked records of the form's row; undefined on a registration form. */
export function bookedOf(form: UseFormReturn<FieldValues>): BookedRecords | undefined {
  return form.getValues(BOOKED) as BookedRecords | undefined;
}

/** A record's name, with its status when it is no longer active: 'Firulais (Suspendido)'. */
export function withStatus(name: string, id_est: number): string {
  return id_est === Status.Activo ? name : `${name} (${statusName(id_est)})`;
}

/**
 * A visit's default duration (DESIGN §11.4) hangs on two choices made in two fields: the item's
 * minutes and the pet's size. Each field keeps its choice's part in a form value of its own (not
 * a field: the schemas drop it), and a choice the user makes sets the duration from both.
 */
export const ITEM_TIMING = 'duracion_item';
export const PET_SIZE = 'talla_mascota';

/** The chosen service's or package's minutes: its own and those it adds per size. */
export interface ItemTiming {
  duracion: number;
  minutos_talla: SizeMinutes;
}

const isPetSize = (value: unknown): value is PetSize => PET_SIZES.some((size) => size === value);

/**
 * Sets the duration to the chosen item's for the chosen pet's size, unless the user typed one or
 * no item with known minutes is chosen.
 */
export function applyDefaultDuration(form: UseFormReturn<FieldValues>, durationField?: string) {
  if (!durationField || form.getFieldState(durationField).isDirty) return;
  // Only ItemTabsField writes this value, always an ItemTiming or undefined.
  const item = form.getValues(ITEM_TIMING) as ItemTiming | undefined;
  if (!item) return;
  const size: unknown = form.getValues(PET_SIZE);
  form.setValue(durationField, durationForSize(item, isPetSize(size) ? size : null));
}
