import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUDIT_MESSAGES, PERMISSION_MESSAGES } from '@app/domain';
import { recordAudit } from '../../audit/record';
import { openSession } from '../../auth/sessions';
import type { Database } from '../../db/client';
import { auditEntries } from '../../db/schema';
import { registerAuthentication } from '../../http/authenticate';
import { registerErrorHandling } from '../../http/errors';
import { registerHeavyWork } from '../../http/heavy-work';
import { responseSerializer } from '../../http/responses';
import { recordRoutes } from '../../http/route-registry';
import { openTestDatabase } from '../../test/app';
import { auditModule } from './audit';

/**
 * The module on an app of its own, with the real sign-in check and answers checked against
 * their schemas, until app.ts registers it; then the same calls hold for the whole app.
 */
const policy = { idleMinutes: 30, maxHours: 12 };

async function auditApp(database: Database) {
  const app = Fastify({
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer(true));
  recordRoutes(app);
  registerErrorHandling(app);
  registerHeavyWork(app);
  await app.register(
    async (api) => {
      registerAuthentication(api, database.db, policy);
      await api.register(auditModule, { db: database.db });
    },
    { prefix: '/api' },
  );
  app.setNotFoundHandler((_request, reply) =>
    reply.status(404).send({ status: 'error', message: 'Recurso no encontrado' }),
  );
  await app.ready();
  return app;
}

let database: Database;
let app: Awaited<ReturnType<typeof auditApp>>;
const tokens = { admin: '', recepcion: '', groomer: '' };

beforeAll(async () => {
  database = await openTestDatabase();
  app = await auditApp(database);
  tokens.admin = await openSession(database.db, 1, policy);
  tokens.recepcion = await openSession(database.db, 2, policy);
  tokens.groomer = await openSession(database.db, 3, policy);
});
afterAll(async () => {
  await app.close();
  await database.close();
});
beforeEach(async () => {
  await database.db.delete(auditEntries);
});

const get = (url: string, token: string = tokens.admin) =>
  app.inject({ method: 'GET', url: `/api${url}`, headers: { authorization: token } });

async function list(query = '', token?: string) {
  const res = await get(`/auditoria/${query ? `?${query}` : ''}`, token);
  return { status: res.statusCode, body: res.json() };
}

/** An entry at a given instant (the log's own writes always take now()). */
async function entryAt(at: string, values: Partial<typeof auditEntries.$inferInsert> = {}) {
  const [row] = await database.db
    .insert(auditEntries)
    .values({ ip: '192.0.2.1', accion: 'editar', entidad: 'cliente', ...values, at: new Date(at) })
    .returning({ id: auditEntries.id });
  return row.id;
}

describe('GET /api/auditoria/', () => {
  it('answers 401 without a session, and 403 to any role but admin', async () => {
    expect((await get('/auditoria/', '')).statusCode).toBe(401);
    for (const token of [tokens.recepcion, tokens.groomer]) {
      const res = await list('', token);
      expect(res).toEqual({
        status: 403,
        body: { status: 'error', message: PERMISSION_MESSAGES.forbidden },
      });
    }
    // Each refusal is recorded once its answer has gone: wait for both, so that they land
    // here and not in the next test's empty log.
    await vi.waitFor(async () => {
      const denied = await database.db
        .select({ id: auditEntries.id })
        .from(auditEntries)
        .where(eq(auditEntries.accion, 'denegado'));
      expect(denied).toHaveLength(2);
    });
  });

  it('shows how many calls a refused call’s row counts', async () => {
    await entryAt('2026-11-20T15:00:00Z', {
      accion: 'denegado',
      entidad: 'permiso',
      detalle: 'GET /api/auditoria/ (requiere auditoria.leer)',
      veces: 12,
    });
    const { body } = await list('accion=denegado');
    expect(body.data.data[0].detalle).toBe('GET /api/auditoria/ (requiere auditoria.leer) × 12');
  });

  it('lists the entries newest first, with the login of their user', async () => {
    await recordAudit(database.db, {
      id_usu: 2,
      ip: '198.51.100.7',
      accion: 'crear',
      entidad: 'cliente',
      entidad_id: 41,
      cambios: { nom_cli: { antes: null, despues: 'Rosa' } },
    });
    await recordAudit(database.db, {
      id_usu: null,
      login: 'intruso',
      ip: '203.0.113.9',
      accion: 'sesion_fallida',
      entidad: 'sesion',
      detalle: 'Usuario inexistente',
    });
    const { status, body } = await list();
    expect(status).toBe(200);
    expect(body.status).toBe('success');
    expect(body.data).toMatchObject({ current_page: 1, per_page: 20, total: 2, last_page: 1 });
    const [failed, created] = body.data.data;
    expect(failed).toMatchObject({
      id_usu: null,
      login: 'intruso',
      ip: '203.0.113.9',
      accion: 'sesion_fallida',
      entidad: 'sesion',
      entidad_id: null,
      cambios: null,
      detalle: 'Usuario inexistente',
    });
    expect(created).toMatchObject({
      id_usu: 2,
      login: 'recepcion',
      accion: 'crear',
      entidad: 'cliente',
      entidad_id: 41,
      cambios: { nom_cli: { antes: null, despues: 'Rosa' } },
    });
    expect(new Date(created.at).toISOString()).toBe(created.at);
  });

  it('gives every write a detail read from its changes, a written note first', async () => {
    // The 'Detalle' column was empty on every ordinary write: only notes were listed, and a
    // write keeps none, only its changes. Its detail is now what the changes say.
    const entries: Partial<typeof auditEntries.$inferInsert>[] = [
      {
        accion: 'crear',
        entidad: 'cliente',
        cambios: {
          nom_cli: { antes: null, despues: 'María Fernanda' },
          ape_cli: { antes: null, despues: 'Quispe Huamán' },
          dni_cli: { antes: null, despues: '45871236' },
        },
      },
      {
        accion: 'crear',
        entidad: 'cita',
        cambios: {
          perro: { antes: null, despues: { id_perro: 3, nom_perro: 'Chocolate' } },
          cliente: { antes: null, despues: { nom_cli: 'Rosa', ape_cli: 'Quispe' } },
        },
      },
      {
        accion: 'crear',
        entidad: 'triaje',
        cambios: {
          id: { antes: null, despues: 4 },
          peso: { antes: null, despues: '8.40' },
          temperatura: { antes: null, despues: '38.20' },
        },
      },
      { accion: 'estado', entidad: 'cita', cambios: { id_est: { antes: 9, despues: 6 } } },
      { accion: 'estado', entidad: 'cliente', cambios: { id_est: { antes: 1, despues: 2 } } },
      {
        accion: 'editar',
        entidad: 'cliente',
        cambios: { tel1_cli: { antes: '987123456', despues: '912345678' } },
      },
      {
        accion: 'editar',
        entidad: 'cliente',
        cambios: {
          tel1_cli: { antes: '987123456', despues: '912345678' },
          email_cli: { antes: null, despues: 'rosa@gmail.com' },
        },
      },
      {
        accion: 'vender',
        entidad: 'venta',
        cambios: {
          comprobante: { antes: null, despues: 'T001-00000012' },
          total: { antes: null, despues: '139.90' },
        },
      },
      {
        accion: 'eliminar',
        entidad: 'servicio',
        cambios: { nom_srv: { antes: 'Baño medicado', despues: null } },
      },
      // A note written with the entry is its detail, whatever its changes.
      {
        accion: 'contrasena',
        entidad: 'usuario',
        detalle: 'Por un administrador',
        cambios: { login: { antes: 'rosa', despues: 'rosa' } },
      },
      { accion: 'iniciar_sesion', entidad: 'sesion' },
    ];
    for (const [i, values] of entries.entries()) {
      await entryAt(`2026-11-20T15:00:${String(59 - i).padStart(2, '0')}Z`, values);
    }
    const { body } = await list('desde=2026-11-20&hasta=2026-11-20');
    expect(body.data.data.map((e: { detalle: string | null }) => e.detalle)).toEqual([
      'María Fernanda Quispe Huamán',
      'Chocolate de Rosa Quispe',
      'Peso: 8.40 · Temperatura: 38.20',
      'Estado: Programada → Completada',
      'Estado: Activo → Suspendido',
      'Teléfono principal: 987123456 → 912345678',
      // jsonb orders its keys shorter first.
      'Cambió: Teléfono principal, Email',
      'T001-00000012 por S/. 139.90',
      'Baño medicado',
      'Por un administrador',
      null,
    ]);
  });

  it('filters by Lima days: desde and hasta are whole days in UTC−5, inclusive', async () => {
    // 23:59:59.999 of 9 March in Lima, then midnight of the 10th, then the last instant of it.
    const late9 = await entryAt('2026-03-10T04:59:59.999Z');
    const start10 = await entryAt('2026-03-10T05:00:00.000Z');
    const end10 = await entryAt('2026-03-11T04:59:59.999Z');
    await entryAt('2026-03-11T05:00:00.000Z');
    const ids = async (query: string) =>
      (await list(query)).body.data.data.map((e: { id: number }) => e.id);
    expect(await ids('desde=2026-03-10&hasta=2026-03-10')).toEqual([end10, start10]);
    expect(await ids('hasta=2026-03-09')).toEqual([late9]);
    expect((await ids('desde=2026-03-10')).length).toBe(3);
  });

  it('filters by user login (in any case, kept or current), entity and action', async () => {
    await recordAudit(database.db, { id_usu: 3, ip: '::1', accion: 'estado', entidad: 'cita' });
    await recordAudit(database.db, { id_usu: 1, ip: '::1', accion: 'editar', entidad: 'cliente' });
    await recordAudit(database.db, { id_usu: 1, ip: '::1', accion: 'crear', entidad: 'cliente' });
    await recordAudit(database.db, {
      id_usu: null,
      login: 'Groomer',
      ip: '::1',
      accion: 'sesion_fallida',
      entidad: 'sesion',
    });
    const pick = async (query: string) =>
      (await list(query)).body.data.data.map(
        (e: { accion: string; login: string }) => `${e.login}:${e.accion}`,
      );
    expect(await pick('usu=GROOMER')).toEqual(['Groomer:sesion_fallida', 'groomer:estado']);
    expect(await pick('usu=admin&entidad=cliente')).toEqual(['admin:crear', 'admin:editar']);
    expect(await pick('entidad=cliente&accion=editar')).toEqual(['admin:editar']);
    expect(await pick('usu=nadie')).toEqual([]);
    expect((await list('usu=&entidad=&accion=')).body.data.total).toBe(4);
  });

  it('pages by number and by cursor, without skipping or repeating an entry', async () => {
    const ids: number[] = [];
    // Five entries sharing one millisecond: the id tells them apart.
    for (let i = 0; i < 5; i++) ids.unshift(await entryAt('2026-04-01T15:00:00.000Z'));
    for (let i = 0; i < 2; i++) ids.push(await entryAt(`2026-03-0${2 - i}T15:00:00.000Z`));

    const first = (await list('per_page=3')).body.data;
    expect(first).toMatchObject({ total: 7, last_page: 3, per_page: 3 });
    const second = (await list('per_page=3&page=2')).body.data;
    expect(second.data.map((e: { id: number }) => e.id)).toEqual(ids.slice(3, 6));

    const walked: number[] = [];
    let after: string | null = null;
    do {
      const page: { data: { id: number }[]; next_cursor: string | null } = (
        await list(`per_page=3${after ? `&after=${after}` : ''}`)
      ).body.data;
      walked.push(...page.data.map((e) => e.id));
      after = page.next_cursor;
    } while (after);
    expect(walked).toEqual(ids);
  });

  it('refuses malformed filters in Spanish', async () => {
    const errors = async (query: string) => {
      const res = await list(query);
      expect(res.status).toBe(422);
      return res.body.errors;
    };
    expect(await errors('desde=10/03/2026')).toEqual({ desde: [AUDIT_MESSAGES.date] });
    expect(await errors('desde=2026-03-11&hasta=2026-03-10')).toEqual({
      desde: [AUDIT_MESSAGES.range],
    });
    expect(await errors('accion=borrar_todo')).toEqual({ accion: [AUDIT_MESSAGES.action] });
    expect(await errors('entidad=nave')).toEqual({ entidad: [AUDIT_MESSAGES.entity] });
    expect(Object.keys(await errors('per_page=1000'))).toEqual(['per_page']);
    expect(Object.keys(await errors('after=nonsense'))).toEqual(['after']);
  });
});

describe('the log cannot be changed through the API', () => {
  it('has only GET routes', () => {
    const routes = app.registeredRoutes.filter((r) => r.url.startsWith('/api/auditoria'));
    expect(routes.length).toBeGreaterThan(0);
    expect(new Set(routes.map((r) => r.method))).toEqual(new Set(['GET', 'HEAD']));
  });

  it.each([
    ['POST', '/api/auditoria/'],
    ['PUT', '/api/auditoria/'],
    ['PUT', '/api/auditoria/1'],
    ['PATCH', '/api/auditoria/'],
    ['PATCH', '/api/auditoria/1'],
    ['DELETE', '/api/auditoria/'],
    ['DELETE', '/api/auditoria/1'],
    ['DELETE', '/api/auditoria/export'],
  ] as const)('%s %s answers 404, even to an admin', async (method, url) => {
    await recordAudit(database.db, { id_usu: 1, ip: '::1', accion: 'crear', entidad: 'cliente' });
    const res = await app.inject({
      method,
      url,
      headers: {
        authorization: tokens.admin,
        ...(method === 'DELETE' ? {} : { 'content-type': 'application/json' }),
      },
      payload: method === 'DELETE' ? undefined : JSON.stringify({ id: 1, accion: 'editar' }),
    });
    expect(res.statusCode).toBe(404);
    const [{ n }] = (await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditEntries)) as [{ n: number }];
    expect(n).toBe(1);
  });
});

