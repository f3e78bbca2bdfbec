import { isPeruMobile, whatsappUrl, type AgendaEntry, type OwnCommission } from '@app/domain';
import dayjs from 'dayjs';
import { formatMoney, fullName, upper } from '../../lib/format';

/** What 'Mi día' (a groomer's own day, issue 30 §5) says. */
export const MY_DAY_TEXTS = {
  previousDay: 'Día anterior',
  nextDay: 'Día siguiente',
  today: 'Hoy',
  loading: 'Cargando...',
  loadError: 'No se pudieron cargar sus citas',
  empty: 'No tiene citas para este día.',
  count: (n: number) => (n === 1 ? '1 cita' : `${n} citas`),
  notLinked:
    'Su usuario no está vinculado a un empleado de la agenda. Pida a un administrador que lo vincule (Empleados, «Crear Usuario de Sistema») para ver aquí sus citas.',
  toAgenda: 'Ir a la Agenda',
  client: 'Cliente',
  notes: 'Observaciones',
  triage: 'Triaje',
  triageDone: 'Registrado',
  triagePending: 'Pendiente',
  start: 'Iniciar',
  complete: 'Completar',
  details: 'Detalles',
  ready: 'Avisar que está listo',
  noMobile: 'Celular no válido',
  newTab: '(se abre en una pestaña nueva)',
  /** What the buttons add for a screen reader, which hears them apart from their card. */
  thePet: (pet: string) => ` la cita de ${pet}`,
  ofPet: (pet: string) => ` de la cita de ${pet}`,
  commissions: 'Mis comisiones',
} as const;

/** 'martes, 14 de mayo de 2026': the day shown, as a person says it. */
export const dayTitle = (day: string) => {
  const text = dayjs(day).format('dddd, D [de] MMMM [de] YYYY');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/** 'dd/mm' of a `YYYY-MM-DD` day. */
const dayMonth = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

/**
 * 'Mis comisiones' of the current period, in parts that stay whole when a phone wraps the line:
 * 'Del 01/05 al 14/05:', 'Comisión S/. 20.00', 'Propinas S/. 5.00', 'Total S/. 25.00'.
 */
export function commissionParts(own: OwnCommission) {
  return {
    period: `Del ${dayMonth(own.desde)} al ${dayMonth(own.hasta)}:`,
    figures: [
      `Comisión ${formatMoney(own.comision)}`,
      `Propinas ${formatMoney(own.propinas)}`,
      `Total ${formatMoney(own.total)}`,
    ],
  };
}

/** The pet's name as the lists show it (spec §000-9: upper-cased). */
export const petName = (entry: AgendaEntry) => upper(entry.perro.nom_perro);

export const clientFullName = (entry: AgendaEntry) =>
  fullName(entry.cliente.nom_cli, entry.cliente.ape_cli);

/** The message that tells the owner the pet may be picked up. */
export function readyMessage(client: string, pet: string, company: string): string {
  return `¡Hola ${client}! ${pet} ya está listo(a) para recoger en ${company}. ¡Gracias por su preferencia!`;
}

/**
 * 'Avisar que está listo': a wa.me chat with the owner's first mobile (51 and its 9 digits, as
 * reminders write it), holding the message; null when neither phone is a Peruvian mobile.
 */
export function readyLink(entry: AgendaEntry, company: string): string | null {
  const phone = [entry.cliente.tel1_cli, entry.cliente.tel2_cli].find(isPeruMobile);
  return phone
    ? whatsappUrl(phone, readyMessage(entry.cliente.nom_cli, entry.perro.nom_perro, company))
    : null;
}
