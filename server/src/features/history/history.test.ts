import { beforeAll, describe, expect, it } from 'vitest';
import type { HistoryRow, PetTimeline } from '@app/domain';
import {
  addPet,
  createPackage,
  createService,
  limaDay,
  registerGroomer,
  registerOwner,
  type Owner,
} from '../../test/agenda';
import { setupTestApp } from '../../test/app';
import { csvRows, download, xlsxRows } from '../../test/files';
import { apiClient } from '../../test/http';

/**
 * Historial de Citas and a pet's timeline (decisions §history): the visits before today in Lima,
 * each with its triage and its sale, filtered every way the screen offers.
 */

const ctx = await setupTestApp();
let adminToken: string;
let admin: ReturnType<typeof apiClient>;
let groomer: ReturnType<typeof apiClient>;
let groomerToken: string;
let rosa: Owner;
let carlos: Owner;
let canela: number;
let bath: number;
let spa: number;
let ana: number;
const ids: Record<string, number> = {};

async function book(name: string, owner: Owner, at: string, item: object, extra: object = {}) {
  const res = await admin.post('/cita/register', {
    fec_cita: at,
    dni_cli: owner.dni,
    id_perro: owner.petId,
    fech_reg: limaDay(0),
    obs: 'Sin observaciones',
    ...item,
    ...extra,
  });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  ids[name] = res.body.data.id_cita as number;
}

beforeAll(async () => {
  adminToken = await ctx.signIn();
  admin = apiClient(ctx.app, adminToken);
  groomerToken = await ctx.signIn('groomer');
  groomer = apiClient(ctx.app, groomerToken);
  rosa = await registerOwner(admin, 'Rosa', 'Firulais');
  carlos = await registerOwner(admin, 'Carlos', 'Bobby');
  canela = await addPet(admin, rosa, 'Canela');
  bath = await createService(ctx.database.db, 'Baño completo', '45.00');
  spa = await createPackage(ctx.database.db, 'Paquete Spa', '120.00');
  ana = (await registerGroomer(admin, 'Ana')).id_emp;

  await book('firstBath', rosa, `${limaDay(-30)}T10:00`, { id_servicio: bath }, { id_emp: ana });
  await book('secondBath', rosa, `${limaDay(-10)}T10:00`, { id_servicio: bath }, { id_emp: ana });
  await book('spa', carlos, `${limaDay(-3)}T16:00`, { id_paquete: spa });
  await book('canela', rosa, `${limaDay(-2)}T09:00`, { id_servicio: bath }, { id_perro: canela });
  await book('deleted', rosa, `${limaDay(-1)}T11:00`, { id_servicio: bath });
  await book('tomorrow', rosa, `${limaDay(1)}T10:00`, { id_servicio: bath });
  // Last night at 23:30 in Lima is already the history; today's 00:10 is not yet.
  await book('lastNight', carlos, `${limaDay(-1)}T23:30`, { id_servicio: bath });
  await book('today', carlos, `${limaDay(0)}T00:10`, { id_servicio: bath });

  for (const [name, peso, temperatura] of [
    ['firstBath', '11.8', '38.4'],
    ['secondBath', '12.25', '38.9'],
  ] as const) {
    const triage = await admin.post('/triaje/register', {
      id_cita: ids[name],
      edad: '3.5',
      peso,
      temperatura,
      notas: 'Tranquilo',
    });
    expect(triage.status, JSON.stringify(triage.body)).toBe(201);
  }
  const sale = await admin.post('/venta/register', {
    id_cita: ids.secondBath,
    tipo_comp: 'T',
    items: [
      { tipo: 'servicio', id: bath, descripcion: 'Baño completo', cantidad: 1, precio: '45.00' },
    ],
    pagos: [{ metodo: 'yape', monto: '45.00' }],
  });
  expect(sale.status, JSON.stringify(sale.body)).toBe(201);
  await admin.patch('/cita/estado', { cita: ids.firstBath, est: 6 });
  await admin.patch('/cita/estado', { cita: ids.spa, est: 4 });
  await admin.patch('/cita/estado', { cita: ids.deleted, est: 8 });
});

