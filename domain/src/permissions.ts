import { z } from 'zod';

/**
 * Who may do what (decisions §roles): one table, read by the server on every route and by the web
 * to hide what a user may not use. A permission is `area.action`.
 */

export const ROLES = ['admin', 'recepcion', 'groomer'] as const;
export type Role = (typeof ROLES)[number];

/** A role as forms send it and records carry it; an unknown one is refused in Spanish. */
export const RoleSchema = z.enum(ROLES, { error: 'Seleccione un rol válido' });

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Administrador',
  recepcion: 'Recepción',
  groomer: 'Groomer',
};

export const PERMISSIONS = [
  /** Clients and their pets. */
  'clientes.leer',
  'clientes.escribir',
  /** Services, packages and (later) products. */
  'catalogo.leer',
  'catalogo.escribir',
  /** Reservations and appointments: see them; book, edit, move and cancel them. */
  'agenda.leer',
  'agenda.escribir',
  /** Start and complete an appointment (En Proceso, Completada) and record its triage. */
  'agenda.atender',
  /** Charge a visit and see the day's cash. */
  'caja.cobrar',
  /** Void a sale, the sales report, stock adjustments, reopening a closed day. */
  'caja.administrar',
  /**
   * Charge off the server's prices (decisions §server-prices): another price than the catalogue's
   * or the cita's, a discount above `descuento_max`, a tip above the total; each with a reason.
   */
  'caja.ajustar',
  'reportes.leer',
  'historial.leer',
  'empleados.leer',
  'empleados.escribir',
  /** Users and their roles. */
  'usuarios.administrar',
  /** Turn on the own second factor (issue 28 §5): the accounts that can do the most harm. */
  'cuenta.dos_pasos',
  /** The company's settings. */
  'ajustes.escribir',
  'auditoria.leer',
  /** Imports, exports of the whole data, anonymisation. */
  'datos.administrar',
  /** The Libro de Reclamaciones: read the hojas, answer them, keep the holidays (DESIGN §11.3). */
  'reclamos.atender',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const RECEPTION: readonly Permission[] = [
  'clientes.leer',
  'clientes.escribir',
  'catalogo.leer',
  'agenda.leer',
  'agenda.escribir',
  'agenda.atender',
  'caja.cobrar',
  'reportes.leer',
  'historial.leer',
  'empleados.leer',
];

const GROOMER: readonly Permission[] = [
  'clientes.leer',
  'catalogo.leer',
  'agenda.leer',
  'agenda.atender',
  'historial.leer',
];

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  admin: PERMISSIONS,
  recepcion: RECEPTION,
  groomer: GROOMER,
};

export function can(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/** What a route needs: a permission, or only a signed-in user (own profile, lookups). */
export type RouteAccess = Permission | 'sesion';

/** Whether the role may use a route that needs `access` (every signed-in user has 'sesion'). */
export const canAccess = (role: Role, access: RouteAccess): boolean =>
  access === 'sesion' || can(role, access);

export const PERMISSION_MESSAGES = {
  forbidden: 'No tiene permiso para realizar esta acción',
  lastAdmin: 'Debe quedar al menos un administrador activo',
  currentPassword: 'La contraseña actual no es correcta',
  /** The screen a deep link to a page one may not use shows. */
  pageTitle: 'Sin permiso',
  pageText:
    'Su usuario no tiene permiso para ver esta página. Si lo necesita, pídalo a un administrador.',
} as const;
