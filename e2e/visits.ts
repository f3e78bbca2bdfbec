import {
  limaDay,
  registerClient,
  registerPet,
  uniqueWord,
  type CreatedClient,
  type Groomer,
  type StaffApi,
} from './api';

/** Arranging visits through the API: a client with a pet, a service, and the cita itself. */

const DESCRIPTION = 'Servicio de prueba para el calendario, con productos de calidad y buen trato.';

export async function registerService(api: StaffApi, duracion: number) {
  const nombre = `Baño calendario ${uniqueWord()}`;
  const row = await api.create<{ id_srv: number }>('/servicio/register', {
    nombre,
    descripcion: DESCRIPTION,
    precio: '45',
    duracion,
  });
  return { id_srv: row.id_srv, nombre };
}

export interface Visit {
  client: CreatedClient;
  petId: number;
  pet: string;
  serviceId: number;
}

/** A client with a pet, and a service to book for it (an hour long unless told). */
export async function arrangeVisit(api: StaffApi, minutes = 60): Promise<Visit> {
  const client = await registerClient(api, uniqueWord(), `Calendario ${uniqueWord()}`);
  const pet = uniqueWord();
  const petId = await registerPet(api, client, pet);
  const { id_srv } = await registerService(api, minutes);
  return { client, petId, pet, serviceId: id_srv };
}

/** Books the visit at `at` (Lima `YYYY-MM-DDTHH:mm`) with the groomer; returns its id. */
export async function book(api: StaffApi, visit: Visit, at: string, groomer: Groomer | null) {
  const row = await api.create<{ id_cita: number }>('/cita/register', {
    fec_cita: at,
    dni_cli: visit.client.dni,
    id_cliente: visit.client.id_cli,
    id_perro: visit.petId,
    id_servicio: visit.serviceId,
    id_emp: groomer?.id_emp ?? null,
    fech_reg: limaDay(0),
    obs: 'Cita de prueba del calendario',
  });
  return row.id_cita;
}

/**
 * A Lima day at least `days` ahead: on ISO `weekday` (1 Monday … 7 Sunday) when given, else any
 * Monday to Friday (open in the default hours).
 */
export function weekdayAhead(days: number, weekday?: number): string {
  for (let ahead = days; ; ahead++) {
    const day = limaDay(ahead);
    const isoWeekday = ((new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;
    if (weekday === undefined ? isoWeekday <= 5 : isoWeekday === weekday) return day;
  }
}
