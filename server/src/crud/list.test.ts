import { eq, sql } from 'drizzle-orm';
import { limaToday, MAX_LIST_OFFSET, PAGE_TOO_DEEP } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { seedPeople } from '../db/demo/people';
import { appointments, clients, employees, pets, reservations, users } from '../db/schema';
import { createService, limaDay, registerGroomer, registerOwner } from '../test/agenda';
import { setupTestApp } from '../test/app';
import { csvRows, download } from '../test/files';
import { apiClient } from '../test/http';

const ctx = await setupTestApp();
const token = await ctx.signIn();
const api = apiClient(ctx.app, token);

describe('numbered pages stop where OFFSET would read too far', () => {
  it.each(['/clientes/', '/mascotas/', '/users/', '/reservaciones/', '/citas/', '/servicios/'])(
    '%s refuses page 1000000 with a 422 on page',
    async (list) => {
      const res = await api.get(`${list}?page=1000000`);
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ status: 'error', errors: { page: [PAGE_TOO_DEEP] } });
    },
  );

  it('serves the last page under the limit and refuses the first past it', async () => {
    const lastPage = MAX_LIST_OFFSET / 100;
    expect((await api.get(`/clientes/?per_page=100&page=${lastPage}`)).status).toBe(200);
    expect((await api.get(`/clientes/?per_page=100&page=${lastPage + 1}`)).status).toBe(422);
  });

  it('leaves deep pages to the keyset cursor', async () => {
    const cursor = Buffer.from(`${new Date().toISOString()}|1`).toString('base64url');
    const res = await api.get(`/clientes/?page=1000000&after=${cursor}`);
    expect(res.status).toBe(200);
  });
});

describe('prepared list pages', () => {
  it('answer each call with its own values, as a page built for the call does', async () => {
    await seedPeople(ctx.database.db, 60);
    const first = await api.get('/clientes/?per_page=5');
    const after = first.body.data.next_cursor as string;
    expect(after).toEqual(expect.any(String));
    // Every demo DNI starts with 4: `search=4` matches every row, and a search is a statement
    // built for its call. Each shape runs twice with different values.
    for (const query of [
      'per_page=5',
      'per_page=7',
      'per_page=5&page=2',
      'per_page=5&page=3',
      'per_page=5&est=1',
      'per_page=5&est=2',
      'per_page=5&est=1&page=2',
      'per_page=5&est=3&page=2',
      `per_page=5&after=${after}`,
      `per_page=5&est=1&after=${after}`,
      'per_page=5&ficial=2000-01-01',
      'per_page=5&ficial=2000-01-01&final=2999-12-31&page=2',
      'per_page=5&final=2000-01-01',
    ]) {
      const prepared = await api.get(`/clientes/?${query}`);
      const built = await api.get(`/clientes/?${query}&search=4`);
      expect(prepared.status, query).toBe(200);
      expect(prepared.body.data.data, query).toEqual(built.body.data.data);
      expect(prepared.body.data.next_cursor, query).toEqual(built.body.data.next_cursor);
    }
  });
});

describe('totals beyond the count cap', () => {
  it('give the planner’s estimate of the whole list, not the cap', async () => {
    await seedPeople(ctx.database.db, 400);
    await ctx.database.db.execute(sql`analyze clientes`);
    const res = await api.get('/clientes/?ficial=2000-01-01');
    expect(res.status).toBe(200);
    expect(res.body.data.total_is_estimate).toBe(true);
    expect(res.body.data.total).toBeGreaterThan(300);
  });
});

describe('lists without registration days', () => {
  it('list and export a record registered two months ago (decisions §date-filters)', async () => {
    const { db } = ctx.database;
    const owner = await registerOwner(api, 'Anselmo', 'Tobías');
    const service = await createService(db, 'Baño antiguo', '40.00');
    const booking = { dni_cli: owner.dni, id_perro: owner.petId, id_cliente: owner.id_cli };
    const reservation = await api.post('/reservacion/register', {
      ...booking,
      fec_cita: limaDay(7),
    });
    // Next week's visit, booked two months ago.
    const cita = await api.post('/cita/register', {
      ...booking,
      fec_cita: `${limaDay(7)}T10:00`,
      id_servicio: service,
      fech_reg: limaDay(0),
      obs: 'Reservada con tiempo',
    });
    const groomer = await registerGroomer(api, 'Casimira');
    const twoMonthsAgo = new Date(Date.now() - 61 * 86_400_000);
    await db
      .update(clients)
      .set({ created_at: twoMonthsAgo })
      .where(eq(clients.id_cli, owner.id_cli));
    await db.update(pets).set({ created_at: twoMonthsAgo }).where(eq(pets.id_perro, owner.petId));
    await db
      .update(reservations)
      .set({ fec_reg: twoMonthsAgo })
      .where(eq(reservations.id_res, reservation.body.data.id_res as number));
    await db
      .update(appointments)
      .set({ created_at: twoMonthsAgo })
      .where(eq(appointments.id_cita, cita.body.data.id_cita as number));
    await db.update(users).set({ created_at: twoMonthsAgo }).where(eq(users.login, 'recepcion'));
    await db
      .update(employees)
      .set({ created_at: twoMonthsAgo })
      .where(eq(employees.id_emp, groomer.id_emp));

    const thisMonth = `ficial=${limaToday().slice(0, 8)}01`;
    for (const [list, filter, key, id] of [
      ['/clientes/', `search=${owner.dni}`, 'id_cli', owner.id_cli],
      ['/mascotas/', 'search=tobías', 'id_perro', owner.petId],
      ['/reservaciones/', `cli=${owner.dni}`, 'id_res', reservation.body.data.id_res],
      ['/citas/', `cli=${owner.dni}`, 'id_cita', cita.body.data.id_cita],
      ['/users/', 'search=recepcion', 'login', 'recepcion'],
      ['/empleados/', 'search=casimira', 'id_emp', groomer.id_emp],
    ] as const) {
      const keys = async (query: string) =>
        ((await api.get(`${list}?${query}`)).body.data.data as Record<string, unknown>[]).map(
          (row) => row[key],
        );
      expect(await keys(filter), list).toEqual([id]);
      // The registration days still filter when they are set.
      expect(await keys(`${filter}&${thisMonth}`), list).toEqual([]);
    }

    for (const [list, filter] of [
      ['clientes', `search=${owner.dni}`],
      ['citas', `cli=${owner.dni}`],
    ]) {
      const file = await download(ctx.app, token, `/${list}/export?formato=csv&${filter}`);
      expect(csvRows(file.rawPayload), list).toHaveLength(2);
      const dated = await download(
        ctx.app,
        token,
        `/${list}/export?formato=csv&${filter}&${thisMonth}`,
      );
      expect(csvRows(dated.rawPayload), list).toHaveLength(1);
    }
  });
});
