import { eq, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import {
  limaDayStart,
  limaToday,
  MAX_LIST_OFFSET,
  PAGE_TOO_DEEP,
  type ListQuery,
  type Page,
} from '@app/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedPeople } from '../db/demo/people';
import {
  appointments,
  clients,
  clientSearchSql,
  employees,
  pets,
  reservations,
  users,
} from '../db/schema';
import { rowsOf } from '../db/sql-rows';
import { COUNT_CAP, listPage, type ListDefinition } from './list';
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
    expect(after).toMatch(/^[\w-]+$/);
    // Every demo DNI starts with 4: `search=4` matches every row, in a statement of its own
    // shape (planned for its words each call). Each shape runs twice with different values.
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

describe('pages with extra filters', () => {
  const clientList: ListDefinition = {
    table: clients,
    fields: { id_cli: clients.id_cli, created_at: clients.created_at },
    id: clients.id_cli,
    createdAt: clients.created_at,
    status: clients.id_est,
    hiddenStatuses: [3],
    searchFilters: ['cli'],
  };
  const everyClient = sql`${clients.id_cli} > 0`;

  it('carry their total in the page’s statement, and find none when nothing matches', async () => {
    const { db } = ctx.database;
    // More visible clients than the cap (the demo retires a few).
    if ((await listPage(db, clientList, { page: 1, per_page: 5 })).total <= COUNT_CAP) {
      await seedPeople(db, 2 * COUNT_CAP);
    }
    const plain = await listPage(db, clientList, { page: 2, per_page: 5, est: 1 });
    const filtered = await listPage(db, clientList, { page: 2, per_page: 5, est: 1 }, [
      everyClient,
    ]);
    expect(filtered.data).toEqual(plain.data);
    expect(filtered.next_cursor).toEqual(plain.next_cursor);
    const none = await listPage(db, clientList, { page: 1, per_page: 5 }, [sql`false`]);
    expect(none).toMatchObject({ data: [], total: 0, last_page: 1 });
    // A page past the last one still knows the total.
    const few = sql`${clients.id_cli} in (select id_cli from clientes order by id_cli limit 3)`;
    const beyond = await listPage(db, clientList, { page: 2, per_page: 5 }, [few]);
    expect(beyond).toMatchObject({ data: [], total: 3 });
  });

  it.each([
    ['a few matches are paged from the rows their total read', COUNT_CAP - 50],
    ['more matches than the cap are paged from the table', COUNT_CAP + 60],
  ])('%s, by number and by cursor', async (_name, size) => {
    const { db } = ctx.database;
    const some = sql`${clients.id_cli} in (select id_cli from clientes order by id_cli limit ${size})`;
    const all = rowsOf<{ id: number }>(
      await db.execute(sql`select id_cli as id from clientes where id_est <> 3 and ${some}
        order by created_at desc, id_cli desc`),
    ).map((row) => row.id);
    const perPage = 40;
    let after: string | undefined;
    for (let page = 1; (page - 1) * perPage < all.length; page++) {
      const want = all.slice((page - 1) * perPage, page * perPage);
      const numbered = await listPage<{ id_cli: number }>(
        db,
        clientList,
        { page, per_page: perPage },
        [some],
      );
      expect(
        numbered.data.map((row) => row.id_cli),
        `page ${page}`,
      ).toEqual(want);
      if (size <= COUNT_CAP) expect(numbered.total).toBe(all.length);
      if (after) {
        const followed = await listPage<{ id_cli: number }>(
          db,
          clientList,
          { page: 1, per_page: perPage, after },
          [some],
        );
        expect(
          followed.data.map((row) => row.id_cli),
          `after page ${page - 1}`,
        ).toEqual(want);
      }
      after = numbered.next_cursor ?? undefined;
    }
  });

  it('say "more than" the cap for a text filter (`searchFilters`), as a search does', async () => {
    const { db } = ctx.database;
    const asSearch = await listPage(
      db,
      clientList,
      { page: 1, per_page: 5, cli: 'a' } as ListQuery,
      [everyClient],
    );
    expect(asSearch).toMatchObject({ total: COUNT_CAP + 1, total_is_estimate: true });
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

describe('a page’s per-row figures', () => {
  // A figure PostgreSQL computes once for each row it projects: the next value of a sequence.
  const probe = sql<string>`nextval('list_page_probe')`;
  beforeAll(async () => {
    await ctx.database.db.execute(sql`create sequence list_page_probe`);
  });
  const probedClients: ListDefinition = {
    table: clients,
    // The id twice: as `id` for the test, under its own name for the cursor.
    fields: { id: clients.id_cli, id_cli: clients.id_cli, created_at: clients.created_at, probe },
    id: clients.id_cli,
    createdAt: clients.created_at,
    status: clients.id_est,
    search: [clientSearchSql(clients)],
    hiddenStatuses: [3],
  };
  // Joined to the owner, the join kept in the page's ids (it might drop or repeat a row).
  const probedPets: ListDefinition = {
    table: pets,
    fields: {
      id: pets.id_perro,
      id_perro: pets.id_perro,
      created_at: pets.created_at,
      owner: clients.dni_cli,
      probe,
    },
    join: (query: PgSelect) => query.innerJoin(clients, eq(clients.id_cli, pets.id_cli)),
    id: pets.id_perro,
    createdAt: pets.created_at,
    status: pets.id_est,
    hiddenStatuses: [3],
  };
  const probedCitas: ListDefinition = {
    table: appointments,
    fields: {
      id: appointments.id_cita,
      id_cita: appointments.id_cita,
      fec_cita: appointments.fec_cita,
      probe,
    },
    id: appointments.id_cita,
    createdAt: appointments.created_at,
    status: appointments.id_est,
    timeline: appointments.fec_cita,
    hiddenStatuses: [8],
  };
  /** The ids of the page as plain SQL reads them, OFFSET and all. */
  const expected = {
    clients: (offset: number, where = sql`true`) =>
      sql`select id_cli as id from clientes where id_est <> 3 and ${where}
        order by created_at desc, id_cli desc limit 5 offset ${offset}`,
    pets: (offset: number) =>
      sql`select id_perro as id from perros where id_est <> 3
        order by created_at desc, id_perro desc limit 5 offset ${offset}`,
    // Today's and later visits soonest first, then the earlier ones latest first.
    citas: (offset: number) =>
      sql`select id from (select id_cita as id, fec_cita >= ${limaDayStart(limaToday())} as upcoming,
          fec_cita from citas where id_est <> 8) t
        order by upcoming desc, case when upcoming then fec_cita end,
          case when not upcoming then fec_cita end desc, case when upcoming then id end,
          case when not upcoming then id end desc
        limit 5 offset ${offset}`,
  };

  it('answer each shape as a page built for its call does', async () => {
    const { db } = ctx.database;
    await seedPeople(db, 30);
    const first = await listPage<{ id: number }>(db, probedClients, { page: 1, per_page: 5 });
    const after = first.next_cursor ?? undefined;
    expect(after).toEqual(expect.any(String));
    // The rows and the cursor: an extra filter also gives up the kept count of each status.
    const rows = ({ data, next_cursor }: Page<{ id: number }>) => ({
      ids: data.map(({ id }) => id),
      next_cursor,
    });
    for (const shape of [
      {},
      { page: 3 },
      { est: 1 },
      { est: 2, page: 2 },
      { after },
      { ficial: '2000-01-01', page: 2 },
      { final: '2999-12-31', after },
      { search: '4' },
      { search: '4 a', page: 2 },
      { search: '4', est: 1, ficial: '2000-01-01' },
      { search: 'no-such-word' },
    ]) {
      for (const per_page of [5, 7]) {
        const query: ListQuery = { page: 1, per_page, ...shape };
        // An always-true extra filter: the page is built for the call, never kept.
        const built = await listPage<{ id: number }>(db, probedClients, query, [sql`true`]);
        for (let call = 0; call < 2; call++) {
          const kept = await listPage<{ id: number }>(db, probedClients, query);
          expect(rows(kept), JSON.stringify(query)).toEqual(rows(built));
        }
      }
    }
  });

  it.each([
    ['clients, a prepared page', probedClients, {}, expected.clients],
    [
      'clients, a searched page',
      probedClients,
      { search: '4' },
      (offset: number) => expected.clients(offset, sql`search_text like '%4%'`),
    ],
    [
      'clients, registration days',
      probedClients,
      { ficial: '2000-01-01' },
      (offset: number) => expected.clients(offset),
    ],
    ['pets joined to their owner', probedPets, {}, expected.pets],
    ['citas, either side of today', probedCitas, {}, expected.citas],
  ] as const)(
    'are computed for its rows only, not for the rows its OFFSET skips (%s)',
    async (name, def, filters, ids) => {
      const { db } = ctx.database;
      await seedPeople(db, 30);
      const service = await createService(db, `Baño de la página: ${name}`, '30.00');
      // Fifteen visits to come and fifteen past: page 3 of 5 crosses today.
      await db.execute(sql`
        insert into citas (fec_cita, id_cli, id_perro, id_srv, precio, id_usu, obs_perro, fech_reg)
        select date_trunc('minute', now()) + make_interval(days => case when n <= 15 then n::int else -n::int end),
          p.id_cli, p.id_perro, ${service}, 30, (select id from users where login = 'admin'), '',
          current_date
        from (select id_cli, id_perro, row_number() over (order by id_perro) as n
          from perros limit 30) p`);
      const next = async () =>
        Number(
          rowsOf<{ n: string }>(await db.execute(sql`select nextval('list_page_probe') as n`))[0]
            ?.n,
        );
      for (const page of [2, 3, 5]) {
        const query: ListQuery = { page, per_page: 5, ...filters };
        const before = await next();
        const answer = await listPage<{ id: number }>(db, def, query);
        const computed = (await next()) - before - 1;
        const want = rowsOf<{ id: number }>(await db.execute(ids((page - 1) * 5)));
        expect(
          answer.data.map((row) => row.id),
          `page ${page}`,
        ).toEqual(want.map((row) => row.id));
        expect(computed, `page ${page}`).toBe(5);
      }
    },
  );
});

describe('a timeline’s pages', () => {
  const citas: ListDefinition = {
    table: appointments,
    fields: { id_cita: appointments.id_cita, fec_cita: appointments.fec_cita },
    id: appointments.id_cita,
    createdAt: appointments.created_at,
    status: appointments.id_est,
    timeline: appointments.fec_cita,
    hiddenStatuses: [8],
  };

  it.each([
    ['every status but Eliminada', {}, sql`id_est <> 8`],
    ['one status', { est: 6 }, sql`id_est = 6`],
    [
      'registration days',
      { ficial: '2000-01-01' },
      sql`id_est <> 8 and created_at >= '2000-01-01T05:00:00Z'`,
    ],
  ] as const)(
    'follow its order by number and by cursor, kept or built alike (%s)',
    async (_name, filters, where) => {
      const { db } = ctx.database;
      const service = await createService(db, `Baño del orden: ${_name}`, '30.00');
      // Whole minutes, as booked: the cursor carries milliseconds (crud/list.ts `timeline`).
      await seedPeople(db, 10);
      await db.execute(sql`
        insert into citas (fec_cita, id_cli, id_perro, id_srv, precio, id_usu, obs_perro, fech_reg, id_est)
        select date_trunc('minute', now()) + make_interval(hours => (n::int - 12) * 7), p.id_cli, p.id_perro, ${service},
          30, (select id from users where login = 'admin'), '', current_date,
          case when n % 3 = 0 then 6 when n % 5 = 0 then 8 else 9 end
        from (select id_cli, id_perro, row_number() over (order by id_perro desc) as n
          from perros limit 24) p`);
      const split = limaDayStart(limaToday());
      const all = rowsOf<{ id: number }>(
        await db.execute(sql`
          select id_cita as id from citas where ${where}
          order by fec_cita >= ${split} desc,
            case when fec_cita >= ${split} then fec_cita end,
            case when fec_cita < ${split} then fec_cita end desc,
            case when fec_cita >= ${split} then id_cita end,
            case when fec_cita < ${split} then id_cita end desc`),
      ).map((row) => row.id);
      const ids = (page: Page<{ id_cita: number }>) => page.data.map((row) => row.id_cita);
      const perPage = 7;
      let after: string | undefined;
      for (let page = 1; (page - 1) * perPage < all.length + perPage; page++) {
        const want = all.slice((page - 1) * perPage, page * perPage);
        const query: ListQuery = { page, per_page: perPage, ...filters };
        const numbered = await listPage<{ id_cita: number }>(db, citas, query);
        const built = await listPage<{ id_cita: number }>(db, citas, query, [sql`true`]);
        expect(ids(numbered), `page ${page}`).toEqual(want);
        expect(ids(built), `page ${page}, built`).toEqual(want);
        // Exact up to the cap, the planner's estimate beyond it, kept or built.
        expect(numbered.total, `page ${page}`).toBe(built.total);
        if (all.length <= COUNT_CAP) expect(numbered.total, `page ${page}`).toBe(all.length);
        if (page > 1 && want.length) {
          const followed = await listPage<{ id_cita: number }>(db, citas, {
            page: 1,
            per_page: perPage,
            after,
            ...filters,
          });
          expect(ids(followed), `after page ${page - 1}`).toEqual(want);
        }
        after = numbered.next_cursor ?? undefined;
      }
    },
  );
});
