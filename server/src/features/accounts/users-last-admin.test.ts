import { and, count, eq, ne } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { PERMISSION_MESSAGES, Status } from '@app/domain';
import { sessions, users } from '../../db/schema';
import { setupTestApp } from '../../test/app';
import { apiClient } from '../../test/http';
import { keepAnActiveAdmin } from './users';

/**
 * Decisions §last-admin: the last active admin cannot be suspended, deleted or given another role.
 */

const ctx = await setupTestApp();
const { db } = ctx.database;
const PASSWORD = 'Clave123!';
const LAST_ADMIN = { status: 'error', message: PERMISSION_MESSAGES.lastAdmin };

type Api = ReturnType<typeof apiClient>;
let admin: Api;

/** Admin 1 the only active admin, every other account recepcion: each test starts there. */
beforeEach(async () => {
  await db.update(users).set({ rol: 'admin', id_est: Status.Activo }).where(eq(users.id, 1));
  await db
    .update(users)
    .set({ rol: 'recepcion' })
    .where(and(ne(users.id, 1), eq(users.rol, 'admin')));
  admin = apiClient(ctx.app, await ctx.signIn());
});

const activeAdmins = async () => {
  const [row] = await db
    .select({ total: count() })
    .from(users)
    .where(and(eq(users.rol, 'admin'), eq(users.id_est, Status.Activo)));
  return row?.total ?? 0;
};

let serial = 0;
/** A new active admin, signed in. */
async function anotherAdmin() {
  serial += 1;
  const login = `jefe${serial}`;
  const res = await admin.post('/user/register', {
    tdoc: 2,
    doc: `4${String(serial).padStart(2, '0')}30571`,
    name: 'Jefa',
    surname: 'Suplente',
    email: `${login}@groomer.pe`,
    login,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    rol: 'admin',
  });
  expect(res.status).toBe(201);
  const id = res.body.data.id as number;
  return { id, api: apiClient(ctx.app, await ctx.signIn(login, PASSWORD)) };
}

/** The edit form's body for user `id`, with another role, as `api` reads it. */
async function withRole(id: number, rol: string, api: Api = admin) {
  const { data } = (await api.get(`/user/${id}`)).body;
  return {
    id,
    tdoc: data.id_tipodoc as number,
    doc: data.doc as string,
    name: data.name as string,
    surname: data.surname as string,
    email: data.email as string,
    rol,
  };
}

describe('the last active admin', () => {
  it('cannot give itself another role', async () => {
    const res = await admin.put('/user/update', await withRole(1, 'recepcion'));
    expect(res).toEqual({ status: 409, body: LAST_ADMIN });
    expect((await admin.get('/user/1')).body.data.rol).toBe('admin');
    expect((await admin.get('/profile')).status).toBe(200);
  });

  it('is refused suspension, Eliminado and deletion in the change’s own transaction', async () => {
    // Through the API a caller is an active admin other than the target, so the refusal shows
    // only in a race (below); here the check itself, as each of those writes runs it.
    await expect(db.transaction((tx) => keepAnActiveAdmin(tx, 1))).rejects.toMatchObject({
      statusCode: 409,
      message: PERMISSION_MESSAGES.lastAdmin,
    });
    // Users who are not active admins are never held back.
    await expect(db.transaction((tx) => keepAnActiveAdmin(tx, 2))).resolves.toBeUndefined();
    const other = await anotherAdmin();
    await expect(db.transaction((tx) => keepAnActiveAdmin(tx, 1))).resolves.toBeUndefined();
    await expect(db.transaction((tx) => keepAnActiveAdmin(tx, other.id))).resolves.toBeUndefined();
  });

  it('may go while another admin stays, and then the other may not', async () => {
    const other = await anotherAdmin();
    const third = await anotherAdmin();
    // Two admins go while one stays.
    expect((await other.api.patch('/user', { id: third.id, estado: 2 })).status).toBe(200);
    expect((await third.api.get('/me')).status).toBe(401);
    expect((await other.api.patch('/user', { id: third.id, estado: 3 })).status).toBe(200);
    const demoted = await other.api.put('/user/update', await withRole(1, 'groomer'));
    expect(demoted.status).toBe(200);
    expect(demoted.body.data.rol).toBe('groomer');
    // The demoted admin is signed out everywhere.
    expect((await admin.get('/me')).status).toBe(401);
    const [{ total }] = await db
      .select({ total: count() })
      .from(sessions)
      .where(eq(sessions.user_id, 1));
    expect(total).toBe(0);

    expect(
      await other.api.put('/user/update', await withRole(other.id, 'recepcion', other.api)),
    ).toEqual({
      status: 409,
      body: LAST_ADMIN,
    });
    expect(await activeAdmins()).toBe(1);
    // Nor may the one left be marked Eliminado by itself, which the own-status rule refuses first.
    expect((await other.api.patch('/user', { id: other.id, estado: 3 })).status).toBe(422);
  });

  it('survives two admins demoting, suspending or deleting each other at once', async () => {
    type Race = (a: Api, b: Api, aId: number, bId: number) => Promise<Promise<number>[]>;
    const status = (call: Promise<{ status: number }>) => call.then((r) => r.status);
    const rounds: [string, Race][] = [
      [
        'demote each other',
        async (a, b, aId, bId) => {
          // The bodies are read first: the race is the two writes alone.
          const [demoteB, demoteA] = [
            await withRole(bId, 'recepcion'),
            await withRole(aId, 'groomer'),
          ];
          return [status(a.put('/user/update', demoteB)), status(b.put('/user/update', demoteA))];
        },
      ],
      [
        'suspend each other',
        async (a, b, aId, bId) => [
          status(a.patch('/user', { id: bId, estado: 2 })),
          status(b.patch('/user', { id: aId, estado: 3 })),
        ],
      ],
      [
        'delete and suspend',
        async (a, b, aId, bId) => [
          status(a.raw('DELETE', '/user/hard', { id: bId })),
          status(b.patch('/user', { id: aId, estado: 2 })),
        ],
      ],
    ];
    for (const [name, race] of rounds) {
      for (let round = 0; round < 5; round++) {
        await db.update(users).set({ rol: 'admin', id_est: Status.Activo }).where(eq(users.id, 1));
        await db
          .update(users)
          .set({ rol: 'recepcion' })
          .where(and(ne(users.id, 1), eq(users.rol, 'admin')));
        admin = apiClient(ctx.app, await ctx.signIn());
        const other = await anotherAdmin();
        const statuses = await Promise.all(await race(admin, other.api, 1, other.id));
        expect(statuses.filter((s) => s === 200).length, `${name}: ${statuses.join(',')}`).toBe(1);
        // The other is the 409 of this rule, or a 401 if its own session was ended first.
        expect(
          statuses.filter((s) => s === 409 || s === 401).length,
          `${name}: ${statuses.join(',')}`,
        ).toBe(1);
        expect(await activeAdmins(), name).toBe(1);
      }
    }
  });
});
