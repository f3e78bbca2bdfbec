import { z } from 'zod';
import { isoDateTime } from '../../api';
import { ListQuerySchema, PAGE_TOO_DEEP, MAX_LIST_OFFSET } from '../../list-query';

/**
 * The audit log (decisions §audit): who did what, when, from where, to which record, and the
 * fields it changed (before → after). Written by the server in the transaction of the change it
 * records; read by admins through `GET /api/auditoria/` and the 'Auditoría' screen. It never
 * holds a password, token or hash: the server drops such fields before writing.
 */

/** What was done. A name once written stays: old entries keep it. */
export const AUDIT_ACTIONS = [
  'crear',
  'editar',
  'estado',
  'eliminar',
  'mover',
  'vender',
  'anular',
  'stock',
  'importar',
  'exportar',
  'iniciar_sesion',
  'sesion_fallida',
  'contrasena',
  'denegado',
  'anonimizar',
  'segundo_factor',
  'cerrar_sesiones',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  crear: 'Registro',
  editar: 'Edición',
  estado: 'Cambio de estado',
  eliminar: 'Eliminación',
  mover: 'Reprogramación',
  vender: 'Venta',
  anular: 'Anulación',
  stock: 'Movimiento de stock',
  importar: 'Importación',
  exportar: 'Exportación',
  iniciar_sesion: 'Inicio de sesión',
  sesion_fallida: 'Inicio de sesión fallido',
  contrasena: 'Cambio de contraseña',
  denegado: 'Acceso denegado',
  anonimizar: 'Anonimización',
  segundo_factor: 'Verificación en dos pasos',
  cerrar_sesiones: 'Cierre de sesiones',
};

/**
 * What it was done to. `sesion` is a sign-in (the entry's user is who signed in), `permiso` a
 * refused call (its `detalle` says which route and what it needed).
 */
