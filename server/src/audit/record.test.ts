import { desc, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { auditEntries, users } from '../db/schema';
import { openTestDatabase } from '../test/app';
import {
  actorOf,
  changesBetween,
  isSecretField,
  keepLoginOnEntries,
  recordAudit,
  recordDenied,
  redact,
} from './record';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await database.db.delete(auditEntries);
});

const entries = () =>
  database.db.select().from(auditEntries).orderBy(desc(auditEntries.at), desc(auditEntries.id));

const admin = { id_usu: 1, ip: '192.0.2.10' };

describe('recordAudit', () => {
  it('writes the entry with the transaction of the change it records', async () => {
    await database.db.transaction(async (tx) => {
      await recordAudit(tx, {
        ...admin,
        accion: 'editar',
        entidad: 'cliente',
        entidad_id: 7,
        cambios: { tel1_cli: { antes: '987123456', despues: '912345678' } },
      });
    });
    const [entry] = await entries();
    expect(entry).toMatchObject({
      id_usu: 1,
      login: null,
      ip: '192.0.2.10',
      accion: 'editar',
      entidad: 'cliente',
      entidad_id: 7,
      cambios: { tel1_cli: { antes: '987123456', despues: '912345678' } },
      detalle: null,
    });
    expect(entry?.at).toBeInstanceOf(Date);
  });

  it('leaves no entry when the change rolls back by an error', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await recordAudit(tx, { ...admin, accion: 'crear', entidad: 'cliente', entidad_id: 8 });
        throw new Error('the change failed after it was recorded');
      }),
    ).rejects.toThrow('the change failed');
    expect(await entries()).toEqual([]);
  });

  it('leaves no entry when the change rolls back on purpose', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await recordAudit(tx, { ...admin, accion: 'eliminar', entidad: 'mascota', entidad_id: 3 });
        tx.rollback();
      }),
    ).rejects.toThrow();
    expect(await entries()).toEqual([]);
  });

  it('never stores a field named like a password, token or hash', async () => {
    await recordAudit(database.db, {
      ...admin,
      accion: 'editar',
      entidad: 'usuario',
      entidad_id: 2,
      cambios: {
        email: { antes: 'a@groomer.pe', despues: 'b@groomer.pe' },
        password: { antes: 'scrypt$old', despues: 'scrypt$new' },
        pwd: { antes: null, despues: 'Clave123!' },
        current_password: { antes: null, despues: 'Admin123!' },
        new_password: { antes: null, despues: 'Clave123!' },
        password_confirmation: { antes: null, despues: 'Clave123!' },
        token_hash: { antes: null, despues: 'ab12' },
        resetToken: { antes: null, despues: 'xyz' },
        hash: { antes: null, despues: 'cafe' },
        usuario: {
          antes: null,
          despues: { login: 'lramirez', password: 'scrypt$x', sesiones: [{ token: 't' }] },
        },
      },
    });
    const [entry] = await entries();
    expect(entry?.cambios).toEqual({
      email: { antes: 'a@groomer.pe', despues: 'b@groomer.pe' },
      usuario: { antes: null, despues: { login: 'lramirez', sesiones: [{}] } },
    });
    expect(JSON.stringify(entry)).not.toMatch(/Clave123|Admin123|scrypt|ab12|xyz|cafe/);
  });

  it('stores no changes at all when every changed field was a secret', async () => {
    await recordAudit(database.db, {
      ...admin,
      accion: 'contrasena',
      entidad: 'usuario',
      entidad_id: 1,
      cambios: { password: { antes: 'h1', despues: 'h2' } },
    });
    expect((await entries())[0]?.cambios).toBeNull();
  });

  it('cuts an over-long login, address or note instead of failing the change', async () => {
    await recordAudit(database.db, {
      id_usu: null,
      login: 'x'.repeat(500),
      ip: '1'.repeat(200),
      accion: 'sesion_fallida',
      entidad: 'sesion',
      detalle: 'y'.repeat(5000),
    });
    const [entry] = await entries();
    expect(entry?.login).toHaveLength(100);
    expect(entry?.ip).toHaveLength(64);
    expect(entry?.detalle).toHaveLength(2000);
  });

  it("keeps a deleted user's login on the entries the foreign key detaches", async () => {
    const [user] = await database.db
      .insert(users)
      .values({
        name: 'Temporal',
        surname: 'Borrado',
        id_tipodoc: 2,
        doc: '47102938',
        email: 'temporal.audit@groomer.pe',
        login: 'temporal.audit',
        password: 'not-a-real-hash',
      })
      .returning({ id: users.id });
    const id = user.id;
    await recordAudit(database.db, { id_usu: id, ip: '::1', accion: 'crear', entidad: 'cita' });
    await database.db.transaction(async (tx) => {
      await keepLoginOnEntries(tx, id);
      await tx.delete(users).where(eq(users.id, id));
    });
    const [entry] = await entries();
    expect(entry).toMatchObject({ id_usu: null, login: 'temporal.audit', accion: 'crear' });
  });
});

