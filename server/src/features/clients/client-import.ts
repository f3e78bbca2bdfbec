import { inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  alertIdsOf,
  CLIENT_IMPORT_CLIENT_COLUMNS,
  CLIENT_IMPORT_COLUMNS,
  CLIENT_IMPORT_MESSAGES,
  CLIENT_IMPORT_ENDPOINTS,
  CLIENT_IMPORT_PET_COLUMNS,
  CLIENT_IMPORT_PET_FIELDS,
  ClientImportPetSchema,
  ClientInputSchema,
  isoDayOf,
  optionOf,
  PET_SEX_LABELS,
  PET_SIZE_LABELS,
  type ClientImportColumn,
  type ClientImportPreview,
  type ClientImportRow,
  type ClientInput,
} from '@app/domain';
import { actorOf, recordAudit } from '../../audit/record';
import type { Db, Tx } from '../../db/client';
import { clients, pets } from '../../db/schema';
import { clientValues } from './clients';
import { route } from '../../http/endpoint';
import { ok } from '../../http/envelope';
import { HttpError, invalid, zodIssuesToErrors, type FieldErrors } from '../../http/errors';
import { batchesOf, foldHeader, readTableFile, rowErrors, type Table } from '../../http/table-file';
import { holdHeavySlot } from '../../http/heavy-work';
import { readMultipart } from '../../http/uploads';
import { XLSX_TYPE } from '../../http/xlsx';

/**
 * Clients with their pets from a CSV or xlsx file (decisions §imports): one row per pet with its
 * owner (CLIENT_IMPORT_COLUMNS). `vista-previa` checks every row with the forms' schemas and
 * the DNI against the database and the file, and writes nothing; `importar` checks again and
 * writes every client and pet in one transaction, or nothing when a row has an error.
 */

const M = CLIENT_IMPORT_MESSAGES;
const FILE_FIELD = 'archivo';

/** The most rows one file may carry. */
export const MAX_CLIENT_IMPORT_ROWS = 20_000;
/** The largest file: 20 000 rows of long addresses and notes fit. */
const MAX_FILE_MB = 10;

/** Rows per insert: 7 000 parameters at most, far below PostgreSQL's 65 535. */
const WRITE_BATCH = 1000;

type PetColumn = (typeof CLIENT_IMPORT_PET_COLUMNS)[number];
type PetInput = z.output<typeof ClientImportPetSchema>;

/** Columns a file may leave out: the second phone and the pet's. */
const OPTIONAL = new Set<ClientImportColumn>(['tel2', ...CLIENT_IMPORT_PET_COLUMNS]);

/** Headers the import knows: the template's, the keys, and the client form's labels. */
const HEADER_NAMES = new Map<string, ClientImportColumn>([
  ...CLIENT_IMPORT_COLUMNS.flatMap((c) => [
    [foldHeader(c.key), c.key] as const,
    [foldHeader(c.header), c.key] as const,
  ]),
  [foldHeader('Teléfono principal'), 'tel1'],
  [foldHeader('Teléfono secundario'), 'tel2'],
  [foldHeader('Apellidos'), 'surname'],
  [foldHeader('Nombre de la mascota'), 'mascota'],
]);

const refuse = (message: string) => invalid(FILE_FIELD, message);

async function readFile(
  bytes: Buffer,
): Promise<Table & { columns: Map<ClientImportColumn, number> }> {
  const table = await readTableFile(bytes, {
    maxRows: MAX_CLIENT_IMPORT_ROWS,
    refuse,
    messages: { ...M, tooManyRows: M.tooManyRows(MAX_CLIENT_IMPORT_ROWS) },
  });
  const columns = new Map<ClientImportColumn, number>();
  table.header.forEach((text, index) => {
    const column = HEADER_NAMES.get(foldHeader(text));
    if (column && !columns.has(column)) columns.set(column, index);
  });
  const missing = CLIENT_IMPORT_COLUMNS.filter((c) => !OPTIONAL.has(c.key) && !columns.has(c.key));
  if (missing.length > 0) throw refuse(M.columnsMissing(missing.map((c) => c.header)));
  return { ...table, columns };
}

interface CheckedRow extends ClientImportRow {
  /** The owner as the client form takes it, when the row's owner columns have no error. */
  client?: ClientInput;
  /** The pet as the pet form takes it; none when the row's pet columns are blank. */
  pet?: PetInput;
}

/** The pet column a pet field's error belongs to. */
const PET_COLUMN_OF = new Map<string, PetColumn>(
  CLIENT_IMPORT_PET_COLUMNS.map((column) => [CLIENT_IMPORT_PET_FIELDS[column], column]),
);

const addError = (errors: FieldErrors, column: string, message: string) => {
  const list = (errors[column] ??= []);
  if (!list.includes(message)) list.push(message);
};

/** An owner's cell as two rows of the same DNI are compared: spacing and the email's case aside. */
const sameText = (column: string, value: string) => {
  const text = value.trim().replace(/\s+/g, ' ');
  return column === 'email' ? text.toLowerCase() : text;
};

