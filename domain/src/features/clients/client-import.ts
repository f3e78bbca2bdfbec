import { z } from 'zod';
import { PET_ALERTS } from '../pet-care/care';
import type { ClientInputSchema } from './clients';
import { PET_SEX_LABELS, PET_SIZE_LABELS } from '../online-booking/sizes';
import { PetInputSchema } from './pets';

/**
 * Importing clients with their pets from a CSV or xlsx file (decisions §imports): one row per pet
 * with its owner, checked by the forms' own schemas, previewed, then all rows or none.
 */

export const CLIENT_IMPORT_PATHS = {
  template: '/clientes/importar/plantilla',
  preview: '/clientes/importar/vista-previa',
  import: '/clientes/importar',
} as const;

/** The file's columns in order: the template's header, and what the import reads. */
export const CLIENT_IMPORT_COLUMNS = [
  { key: 'dni', header: 'DNI', example: '45781236', help: 'Obligatorio: 8 dígitos' },
  { key: 'name', header: 'Nombre', example: 'María', help: 'Obligatorio' },
  { key: 'surname', header: 'Apellido', example: 'Quispe Huamán', help: 'Obligatorio' },
  {
    key: 'tel1',
    header: 'Teléfono',
    example: '987654321',
    help: 'Obligatorio: 9 dígitos, empieza con 9 o 0',
  },
  { key: 'tel2', header: 'Teléfono 2', example: '', help: 'Opcional' },
  { key: 'email', header: 'Email', example: 'maria.quispe@example.com', help: 'Obligatorio' },
  {
    key: 'direccion',
    header: 'Dirección',
    example: 'Av. Arequipa 1234, Lince',
    help: 'Obligatorio',
  },
  {
    key: 'mascota',
    header: 'Mascota',
    example: 'Firulais',
    help: 'Nombre de la mascota; vacía con las demás columnas de la mascota: solo el cliente',
  },
  { key: 'raza', header: 'Raza', example: 'Schnauzer', help: 'Obligatoria si hay mascota' },
  {
    key: 'alertas',
    header: 'Alertas',
    example: 'Nervioso, Alérgico',
    help: `Opcional, separadas por comas: ${PET_ALERTS.map((a) => a.nombre).join(', ')}`,
  },
  {
    key: 'notas_cuidado',
    header: 'Notas de cuidado',
    example: 'Le asusta la secadora',
    help: 'Opcional, hasta 500 caracteres',
  },
  {
    key: 'talla',
    header: 'Tamaño',
    example: 'Mediano',
    help: `Opcional: ${Object.values(PET_SIZE_LABELS).join(', ')}; decide cuánto dura la cita`,
  },
  {
    key: 'sexo',
    header: 'Sexo',
    example: 'Hembra',
    help: `Opcional: ${Object.values(PET_SEX_LABELS).join(' o ')}`,
  },
  {
    key: 'fec_nac',
    header: 'Fecha de nacimiento',
    example: '15/03/2021',
    help: 'Opcional: dd/mm/aaaa',
  },
  { key: 'pelaje', header: 'Pelaje', example: 'Corto', help: 'Opcional, hasta 60 caracteres' },
] as const;
export type ClientImportColumn = (typeof CLIENT_IMPORT_COLUMNS)[number]['key'];

const COLUMN_KEYS = CLIENT_IMPORT_COLUMNS.map((c) => c.key) as [
  ClientImportColumn,
  ...ClientImportColumn[],
];

/** The owner's columns: the fields of ClientInputSchema, named alike. */
export const CLIENT_IMPORT_CLIENT_COLUMNS = [
  'dni',
  'name',
  'surname',
  'tel1',
  'tel2',
  'email',
  'direccion',
] as const satisfies readonly (keyof typeof ClientInputSchema.shape & ClientImportColumn)[];

/** The pet's columns; a row with all of them blank imports the client alone. */
export const CLIENT_IMPORT_PET_COLUMNS = [
  'mascota',
  'raza',
  'alertas',
  'notas_cuidado',
  'talla',
  'sexo',
  'fec_nac',
  'pelaje',
] as const satisfies readonly ClientImportColumn[];

/** The pet's fields as the pet form checks them; its owner is the row's client. */
export const ClientImportPetSchema = PetInputSchema.omit({ dniCliente: true });

