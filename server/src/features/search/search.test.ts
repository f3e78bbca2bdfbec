import {
  can,
  limaDayStart,
  limaToday,
  ROLES,
  SEARCH_GROUP_SIZE,
  SEARCH_MESSAGES,
  type Permission,
} from '@app/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { appointments, clients, pets, services } from '../../db/schema';
import { setupTestApp, TEST_PASSWORD } from '../../test/app';
import { apiClient } from '../../test/http';
import { searchFor, searchStatement } from './search';

const ctx = await setupTestApp();
let admin: ReturnType<typeof apiClient>;

const DAY = 86_400_000;
const HOUR = 3_600_000;
const todayStart = limaDayStart(limaToday()).getTime();

const client = (
  dni_cli: string,
  nom_cli: string,
  ape_cli: string,
  tel1_cli: string,
  extra: Partial<typeof clients.$inferInsert> = {},
) => ({
  dni_cli,
  nom_cli,
  ape_cli,
  tel1_cli,
  email_cli: `${dni_cli}@correo.pe`,
  dir_cli: 'Av. Arequipa 1234, Lince',
  ...extra,
});

/** The ids the tests look for. */
let serviceId = 0;
const ids = {
  lucia: 0,
  jorge: 0,
  firulais: 0,
  tobias: 0,
  canela: 0,
  soon: 0,
  later: 0,
  past: 0,
  canelaVisit: 0,
};

beforeAll(async () => {
  admin = apiClient(ctx.app, await ctx.signIn());
  const { db } = ctx.database;
  const [lucia, jorge] = await db
    .insert(clients)
    .values([
      client('45871236', 'Lucía', 'Peña Quispe', '987650001', { tel2_cli: '912340002' }),
      client('41234567', 'Jorge', 'Ñahui Rojas', '955501234'),
      // Deleted: never found.
      client('47777777', 'Quispe', 'Borrado Quispe', '987650009', { id_est: 3 }),
    ])
    .returning();
  ids.lucia = lucia.id_cli;
  ids.jorge = jorge.id_cli;
  const [firulais, tobias, canela] = await db
    .insert(pets)
    .values([
      { nom_perro: 'Firulais', raza_perro: 'Mestizo', id_cli: lucia.id_cli },
      { nom_perro: 'Tobías', raza_perro: 'Shih Tzu', id_cli: jorge.id_cli },
      { nom_perro: 'Canela', raza_perro: 'Beagle', id_cli: jorge.id_cli },
      { nom_perro: 'Firulais', raza_perro: 'Pug', id_cli: jorge.id_cli, id_est: 3 },
    ])
    .returning();
  ids.firulais = firulais.id_perro;
  ids.tobias = tobias.id_perro;
  ids.canela = canela.id_perro;
  const [bath] = await db
    .insert(services)
    .values({
      nom_srv: 'Baño completo',
      desc_srv: 'Baño con champú hipoalergénico y secado completo del pelaje',
      precio_srv: '45.00',
    })
    .returning();
  serviceId = bath.id_srv;
  const cita = (id_perro: number, id_cli: number, at: number, id_est = 9) => ({
    fec_cita: new Date(at),
    id_est,
    precio: '45.00',
    id_cli,
    id_perro,
    id_srv: bath.id_srv,
    id_usu: 1,
    obs_perro: '',
    fech_reg: limaToday(),
  });
  const [soon, later, past, , canelaVisit] = await db
    .insert(appointments)
    .values([
      cita(firulais.id_perro, lucia.id_cli, todayStart + DAY + 10 * HOUR),
      cita(firulais.id_perro, lucia.id_cli, todayStart + 9 * DAY + 10 * HOUR),
      cita(firulais.id_perro, lucia.id_cli, todayStart - 7 * DAY + 10 * HOUR, 6),
      // Eliminada: never found.
      cita(firulais.id_perro, lucia.id_cli, todayStart + 2 * DAY, 8),
      cita(canela.id_perro, jorge.id_cli, todayStart + 3 * DAY + 15 * HOUR),
    ])
    .returning({ id_cita: appointments.id_cita });
  ids.soon = soon.id_cita;
  ids.later = later.id_cita;
  ids.past = past.id_cita;
  ids.canelaVisit = canelaVisit.id_cita;
});

const search = (q: string) => admin.get(`/buscar?q=${encodeURIComponent(q)}`);

