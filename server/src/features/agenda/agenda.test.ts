import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  AGENDA_MESSAGES,
  AppointmentStatus,
  DEFAULT_OPENING_HOURS,
  type AgendaEntry,
} from '@app/domain';
import {
  absences,
  agendaVersion,
  appointments,
  clients,
  employees,
  packages,
  pets,
  sales,
  services,
  triages,
  users,
  vaccines,
} from '../../db/schema';
import { petCareFields } from '../clients';
import { overlapping } from './scheduling';
import { agendaQuery } from './agenda';
import { rowsOf } from '../../db/sql-rows';
import {
  createPackage,
  createService,
  limaDay,
  registerGroomer,
  registerOwner,
  type Owner,
} from '../../test/agenda';
import { setupTestApp } from '../../test/app';
import { apiClient } from '../../test/http';
import { unsignedSql } from '../pet-care';

const ctx = await setupTestApp();
let admin: ReturnType<typeof apiClient>;
let recepcion: ReturnType<typeof apiClient>;
let groomer: ReturnType<typeof apiClient>;
let owner: Owner;
let bath: number;
let spa: number;
let ana: number;
let luis: number;

beforeAll(async () => {
  admin = apiClient(ctx.app, await ctx.signIn());
  recepcion = apiClient(ctx.app, await ctx.signIn('recepcion'));
  groomer = apiClient(ctx.app, await ctx.signIn('groomer'));
  owner = await registerOwner(admin, 'Rosa', 'Firulais');
  bath = await createService(ctx.database.db, 'Baño completo', '45.00');
  spa = await createPackage(ctx.database.db, 'Paquete Spa', '120.00');
  ana = (await registerGroomer(admin, 'Ana')).id_emp;
  luis = (await registerGroomer(admin, 'Luis')).id_emp;
});

let dayOffset = 10;
/** A day of its own for each test: their visits never meet. */
const freshDay = () => limaDay(dayOffset++);

const book = (day: string, time: string, extra: object = {}) =>
  recepcion.post('/cita/register', {
    fec_cita: `${day}T${time}`,
    dni_cli: owner.dni,
    id_perro: owner.petId,
    id_servicio: bath,
    fech_reg: limaDay(0),
    obs: 'Sin observaciones',
    id_emp: ana,
    ...extra,
  });

async function booked(day: string, time: string, extra: object = {}) {
  const res = await book(day, time, extra);
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body.data as { id_cita: number; duracion: number; id_emp: number | null };
}

/** PATCH /cita/mover as the calendar sends it: Lima day and time, groomer, minutes. */
const move = (id: number, at: string, id_emp: number | null, duracion: number, extra = {}) =>
  recepcion.patch('/cita/mover', { id, fec_cita: at, id_emp, duracion, ...extra });

const agenda = async (query: string) => {
  const res = await recepcion.get(`/agenda?${query}`);
  return { ...res, citas: (res.body.data?.citas ?? []) as AgendaEntry[] };
};

/**
 * The cards as the agenda built them before PostgreSQL wrote their JSON (issue 30 §16): the
 * visits' rows through the query builder, mapped one by one.
 */
