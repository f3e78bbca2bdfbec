import { beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../db/schema';
import { XLSX_TYPE } from '../http/xlsx';
import { createService, limaDay, registerOwner, type Owner } from '../test/agenda';
import { setupTestApp } from '../test/app';
import { csvRows, download, xlsxRows } from '../test/files';
import { apiClient } from '../test/http';
import { EXPORT_BATCH } from './export';

/**
 * Every list's export (api §exports): what the filters select, every page of it, as CSV and
 * xlsx, named after the list and the day, and recorded in the audit log.
 */

const ctx = await setupTestApp();
const { db } = ctx.database;
let adminToken: string;
let admin: ReturnType<typeof apiClient>;
let rosa: Owner;
const today = limaDay(0);

beforeAll(async () => {
  adminToken = await ctx.signIn();
  admin = apiClient(ctx.app, adminToken);
  rosa = await registerOwner(admin, 'Rosa', 'Firulais');
  // A name no form accepts, as an import from another system might bring.
  await db.insert(clients).values({
    dni_cli: '45123987',
    nom_cli: '=HYPERLINK("x")',
    ape_cli: 'Importado',
    tel1_cli: '987654321',
    email_cli: 'importado@correo.pe',
    dir_cli: 'Av. Arequipa 1234, Lince',
  });
  const bath = await createService(db, 'Baño completo', '45.00');
  const cita = await admin.post('/cita/register', {
    fec_cita: `${limaDay(1)}T10:30`,
    dni_cli: rosa.dni,
    id_perro: rosa.petId,
    id_servicio: bath,
    fech_reg: today,
    obs: 'Sin observaciones',
  });
  expect(cita.status).toBe(201);
});

const LISTS = [
  ['clientes', 'DNI'],
  ['mascotas', 'Nombre'],
  ['servicios', 'Servicio'],
  ['paquetes', 'Paquete'],
  ['reservaciones', 'Fecha de cita'],
  ['citas', 'Fecha'],
  ['users', 'Usuario'],
  ['empleados', 'Tipo de documento'],
  ['ventas', 'Fecha'],
  ['citas/historial', 'Fecha'],
] as const;

describe('every list exports', () => {
  it.each(LISTS)('%s as CSV and as xlsx, with its header', async (list, first) => {
    const file = list === 'users' ? 'usuarios' : list.replace('citas/historial', 'historial-citas');
    const csv = await download(ctx.app, adminToken, `/${list}/export?formato=csv`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="${file}-${today}.csv"`);
    expect(csvRows(csv.rawPayload)[0]?.[0]).toBe(first);

    const xlsx = await download(ctx.app, adminToken, `/${list}/export?formato=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toBe(XLSX_TYPE);
    expect((await xlsxRows(xlsx.rawPayload))[0]?.[0]).toBe(first);
  });

  it('writes what the filters select, text that looks like a formula as text', async () => {
    const rows = csvRows(
      (await download(ctx.app, adminToken, `/clientes/export?formato=csv&search=${rosa.dni}`))
        .rawPayload,
    );
    expect(rows).toHaveLength(2);
    expect(rows[1].slice(0, 4)).toEqual([rosa.dni, 'Rosa', 'Huamán Torres', '987654321']);
    expect(rows[1][rows[0].indexOf('Registrado')]).toMatch(
      /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/,
    );

    const formula = csvRows(
      (await download(ctx.app, adminToken, '/clientes/export?formato=csv&search=hyperlink'))
        .rawPayload,
    );
    expect(formula[1][1]).toBe(`'=HYPERLINK("x")`);
    const [, cells] = await xlsxRows(
      (await download(ctx.app, adminToken, '/clientes/export?formato=xlsx&search=hyperlink'))
        .rawPayload,
    );
    expect(cells[1]).toBe('=HYPERLINK("x")');
  });

  it('writes soles as numbers and days as dates in the workbook', async () => {
    const [, cita] = await xlsxRows(
      (await download(ctx.app, adminToken, '/citas/export?formato=xlsx')).rawPayload,
    );
    // Fecha (the Lima wall clock), ..., Precio, ..., Fecha de registro.
    expect(cita[0]).toEqual(new Date(`${limaDay(1)}T10:30:00.000Z`));
    expect(cita[8]).toBe(45);
    expect(cita[11]).toEqual(new Date(`${today}T00:00:00.000Z`));
  });

  it('has no page limit: every batch of a long list, each row once', async () => {
    const many = 2 * EXPORT_BATCH + 7;
    await db.insert(clients).values(
      Array.from({ length: many }, (_, i) => ({
        dni_cli: String(50_000_000 + i * 3),
        nom_cli: 'Lote',
        ape_cli: `Exportado ${i}`,
        tel1_cli: '987654321',
        email_cli: `lote${i}@correo.pe`,
        dir_cli: 'Av. Arequipa 1234, Lince',
      })),
    );
    const rows = csvRows(
      (await download(ctx.app, adminToken, '/clientes/export?formato=csv&search=exportado'))
        .rawPayload,
    );
    expect(rows).toHaveLength(many + 1);
    expect(new Set(rows.slice(1).map((row) => row[0])).size).toBe(many);
  });

  it('refuses a format it does not write, and a reader without the permission', async () => {
    const bad = await download(ctx.app, adminToken, '/clientes/export?formato=pdf');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.formato).toEqual(['El formato debe ser csv o xlsx']);
    const groomer = await ctx.signIn('groomer');
    expect((await download(ctx.app, groomer, '/users/export?formato=csv')).statusCode).toBe(403);
  });

  it('is recorded in the audit log with its filters', async () => {
    await download(ctx.app, adminToken, '/mascotas/export?formato=xlsx&search=firulais');
    const log = await admin.get('/auditoria/?accion=exportar&entidad=mascota');
    expect(log.body.data.data[0]).toMatchObject({
      accion: 'exportar',
      entidad: 'mascota',
      detalle: 'Mascotas (xlsx): search=firulais',
    });
  });
});
