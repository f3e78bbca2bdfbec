import { MAX_LIST_OFFSET, PAGE_TOO_DEEP } from '@app/domain';
import { describe, expect, it } from 'vitest';
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
