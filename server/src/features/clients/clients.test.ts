import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppointmentStatus } from '@app/domain';
import { seedPeople } from '../../db/demo/people';
import { clients } from '../../db/schema';
import { COUNT_CAP } from '../../crud/list';
import { rowsOf } from '../../db/sql-rows';
import { setupTestApp } from '../../test/app';
import { apiClient } from '../../test/http';
import { createService, limaDay, registerOwner } from '../../test/agenda';
import { csvRows, download } from '../../test/files';

const ctx = await setupTestApp();
let api: ReturnType<typeof apiClient>;
let token: string;
beforeAll(async () => {
  token = await ctx.signIn();
  api = apiClient(ctx.app, token);
});

const valid = {
  dni: '45871236',
  name: 'María José',
  surname: 'Quispe Huamán',
  tel1: '987654321',
  tel2: '',
  email: 'maria.quispe@gmail.com',
  direccion: 'Av. Los Próceres 123, Surco',
};

describe('clients', () => {
  it('registers, reads, lists, updates and looks up a client by DNI', async () => {
    const created = await api.post('/cliente/register', valid);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      status: 'success',
      message: '¡Cliente registrado exitosamente!',
      data: { dni_cli: '45871236', nom_cli: 'María José', tel2_cli: null, id_est: 1 },
    });
    const id = created.body.data.id_cli as number;

    expect((await api.get(`/cliente/${id}`)).body.data.email_cli).toBe('maria.quispe@gmail.com');

    const list = await api.get('/clientes/?search=quispe');
    expect(list.body.data).toMatchObject({ current_page: 1, per_page: 20, total: 1, last_page: 1 });
    expect(list.body.data.data[0].id_cli).toBe(id);

    const updated = await api.put('/cliente', { ...valid, id, tel2: '012345678' });
    expect(updated.body.data.tel2_cli).toBe('012345678');

    const lookup = await api.get('/cliente/nombre/45871236');
    expect(lookup.body.data).toEqual([
      {
        id_cli: id,
        nom_cli: 'María José',
        ape_cli: 'Quispe Huamán',
        inasistencias: 0,
        ultima_visita: null,
      },
    ]);
  });

  it.each([
    ['', 'El número de documento es requerido'],
    ['4587123a', 'Solo se permiten números'],
    ['4587123', 'El DNI debe tener 8 dígitos'],
    ['11111111', 'El DNI no puede contener todos los números iguales'],
    ['12345678', 'El DNI no puede contener números consecutivos'],
    ['87654321', 'El DNI no puede contener números consecutivos'],
  ])('refuses the DNI %j with "%s"', async (dni, message) => {
    const res = await api.post('/cliente/register', { ...valid, dni });
    expect(res.status).toBe(422);
    expect(res.body.errors.dni).toContain(message);
  });

  it.each([
    ['name', 'A', 'El nombre debe tener al menos 2 caracteres'],
    ['name', 'Juan3', 'Solo se permiten letras'],
    ['surname', 'P', 'El apellido debe tener al menos 2 caracteres'],
    [
      'tel1',
      '812345678',
      'Debe ser un número de teléfono válido de 9 dígitos que comience con 9 o 0',
    ],
    ['tel1', '98765432', 'El teléfono debe tener exactamente 9 dígitos'],
    [
      'tel2',
      '81234567a',
      'Debe ser un número de teléfono válido de 9 dígitos que comience con 9 o 0',
    ],
    ['email', '', 'El email es requerido'],
    ['email', 'no-es-email', 'Debe ser un email válido'],
    ['direccion', '12345678', 'La dirección no puede contener solo números'],
    ['direccion', 'Av 1 2', 'La dirección debe contener al menos 4 letras'],
  ])('refuses %s %j with "%s"', async (field, value, message) => {
    const res = await api.post('/cliente/register', { ...valid, dni: '40112233', [field]: value });
    expect(res.status).toBe(422);
    expect(res.body.errors[field]).toContain(message);
  });

  it('refuses a second client with the same DNI with a 409', async () => {
    const res = await api.post('/cliente/register', valid);
    expect(res.status).toBe(409);
    expect(res.body.errors.dni).toEqual(['Ya existe un cliente con ese DNI']);
  });

  it('suspends and reactivates, and hides deleted clients unless asked', async () => {
    const { body } = await api.post('/cliente/register', { ...valid, dni: '40556677' });
    const id = body.data.id_cli as number;
    const suspended = await api.patch('/cliente', { id, estado: 2 });
    expect(suspended.body).toMatchObject({
      message: 'Estado de Cliente actualizado correctamente',
      data: { id_est: 2 },
    });
    expect((await api.get('/cliente/nombre/40556677')).status).toBe(404);
    await api.patch('/cliente', { id, estado: 3 });
    const visible = await api.get('/clientes/');
    expect(visible.body.data.data.map((c: { id_cli: number }) => c.id_cli)).not.toContain(id);
    const deleted = await api.get('/clientes/?est=3');
    expect(deleted.body.data.data.map((c: { id_cli: number }) => c.id_cli)).toContain(id);
    expect((await api.patch('/cliente', { id, estado: 7 })).status).toBe(422);
    expect((await api.patch('/cliente', { id, estado: 1 })).body.data.id_est).toBe(1);
  });

  it('refuses to delete a client that has pets, then deletes one that has none', async () => {
    const { body } = await api.post('/cliente/register', { ...valid, dni: '40998877' });
    const id = body.data.id_cli as number;
    await api.post('/mascota/register', {
      nombre: 'Firulais',
      raza: 'Mestizo',
      dniCliente: '40998877',
    });
    const refused = await api.delete(`/cliente/${id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'No se puede eliminar el cliente: tiene mascotas o reservas registradas. Para borrar sus datos personales, anonimícelo.',
    );
    const lonely = await api.post('/cliente/register', { ...valid, dni: '40998866' });
    expect((await api.delete(`/cliente/${lonely.body.data.id_cli}`)).status).toBe(200);
    expect((await api.get(`/cliente/${lonely.body.data.id_cli}`)).status).toBe(404);
  });

  it('filters by registration date range in Lima days and validates the range', async () => {
    const today = new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10);
    const inRange = await api.get(`/clientes/?ficial=${today}&final=${today}`);
    expect(inRange.body.data.total).toBeGreaterThan(0);
    const past = await api.get('/clientes/?ficial=2020-01-01&final=2020-01-31');
    expect(past.body.data.total).toBe(0);
    const reversed = await api.get('/clientes/?ficial=2020-02-01&final=2020-01-01');
    expect(reversed.status).toBe(422);
    expect(reversed.body.errors.ficial).toEqual([
      'La fecha inicial no puede ser mayor a la fecha final',
    ]);
    expect((await api.get('/clientes/?ficial=ayer')).status).toBe(422);
    expect((await api.get('/clientes/?per_page=1000')).status).toBe(422);
  });

  it('answers 404 for a missing client, 401 without a credential and 422 for a malformed body', async () => {
    expect((await api.get('/cliente/999999')).status).toBe(404);
    expect((await api.get('/cliente/abc')).status).toBe(422);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/clientes/' })).statusCode).toBe(401);
    const malformed = await api.raw('POST', '/cliente/register', { json: '{"dni":' });
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors.json).toBeDefined();
    expect((await api.put('/cliente', { ...valid, id: 999999 })).status).toBe(404);
  });

  it('pages with a keyset cursor', async () => {
    const first = await api.get('/clientes/?per_page=2');
    const cursor = first.body.data.next_cursor as string;
    const next = await api.get(`/clientes/?per_page=2&after=${cursor}`);
    const second = await api.get('/clientes/?per_page=2&page=2');
    expect(next.body.data.data).toEqual(second.body.data.data);
    expect((await api.get('/clientes/?after=garbage')).status).toBe(422);
  });

  it('finds a client whatever the case and accents of the search', async () => {
    const { body } = await api.post('/cliente/register', {
      ...valid,
      dni: '40771122',
      name: 'Ángel',
      surname: 'Peña Ñahui',
      email: 'angel.pena@gmail.com',
    });
    const id = body.data.id_cli as number;
    for (const search of ['pena', 'PENA nahui', 'angel', 'Peña', 'ÑAHUI', 'ángel peña']) {
      const res = await api.get(`/clientes/?search=${encodeURIComponent(search)}`);
      expect(
        res.body.data.data.map((c: { id_cli: number }) => c.id_cli),
        search,
      ).toEqual([id]);
    }
    expect((await api.get('/clientes/?search=penas')).body.data.total).toBe(0);
    // A full first page is counted; one that is not is the whole result.
    for (const perPage of [1, 2]) {
      const res = await api.get(`/clientes/?search=nahui&per_page=${perPage}`);
      expect(res.body.data).toMatchObject({ total: 1, last_page: 1 });
    }
  });

  it('pages with `after` through rows that share a timestamp, each row once', async () => {
    // Microseconds, as now() gives them: the column keeps milliseconds, the cursor's precision.
    const rows = await ctx.database.db
      .insert(clients)
      .values(
        ['40610001', '40610002', '40610003', '40610004', '40610005'].map((dni) => ({
          dni_cli: dni,
          nom_cli: 'Mismo',
          ape_cli: 'Instante',
          tel1_cli: '987654321',
          email_cli: `${dni}@correo.pe`,
          dir_cli: 'Av. Arequipa 100',
          created_at: sql`'2021-03-04 10:00:00.123456-05'::timestamptz`,
        })),
      )
      .returning({ id: clients.id_cli });
    const seen: number[] = [];
    let after = '';
    for (let page = 0; page < 5; page += 1) {
      const res = await api.get(
        `/clientes/?per_page=2&ficial=2021-03-04&final=2021-03-04${after && `&after=${after}`}`,
      );
      seen.push(...res.body.data.data.map((c: { id_cli: number }) => c.id_cli));
      if (!res.body.data.next_cursor) break;
      after = res.body.data.next_cursor as string;
    }
    expect(seen).toEqual(rows.map((r) => r.id).sort((a, b) => b - a));
  });
});

describe('clients at scale', () => {
  it('estimates totals beyond the cap and pages a common search in order', async () => {
    await seedPeople(ctx.database.db, 1_500);
    // Filtered by status alone, the total is exact at any size: the kept per-status counts.
    const counts = rowsOf<{ visible: number; suspended: number }>(
      await ctx.database.db.execute(sql`
        select count(*) filter (where id_est <> 3)::int as visible,
          count(*) filter (where id_est = 2)::int as suspended
        from clientes`),
    )[0];
    const all = await api.get('/clientes/?per_page=5');
    expect(all.body.data.total_is_estimate).toBeUndefined();
    expect(all.body.data.total).toBe(counts?.visible);
    expect((await api.get('/clientes/?est=2')).body.data.total).toBe(counts?.suspended);
    // Every demo DNI starts with 4: a search that matches (almost) every row walks the order.
    const common = await api.get('/clientes/?per_page=5&search=4');
    expect(common.body.data.total_is_estimate).toBe(true);
    expect(common.body.data.total).toBeGreaterThan(COUNT_CAP);
    expect(common.body.data.data).toEqual(all.body.data.data);
    const rare = await api.get('/clientes/?search=quispe%20flores');
    expect(rare.body.data.total_is_estimate).toBeUndefined();
    for (const c of rare.body.data.data as { ape_cli: string }[])
      expect(c.ape_cli).toMatch(/Quispe Flores/);
  });
});

describe("a client's no-shows and last visit (decisions §no-shows)", () => {
  it('counts the citas marked No Asistió and tells the latest completed one, in the list, the lookup and the export', async () => {
    const owner = await registerOwner(api, 'Lucía');
    const service = await createService(ctx.database.db, 'Baño visitas', '40.00');
    const book = async (at: string, est?: number) => {
      const res = await api.post('/cita/register', {
        fec_cita: at,
        dni_cli: owner.dni,
        id_perro: owner.petId,
        id_servicio: service,
        fech_reg: limaDay(0),
        obs: 'Sin observaciones',
      });
      expect(res.status).toBe(201);
      const id = res.body.data.id_cita as number;
      if (est) expect((await api.patch('/cita/estado', { cita: id, est })).status).toBe(200);
      return id;
    };
    await book(`${limaDay(-30)}T10:00`, AppointmentStatus.Completada);
    await book(`${limaDay(-20)}T11:30`, AppointmentStatus.Completada);
    await book(`${limaDay(-10)}T09:00`, AppointmentStatus.NoAsistio);
    await book(`${limaDay(-5)}T09:00`, AppointmentStatus.NoAsistio);
    // Neither a deleted cita nor one still to come is a visit or a no-show.
    await book(`${limaDay(-3)}T09:00`, AppointmentStatus.Eliminada);
    await book(`${limaDay(3)}T09:00`);

    const expected = {
      inasistencias: 2,
      ultima_visita: new Date(`${limaDay(-20)}T11:30:00-05:00`).toISOString(),
    };
    const list = await api.get(`/clientes/?search=${owner.dni}`);
    expect(list.body.data.data).toEqual([expect.objectContaining(expected)]);
    const lookup = await api.get(`/cliente/nombre/${owner.dni}`);
    expect(lookup.body.data).toEqual([expect.objectContaining(expected)]);

    const file = csvRows(
      (await download(ctx.app, token, `/clientes/export?formato=csv&search=${owner.dni}`))
        .rawPayload,
    );
    expect(file[0]).toEqual(expect.arrayContaining(['Inasistencias', 'Última visita']));
    const row = file[1];
    expect(row[file[0].indexOf('Inasistencias')]).toBe('2');
    expect(row[file[0].indexOf('Última visita')]).toBe(
      `${limaDay(-20).split('-').reverse().join('/')} 11:30:00`,
    );
  });
});