async function referenceCards(desde: string, hasta: string): Promise<AgendaEntry[]> {
  const from = new Date(`${desde}T00:00:00-05:00`);
  const to = new Date(new Date(`${hasta}T00:00:00-05:00`).getTime() + 86_400_000);
  const rows = await ctx.database.db
    .select({
      id_cita: appointments.id_cita,
      fec_cita: appointments.fec_cita,
      duracion: appointments.duracion,
      id_est: appointments.id_est,
      id_emp: appointments.id_emp,
      precio: appointments.precio,
      obs: appointments.obs_perro,
      id_srv: appointments.id_srv,
      cliente: {
        id_cli: clients.id_cli,
        dni_cli: clients.dni_cli,
        nom_cli: clients.nom_cli,
        ape_cli: clients.ape_cli,
        tel1_cli: clients.tel1_cli,
        tel2_cli: clients.tel2_cli,
      },
      perro: { id_perro: pets.id_perro, nom_perro: pets.nom_perro, ...petCareFields },
      item_id: sql<number>`coalesce(${appointments.id_srv}, ${appointments.id_paq})`,
      item_nombre: sql<string>`coalesce(${services.nom_srv}, ${packages.nom_paq})`,
      triaje: sql<boolean>`exists (select 1 from ${triages} where ${triages.id_cita} = ${appointments.id_cita})`,
      id_venta: sql<
        number | null
      >`(select ${sales.id_venta} from ${sales} where ${sales.id_cita} = ${appointments.id_cita} and ${sales.anulada_at} is null)`,
      origen: appointments.origen,
      confirmada_en: appointments.confirmada_en,
      sin_firmar: unsignedSql,
    })
    .from(appointments)
    .innerJoin(clients, eq(clients.id_cli, appointments.id_cli))
    .innerJoin(pets, eq(pets.id_perro, appointments.id_perro))
    .leftJoin(services, eq(services.id_srv, appointments.id_srv))
    .leftJoin(packages, eq(packages.id_paq, appointments.id_paq))
    .where(and(overlapping(from, to), ne(appointments.id_est, AppointmentStatus.Eliminada)))
    .orderBy(asc(appointments.fec_cita), asc(appointments.id_cita));
  return rows.map(({ fec_cita, id_srv, item_id, item_nombre, confirmada_en, ...row }) => ({
    ...row,
    confirmada_en: confirmada_en?.toISOString() ?? null,
    inicio: fec_cita.toISOString(),
    fin: new Date(fec_cita.getTime() + row.duracion * 60_000).toISOString(),
    item: { tipo: id_srv === null ? 'paquete' : 'servicio', id: item_id, nombre: item_nombre },
  }));
}