const history = async (query = '') => {
  const res = await admin.get(`/citas/historial?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { data: HistoryRow[]; total: number };
};
const names = (page: { data: HistoryRow[] }) =>
  page.data.map((row) => Object.keys(ids).find((name) => ids[name] === row.id_cita));

describe('Historial de Citas', () => {
  it('lists the visits before today in Lima, newest first, deleted ones hidden', async () => {
    expect(names(await history())).toEqual([
      'lastNight',
      'canela',
      'spa',
      'secondBath',
      'firstBath',
    ]);
    expect(names(await history('est=8'))).toEqual(['deleted']);
  });

  it('carries each visit’s triage and its sale in force', async () => {
    const rows = (await history()).data;
    const second = rows.find((row) => row.id_cita === ids.secondBath)!;
    expect(second.triaje).toMatchObject({ peso: '12.25', temperatura: '38.90', edad: '3.50' });
    expect(second.venta).toMatchObject({ serie: 'T001', numero: 1, total: '45.00' });
    expect(second.estado.nom_est).toBe('Completada');
    const spaRow = rows.find((row) => row.id_cita === ids.spa)!;
    expect(spaRow).toMatchObject({ triaje: null, venta: null });
  });

  it('filters by client, pet, groomer, status, service, package, pet id and visit days', async () => {
    expect(names(await history('cli=carlos'))).toEqual(['lastNight', 'spa']);
    expect(names(await history('pe=canela'))).toEqual(['canela']);
    expect(names(await history(`emp=${ana}`))).toEqual(['secondBath', 'firstBath']);
    expect(names(await history('est=4'))).toEqual(['spa']);
    expect(names(await history(`paq=${spa}`))).toEqual(['spa']);
    expect(names(await history(`srv=${bath}&cli=rosa`))).toEqual([
      'canela',
      'secondBath',
      'firstBath',
    ]);
    expect(names(await history(`perro=${rosa.petId}`))).toEqual(['secondBath', 'firstBath']);
    expect(names(await history(`ficial=${limaDay(-10)}&final=${limaDay(-2)}`))).toEqual([
      'canela',
      'spa',
      'secondBath',
    ]);
  });

  it('pages past the first page with the cursor, each visit once', async () => {
    const first = await admin.get('/citas/historial?per_page=2');
    const cursor = first.body.data.next_cursor as string;
    const second = await admin.get(`/citas/historial?per_page=2&after=${cursor}`);
    const seen = [...first.body.data.data, ...second.body.data.data].map(
      (row: HistoryRow) => row.id_cita,
    );
    expect(seen).toEqual([ids.lastNight, ids.canela, ids.spa, ids.secondBath]);
  });

  it('refuses filters that are not ids or days', async () => {
    expect((await admin.get('/citas/historial?emp=abc')).status).toBe(422);
    expect((await admin.get('/citas/historial?ficial=2025-13-01')).status).toBe(422);
  });

  it('is read by groomers too, without money: no price, no total, no money in its export', async () => {
    const res = await groomer.get('/citas/historial?cli=rosa');
    expect(res.status).toBe(200);
    const second = (res.body.data.data as HistoryRow[]).find((r) => r.id_cita === ids.secondBath)!;
    expect(second).not.toHaveProperty('precio');
    expect(second.venta).toEqual({ id_venta: second.venta?.id_venta, serie: 'T001', numero: 1 });
    const csv = csvRows(
      (await download(ctx.app, groomerToken, `/citas/historial/export?formato=csv&cli=rosa`))
        .rawPayload,
    );
    expect(csv[0]).not.toContain('Precio (S/.)');
    expect(csv[0]).not.toContain('Cobrado (S/.)');
    expect(csv[2].slice(-3)).toEqual(['12.25', '38.9', 'T001-00000001']);
    const timeline = (await groomer.get(`/perro/${rosa.petId}/historial`)).body.data as PetTimeline;
    expect(timeline.visitas.length).toBeGreaterThan(0);
    for (const visit of timeline.visitas) expect(visit).not.toHaveProperty('precio');
    const desk = (await admin.get(`/perro/${rosa.petId}/historial`)).body.data as PetTimeline;
    expect(desk.visitas[0].precio).toBe('45.00');
  });

  it('exports what its filters select, with weight, temperature and receipt', async () => {
    const csv = csvRows(
      (await download(ctx.app, adminToken, `/citas/historial/export?formato=csv&cli=rosa`))
        .rawPayload,
    );
    expect(csv[0].slice(-4)).toEqual([
      'Peso (kg)',
      'Temperatura (°C)',
      'Comprobante',
      'Cobrado (S/.)',
    ]);
    expect(csv).toHaveLength(4);
    expect(csv[2].slice(-4)).toEqual(['12.25', '38.9', 'T001-00000001', '45.00']);
    const xlsx = await xlsxRows(
      (await download(ctx.app, adminToken, `/citas/historial/export?formato=xlsx&cli=rosa`))
        .rawPayload,
    );
    expect(xlsx[2].slice(-4)).toEqual([12.25, 38.9, 'T001-00000001', 45]);
  });
});

describe('a pet’s timeline', () => {
  it('has its visits oldest first, with weight and temperature where triaged', async () => {
    const res = await admin.get(`/perro/${rosa.petId}/historial`);
    expect(res.status).toBe(200);
    const timeline = res.body.data as PetTimeline;
    expect(timeline.perro).toMatchObject({
      nom_perro: 'Firulais',
      cliente: { dni_cli: rosa.dni, nom_cli: 'Rosa' },
    });
    expect(
      timeline.visitas.map((v) => [v.id_cita, v.item, v.groomer, v.peso, v.temperatura]),
    ).toEqual([
      [ids.firstBath, 'Baño completo', 'Ana Quispe Rojas', '11.80', '38.40'],
      [ids.secondBath, 'Baño completo', 'Ana Quispe Rojas', '12.25', '38.90'],
      [ids.tomorrow, 'Baño completo', null, null, null],
    ]);
  });

  it('answers 404 for a pet that does not exist', async () => {
    const res = await admin.get('/perro/999999/historial');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Mascota no encontrada');
  });
});