export const AUDIT_ENTITIES = [
  'cliente',
  'mascota',
  'servicio',
  'paquete',
  'producto',
  'reservacion',
  'cita',
  'triaje',
  'venta',
  'caja',
  'empleado',
  'usuario',
  'ajustes',
  'sesion',
  'permiso',
  'auditoria',
  'recordatorio',
  'lista_espera',
  'vacuna',
  'foto',
  'reclamo',
  'feriado',
  'carne_vacuna',
  'bono',
  'bono_cliente',
  'adelanto',
  'comision',
  'consentimiento',
  'firma',
  'ficha',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

export const AUDIT_ENTITY_LABELS: Record<AuditEntity, string> = {
  cliente: 'Cliente',
  mascota: 'Mascota',
  servicio: 'Servicio',
  paquete: 'Paquete',
  producto: 'Producto',
  reservacion: 'Reservación',
  cita: 'Cita',
  triaje: 'Triaje',
  venta: 'Venta',
  caja: 'Cierre de caja',
  empleado: 'Empleado',
  usuario: 'Usuario',
  ajustes: 'Ajustes de la empresa',
  sesion: 'Sesión',
  permiso: 'Permiso',
  auditoria: 'Auditoría',
  recordatorio: 'Recordatorio',
  lista_espera: 'Lista de espera',
  vacuna: 'Vacuna',
  foto: 'Foto de cita',
  reclamo: 'Hoja de reclamación',
  feriado: 'Feriado',
  carne_vacuna: 'Carné de vacunas',
  bono: 'Bono',
  bono_cliente: 'Bono de cliente',
  adelanto: 'Adelanto',
  comision: 'Cierre de comisiones',
  consentimiento: 'Consentimiento',
  firma: 'Firma de consentimiento',
  ficha: 'Ficha de la visita',
};

/** One changed field: its value before and after (null where there was none). */
export const AuditChangeSchema = z.strictObject({ antes: z.unknown(), despues: z.unknown() });
export type AuditChange = z.infer<typeof AuditChangeSchema>;

/** The changed fields of an entry, by the record's field name (`tel1_cli`). */
export const AuditChangesSchema = z.record(z.string(), AuditChangeSchema);
export type AuditChanges = z.infer<typeof AuditChangesSchema>;

/** One entry as the API answers it. */
export const AuditEntrySchema = z.strictObject({
  id: z.number().int(),
  at: isoDateTime,
  /** Null when nobody was signed in (a failed sign-in) or the user was deleted since. */
  id_usu: z.number().int().nullable(),
  /** The login as the caller gave it, or else the user's current one. */
  login: z.string().nullable(),
  ip: z.string(),
  accion: z.enum(AUDIT_ACTIONS),
  entidad: z.enum(AUDIT_ENTITIES),
  entidad_id: z.number().int().nullable(),
  cambios: AuditChangesSchema.nullable(),
  detalle: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AUDIT_MESSAGES = {
  date: 'La fecha debe tener el formato AAAA-MM-DD',
  range: 'La fecha inicial no puede ser mayor a la fecha final',
  action: 'Acción inválida',
  entity: 'Entidad inválida',
  user: 'El usuario es demasiado largo',
  /** The screen's texts. */
  title: 'Registro de Auditoría',
  empty: 'No hay registros de auditoría con los criterios de búsqueda.',
  loadError: 'No se recibieron datos de la auditoría',
  exportLabel: 'Exportar CSV',
  exportError: 'Error al exportar la auditoría',
  noChanges: 'Sin cambios de campos',
  changesTitle: 'Cambios registrados',
  emptyValue: '(vacío)',
} as const;

/** Filters are sent only when set; a blank one means "not set" (as in list-query.ts). */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

const { page, per_page, after } = ListQuerySchema.shape;

/** The filters of the log and of its export: Lima days, a login, an entity and an action. */
export const AuditFilterSchema = z
  .object({
    /** First Lima day, `YYYY-MM-DD`, inclusive. */
    desde: optional(z.iso.date(AUDIT_MESSAGES.date)),
    /** Last Lima day, `YYYY-MM-DD`, inclusive. */
    hasta: optional(z.iso.date(AUDIT_MESSAGES.date)),
    /** A login, whole and in any case: the user's current one or the one the entry kept. */
    usu: optional(z.string().trim().max(100, AUDIT_MESSAGES.user)),
    entidad: optional(z.enum(AUDIT_ENTITIES, { error: AUDIT_MESSAGES.entity })),
    accion: optional(z.enum(AUDIT_ACTIONS, { error: AUDIT_MESSAGES.action })),
  })
  .refine((q) => !q.desde || !q.hasta || q.desde <= q.hasta, {
    message: AUDIT_MESSAGES.range,
    path: ['desde'],
  });
export type AuditFilter = z.infer<typeof AuditFilterSchema>;

/** `GET /api/auditoria/`: the filters, paged like every list (`page`, `per_page`, `after`). */
export const AuditListQuerySchema = AuditFilterSchema.safeExtend({ page, per_page, after }).refine(
  (q) => q.after !== undefined || (q.page - 1) * q.per_page < MAX_LIST_OFFSET,
  { message: PAGE_TOO_DEEP, path: ['page'] },
);
export type AuditListQuery = z.infer<typeof AuditListQuerySchema>;

/** The log's API paths: a list and its CSV export; nothing writes, edits or deletes it. */
export const AUDIT_PATHS = {
  list: '/auditoria/',
  export: '/auditoria/export',
} as const;

/** The query key of the log's lists in the web. */
export const AUDIT_QUERY_KEY = 'auditoria';

/** Names of the fields the records carry, as staff read them; others show as they are. */
export const AUDIT_FIELD_LABELS: Record<string, string> = {
  nom_cli: 'Nombre',
  ape_cli: 'Apellido',
  dni_cli: 'DNI',
  tel1_cli: 'Teléfono principal',
  tel2_cli: 'Teléfono secundario',
  email_cli: 'Email',
  dir_cli: 'Dirección',
  nom_perro: 'Nombre de la mascota',
  raza_perro: 'Raza',
  id_cli: 'Cliente',
  nom_srv: 'Nombre',
  desc_srv: 'Descripción',
  precio_srv: 'Precio',
  nom_paq: 'Nombre',
  desc_paq: 'Descripción',
  precio_paq: 'Precio',
  servicios: 'Servicios',
  nom_emp: 'Nombre',
  ape_emp: 'Apellido',
  dni_emp: 'Documento',
  fec_nac: 'Fecha de nacimiento',
  email_emp: 'Email',
  tel_emp: 'Teléfono',
  name: 'Nombre',
  surname: 'Apellido',
  doc: 'Documento',
  email: 'Email',
  login: 'Usuario',
  rol: 'Rol',
  profile_image: 'Foto de perfil',
  id_emp: 'Empleado',
  fec_cita: 'Fecha de la cita',
  id_perro: 'Mascota',
  id_srv: 'Servicio',
  id_paq: 'Paquete',
  precio: 'Precio',
  obs_perro: 'Observaciones',
  duracion: 'Duración',
  edad: 'Edad',
  peso: 'Peso',
  temperatura: 'Temperatura',
  nota: 'Notas',
  nomEmp: 'Nombre de la empresa',
  sloganEmp: 'Eslogan',
  dirEmp: 'Dirección',
  fonoEmp: 'Teléfono',
  emailEmp: 'Email',
  rucEmp: 'RUC',
  logoEmp: 'Logo',
  id_est: 'Estado',
  // The forms' names, for entries that record an input rather than a record.
  dni: 'DNI',
  tel1: 'Teléfono principal',
  tel2: 'Teléfono secundario',
  direccion: 'Dirección',
  nombre: 'Nombre',
  raza: 'Raza',
  descripcion: 'Descripción',
  estado: 'Estado',
};

/** A field's name as staff read it: its label, or the name itself. */
export const auditFieldLabel = (field: string): string => AUDIT_FIELD_LABELS[field] ?? field;

/** A value before or after, as text: '(vacío)' for none, 'Sí'/'No', lists joined by commas. */
export function auditValueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return AUDIT_MESSAGES.emptyValue;
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) return value.map(auditValueText).join(', ');
  return JSON.stringify(value);
}

/** One changed field as one line: 'Teléfono principal: 987654321 → 912345678'. */
export const auditChangeText = (field: string, change: AuditChange): string =>
  `${auditFieldLabel(field)}: ${auditValueText(change.antes)} → ${auditValueText(change.despues)}`;

/** The whole change of an entry as one text (the CSV's cell): its lines joined by ' | '. */
export const auditChangesText = (changes: AuditChanges | null): string =>
  Object.entries(changes ?? {})
    .map(([field, change]) => auditChangeText(field, change))
    .join(' | ');

/** An action's label, or the name itself for one this build does not know. */
export const auditActionLabel = (action: string): string =>
  (AUDIT_ACTION_LABELS as Record<string, string>)[action] ?? action;

/** An entity's label, or the name itself for one this build does not know. */
export const auditEntityLabel = (entity: string): string =>
  (AUDIT_ENTITY_LABELS as Record<string, string>)[entity] ?? entity;