/** The ids of each group of an answer. */
async function found(q: string) {
  const { status, body } = await search(q);
  expect(status).toBe(200);
  const data = body.data as {
    clientes: { id_cli: number }[];
    mascotas: { id_perro: number }[];
    citas: { id_cita: number }[];
  };
  return {
    clientes: data.clientes.map((c) => c.id_cli),
    mascotas: data.mascotas.map((p) => p.id_perro),
    citas: data.citas.map((a) => a.id_cita),
  };
}

describe('GET /api/buscar', () => {
  it('answers clients, pets and citas in groups: coming citas soonest first, then past ones', async () => {
    const { body } = await search('quispe');
    expect(body.data.clientes).toEqual([
      {
        id_cli: ids.lucia,
        dni_cli: '45871236',
        nom_cli: 'Lucía',
        ape_cli: 'Peña Quispe',
        tel1_cli: '987650001',
        id_est: 1,
      },
    ]);
    // A pet is found by its owner's words too; the deleted Firulais is not.
    expect(body.data.mascotas).toEqual([
      {
        id_perro: ids.firulais,
        nom_perro: 'Firulais',
        raza_perro: 'Mestizo',
        id_est: 1,
        id_cli: ids.lucia,
        dni_cli: '45871236',
        nom_cli: 'Lucía',
        ape_cli: 'Peña Quispe',
      },
    ]);
    // The Eliminada cita is left out.
    expect(body.data.citas.map((a: { id_cita: number }) => a.id_cita)).toEqual([
      ids.soon,
      ids.later,
      ids.past,
    ]);
    expect(body.data.citas[0]).toEqual({
      id_cita: ids.soon,
      fec_cita: new Date(todayStart + DAY + 10 * HOUR).toISOString(),
      id_est: 9,
      id_cli: ids.lucia,
      dni_cli: '45871236',
      nom_cli: 'Lucía',
      ape_cli: 'Peña Quispe',
      id_perro: ids.firulais,
      nom_perro: 'Firulais',
    });
  });

  it('finds a client by DNI, part of it, or either phone, with their citas', async () => {
    for (const q of ['45871236', '5871', '987650001', '912340002']) {
      const answer = await found(q);
      expect(answer.clientes, q).toEqual([ids.lucia]);
      expect(answer.citas, q).toEqual([ids.soon, ids.later, ids.past]);
    }
  });

  it('ignores case and accents both ways', async () => {
    for (const q of ['PEÑA', 'pena', 'Pena', 'lucia', 'LUCÍA']) {
      expect((await found(q)).clientes, q).toEqual([ids.lucia]);
    }
    expect((await found('nahui')).clientes).toEqual([ids.jorge]);
    expect((await found('tobias')).mascotas).toEqual([ids.tobias]);
    expect((await found('TOBÍAS')).mascotas).toEqual([ids.tobias]);
  });

  it('finds a pet by name, and a cita by its pet or its owner and pet together', async () => {
    expect(await found('canela')).toEqual({
      clientes: [],
      mascotas: [ids.canela],
      citas: [ids.canelaVisit],
    });
    expect((await found('firulais lucia')).mascotas).toEqual([ids.firulais]);
    expect((await found('firulais jorge')).mascotas).toEqual([]);
    expect((await found('jorge canela')).citas).toHaveLength(1);
  });

  it('matches two letters at the start of a word', async () => {
    expect((await found('qu')).clientes).toEqual([ids.lucia]);
    // 'ui' is inside Quispe, not at a word's start.
    expect((await found('ui')).clientes).toEqual([]);
    expect((await found('lu qu')).clientes).toEqual([ids.lucia]);
  });

  it(`answers at most ${SEARCH_GROUP_SIZE} of a group, the newest first`, async () => {
    const { db } = ctx.database;
    const base = Date.parse('2030-01-01T00:00:00Z');
    const many = await db
      .insert(clients)
      .values(
        Array.from({ length: SEARCH_GROUP_SIZE + 2 }, (_, i) =>
          client(String(46_100_000 + i * 7), 'Rosa', 'Mamani Flores', '987000000', {
            created_at: new Date(base + i * 1000),
          }),
        ),
      )
      .returning({ id_cli: clients.id_cli });
    const newest = many.map((c) => c.id_cli).reverse();
    expect((await found('mamani')).clientes).toEqual(newest.slice(0, SEARCH_GROUP_SIZE));
  });

  it('finds the coming citas of a surname that many clients share', async () => {
    const { db } = ctx.database;
    const many = await db
      .insert(clients)
      .values(
        Array.from({ length: 150 }, (_, i) =>
          client(String(43_200_000 + i * 11), 'Elena', 'Vargas Soto', '987000001', {
            created_at: new Date(Date.parse('2020-01-01T00:00:00Z') + i * 1000),
          }),
        ),
      )
      .returning({ id_cli: clients.id_cli });
    const dogs = await db
      .insert(pets)
      .values(many.map((c) => ({ nom_perro: 'Boby', raza_perro: 'Pug', id_cli: c.id_cli })))
      .returning({ id_perro: pets.id_perro, id_cli: pets.id_cli });
    // The last one registered books tomorrow: not among the first matches the index gives.
    const last = dogs.at(-1)!;
    const [booked] = await db
      .insert(appointments)
      .values({
        fec_cita: new Date(todayStart + DAY + 9 * HOUR),
        precio: '45.00',
        id_cli: last.id_cli,
        id_perro: last.id_perro,
        id_srv: serviceId,
        id_usu: 1,
        obs_perro: '',
        fech_reg: limaToday(),
      })
      .returning({ id_cita: appointments.id_cita });
    expect((await found('vargas')).citas).toEqual([booked.id_cita]);
  });

  it('refuses fewer than two characters and more than 100, in Spanish', async () => {
    for (const q of ['', 'a', '   ', ' b ']) {
      const { status, body } = await search(q);
      expect(status, JSON.stringify(q)).toBe(422);
      expect(body.errors).toEqual({ q: [SEARCH_MESSAGES.tooShort] });
    }
    const missing = await admin.get('/buscar');
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ q: [SEARCH_MESSAGES.tooShort] });
    const long = await search('a'.repeat(500));
    expect(long.status).toBe(422);
    expect(long.body.errors).toEqual({ q: [SEARCH_MESSAGES.tooLong] });
  });

  it('reads %, _ and other odd input as plain text, never as a pattern nor an error', async () => {
    for (const q of ['%%', '__', '%_', "'; drop table clientes; --", '\\\\', 'a%', '🐶🐶']) {
      const { status, body } = await search(q);
      expect(status, q).toBe(200);
      expect(body.data, q).toEqual({ clientes: [], mascotas: [], citas: [] });
    }
    // '%' and '_' are themselves: 'qu_' does not find Quispe.
    expect((await found('qu_')).clientes).toEqual([]);
    // Twenty words: the first five are searched.
    const words = await search(`lucía peña quispe 45871236 987650001 ${'x '.repeat(15)}`);
    expect(words.status).toBe(200);
    expect(words.body.data.clientes).toHaveLength(1);
    const longest = await search(`${'quispe '.repeat(14)}quispe`.slice(0, 100));
    expect(longest.status).toBe(200);
  });

  it('answers each role the groups it may read, never a 403', async () => {
    for (const role of ROLES) {
      const caller = apiClient(ctx.app, await ctx.signIn(role, TEST_PASSWORD));
      const { status, body } = await caller.get('/buscar?q=quispe');
      expect(status, role).toBe(200);
      expect(Object.keys(body.data).sort(), role).toEqual(
        [
          ...(can(role, 'clientes.leer') ? ['clientes', 'mascotas'] : []),
          ...(can(role, 'agenda.leer') ? ['citas'] : []),
        ].sort(),
      );
    }
  });

  it('leaves out what a role may not read and asks nothing for it', async () => {
    const { db } = ctx.database;
    const without = (denied: Permission) => (permission: Permission) => permission !== denied;
    const noClients = await searchFor(db, 'quispe', without('clientes.leer'));
    expect(Object.keys(noClients)).toEqual(['citas']);
    expect(noClients.citas?.map((a) => a.id_cita)).toEqual([ids.soon, ids.later, ids.past]);
    expect(Object.keys(await searchFor(db, 'quispe', without('agenda.leer')))).toEqual([
      'clientes',
      'mascotas',
    ]);
    // Nothing it may read: no statement at all, and an empty answer.
    expect(searchStatement('quispe', () => false)).toBeUndefined();
    expect(await searchFor(db, 'quispe', () => false)).toEqual({});
  });

  it('needs a session', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/buscar?q=quispe' });
    expect(res.statusCode).toBe(401);
  });
});
