import { z } from 'zod';
import { isoDateTime } from '../../api';
import { defineResource } from '../../resource';
import { dni, email, optionalPhone, personName, phone, requiredText } from '../../rules';
import { IdParamSchema } from '../../list-query';

export const ADDRESS_MESSAGES = {
  required: 'La dirección es requerida',
  min: 'La dirección debe tener al menos 5 caracteres',
  letters: 'La dirección debe contener al menos 4 letras',
  onlyNumbers: 'La dirección no puede contener solo números',
} as const;

const address = requiredText(ADDRESS_MESSAGES.required)
  .min(5, ADDRESS_MESSAGES.min)
  .max(200, 'La dirección no puede exceder los 200 caracteres')
  .refine((v) => !/^[\d\s]+$/.test(v), ADDRESS_MESSAGES.onlyNumbers)
  .refine((v) => (v.match(/[A-Za-zÁÉÍÓÚÜÑáéíóúüñ]/g) ?? []).length >= 4, ADDRESS_MESSAGES.letters);

export const ClientInputSchema = z.object({
  dni,
  name: personName('El nombre es requerido', 'El nombre debe tener al menos 2 caracteres').max(
    100,
    'El nombre no puede exceder los 100 caracteres',
  ),
  surname: personName(
    'El apellido es requerido',
    'El apellido debe tener al menos 2 caracteres',
  ).max(100, 'El apellido no puede exceder los 100 caracteres'),
  tel1: phone,
  tel2: optionalPhone,
  email: email('El email es requerido', 'Debe ser un email válido'),
  direccion: address,
  /**
   * The client's two choices (issue 35 §5), each change kept in `consentimientos`: reminders of
   * their citas, and publicity. Left out, they stay as they are (new: reminders yes, publicity no).
   */
  recordatorios: z.boolean({ error: 'Indique si recibe recordatorios' }).optional(),
  marketing: z.boolean({ error: 'Indique si acepta publicidad' }).optional(),
});
export type ClientInput = z.infer<typeof ClientInputSchema>;

export const ClientUpdateSchema = ClientInputSchema.extend({ id: IdParamSchema.shape.id });
export type ClientUpdate = z.infer<typeof ClientUpdateSchema>;

export const ClientSchema = z.strictObject({
  id_cli: z.number().int(),
  nom_cli: z.string(),
  ape_cli: z.string(),
  dni_cli: z.string(),
  tel1_cli: z.string(),
  tel2_cli: z.string().nullable(),
  email_cli: z.string(),
  dir_cli: z.string(),
  id_est: z.number().int(),
  created_at: isoDateTime,
  /** How many of the client's citas ended as No Asistió (decisions §no-shows). */
  inasistencias: z.number().int(),
  /** The time of the client's latest Completada cita, or null before the first. */
  ultima_visita: isoDateTime.nullable(),
  /** Whether the client takes reminders of their citas. */
  recordatorios: z.boolean(),
  /** Whether the client accepts publicity. */
  marketing: z.boolean(),
});
export type Client = z.infer<typeof ClientSchema>;

/**
 * What `GET /api/cliente/nombre/{dni}` returns: a list, as the spec says; with the client's
 * no-shows and last visit, which the booking forms show beside the name.
 */
export const ClientLookupSchema = z.array(
  ClientSchema.pick({
    id_cli: true,
    nom_cli: true,
    ape_cli: true,
    inasistencias: true,
    ultima_visita: true,
  }),
);
export type ClientLookup = z.infer<typeof ClientLookupSchema>;

export const CLIENT_MESSAGES = {
  registered: '¡Cliente registrado exitosamente!',
  updated: '¡Cliente actualizado exitosamente!',
  status: 'Estado de Cliente actualizado correctamente',
  duplicateDni: 'Ya existe un cliente con ese DNI',
  inUse:
    'No se puede eliminar el cliente: tiene mascotas o reservas registradas. Para borrar sus datos personales, anonimícelo.',
  notFound: 'Cliente no encontrado',
  anonymized: 'Cliente anonimizado',
  alreadyAnonymized: 'El cliente ya fue anonimizado',
} as const;

export const clientsResource = defineResource({
  plural: 'clientes',
  exportFile: 'clientes',
  singular: 'cliente',
  record: ClientSchema,
  access: { read: 'clientes.leer', write: 'clientes.escribir' },
  audit: 'cliente',
  rowId: (c) => c.id_cli,
  toInput: (c): ClientInput => ({
    dni: c.dni_cli,
    name: c.nom_cli,
    surname: c.ape_cli,
    tel1: c.tel1_cli,
    tel2: c.tel2_cli ?? '',
    email: c.email_cli,
    direccion: c.dir_cli,
    recordatorios: c.recordatorios,
    marketing: c.marketing,
  }),
  crud: { register: ClientInputSchema, update: ClientUpdateSchema, remove: true },
});

/**
 * A client's data on request (Ley 29733, decisions §client-data): `GET` answers everything kept
 * about one client as a JSON file; `POST` anonymises the client (admin: 'datos.administrar').
 */
export const CLIENT_DATA_PATHS = {
  export: (id: number | string) => `/cliente/${id}/datos`,
  anonymize: (id: number | string) => `/cliente/${id}/anonimizar`,
} as const;

/** What an anonymised client is called; its surname is left empty. */
export const ANONYMIZED_CLIENT_NAME = 'Cliente anonimizado';

/**
 * The DNI an anonymised client keeps: unique (derived from the id) and never a real DNI, which
 * is eight digits. It fits the column's 8 characters: 'X' and seven digits, or past id
 * 9 999 999 'Y' and the id in base 36 (seven characters hold any serial id).
 */
export function anonymizedDni(id: number): string {
  return id < 10_000_000
    ? `X${String(id).padStart(7, '0')}`
    : `Y${id.toString(36).toUpperCase().padStart(7, '0')}`;
}

export const isAnonymized = (client: Pick<Client, 'id_cli' | 'dni_cli'>) =>
  client.dni_cli === anonymizedDni(client.id_cli);

/** The file's name: `cliente-<dni>.json`. */
export const clientDataFileName = (dni: string) => `cliente-${dni}.json`;

const rows = (what: string) => z.array(z.record(z.string(), z.unknown())).describe(what);

/** The JSON file `GET /cliente/{id}/datos` answers (not wrapped in the envelope: it is a file). */
export const ClientDataSchema = z.strictObject({
  /** What the file is and when it was made. */
  documento: z.string(),
  generado: isoDateTime,
  cliente: z.record(z.string(), z.unknown()).describe('El registro del cliente'),
  mascotas: rows('Sus mascotas, cada una con sus vacunas (`vacunas`)'),
  reservaciones: rows('Sus reservaciones'),
  citas: rows('Sus citas, con el servicio o paquete (`servicio`, `paquete`) y las fotos'),
  triajes: rows('Los triajes de sus citas'),
  ventas: rows('Sus ventas, con sus líneas (`items`) y pagos (`pagos`)'),
  lista_espera: rows('Sus pedidos en la lista de espera'),
  recordatorios: rows('Los recordatorios enviados por sus citas'),
  consentimientos: rows('Los consentimientos que dio o retiró (privacidad, publicidad)'),
});
export type ClientData = z.infer<typeof ClientDataSchema>;
