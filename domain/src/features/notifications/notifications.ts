/**
 * `GET /api/notificaciones`: what the navbar bell lists (decisions §notifications). The server
 * works out each notice from the data, for the user's role, on every call: nothing is stored,
 * nothing is marked read. Each notice says what it is about and where in the back-office to see it.
 */
import { z } from 'zod';
import { limaToday } from '../../lima-date';
import { complaintsLink } from '../complaints/complaints';
import { electronicReceiptsLink, UNACCEPTED_FILTER } from '../electronic-receipts/receipts';

export const NOTIFICATIONS_PATH = '/notificaciones';

export const NOTIFICATION_KINDS = [
  'stock_bajo',
  'citas_manana',
  'reservas_por_vencer',
  'certificado_por_vencer',
  'comprobantes_sin_aceptar',
  'reclamos_por_vencer',
  'solicitudes_en_linea',
  'carnes_por_revisar',
  'espacios_liberados',
  'adelantos_por_verificar',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The low-stock products named one by one; the rest go into one summary notice. */
export const LOW_STOCK_NAMED = 5;

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

/** dd/mm/aaaa of a moment, Lima's calendar day. */
const limaDate = (at: Date) => limaToday(at).split('-').reverse().join('/');

/** The notices' Spanish texts and the screens they open. */
export const NOTIFICATION_TEXTS = {
  /** 'Stock bajo: Shampoo avena (quedan 2, mínimo 5)'. */
  lowStock: (name: string, stock: number, min: number) =>
    `Stock bajo: ${name} (${stock === 0 ? 'agotado' : plural(stock, `queda ${stock}`, `quedan ${stock}`)}, mínimo ${min})`,
  /** 'Y 3 productos más con stock bajo'. */
  moreLowStock: (n: number) =>
    `Y ${n} ${plural(n, 'producto más', 'productos más')} con stock bajo`,
  /** 'Mañana hay 6 citas sin recordatorio': tomorrow's citas nobody has reminded yet. */
  appointmentsTomorrow: (n: number) =>
    `Mañana hay ${n} ${plural(n, 'cita', 'citas')} sin recordatorio`,
  /** '3 reservaciones pendientes vencen hoy'. */
  reservationsExpiring: (n: number) =>
    `${n} ${plural(n, 'reservación pendiente vence', 'reservaciones pendientes vencen')} hoy`,
  /**
   * 'El certificado digital vence el 24/12/2026': the electronic receipts stop being signed
   * (DESIGN §11.1); 'venció el ...' once past.
   */
  certificateExpiry: (expires: Date, now: Date) =>
    expires.getTime() > now.getTime()
      ? `El certificado digital de facturación vence el ${limaDate(expires)}`
      : `El certificado digital de facturación venció el ${limaDate(expires)}`,
  /**
   * '2 comprobantes electrónicos sin aceptar por SUNAT': pending, failed or rejected a day after
   * their issue (DESIGN §11.2).
   */
  unacceptedReceipts: (n: number) =>
    `${n} ${plural(n, 'comprobante electrónico', 'comprobantes electrónicos')} sin aceptar por SUNAT`,
  /**
   * '2 reclamos por vencer': open hojas of the Libro de Reclamaciones due within 3 working days,
   * or late (DESIGN §11.3).
   */
  complaintsDue: (n: number) => `${n} ${plural(n, 'reclamo por vencer', 'reclamos por vencer')}`,
  /** 'Solicitudes en línea por confirmar: 2' (DESIGN §11.4). */
  onlineRequests: (n: number) => `Solicitudes en línea por confirmar: ${n}`,
  /** 'Carnés de vacunas por revisar: 2': cards clients sent from /mi-cuenta (DESIGN §11.5). */
  vaccineProposals: (n: number) => `Carnés de vacunas por revisar: ${n}`,
  /** '2 espacios liberados por clientes para la lista de espera' (decisions §waitlist). */
  freedSlots: (n: number) =>
    `${n} ${plural(n, 'espacio liberado', 'espacios liberados')} por clientes para la lista de espera`,
  /** 'Adelantos por verificar: 2': Yape, Plin or transfers to check (DESIGN §11.6). */
  unverifiedDeposits: (n: number) => `Adelantos por verificar: ${n}`,
  empty: 'No hay notificaciones',
} as const;

export const NOTIFICATION_LINKS = {
  lowStock: '/productos?bajo_stock=true',
  /** Where the desk sends tomorrow's reminders (decisions §reminders). */
  reminders: '/recordatorios',
  /** The agenda on that day (`YYYY-MM-DD`). */
  agenda: (day: string) => `/agenda?fecha=${day}`,
  /** Every pending reservation, whenever it was registered (the list's dates are of registration). */
  pendingReservations: '/reservaciones?est=1&ficial=&final=',
  /** Ajustes, at its 'Facturación electrónica' section. */
  electronicSettings: '/ajustes#facturacion',
  /** CAJA › 'Comprobantes electrónicos', every one SUNAT has not accepted, whatever its day. */
  unacceptedReceipts: electronicReceiptsLink({ estado: UNACCEPTED_FILTER }),
  /** ADMINISTRACIÓN › 'Libro de Reclamaciones', the open hojas. */
  complaintsDue: complaintsLink({ estado: 'pendiente' }),
  /** AGENDA › 'Solicitudes en línea'. */
  onlineRequests: '/solicitudes-en-linea',
  /** CLIENTES › 'Carnés por revisar'. */
  vaccineProposals: '/carnes-por-revisar',
  /** AGENDA › 'Lista de espera', whose top lists the freed times. */
  freedSlots: '/lista-espera',
  /** CAJA › 'Adelantos por verificar'. */
  unverifiedDeposits: '/adelantos-por-verificar',
} as const;

export const NotificationSchema = z.strictObject({
  tipo: z.enum(NOTIFICATION_KINDS),
  texto: z.string(),
  /** A path of the web app to open: '/productos?bajo_stock=true'. */
  enlace: z.string(),
  /**
   * How many things the notice is about: 1 product, N more products, N citas, N reservations,
   * 1 certificate, N electronic receipts, N hojas de reclamación.
   */
  cantidad: z.number().int(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationsSchema = z.strictObject({
  items: z.array(NotificationSchema),
  /**
   * What the bell's badge counts: one per notice, the summary counting as the products it
   * stands for (every low-stock product is one thing to reorder).
   */
  total: z.number().int(),
});
export type Notifications = z.infer<typeof NotificationsSchema>;