/** The pet field each pet column fills. */
export const CLIENT_IMPORT_PET_FIELDS = {
  mascota: 'nombre',
  raza: 'raza',
  alertas: 'alertas',
  notas_cuidado: 'notas_cuidado',
  talla: 'talla',
  sexo: 'sexo',
  fec_nac: 'fec_nac',
  pelaje: 'pelaje',
} as const satisfies Record<
  (typeof CLIENT_IMPORT_PET_COLUMNS)[number],
  keyof typeof ClientImportPetSchema.shape
>;

/** Lower case without accents: a cell matches a name however it was typed. */
const fold = (value: string) => value.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();

/** 'Muerde, nervioso' → ['muerde', 'nervioso']; a name no alert has stays as written. */
export function alertIdsOf(text: string): string[] {
  return text
    .split(/[,;]/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => PET_ALERTS.find((a) => fold(a.nombre) === fold(part))?.id ?? part);
}

/**
 * The option whose label a cell names ('mediano', 'PEQUENO' → 'pequeño'); a cell no label
 * matches stays as written, for the pet form's schema to refuse.
 */
export function optionOf(labels: Record<string, string>, text: string): string {
  return Object.entries(labels).find(([, label]) => fold(label) === fold(text))?.[0] ?? text;
}

/** '15/03/2021' → '2021-03-15'; any other text as written (an xlsx date cell reads as ISO). */
export function isoDayOf(text: string): string {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!match) return text;
  const [, day = '', month = '', year = ''] = match;
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

export const CLIENT_IMPORT_MESSAGES = {
  fileRequired: 'Adjunte un archivo CSV o Excel (.xlsx)',
  fileType: 'El archivo debe ser CSV o Excel (.xlsx)',
  fileUnreadable: 'No se pudo leer el archivo: revise que sea un CSV o un Excel válido',
  columnsMissing: (missing: string[]) => `Faltan las columnas: ${missing.join(', ')}`,
  empty: 'El archivo no tiene filas de clientes',
  tooManyRows: (max: number) => `El archivo no puede tener más de ${max} filas`,
  tooLarge: (mb: number) => `El archivo no puede superar los ${mb} MB`,
  /** The DNI is in the database already: the import adds, it never merges. */
  registered: 'Ya existe un cliente con ese DNI',
  /** A later row of the same DNI whose owner's column says something else. */
  differs: (fila: number) => `No coincide con la fila ${fila}, del mismo DNI`,
  hasErrors: 'El archivo tiene filas con errores: no se importó ninguna',
  previewed: 'Revise la vista previa antes de importar',
  imported: (clientes: number, mascotas: number) =>
    `Se importaron ${clientes} ${clientes === 1 ? 'cliente' : 'clientes'} y ${mascotas} ${mascotas === 1 ? 'mascota' : 'mascotas'}`,
} as const;

/** One row of the file as the import read it. */
export const ClientImportRowSchema = z.strictObject({
  /** The row's number in the file (the header is row 1). */
  fila: z.number().int(),
  /** The cells as read, by column. */
  valores: z.record(z.enum(COLUMN_KEYS), z.string()),
  /** The messages of the forms' schemas and of the DNI checks, by column. */
  errores: z.record(z.string(), z.array(z.string())),
  /**
   * Why the row's DNI is a duplicate: 'registrado', a client of the database has it;
   * 'archivo', an earlier row has it with other owner's data; null otherwise.
   */
  duplicado: z.enum(['registrado', 'archivo']).nullable(),
});
export type ClientImportRow = z.infer<typeof ClientImportRowSchema>;

/** What the preview answers: every row, and what importing it would create. */
export const ClientImportPreviewSchema = z.strictObject({
  filas: z.array(ClientImportRowSchema),
  total: z.number().int(),
  con_errores: z.number().int(),
  clientes: z.number().int(),
  mascotas: z.number().int(),
});
export type ClientImportPreview = z.infer<typeof ClientImportPreviewSchema>;

/** What an import answers: what it created. */
export const ClientImportResultSchema = z.strictObject({
  clientes: z.number().int(),
  mascotas: z.number().int(),
});
export type ClientImportResult = z.infer<typeof ClientImportResultSchema>;