describe('GET /api/auditoria/export', () => {
  const csvOf = async (query: string, token?: string) => {
    const res = await get(`/auditoria/export${query ? `?${query}` : ''}`, token);
    return { res, text: res.rawPayload.toString('utf8') };
  };

  it('is for admins only', async () => {
    expect((await csvOf('', tokens.recepcion)).res.statusCode).toBe(403);
    expect((await csvOf('', tokens.groomer)).res.statusCode).toBe(403);
  });

  it('downloads what the filters select: UTF-8 with BOM, `;`, Lima dates dd/mm/yyyy', async () => {
    await entryAt('2026-03-10T05:07:09.000Z', {
      id_usu: 2,
      entidad: 'cliente',
      entidad_id: 41,
      cambios: {
        tel1_cli: { antes: '987123456', despues: '912345678' },
        dir_cli: { antes: 'Av. Sol 1; Surco', despues: '=HYPERLINK("x")' },
      },
    });
    await entryAt('2026-03-10T06:00:00.000Z', { entidad: 'mascota', entidad_id: 5 });

    const { res, text } = await csvOf('entidad=cliente&desde=2026-03-10&hasta=2026-03-10');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="auditoria-.*\.csv"$/,
    );
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = text.slice(1).split('\r\n');
    expect(lines).toEqual([
      'Fecha;Usuario;IP;Acción;Entidad;ID;Cambios;Detalle',
      // jsonb keeps its own key order (shorter names first), not the order they were given in.
      '10/03/2026 00:07:09;recepcion;192.0.2.1;Edición;Cliente;41;' +
        '"Dirección: Av. Sol 1; Surco → =HYPERLINK(""x"") | Teléfono principal: 987123456 → 912345678";' +
        'Cambió: Dirección, Teléfono principal',
      '',
    ]);
  });

  it('guards a cell Excel would read as a formula, and records the export itself', async () => {
    await entryAt('2026-03-10T15:00:00.000Z', { detalle: '=cmd|calc', entidad: 'usuario' });
    const { text } = await csvOf('entidad=usuario');
    expect(text).toContain(";'=cmd|calc\r\n");
    const { body } = await list('accion=exportar');
    expect(body.data.data[0]).toMatchObject({
      login: 'admin',
      accion: 'exportar',
      entidad: 'auditoria',
      detalle: 'entidad=usuario',
    });
  });

  it('streams the whole selection in batches, without a page limit', async () => {
    await database.db.execute(sql`
      insert into auditoria (at, ip, accion, entidad, entidad_id)
      select timestamptz '2026-02-01 12:00:00+00' + make_interval(secs => g), '::1', 'crear', 'cita', g
      from generate_series(1, 1234) as g`);
    const { text } = await csvOf('entidad=cita');
    const rows = text.slice(1).trimEnd().split('\r\n').slice(1);
    expect(rows).toHaveLength(1234);
    const ids = rows.map((row) => Number(row.split(';')[5]));
    expect(new Set(ids).size).toBe(1234);
    expect(ids[0]).toBe(1234);
    expect(ids.at(-1)).toBe(1);
  });

  it('refuses malformed filters before anything is sent', async () => {
    const { res } = await csvOf('desde=ayer');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ errors: { desde: [AUDIT_MESSAGES.date] } });
  });
});