describe('actorOf and recordDenied', () => {
  it('take the user from the session and the address from the request', async () => {
    const app = Fastify();
    app.decorateRequest('session', undefined);
    app.addHook('onRequest', async (request) => {
      if (request.headers['x-user']) {
        request.session = {
          userId: Number(request.headers['x-user']),
          tokenHash: 'h',
          role: 'groomer',
          mustChangePassword: false,
        };
      }
    });
    app.get('/actor', async (request) => actorOf(request));
    app.get('/actor-with-login', async (request) => actorOf(request, 'Recepcion'));
    app.delete('/api/user/:id', async (request, reply) => {
      await recordDenied(database.db, request, 'usuarios.administrar');
      return reply.status(403).send({});
    });

    const signedIn = await app.inject({ url: '/actor', headers: { 'x-user': '3' } });
    expect(signedIn.json()).toEqual({ id_usu: 3, login: null, ip: '127.0.0.1' });
    const anonymous = await app.inject({ url: '/actor-with-login' });
    expect(anonymous.json()).toEqual({ id_usu: null, login: 'Recepcion', ip: '127.0.0.1' });

    await app.inject({ method: 'DELETE', url: '/api/user/1?x=1', headers: { 'x-user': '3' } });
    const [entry] = await entries();
    expect(entry).toMatchObject({
      id_usu: 3,
      ip: '127.0.0.1',
      accion: 'denegado',
      entidad: 'permiso',
      entidad_id: null,
      detalle: 'DELETE /api/user/:id (requiere usuarios.administrar)',
      veces: 1,
    });
    await app.close();
  });

  /** An app whose one route refuses every call and records it, as authenticate.ts does. */
  async function refusingApp() {
    const app = Fastify();
    app.decorateRequest('session', undefined);
    app.addHook('onRequest', async (request) => {
      const user = Number(request.headers['x-user']);
      if (user)
        request.session = {
          userId: user,
          tokenHash: 'h',
          role: 'groomer',
          mustChangePassword: false,
        };
    });
    app.delete('/api/user/:id', async (request, reply) => {
      await recordDenied(database.db, request, 'usuarios.administrar');
      return reply.status(403).send({});
    });
    app.get('/api/ventas', async (request, reply) => {
      await recordDenied(database.db, request, 'reportes.leer');
      return reply.status(403).send({});
    });
    return app;
  }

  /** Waits out the last seconds of a minute, so that a burst of calls falls within one. */
  async function notAtTheEndOfAMinute() {
    const second = new Date().getSeconds();
    if (second >= 57) await new Promise((resolve) => setTimeout(resolve, (60 - second) * 1000));
  }

  it('counts 20 concurrent refusals of one user on one route in a minute as one row', async () => {
    const app = await refusingApp();
    await notAtTheEndOfAMinute();
    const calls = Array.from({ length: 20 }, (_, n) =>
      app.inject({ method: 'DELETE', url: `/api/user/${n}`, headers: { 'x-user': '3' } }),
    );
    expect((await Promise.all(calls)).map((res) => res.statusCode)).toEqual(Array(20).fill(403));
    const rows = await entries();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id_usu: 3,
      accion: 'denegado',
      detalle: 'DELETE /api/user/:id (requiere usuarios.administrar)',
      veces: 20,
    });
    await app.close();
  });

  it('keeps a row per user, per anonymous address and per route', async () => {
    const app = await refusingApp();
    await notAtTheEndOfAMinute();
    const call = (url: string, headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
      app.inject({ method: url.includes('user') ? 'DELETE' : 'GET', url, headers, remoteAddress });
    await Promise.all([
      call('/api/user/1', { 'x-user': '2' }),
      call('/api/user/1', { 'x-user': '3' }),
      call('/api/user/2', { 'x-user': '3' }),
      call('/api/ventas', { 'x-user': '3' }),
      call('/api/ventas', {}, '198.51.100.1'),
      call('/api/ventas', {}, '198.51.100.1'),
      call('/api/ventas', {}, '198.51.100.2'),
    ]);
    const counts = (await entries()).map((e) => `${e.id_usu ?? e.ip} ${e.detalle} ${e.veces}`);
    expect(counts.sort()).toEqual([
      '198.51.100.1 GET /api/ventas (requiere reportes.leer) 2',
      '198.51.100.2 GET /api/ventas (requiere reportes.leer) 1',
      '2 DELETE /api/user/:id (requiere usuarios.administrar) 1',
      '3 DELETE /api/user/:id (requiere usuarios.administrar) 2',
      '3 GET /api/ventas (requiere reportes.leer) 1',
    ]);
    await app.close();
  });
});

