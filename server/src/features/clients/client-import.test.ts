import { and, count, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CLIENT_IMPORT_COLUMNS,
  CLIENT_IMPORT_MESSAGES as M,
  CLIENT_MESSAGES,
  DNI_MESSAGES,
  PERMISSION_MESSAGES,
  PET_CARE_MESSAGES,
  PET_PROFILE_MESSAGES,
  type ClientImportPreview,
} from '@app/domain';
import { auditEntries, clients, pets } from '../../db/schema';
import { UNPACKED_TOO_LARGE } from '../../http/table-file';
import { XLSX_TYPE } from '../../http/xlsx';
import { setupTestApp } from '../../test/app';
import { download, xlsxRows } from '../../test/files';
import { answerOf, apiClient } from '../../test/http';
import { multipartBody, pngImage } from '../../test/images';
import { workbookBomb } from '../../test/zip-bomb';

const ctx = await setupTestApp();
const db = ctx.database.db;
let adminToken: string;
let admin: ReturnType<typeof apiClient>;

beforeAll(async () => {
  adminToken = await ctx.signIn();
  admin = apiClient(ctx.app, adminToken);
});

const HEADER = CLIENT_IMPORT_COLUMNS.map((c) => c.header).join(';');

let nextDni = 0;
/** A DNI no other test of this file uses: 5, then seven digits (never all equal or consecutive). */
const freshDni = () => `5${String(1_000_000 + nextDni++).padStart(7, '0')}`;

/** 0..9 as letters: a name made of a number, since names take letters only. */
const lettersOf = (n: number) =>
  String(n)
    .split('')
    .map((d) => 'abcdefghij'[Number(d)])
    .join('');

interface Row {
  dni: string;
  nombre?: string;
  apellido?: string;
  tel?: string;
  email?: string;
  mascota?: string;
  raza?: string;
  alertas?: string;
  talla?: string;
  sexo?: string;
  fec_nac?: string;
  pelaje?: string;
}

/** A row's cells in the template's order; the owner's data are made from the DNI. */
const cells = (row: Row) => [
  row.dni,
  row.nombre ?? `Cliente ${lettersOf(Number(row.dni))}`,
  row.apellido ?? 'Importado',
  row.tel ?? '987654321',
  '',
  row.email ?? `c${row.dni}@example.com`,
  'Av. Arequipa 1234, Lince',
  row.mascota ?? '',
  row.raza ?? '',
  row.alertas ?? '',
  '',
  row.talla ?? '',
  row.sexo ?? '',
  row.fec_nac ?? '',
  row.pelaje ?? '',
];

const csvOf = (rows: Row[]) =>
  Buffer.from(`\uFEFF${[HEADER, ...rows.map((row) => cells(row).join(';'))].join('\r\n')}\r\n`);

