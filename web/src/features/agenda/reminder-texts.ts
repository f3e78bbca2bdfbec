import { REMINDER_CHANNEL_LABELS, type Reminder } from '@app/domain';
import dayjs from 'dayjs';
import { formatDate, TIME_ZONE } from '../../lib/format';

/** What the Recordatorios screen says. */
export const REMINDERS_TEXTS = {
  title: 'Recordatorios',
  date: 'Fecha',
  caption: (day: string) => `Citas programadas del ${formatDate(day)}`,
  empty: (day: string) => `No hay citas programadas para el ${formatDate(day)}.`,
  loadError: 'No se pudieron cargar los recordatorios',
  loading: 'Cargando...',
  hour: 'Hora',
  client: 'Cliente',
  pet: 'Mascota',
  service: 'Servicio',
  groomer: 'Groomer',
  phone: 'Teléfono',
  sent: 'Enviado',
  actions: 'Acciones',
  unassigned: 'Sin asignar',
  noEmail: 'Sin e-mail',
  notSent: 'Pendiente',
  invalidPhone: 'Celular no válido',
  whatsapp: 'WhatsApp',
  email: 'E-mail',
  /** The buttons' names for a screen reader, which hears them apart from their row. */
  whatsappLabel: (client: string, pet: string) => `WhatsApp a ${client} por ${pet}`,
  emailLabel: (client: string, pet: string) => `E-mail a ${client} por ${pet}`,
  newTab: '(se abre en una pestaña nueva)',
  errorTitle: 'Error al enviar el recordatorio',
  optedOut: 'No desea recordatorios',
  sendAll: 'Enviar todos',
  sendAllHidden: ' los recordatorios por e-mail',
  sendAllError: 'Error al enviar los recordatorios',
} as const;

/** 'WhatsApp · recepcion · 22/11 18:03': who reminded, how and when (Lima time). */
export const sentText = (reminder: Reminder) =>
  [
    REMINDER_CHANNEL_LABELS[reminder.canal],
    reminder.usuario,
    dayjs(reminder.created_at).tz(TIME_ZONE).format('DD/MM HH:mm'),
  ].join(' · ');