describe('changesBetween', () => {
  const before = {
    id_cli: 5,
    nom_cli: 'Rosa',
    tel1_cli: '987123456',
    tel2_cli: null,
    created_at: new Date('2026-01-02T15:00:00.000Z'),
    updated_at: new Date('2026-01-02T15:00:00.000Z'),
    tipo_doc: { id: 1, nom: 'DNI' },
  };

  it('gives only the fields whose value changed, as antes and despues', () => {
    const after = {
      ...before,
      tel1_cli: '912345678',
      tel2_cli: '012345678',
      updated_at: new Date(),
      tipo_doc: { id: 1, nom: 'DNI' },
    };
    expect(changesBetween(before, after)).toEqual({
      tel1_cli: { antes: '987123456', despues: '912345678' },
      tel2_cli: { antes: null, despues: '012345678' },
    });
  });

  it('is null when nothing changed', () => {
    expect(changesBetween(before, { ...before, created_at: new Date(before.created_at) })).toBe(
      null,
    );
  });

  it('gives every field of a record created, or deleted, against null', () => {
    const created = changesBetween(null, { id_cli: 9, nom_cli: 'Ana', tel2_cli: null });
    expect(created).toEqual({
      id_cli: { antes: null, despues: 9 },
      nom_cli: { antes: null, despues: 'Ana' },
    });
    expect(changesBetween({ id_cli: 9, nom_cli: 'Ana' }, undefined)).toEqual({
      id_cli: { antes: 9, despues: null },
      nom_cli: { antes: 'Ana', despues: null },
    });
  });

  it('writes dates as ISO text, compares nested values by content and can ignore fields', () => {
    const changes = changesBetween(
      { fec_cita: new Date('2026-03-01T14:00:00.000Z'), srvs: [1, 2], id_est: 1 },
      { fec_cita: new Date('2026-03-01T15:30:00.000Z'), srvs: [1, 3], id_est: 2 },
      { ignore: ['id_est'] },
    );
    expect(changes).toEqual({
      fec_cita: { antes: '2026-03-01T14:00:00.000Z', despues: '2026-03-01T15:30:00.000Z' },
      srvs: { antes: [1, 2], despues: [1, 3] },
    });
  });
});

describe('redaction', () => {
  it.each([
    'password',
    'pwd',
    'pwd_confirmation',
    'token',
    'hash',
    'current_password',
    'new_password',
    'password_confirmation',
    'token_hash',
    'passwordHash',
    'resetToken',
    'api-token',
    'contrasena',
    'PASSWORD',
    'pass_word',
  ])('treats %s as a secret', (name) => {
    expect(isSecretField(name)).toBe(true);
  });

  it.each(['email', 'login', 'nom_cli', 'pasaporte', 'id_usu', 'cambios', 'hashtag', 'passport'])(
    'keeps %s',
    (name) => {
      expect(isSecretField(name)).toBe(false);
    },
  );

  it('drops the secret fields and keeps the rest as they were', () => {
    expect(
      redact({
        login: { antes: 'a', despues: 'b' },
        pwd: { antes: 'x', despues: 'y' },
        rol: { antes: 'recepcion', despues: 'admin' },
      }),
    ).toEqual({
      login: { antes: 'a', despues: 'b' },
      rol: { antes: 'recepcion', despues: 'admin' },
    });
  });
});
