import { sql } from 'drizzle-orm';
import { MAX_LIST_OFFSET, PAGE_TOO_DEEP } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { seedPeople } from '../db/demo/people';
import { setupTestApp } from '../test/app';
import { apiClient } from '../test/http';

const ctx = await setupTestApp();
const api = apiClient(ctx.app, await ctx.signIn());

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