/** The DNIs of `dnis` some client of the database has (in any status: the index is unique). */
async function registeredDnis(executor: Db | Tx, dnis: string[]) {
  const found = new Set<string>();
  for (let start = 0; start < dnis.length; start += 5000) {
    const rows = await executor
      .select({ dni: clients.dni_cli })
      .from(clients)
      .where(inArray(clients.dni_cli, dnis.slice(start, start + 5000)));
    for (const { dni } of rows) found.add(dni);
  }
  return found;
}

/**
 * Every row checked: the owner's columns by ClientInputSchema and the pet's by the pet form's
 * schema, each with its Spanish messages under the file's column; then its DNI, refused when a
 * client has it already, and on a later row of the same DNI whose owner's data differ.
 */
async function analyse(executor: Db | Tx, file: Awaited<ReturnType<typeof readFile>>) {
  const firstOfDni = new Map<string, CheckedRow>();
  const checked = file.rows.map(({ fila, cells }): CheckedRow => {
    const valores = Object.fromEntries(
      CLIENT_IMPORT_COLUMNS.map(({ key }) => {
        const index = file.columns.get(key);
        return [key, index === undefined ? '' : (cells[index] ?? '').trim()];
      }),
    ) as Record<ClientImportColumn, string>;
    const errores: FieldErrors = {};
    const owner = ClientInputSchema.safeParse(
      Object.fromEntries(CLIENT_IMPORT_CLIENT_COLUMNS.map((column) => [column, valores[column]])),
    );
    if (!owner.success) Object.assign(errores, zodIssuesToErrors(owner.error.issues));
    const hasPet = CLIENT_IMPORT_PET_COLUMNS.some((column) => valores[column] !== '');
    const pet = hasPet
      ? ClientImportPetSchema.safeParse({
          nombre: valores.mascota,
          raza: valores.raza,
          alertas: alertIdsOf(valores.alertas),
          notas_cuidado: valores.notas_cuidado,
          talla: optionOf(PET_SIZE_LABELS, valores.talla),
          sexo: optionOf(PET_SEX_LABELS, valores.sexo),
          fec_nac: isoDayOf(valores.fec_nac),
          pelaje: valores.pelaje,
        })
      : undefined;
    if (pet && !pet.success) {
      for (const issue of pet.error.issues) {
        addError(errores, PET_COLUMN_OF.get(String(issue.path[0])) ?? 'mascota', issue.message);
      }
    }
    const row: CheckedRow = { fila, valores, errores, duplicado: null };
    const first = valores.dni === '' ? undefined : firstOfDni.get(valores.dni);
    if (first) {
      for (const column of CLIENT_IMPORT_CLIENT_COLUMNS) {
        if (sameText(column, valores[column]) !== sameText(column, first.valores[column])) {
          addError(errores, column, M.differs(first.fila));
          row.duplicado = 'archivo';
        }
      }
    } else if (valores.dni !== '') {
      firstOfDni.set(valores.dni, row);
    }
    if (owner.success) row.client = owner.data;
    if (pet?.success) row.pet = pet.data;
    return row;
  });
  const registered = await registeredDnis(executor, [...firstOfDni.keys()]);
  for (const row of checked) {
    if (!registered.has(row.valores.dni)) continue;
    addError(row.errores, 'dni', M.registered);
    row.duplicado = 'registrado';
  }
  return checked;
}

const hasErrors = (row: CheckedRow) => Object.keys(row.errores).length > 0;

function previewOf(rows: CheckedRow[]): ClientImportPreview {
  return {
    filas: rows.map(({ fila, valores, errores, duplicado }) => ({
      fila,
      valores,
      errores,
      duplicado,
    })),
    total: rows.length,
    con_errores: rows.filter(hasErrors).length,
    clientes: new Set(rows.map((row) => row.valores.dni)).size,
    mascotas: rows.filter((row) => CLIENT_IMPORT_PET_COLUMNS.some((c) => row.valores[c] !== ''))
      .length,
  };
}

/** Writes rows checked without errors: each DNI's client once, then every pet, a batch at a time. */
async function importRows(tx: Tx, rows: CheckedRow[]) {
  const owners = new Map<string, ClientInput>();
  for (const { client } of rows)
    if (client && !owners.has(client.dni)) owners.set(client.dni, client);
  const idOfDni = new Map<string, number>();
  for (const batch of batchesOf([...owners.values()], WRITE_BATCH)) {
    const inserted = await tx
      .insert(clients)
      .values(batch.map(clientValues))
      .returning({ id_cli: clients.id_cli, dni_cli: clients.dni_cli });
    for (const { id_cli, dni_cli } of inserted) idOfDni.set(dni_cli, id_cli);
  }
  const petRows = rows.flatMap(({ client, pet }) =>
    client && pet
      ? [
          {
            nom_perro: pet.nombre,
            raza_perro: pet.raza,
            id_cli: idOfDni.get(client.dni)!,
            alertas: pet.alertas,
            notas_cuidado: pet.notas_cuidado,
            talla: pet.talla ?? null,
            sexo: pet.sexo ?? null,
            fec_nac: pet.fec_nac ?? null,
            pelaje: pet.pelaje ?? null,
          },
        ]
      : [],
  );
  for (const batch of batchesOf(petRows, WRITE_BATCH)) await tx.insert(pets).values(batch);
  return { clientes: owners.size, mascotas: petRows.length };
}