describe('durations and groomers', () => {
  it('gives services, packages and visits a duration: 60 by default, the item’s on booking', async () => {
    const service = await admin.post('/servicio/register', {
      nombre: 'Corte de uñas',
      descripcion: 'Corte y limado de uñas con herramientas esterilizadas para perros',
      precio: '15',
      duracion: 20,
    });
    expect(service.status).toBe(201);
    expect(service.body.data.duracion).toBe(20);
    const plain = await admin.post('/paquete/register', {
      nombre: 'Paquete completo',
      descripcion: 'Baño, corte de pelo, corte de uñas y limpieza de oídos para perros',
      precio: '150',
    });
    expect(plain.body.data.duracion).toBe(60);
    const edited = await admin.put('/servicio', {
      id: service.body.data.id_srv,
      nombre: 'Corte de uñas',
      descripcion: 'Corte y limado de uñas con herramientas esterilizadas para perros',
      precio: '15',
    });
    expect(edited.body.data.duracion).toBe(20);
    const refused = await admin.raw('POST', '/servicio/register', {
      json: JSON.stringify({ ...edited.body.data, nombre: 'Otro corte', duracion: 10 }),
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.duracion).toEqual([AGENDA_MESSAGES.durationInvalid]);

    const day = freshDay();
    const visit = await booked(day, '09:00', { id_servicio: service.body.data.id_srv });
    expect(visit.duracion).toBe(20);
    const own = await booked(day, '10:00', { duracion: 45 });
    expect(own.duracion).toBe(45);
  });

  it('books a bookable groomer, or nobody, and refuses anyone else', async () => {
    const day = freshDay();
    const visit = await booked(day, '09:00');
    expect(visit.id_emp).toBe(ana);
    const unassigned = await booked(day, '09:00', { id_emp: null });
    expect(unassigned.id_emp).toBeNull();

    const clerk = await registerGroomer(admin, 'Marta', { agenda: false });
    const notBookable = await book(day, '11:00', { id_emp: clerk.id_emp });
    expect(notBookable.status).toBe(422);
    expect(notBookable.body.errors.id_emp).toEqual([AGENDA_MESSAGES.groomerNotBookable]);
    const missing = await book(day, '11:00', { id_emp: 999_999 });
    expect(missing.body.errors.id_emp).toEqual([AGENDA_MESSAGES.groomerNotFound]);
  });

  it('gives each new employee a colour of the palette unless one is chosen', async () => {
    const chosen = await registerGroomer(admin, 'Rocío', { color: '#00796B' });
    expect(chosen.color).toBe('#00796b');
    const refused = await admin.raw('POST', '/empleado/register', {
      json: JSON.stringify({ color: 'rojo' }),
    });
    expect(refused.body.errors.color).toEqual(['El color debe tener el formato #RRGGBB']);
  });
});

describe('the overlap rule', () => {
  it('refuses a second visit of one groomer at the same time, on every path', async () => {
    const day = freshDay();
    await booked(day, '10:00'); // 10:00–11:00
    const clash = await book(day, '10:30');
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe('El groomer ya tiene una cita de 10:00 a 11:00');
    // Touching ends do not overlap; another groomer and 'Sin asignar' are free.
    expect((await book(day, '11:00')).status).toBe(201);
    expect((await book(day, '09:00')).status).toBe(201);
    expect((await book(day, '10:30', { id_emp: luis })).status).toBe(201);
    expect((await book(day, '10:30', { id_emp: null })).status).toBe(201);

    // Edit: a visit of Luis moved onto Ana's hour.
    const lunch = await booked(day, '13:00', { id_emp: luis });
    const edit = await recepcion.put('/cita', {
      id: lunch.id_cita,
      fec_cita: `${day}T10:15`,
      dni_cli: owner.dni,
      id_perro: owner.petId,
      id_servicio: bath,
      fech_reg: limaDay(0),
      obs: 'Sin observaciones',
      id_emp: ana,
    });
    expect(edit.status).toBe(409);
    expect(edit.body.message).toBe('El groomer ya tiene una cita de 10:00 a 11:00');
  });

  it('lets a visit that was a no-show or deleted be booked over, and checks it on its way back', async () => {
    const day = freshDay();
    const first = await booked(day, '15:00');
    expect((await recepcion.patch('/cita/estado', { cita: first.id_cita, est: 4 })).status).toBe(
      200,
    );
    const second = await booked(day, '15:00');
    const back = await recepcion.patch('/cita/estado', { cita: first.id_cita, est: 9 });
    expect(back.status).toBe(409);
    expect(back.body.message).toBe('El groomer ya tiene una cita de 15:00 a 16:00');
    await recepcion.patch('/cita/estado', { cita: second.id_cita, est: 8 });
    expect((await recepcion.patch('/cita/estado', { cita: first.id_cita, est: 9 })).status).toBe(
      200,
    );
  });

  it('gives one slot once when two bookings of it arrive together', async () => {
    const day = freshDay();
    const answers = await Promise.all([book(day, '16:00'), book(day, '16:30'), book(day, '16:15')]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    const { citas } = await agenda(`desde=${day}&hasta=${day}&emp=${ana}`);
    expect(citas).toHaveLength(1);
  });
});

describe('GET /api/agenda', () => {
  it('answers the range’s visits with their cards, the groomers and the opening hours', async () => {
    const day = freshDay();
    const next = limaDay(dayOffset++);
    const visit = await booked(day, '09:30', { duracion: 90 });
    const packed = await booked(next, '18:00', {
      id_servicio: null,
      id_paquete: spa,
      id_emp: luis,
    });
    await ctx.database.db
      .update(pets)
      .set({ alertas: ['muerde'] })
      .where(eq(pets.id_perro, owner.petId));
    const deleted = await booked(day, '12:00');
    await recepcion.patch('/cita/estado', { cita: deleted.id_cita, est: 8 });

    const res = await agenda(`desde=${day}&hasta=${next}`);
    expect(res.status).toBe(200);
    expect(res.citas.map((c) => c.id_cita)).toEqual([visit.id_cita, packed.id_cita]);
    expect(res.citas[0]).toMatchObject({
      inicio: new Date(`${day}T09:30:00-05:00`).toISOString(),
      fin: new Date(`${day}T11:00:00-05:00`).toISOString(),
      duracion: 90,
      id_est: 9,
      id_emp: ana,
      cliente: { dni_cli: owner.dni, nom_cli: 'Rosa' },
      perro: { nom_perro: 'Firulais', alertas: ['muerde'] },
      item: { tipo: 'servicio', id: bath, nombre: 'Baño completo' },
      triaje: false,
    });
    expect(res.citas[1].item).toEqual({ tipo: 'paquete', id: spa, nombre: 'Paquete Spa' });
    expect(res.body.data.groomers.map((g: { id_emp: number }) => g.id_emp)).toEqual(
      expect.arrayContaining([ana, luis]),
    );
    expect(res.body.data.horario).toEqual(DEFAULT_OPENING_HOURS);

    const ofLuis = await agenda(`desde=${day}&hasta=${next}&emp=${luis}`);
    expect(ofLuis.citas.map((c) => c.id_cita)).toEqual([packed.id_cita]);
    expect(ofLuis.body.data.groomers.map((g: { id_emp: number }) => g.id_emp)).toEqual([luis]);
    // The range's days are Lima's, both included: the next day alone has only Luis's visit.
    expect((await agenda(`desde=${next}&hasta=${next}`)).citas).toHaveLength(1);
  });

  it('answers every card exactly as the contract and the rows say (the JSON PostgreSQL builds)', async () => {
    const day = freshDay();
    const next = limaDay(dayOffset++);
    const other = await registerOwner(admin, 'Tomás', 'Canela');
    await ctx.database.db
      .update(pets)
      .set({ alertas: ['muerde', 'alergico'], notas_cuidado: 'Con bozal' })
      .where(eq(pets.id_perro, other.petId));
    await ctx.database.db.insert(vaccines).values([
      {
        id_perro: other.petId,
        nombre: 'Rabia',
        fecha_aplicacion: '2020-01-01',
        fecha_vence: '2021-01-01',
      },
    ]);
    const previous = limaDay(dayOffset - 3);
    // One that started the evening before and runs into the range, one of each kind and status.
    const overnight = await booked(previous, '23:30', { duracion: 120, id_emp: luis });
    const plain = await booked(day, '09:00', { obs: 'Llega tarde', id_emp: null });
    const packed = await booked(day, '10:00', { id_servicio: null, id_paquete: spa });
    const theirs = await booked(next, '11:15', {
      dni_cli: other.dni,
      id_perro: other.petId,
      duracion: 45,
    });
    const cancelled = await booked(next, '15:00');
    await recepcion.patch('/cita/estado', {
      cita: cancelled.id_cita,
      est: 11,
      motivo: 'El cliente viaja',
    });
    const triage = await admin.post('/triaje/register', {
      id_cita: theirs.id_cita,
      edad: '3',
      peso: '12.5',
      temperatura: '38.5',
      notas: 'Tranquilo',
    });
    expect(triage.status, JSON.stringify(triage.body)).toBe(201);
    const sale = await admin.post('/venta/register', {
      id_cita: packed.id_cita,
      tipo_comp: 'T',
      items: [
        { tipo: 'paquete', id: spa, descripcion: 'Paquete Spa', cantidad: 1, precio: '120.00' },
      ],
      pagos: [{ metodo: 'yape', monto: '120.00' }],
    });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);

    const expected = await referenceCards(day, next);
    expect(expected.map((c) => c.id_cita)).toEqual(
      [overnight, plain, packed, theirs, cancelled].map((c) => c.id_cita),
    );
    expect(expected[2].id_venta).not.toBeNull();
    expect(expected[3]).toMatchObject({ triaje: true, perro: { vacunas: 'vencida' } });
    const res = await agenda(`desde=${day}&hasta=${next}`);
    expect(res.status).toBe(200);
    expect(res.citas).toStrictEqual(expected);
    // A groomer's answer is the same cards without their price.
    await ctx.database.db.update(users).set({ id_emp: luis }).where(eq(users.login, 'groomer'));
    const mine = await groomer.get(`/agenda?desde=${day}&hasta=${next}&emp=${luis}`);
    expect(mine.body.data.citas).toStrictEqual(
      expected.filter((c) => c.id_emp === luis).map(({ precio: _, ...card }) => card),
    );
  });

  it('counts a change to any table its answer reads, once per transaction that commits', async () => {
    const { db } = ctx.database;
    const statement = agendaQuery(db, true, false).toSQL().sql;
    const read = new Set(
      [...statement.matchAll(/\b(?:from|join)\s+"?([a-z_]+)"?/g)].map((m) => m[1]),
    );
    for (const own of ['visits', 'shown', 'agenda_version']) read.delete(own);
    const watched = rowsOf<{ relname: string }>(
      await db.execute(sql`select c.relname from pg_trigger t join pg_class c on c.oid = t.tgrelid
        where t.tgname = 'agenda_changed'`),
    ).map((row) => row.relname);
    // Migration 0032 counts the lists' tables too: every table the agenda reads is among them.
    expect(watched).toEqual(expect.arrayContaining([...read]));

    const version = async () => (await db.select().from(agendaVersion))[0]?.version ?? 0;
    const someone = await registerOwner(admin, 'Irma', 'Pelusa');
    const before = await version();
    await db.transaction(async (tx) => {
      await tx
        .update(clients)
        .set({ tel2_cli: '911222333' })
        .where(eq(clients.id_cli, someone.id_cli));
      await tx
        .update(pets)
        .set({ notas_cuidado: 'Con calma' })
        .where(eq(pets.id_perro, someone.petId));
    });
    expect(await version()).toBe(before + 1);
    await expect(
      db.transaction(async (tx) => {
        await tx
          .update(pets)
          .set({ notas_cuidado: 'Nunca' })
          .where(eq(pets.id_perro, someone.petId));
        throw new Error('deshecho');
      }),
    ).rejects.toThrow('deshecho');
    expect(await version()).toBe(before + 1);
  });

  it('shows on the next call a change committed outside this server, to a card, a column or time off', async () => {
    const { db } = ctx.database;
    const day = freshDay();
    const nora = await registerOwner(admin, 'Nora', 'Toby');
    const cut = await createService(db, 'Corte de verano', '30.00');
    const eva = (await registerGroomer(admin, 'Eva')).id_emp;
    const visit = await booked(day, '09:00', {
      dni_cli: nora.dni,
      id_perro: nora.petId,
      id_servicio: cut,
      id_emp: eva,
    });
    const range = `desde=${day}&hasta=${day}`;
    const answer = async () => (await recepcion.get(`/agenda?${range}`)).body.data;
    expect((await answer()).citas).toStrictEqual(await referenceCards(day, day));
    // Asked again with nothing changed: the same answer.
    expect((await answer()).citas).toStrictEqual(await referenceCards(day, day));

    // Each change is written straight to the database, as another server process would write it.
    const cardChanges = [
      () =>
        db.update(clients).set({ tel2_cli: '944555666' }).where(eq(clients.id_cli, nora.id_cli)),
      () =>
        db
          .update(pets)
          .set({ alertas: ['muerde'] })
          .where(eq(pets.id_perro, nora.petId)),
      () => db.update(services).set({ nom_srv: 'Corte de otoño' }).where(eq(services.id_srv, cut)),
      () =>
        db
          .update(appointments)
          .set({ obs_perro: 'Cambiada en otro servidor' })
          .where(eq(appointments.id_cita, visit.id_cita)),
    ];
    for (const change of cardChanges) {
      const shown = (await answer()).citas;
      await change();
      const now = (await answer()).citas;
      expect(now).not.toStrictEqual(shown);
      expect(now).toStrictEqual(await referenceCards(day, day));
    }
    await db.update(employees).set({ ape_emp: 'Otoño' }).where(eq(employees.id_emp, eva));
    const column = (await answer()).groomers.find((g: { id_emp: number }) => g.id_emp === eva);
    expect(column.nombre).toBe('Eva Otoño');
    const [{ id }] = await db.select({ id: users.id }).from(users).where(eq(users.login, 'admin'));
    await db.insert(absences).values({
      id_emp: eva,
      id_usu: id,
      desde: new Date(`${day}T13:00:00-05:00`),
      hasta: new Date(`${day}T15:00:00-05:00`),
      motivo: 'Cita médica',
    });
    expect((await answer()).ausencias).toMatchObject([{ id_emp: eva, motivo: 'Cita médica' }]);
  });

  it('sends a week compressed to a client that accepts it, the same answer in fewer bytes', async () => {
    const day = freshDay();
    for (const time of ['09:00', '10:00', '11:00', '12:00', '13:00', '14:00']) {
      await booked(day, time, { id_emp: null, obs: `Llega a las ${time}, con su correa roja` });
    }
    const token = await ctx.signIn('recepcion');
    const fetchWeek = (acceptEncoding?: string) =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/agenda?desde=${day}&hasta=${day}`,
        headers: {
          authorization: token,
          ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
        },
      });
    const plain = await fetchWeek();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(2048);
    const unpack = { br: brotliDecompressSync, gzip: gunzipSync };
    for (const [accepted, chosen] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
    ] as const) {
      // Twice: the second is the bytes compressed for the first.
      for (const _ of [1, 2]) {
        const res = await fetchWeek(accepted);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding'], accepted).toBe(chosen);
        expect(res.headers.vary).toContain('accept-encoding');
        expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
        expect(unpack[chosen](res.rawPayload).toString()).toBe(plain.body);
      }
    }
    expect((await fetchWeek('identity')).headers['content-encoding']).toBeUndefined();
  });

  it('refuses a range it cannot answer, in Spanish', async () => {
    const cases: [string, string][] = [
      ['hasta=2026-01-01', AGENDA_MESSAGES.fromRequired],
      ['desde=2026-01-01', AGENDA_MESSAGES.toRequired],
      ['desde=2026-02-30&hasta=2026-03-01', AGENDA_MESSAGES.dateFormat],
      ['desde=2026-03-02&hasta=2026-03-01', AGENDA_MESSAGES.rangeOrder],
      ['desde=2026-01-01&hasta=2026-02-12', AGENDA_MESSAGES.rangeTooLong],
      ['desde=2026-01-01&hasta=2026-01-02&emp=abc', AGENDA_MESSAGES.groomerNotFound],
    ];
    for (const [query, message] of cases) {
      const res = await recepcion.get(`/agenda?${query}`);
      expect(res.status, query).toBe(422);
      expect(Object.values(res.body.errors).flat(), query).toContain(message);
    }
    expect((await recepcion.get('/agenda?desde=2026-01-01&hasta=2026-02-11')).status).toBe(200);
  });

  it('lists the bookable groomers for the booking forms', async () => {
    const res = await groomer.get('/agenda/groomers');
    expect(res.status).toBe(200);
    const ids = (res.body.data as { id_emp: number }[]).map((g) => g.id_emp);
    expect(ids).toEqual(expect.arrayContaining([ana, luis]));
  });
});

describe('PATCH /api/cita/mover', () => {
  it('moves and resizes a visit, and the server’s rule decides', async () => {
    const day = freshDay();
    const visit = await booked(day, '09:00');
    await booked(day, '12:00', { id_emp: luis });
    const moved = await move(visit.id_cita, `${day}T10:00`, luis, 120);
    expect(moved.status).toBe(200);
    expect(moved.body.message).toBe(AGENDA_MESSAGES.moved);
    expect(moved.body.data).toMatchObject({ id_emp: luis, duracion: 120 });
    expect(moved.body.data.empleado).toMatchObject({ id_emp: luis, nom_emp: 'Luis' });

    // Stretching it into Luis's noon visit is refused and leaves it as it was.
    const longer = await move(visit.id_cita, `${day}T10:00`, luis, 150);
    expect(longer.status).toBe(409);
    expect(longer.body.message).toBe('El groomer ya tiene una cita de 12:00 a 13:00');
    const stored = await recepcion.get(`/cita/${visit.id_cita}`);
    expect(stored.body.data).toMatchObject({ id_emp: luis, duracion: 120 });

    // To 'Sin asignar', and into the audit log as a move.
    const unassigned = await move(visit.id_cita, `${day}T12:00`, null, 60);
    expect(unassigned.body.data.id_emp).toBeNull();
    const log = await admin.get(`/auditoria/?entidad=cita&accion=mover`);
    expect(log.body.data.data.length).toBeGreaterThan(0);
  });

  it('refuses bad input, a completed visit and groomers who may not book', async () => {
    const day = freshDay();
    const visit = await booked(day, '09:00');
    const cases: [object, string, string][] = [
      [{ duracion: 10 }, 'duracion', AGENDA_MESSAGES.durationInvalid],
      [{ duracion: 500 }, 'duracion', AGENDA_MESSAGES.durationInvalid],
      [{ fec_cita: 'mañana' }, 'fec_cita', 'La fecha de cita no es válida'],
      [{ id_emp: 999_999 }, 'id_emp', AGENDA_MESSAGES.groomerNotFound],
    ];
    for (const [change, field, message] of cases) {
      const res = await move(visit.id_cita, `${day}T10:00`, ana, 60, change);
      expect(res.status, JSON.stringify(change)).toBe(422);
      expect(res.body.errors[field]).toEqual([message]);
    }
    const missing = await move(999_999, `${day}T10:00`, ana, 60);
    expect(missing.status).toBe(404);

    const body = { id: visit.id_cita, fec_cita: `${day}T10:00`, id_emp: ana, duracion: 60 };
    expect((await groomer.patch('/cita/mover', body)).status).toBe(403);
    await recepcion.patch('/cita/estado', { cita: visit.id_cita, est: 6 });
    const done = await move(visit.id_cita, `${day}T10:00`, ana, 60);
    expect(done.status).toBe(409);
    expect(done.body.message).toBe(AGENDA_MESSAGES.notMovable);
  });
});

describe('what a groomer attends', () => {
  it('starts, completes and triages their own and unassigned visits, not another groomer’s', async () => {
    await ctx.database.db.update(users).set({ id_emp: ana }).where(eq(users.login, 'groomer'));
    const profile = await groomer.get('/profile');
    expect(profile.body.data.id_emp).toBe(ana);

    const day = freshDay();
    const own = await booked(day, '09:00');
    const nobodys = await booked(day, '09:00', { id_emp: null });
    const luiss = await booked(day, '09:00', { id_emp: luis });
    expect((await groomer.patch('/cita/estado', { cita: own.id_cita, est: 5 })).status).toBe(200);
    expect((await groomer.patch('/cita/estado', { cita: nobodys.id_cita, est: 6 })).status).toBe(
      200,
    );
    const refused = await groomer.patch('/cita/estado', { cita: luiss.id_cita, est: 5 });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(AGENDA_MESSAGES.notYours);
    const triage = await groomer.post('/triaje/register', {
      id_cita: luiss.id_cita,
      edad: 3,
      peso: 12.5,
      temperatura: 38.5,
      notas: 'Tranquilo',
    });
    expect(triage.status).toBe(403);
    const stored = await ctx.database.db
      .select({ id_est: appointments.id_est })
      .from(appointments)
      .where(eq(appointments.id_cita, luiss.id_cita));
    expect(stored[0].id_est).toBe(9);
  });

  it('answers a groomer’s own day without money, with the client’s phones (issue 30 §5)', async () => {
    const day = freshDay();
    const visit = await booked(day, '10:00', { id_emp: ana });
    const query = `desde=${day}&hasta=${day}&emp=${ana}`;
    const mine = await groomer.get(`/agenda?${query}`);
    expect(mine.status).toBe(200);
    const [card] = mine.body.data.citas as AgendaEntry[];
    expect(card).toMatchObject({
      id_cita: visit.id_cita,
      cliente: { nom_cli: 'Rosa', tel1_cli: '987654321', tel2_cli: null },
    });
    // Not sent at all: a groomer may not read prices (decisions §roles, no caja.*).
    expect(card).not.toHaveProperty('precio');
    // Who charges still reads it.
    const desk = await agenda(query);
    expect(desk.citas[0].precio).toBe('45.00');
  });
});

describe('the Citas list', () => {
  it('orders by visit time, today’s next first, then the past latest first, and filters by groomer', async () => {
    const yesterday = limaDay(-1);
    const past = await booked(yesterday, '09:00', { id_emp: luis });
    const soon = await booked(limaDay(1), '09:00', { id_emp: luis });
    const later = await booked(limaDay(1), '10:00', { id_emp: luis });
    const list = await recepcion.get(`/citas/?emp=${luis}&per_page=100`);
    const ids = (list.body.data.data as { id_cita: number }[]).map((c) => c.id_cita);
    expect(ids.indexOf(soon.id_cita)).toBeLessThan(ids.indexOf(later.id_cita));
    expect(ids.indexOf(later.id_cita)).toBeLessThan(ids.indexOf(past.id_cita));
    expect(ids.at(-1)).toBe(past.id_cita);
    const times = (list.body.data.data as { fec_cita: string; id_emp: number }[]).map((c) => {
      expect(c.id_emp).toBe(luis);
      return Date.parse(c.fec_cita);
    });
    const split = times.findIndex((t) => t < Date.parse(`${limaDay(0)}T00:00:00-05:00`));
    expect(times.slice(0, split)).toEqual([...times.slice(0, split)].sort((a, b) => a - b));
    expect(times.slice(split)).toEqual([...times.slice(split)].sort((a, b) => b - a));
  });

  it('fills a filtered first page from both halves in order, and its next page follows on', async () => {
    const rita = (await registerGroomer(admin, 'Rita')).id_emp;
    const next = await booked(limaDay(2), '09:00', { id_emp: rita });
    const latest = await booked(limaDay(-1), '16:00', { id_emp: rita });
    const earlier = await booked(limaDay(-1), '11:00', { id_emp: rita });
    const oldest = await booked(limaDay(-3), '09:00', { id_emp: rita });
    const ids = (res: Awaited<ReturnType<typeof recepcion.get>>) =>
      (res.body.data.data as { id_cita: number }[]).map((c) => c.id_cita);
    const first = await recepcion.get(`/citas/?emp=${rita}&per_page=3`);
    expect(ids(first)).toEqual([next, latest, earlier].map((c) => c.id_cita));
    expect(first.body.data.total).toBe(4);
    const second = await recepcion.get(`/citas/?emp=${rita}&per_page=3&page=2`);
    expect(ids(second)).toEqual([oldest.id_cita]);
    const after = first.body.data.next_cursor as string;
    const keyed = await recepcion.get(`/citas/?emp=${rita}&per_page=3&after=${after}`);
    expect(ids(keyed)).toEqual([oldest.id_cita]);
    // Nothing upcoming: the page is the past alone; nothing at all: an empty page.
    const past = await recepcion.get(`/citas/?emp=${rita}&per_page=3&hasta=${limaDay(0)}`);
    expect(ids(past)).toEqual([latest, earlier, oldest].map((c) => c.id_cita));
    const none = await recepcion.get(
      `/citas/?emp=${rita}&desde=${limaDay(30)}&hasta=${limaDay(31)}`,
    );
    expect(none.body.data).toMatchObject({ data: [], total: 0 });
  });

  it('pages through the whole timeline once, by page number and by cursor alike', async () => {
    const all = await recepcion.get('/citas/?per_page=100');
    const every = (all.body.data.data as { id_cita: number }[]).map((c) => c.id_cita);
    expect(every.length).toBeGreaterThan(6);
    const byPage: number[] = [];
    const byCursor: number[] = [];
    let after = '';
    for (let page = 1; page <= Math.ceil(every.length / 3); page++) {
      const numbered = await recepcion.get(`/citas/?per_page=3&page=${page}`);
      byPage.push(...numbered.body.data.data.map((c: { id_cita: number }) => c.id_cita));
      const keyed = await recepcion.get(`/citas/?per_page=3${after ? `&after=${after}` : ''}`);
      byCursor.push(...keyed.body.data.data.map((c: { id_cita: number }) => c.id_cita));
      after = keyed.body.data.next_cursor ?? '';
    }
    expect(byPage).toEqual(every);
    expect(byCursor).toEqual(every);
    expect((await recepcion.get('/citas/?after=bm9wZQ')).status).toBe(422);
  });
});