async function xlsxOf(rows: Row[]) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Clientes');
  sheet.addRow(CLIENT_IMPORT_COLUMNS.map((c) => c.header));
  for (const row of rows) sheet.addRow(cells(row));
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The file sent as the import screen sends it: multipart with the file in `archivo`. */
async function upload(
  path: 'importar' | 'importar/vista-previa',
  bytes: Buffer,
  { filename = 'clientes.csv', as = adminToken } = {},
) {
  const type = filename.endsWith('.xlsx') ? XLSX_TYPE : 'text/csv';
  const { payload, contentType } = await multipartBody({}, [
    { name: 'archivo', filename, type, bytes },
  ]);
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/clientes/${path}`,
    headers: { 'content-type': contentType, authorization: as },
    payload,
  });
  return answerOf(res);
}

const preview = async (bytes: Buffer, filename?: string) => {
  const res = await upload('importar/vista-previa', bytes, { filename });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as ClientImportPreview;
};

async function clientsWith(dnis: string[]) {
  const [row] = await db.select({ n: count() }).from(clients).where(inArray(clients.dni_cli, dnis));
  return row?.n ?? 0;
}

async function petsOf(dni: string) {
  return db
    .select({ nombre: pets.nom_perro, raza: pets.raza_perro, alertas: pets.alertas })
    .from(pets)
    .innerJoin(clients, eq(clients.id_cli, pets.id_cli))
    .where(eq(clients.dni_cli, dni))
    .orderBy(pets.nom_perro);
}

describe('the template', () => {
  it('downloads as xlsx with the header and an example row that previews clean', async () => {
    const res = await download(ctx.app, adminToken, '/clientes/importar/plantilla');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_TYPE);
    expect(res.headers['content-disposition']).toContain('plantilla-clientes.xlsx');
    const [header, example] = await xlsxRows(res.rawPayload);
    expect(header).toEqual(CLIENT_IMPORT_COLUMNS.map((c) => c.header));
    expect(example?.[0]).toBe(CLIENT_IMPORT_COLUMNS[0].example);

    const checked = await preview(res.rawPayload, 'plantilla.xlsx');
    expect(checked).toMatchObject({ total: 1, con_errores: 0, clientes: 1, mascotas: 1 });
  });
});

describe('the preview', () => {
  it('reports each row with the forms’ messages and DNI duplicates, and writes nothing', async () => {
    const registered = freshDni();
    const created = await admin.post('/cliente/register', {
      dni: registered,
      name: 'Rosa',
      surname: 'Registrada',
      tel1: '987654321',
      tel2: '',
      email: `r${registered}@example.com`,
      direccion: 'Jr. Junín 456, Cercado',
    });
    expect(created.status).toBe(201);
    const twice = freshDni();
    const fine = freshDni();
    const checked = await preview(
      csvOf([
        { dni: '4578123', mascota: 'Bobby', raza: 'Beagle' },
        { dni: registered, mascota: 'Luna', raza: 'Pug' },
        { dni: twice, mascota: 'Toby', raza: 'Shih Tzu' },
        { dni: twice, mascota: 'Nala', raza: 'Poodle' },
        { dni: twice, nombre: 'Otra Persona', mascota: 'Kira', raza: 'Husky' },
        { dni: fine, mascota: 'Rocky', raza: 'Bulldog', alertas: 'Muerde, volador' },
      ]),
    );
    expect(checked).toMatchObject({ total: 6, con_errores: 4, clientes: 4, mascotas: 6 });
    const [bad, duplicate, first, second, differs, alert] = checked.filas;
    expect(bad).toMatchObject({
      fila: 2,
      errores: { dni: [DNI_MESSAGES.length] },
      duplicado: null,
    });
    expect(bad?.valores).toMatchObject({ dni: '4578123', mascota: 'Bobby', raza: 'Beagle' });
    expect(duplicate).toMatchObject({
      fila: 3,
      errores: { dni: [CLIENT_MESSAGES.duplicateDni] },
      duplicado: 'registrado',
    });
    expect(first).toMatchObject({ errores: {}, duplicado: null });
    // The same owner again is that client's second pet.
    expect(second).toMatchObject({ errores: {}, duplicado: null });
    expect(differs).toMatchObject({
      fila: 6,
      errores: { name: [M.differs(4)] },
      duplicado: 'archivo',
    });
    expect(alert?.errores).toEqual({ alertas: [PET_CARE_MESSAGES.alertInvalid] });
    expect(await clientsWith([twice, fine])).toBe(0);
  });

  it('refuses a file that is not CSV or xlsx, and one without the owner’s columns', async () => {
    const png = await upload('importar/vista-previa', pngImage(), { filename: 'foto.csv' });
    expect(png.status).toBe(422);
    expect(png.body.errors).toEqual({ archivo: [M.fileType] });
    const partial = await upload(
      'importar/vista-previa',
      Buffer.from('DNI;Nombre\n45781236;Ana\n'),
    );
    expect(partial.status).toBe(422);
    expect(partial.body.errors.archivo).toEqual([
      M.columnsMissing(['Apellido', 'Teléfono', 'Email', 'Dirección']),
    ]);
  });

  it('refuses a 400 KB workbook that inflates to 400 MB', async () => {
    const bomb = workbookBomb(400, 1024);
    const res = await upload('importar/vista-previa', bomb, { filename: 'clientes.xlsx' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ archivo: [UNPACKED_TOO_LARGE] });
  });
});

describe('the import', () => {
  it('writes nothing when one row has an error', async () => {
    const good = freshDni();
    const res = await upload(
      'importar',
      csvOf([
        { dni: good, mascota: 'Bobby', raza: 'Beagle' },
        { dni: freshDni(), tel: '12345', mascota: 'Luna', raza: 'Pug' },
      ]),
    );
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ message: M.hasErrors });
    expect(Object.keys(res.body.errors as object)).toEqual(['filas.3.tel1']);
    expect(await clientsWith([good])).toBe(0);
  });

  it('imports a CSV: a client per DNI, a pet per row, a client without pet, one audit entry', async () => {
    const [ana, beto] = [freshDni(), freshDni()];
    const res = await upload(
      'importar',
      csvOf([
        { dni: ana, mascota: 'Bobby', raza: 'Beagle', alertas: 'muerde, Alérgico' },
        { dni: ana, mascota: 'Canela', raza: 'Pug' },
        { dni: beto },
      ]),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      message: 'Se importaron 2 clientes y 2 mascotas',
      data: { clientes: 2, mascotas: 2 },
    });
    expect(await clientsWith([ana, beto])).toBe(2);
    expect(await petsOf(ana)).toEqual([
      { nombre: 'Bobby', raza: 'Beagle', alertas: ['muerde', 'alergico'] },
      { nombre: 'Canela', raza: 'Pug', alertas: [] },
    ]);
    expect(await petsOf(beto)).toEqual([]);
    const found = await admin.get(`/cliente/nombre/${ana}`);
    expect(found.body.data[0]).toMatchObject({ nom_cli: `Cliente ${lettersOf(Number(ana))}` });
    const entries = await db
      .select({ detalle: auditEntries.detalle })
      .from(auditEntries)
      .where(and(eq(auditEntries.accion, 'importar'), eq(auditEntries.entidad, 'cliente')));
    expect(entries.map((e) => e.detalle)).toContain(
      'Importación de clientes: 3 filas, 2 clientes, 2 mascotas',
    );

    // Again: every DNI is now registered, and nothing is merged.
    const again = await upload('importar', csvOf([{ dni: ana, mascota: 'Otro', raza: 'Pug' }]));
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({ 'filas.2.dni': [M.registered] });
    expect(await petsOf(ana)).toHaveLength(2);
  });

  it('reads the pet’s size, sex, birth date and coat as the pet form does', async () => {
    const refused = await preview(
      csvOf([
        {
          dni: freshDni(),
          mascota: 'Luna',
          raza: 'Pug',
          talla: 'Enorme',
          sexo: 'Perro',
          fec_nac: '45/13/2020',
          pelaje: 'x'.repeat(61),
        },
      ]),
    );
    expect(refused.filas[0]?.errores).toEqual({
      talla: [PET_PROFILE_MESSAGES.sizeInvalid],
      sexo: [PET_PROFILE_MESSAGES.sexInvalid],
      fec_nac: [PET_PROFILE_MESSAGES.birthInvalid],
      pelaje: [PET_PROFILE_MESSAGES.coatMax],
    });

    const dni = freshDni();
    const res = await upload(
      'importar',
      csvOf([
        {
          dni,
          mascota: 'Rocky',
          raza: 'Labrador',
          talla: 'GRANDE',
          sexo: 'macho',
          fec_nac: '5/3/2020',
          pelaje: 'Corto',
        },
        { dni, mascota: 'Pelusa', raza: 'Poodle', talla: 'pequeno' },
      ]),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const imported = await db
      .select({ talla: pets.talla, sexo: pets.sexo, fec_nac: pets.fec_nac, pelaje: pets.pelaje })
      .from(pets)
      .innerJoin(clients, eq(clients.id_cli, pets.id_cli))
      .where(eq(clients.dni_cli, dni))
      .orderBy(pets.nom_perro);
    expect(imported).toEqual([
      { talla: 'pequeño', sexo: null, fec_nac: null, pelaje: null },
      { talla: 'grande', sexo: 'macho', fec_nac: '2020-03-05', pelaje: 'Corto' },
    ]);
  });

  it('imports an xlsx', async () => {
    const dni = freshDni();
    const res = await upload('importar', await xlsxOf([{ dni, mascota: 'Max', raza: 'Boxer' }]), {
      filename: 'clientes.xlsx',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ clientes: 1, mascotas: 1 });
    expect(await petsOf(dni)).toEqual([{ nombre: 'Max', raza: 'Boxer', alertas: [] }]);
  });

  it('is refused to recepcion', async () => {
    const token = await ctx.signIn('recepcion');
    const dni = freshDni();
    for (const path of ['importar', 'importar/vista-previa'] as const) {
      const res = await upload(path, csvOf([{ dni }]), { as: token });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(PERMISSION_MESSAGES.forbidden);
    }
    const template = await download(ctx.app, token, '/clientes/importar/plantilla');
    expect(template.statusCode).toBe(403);
    expect(await clientsWith([dni])).toBe(0);
  });

  it('imports 10 000 rows in one go', async () => {
    const rows: Row[] = [];
    const dnis: string[] = [];
    for (let n = 0; n < 10_000; n++) {
      const dni = freshDni();
      dnis.push(dni);
      rows.push({ dni, mascota: `Perro ${lettersOf(n)}`, raza: 'Mestizo', alertas: 'Senior' });
    }
    const started = performance.now();
    const res = await upload('importar', csvOf(rows));
    const elapsed = Math.round(performance.now() - started);
    expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
    expect(res.body.data).toEqual({ clientes: 10_000, mascotas: 10_000 });
    console.log(`client import: 10 000 rows (10 000 clients and pets) in ${elapsed} ms`);
    expect(await clientsWith(dnis)).toBe(10_000);
  }, 60_000);
});