/** The uploaded file, read once the user's import slot is taken (heavy-work.ts). */
async function uploadedFile(request: FastifyRequest, reply: FastifyReply) {
  holdHeavySlot(request, reply, 'importacion');
  const { files } = await readMultipart(request, {
    fileFields: [FILE_FIELD],
    tooLarge: M.tooLarge(MAX_FILE_MB),
    maxFileSize: MAX_FILE_MB * 1024 * 1024,
  });
  const bytes = files.get(FILE_FIELD);
  if (!bytes) throw refuse(M.fileRequired);
  return readFile(bytes);
}

/** The template: the header, one example row, and what each column takes; every cell text. */
async function templateBytes(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Clientes');
  // Text cells: a DNI or phone typed there keeps its leading zero.
  sheet.columns = CLIENT_IMPORT_COLUMNS.map((c) => ({
    header: c.header,
    width: Math.max(14, c.header.length + 4, c.example.length + 2),
    style: { numFmt: '@' },
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRow(CLIENT_IMPORT_COLUMNS.map((c) => c.example));
  const help = book.addWorksheet('Instrucciones');
  help.columns = [
    { header: 'Columna', width: 20 },
    { header: 'Qué lleva', width: 90 },
  ];
  help.getRow(1).font = { bold: true };
  for (const c of CLIENT_IMPORT_COLUMNS) help.addRow([c.header, c.help]);
  help.addRow([]);
  help.addRow([
    '',
    'Una fila por mascota con su dueño; varias filas con el mismo DNI son un cliente con varias mascotas (sus datos de cliente deben coincidir).',
  ]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function sendTemplate(reply: FastifyReply) {
  const bytes = await templateBytes();
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', 'attachment; filename="plantilla-clientes.xlsx"')
    .header('cache-control', 'no-store')
    .send(bytes);
}

const FILE_DESCRIPTION = `multipart/form-data con el archivo en \`${FILE_FIELD}\`: un CSV (UTF-8 o Windows-1252, separado por «;» o «,») o un Excel (.xlsx, primera hoja) de hasta ${MAX_CLIENT_IMPORT_ROWS} filas y ${MAX_FILE_MB} MB, con las columnas ${CLIENT_IMPORT_COLUMNS.map((c) => c.header).join(', ')} (sin importar mayúsculas ni tildes; Teléfono 2 y las de la mascota pueden faltar). Una fila por mascota con su dueño; una fila sin mascota registra solo al cliente; varias filas con el mismo DNI son un cliente con varias mascotas. Un archivo que falta, no es CSV ni xlsx, no se puede leer, no tiene las columnas o no tiene filas: 422 con \`errors.${FILE_FIELD}\`.`;

export const clientImportModule: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  route(
    app,
    CLIENT_IMPORT_ENDPOINTS.template,
    {
      schema: {
        description:
          'La plantilla de la importación de clientes: encabezados y una fila de ejemplo',
      },
    },
    async (_request, reply) => sendTemplate(reply),
  );

  route(
    app,
    CLIENT_IMPORT_ENDPOINTS.preview,
    {
      schema: {
        description: `Revisa un archivo de clientes y mascotas sin escribir nada: cada fila con sus valores, sus errores por columna (los mensajes de los formularios) y si su DNI ya está registrado o se repite en el archivo con otros datos. ${FILE_DESCRIPTION}`,
        consumes: ['multipart/form-data'],
      },
    },
    async (request, reply) => {
      const file = await uploadedFile(request, reply);
      return ok(previewOf(await analyse(db, file)), M.previewed);
    },
  );

  route(
    app,
    CLIENT_IMPORT_ENDPOINTS.import,
    {
      schema: {
        description: `Importa un archivo de clientes y mascotas: todas las filas en una transacción, o ninguna si alguna tiene errores (422 con \`errors\` bajo \`filas.<fila>.<columna>\`; el encabezado es la fila 1). Un DNI ya registrado es un error: no se combina. ${FILE_DESCRIPTION}`,
        consumes: ['multipart/form-data'],
      },
    },
    async (request, reply) => {
      const file = await uploadedFile(request, reply);
      const done = await db.transaction(async (tx) => {
        const rows = await analyse(tx, file);
        if (rows.some(hasErrors)) throw new HttpError(422, M.hasErrors, rowErrors(rows));
        const created = await importRows(tx, rows);
        await recordAudit(tx, {
          ...actorOf(request),
          accion: 'importar',
          entidad: 'cliente',
          detalle: `Importación de clientes: ${rows.length} filas, ${created.clientes} clientes, ${created.mascotas} mascotas`,
        });
        return created;
      });
      return ok(done, M.imported(done.clientes, done.mascotas));
    },
  );
};
