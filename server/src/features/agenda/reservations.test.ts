import { count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { BOOKING_TOO_FAR, latestBookingDay } from '@app/domain';
import { appointments, reservations } from '../../db/schema';
import { rowsOf } from '../../db/sql-rows';
import { limaDay, registerOwner, addPet, type Owner } from '../../test/agenda';
import { setupTestApp } from '../../test/app';
import { apiClient } from '../../test/http';
import { dueForExpiry, EXPIRY_BATCH, expireDueReservations } from './reservations';

const ctx = await setupTestApp();
let api: ReturnType<typeof apiClient>;
let owner: Owner;
let other: Owner;

beforeAll(async () => {
  api = apiClient(ctx.app, await ctx.signIn());
  owner = await registerOwner(api, 'Rosa', 'Firulais');
  other = await registerOwner(api, 'Carlos', 'Bobby');
});

const book = (o: Owner, fec_cita = limaDay(3), extra: object = {}) =>
  api.post('/reservacion/register', {
    fec_cita,
    dni_cli: o.dni,
    id_perro: o.petId,
    id_cliente: o.id_cli,
    ...extra,
  });

/** A reservation written straight to the table, as if booked days ago for a day now past. */
async function insertPastPending(o: Owner, fec_cita = limaDay(-2)) {
  const [row] = await ctx.database.db
    .insert(reservations)
    .values({ fec_cita, id_cli: o.id_cli, id_perro: o.petId, id_usu: 1, id_est: 1 })
    .returning({ id: reservations.id_res });
  return row.id;
}

describe('reservations', () => {
  it('registers a Pendiente reservation and answers the spec’s row shape', async () => {
    const res = await book(owner);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'success',
      message: 'Reservación registrada exitosamente!',
      data: {
        fec_cita: limaDay(3),
        id_cli: owner.id_cli,
        id_perro: owner.petId,
        id_est: 1,
        cliente: { dni_cli: owner.dni, nom_cli: 'Rosa', ape_cli: 'Huamán Torres' },
        perro: { nom_perro: 'Firulais' },
        estado: { id_est: 1, nom_est: 'Pendiente' },
        usuario: { login: 'admin' },
      },
    });
    expect(typeof res.body.data.id_res).toBe('number');
    expect(Date.parse(res.body.data.fec_reg as string)).toBeGreaterThan(Date.now() - 60_000);

    const read = await api.get(`/reservacion/${res.body.data.id_res}`);
    expect(read.body.data).toEqual(res.body.data);
  });

  it('accepts the reservation without id_cliente: the DNI decides', async () => {
    const res = await api.post('/reservacion/register', {
      fec_cita: limaDay(0),
      dni_cli: owner.dni,
      id_perro: owner.petId,
    });
    expect(res.status).toBe(201);
  });

  it.each([
    [{ fec_cita: '' }, 'fec_cita', 'La fecha de cita es requerida'],
    [{ fec_cita: undefined }, 'fec_cita', 'La fecha de cita es requerida'],
    [{ fec_cita: '2025-02-30' }, 'fec_cita', 'La fecha de cita no es válida'],
    [
      { fec_cita: limaDay(-1) },
      'fec_cita',
      'La fecha de cita no puede ser anterior a la fecha actual',
    ],
    [{ dni_cli: '' }, 'dni_cli', 'El DNI es requerido'],
    [{ dni_cli: '4587a236' }, 'dni_cli', 'El DNI solo debe contener números'],
    [{ dni_cli: '4587123' }, 'dni_cli', 'El DNI debe tener 8 dígitos'],
    [{ id_perro: '' }, 'id_perro', 'Debe seleccionar una mascota.'],
    [{ id_perro: undefined }, 'id_perro', 'Debe seleccionar una mascota.'],
  ])('refuses %j with "%s: %s"', async (change, field, message) => {
    const res = await api.post('/reservacion/register', {
      fec_cita: limaDay(2),
      dni_cli: owner.dni,
      id_perro: owner.petId,
      ...change,
    });
    expect(res.status).toBe(422);
    expect(res.body.status).toBe('error');
    expect(res.body.errors[field]).toEqual([message]);
  });

  it('refuses an unknown DNI, another client’s pet and a client id that is not the DNI’s', async () => {
    const unknown = await book({ ...owner, dni: '40999991' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.dni_cli).toEqual(['No existe un cliente con ese DNI']);

    const foreignPet = await book({ ...owner, petId: other.petId });
    expect(foreignPet.status).toBe(422);
    expect(foreignPet.body.errors.id_perro).toEqual([
      'La mascota no pertenece al cliente con ese DNI',
    ]);

    const missingPet = await book({ ...owner, petId: 999_999 });
    expect(missingPet.body.errors.id_perro).toEqual(['La mascota no existe']);

    const mismatch = await book({ ...owner, id_cli: other.id_cli });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors.id_cliente).toEqual(['El cliente indicado no corresponde al DNI']);
  });

  it('refuses to book a suspended or deleted client, or a suspended or deleted pet', async () => {
    const client = await registerOwner(api, 'Lucía', 'Toby');
    await api.patch('/cliente', { id: client.id_cli, estado: 2 });
    const suspended = await book(client);
    expect(suspended.status).toBe(422);
    expect(suspended.body.errors.dni_cli).toEqual([
      'El cliente está suspendido o eliminado: no se le pueden registrar reservas ni citas',
    ]);
    await api.patch('/cliente', { id: client.id_cli, estado: 3 });
    expect((await book(client)).status).toBe(422);
    await api.patch('/cliente', { id: client.id_cli, estado: 1 });

    await api.patch('/mascota', { id: client.petId, estado: 3 });
    const deletedPet = await book(client);
    expect(deletedPet.status).toBe(422);
    expect(deletedPet.body.errors.id_perro).toEqual([
      'La mascota está suspendida o eliminada: no se le pueden registrar reservas ni citas',
    ]);
    await api.patch('/mascota', { id: client.petId, estado: 2 });
    expect((await book(client)).status).toBe(422);
    await api.patch('/mascota', { id: client.petId, estado: 1 });
    expect((await book(client)).status).toBe(201);
  });

  it('edits with the spec’s payload names and requires the client DNI', async () => {
    const created = await book(owner);
    const id = created.body.data.id_res as number;
    const secondPet = await addPet(api, owner, 'Manchas');
    const edit = {
      ID: id,
      fecita: limaDay(5),
      dnicli: owner.dni,
      idcli: owner.id_cli,
      nomPerro: 'Manchas',
      id_perro: secondPet,
    };
    const updated = await api.put('/reservacion', edit);
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      message: '¡Reservación Actualizada exitosamente!',
      data: { id_res: id, fec_cita: limaDay(5), perro: { nom_perro: 'Manchas' }, id_est: 1 },
    });

    const noDni = await api.put('/reservacion', { ...edit, dnicli: '' });
    expect(noDni.status).toBe(422);
    expect(noDni.body.errors.dnicli).toEqual(['El DNI es requerido']);
    const shortDni = await api.put('/reservacion', { ...edit, dnicli: '1234' });
    expect(shortDni.body.errors.dnicli).toEqual(['El DNI debe tener 8 dígitos']);
    const noDate = await api.put('/reservacion', { ...edit, fecita: '' });
    expect(noDate.body.errors.fecita).toEqual(['La fecha de cita es requerida']);
    const tooFar = await api.put('/reservacion', {
      ...edit,
      fecita: latestBookingDay(limaDay(1)),
    });
    expect(tooFar.status).toBe(422);
    expect(tooFar.body.errors.fecita).toEqual([BOOKING_TOO_FAR]);
    const past = await api.put('/reservacion', { ...edit, fecita: limaDay(-3) });
    expect(past.body.errors.fecita).toEqual([
      'La fecha de cita no puede ser anterior a la fecha actual',
    ]);
    const foreign = await api.put('/reservacion', { ...edit, id_perro: other.petId });
    expect(foreign.body.errors.id_perro).toEqual([
      'La mascota no pertenece al cliente con ese DNI',
    ]);
    // Moving it to the other client: their DNI and their pet.
    const moved = await api.put('/reservacion', {
      ...edit,
      dnicli: other.dni,
      idcli: other.id_cli,
      id_perro: other.petId,
    });
    expect(moved.body.data.cliente.dni_cli).toBe(other.dni);
    expect((await api.put('/reservacion', { ...edit, ID: 999_999 })).status).toBe(404);
  });

  it('lets an edit keep a client and pet retired since, and tells their statuses in the row', async () => {
    const client = await registerOwner(api, 'Elena', 'Rocky');
    const id = (await book(client)).body.data.id_res as number;
    await api.patch('/mascota', { id: client.petId, estado: 3 });
    await api.patch('/cliente', { id: client.id_cli, estado: 2 });

    const read = await api.get(`/reservacion/${id}`);
    expect(read.body.data).toMatchObject({
      cliente: { id_cli: client.id_cli, dni_cli: client.dni, id_est: 2 },
      perro: { id_perro: client.petId, nom_perro: 'Rocky', id_est: 3 },
    });
    const kept = await api.put('/reservacion', {
      ID: id,
      fecita: limaDay(6),
      dnicli: client.dni,
      idcli: client.id_cli,
      nomPerro: 'Rocky',
      id_perro: client.petId,
    });
    expect(kept.status).toBe(200);
    expect(kept.body.data.fec_cita).toBe(limaDay(6));
    // A new booking for them is still refused.
    expect((await book(client)).status).toBe(422);
  });

  it('changes status to any of 1, 2, 3 and 7 with PATCH /reservacion/estado, and nothing else', async () => {
    const id = (await book(owner)).body.data.id_res as number;
    const before = await ctx.database.db.select({ n: count() }).from(appointments);
    for (const [est, name] of [
      [2, 'Confirmada'],
      [3, 'Cancelada'],
      [7, 'Expirada'],
      [1, 'Pendiente'],
    ] as const) {
      const res = await api.patch('/reservacion/estado', { id, est });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        message: 'Se cambió el estado de la Reservación correctamente',
        data: { id_res: id, id_est: est, estado: { id_est: est, nom_est: name } },
      });
    }
    // Statuses §confirm: confirming does not create an appointment.
    await api.patch('/reservacion/estado', { id, est: 2 });
    const after = await ctx.database.db.select({ n: count() }).from(appointments);
    expect(after).toEqual(before);

    const wrong = await api.patch('/reservacion/estado', { id, est: 4 });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.est).toEqual(['Estado de reservación inválido']);
    expect((await api.patch('/reservacion/estado', { id: 999_999, est: 2 })).status).toBe(404);
    expect((await api.patch('/reservacion/estado', { id, est: 'x' })).status).toBe(422);
  });

  it('expires a Pendiente reservation whose day has passed, on list and on read', async () => {
    const pastId = await insertPastPending(owner);
    const confirmedPast = await insertPastPending(owner);
    await ctx.database.db
      .update(reservations)
      .set({ id_est: 2 })
      .where(eq(reservations.id_res, confirmedPast));

    const read = await api.get(`/reservacion/${pastId}`);
    expect(read.body.data.estado).toEqual({ id_est: 7, nom_est: 'Expirada' });

    const pastId2 = await insertPastPending(owner, limaDay(-1));
    const todayId = await insertPastPending(owner, limaDay(0));
    const list = await api.get('/reservaciones/?per_page=100');
    const byId = new Map(
      (list.body.data.data as { id_res: number; id_est: number }[]).map((r) => [
        r.id_res,
        r.id_est,
      ]),
    );
    expect(byId.get(pastId2)).toBe(7);
    // Today is not past, and only Pendiente expires.
    expect(byId.get(todayId)).toBe(1);
    expect(byId.get(confirmedPast)).toBe(2);

    // Back to Pendiente is refused while its day is past; a new day revives it.
    const refused = await api.patch('/reservacion/estado', { id: pastId, est: 1 });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.est).toEqual([
      'La fecha de la cita ya pasó: la reservación no puede volver a Pendiente',
    ]);
    const revived = await api.put('/reservacion', {
      ID: pastId,
      fecita: limaDay(1),
      dnicli: owner.dni,
      idcli: owner.id_cli,
      nomPerro: 'Firulais',
      id_perro: owner.petId,
    });
    expect(revived.body.data.estado).toEqual({ id_est: 1, nom_est: 'Pendiente' });
  });

  it('expires in a transaction of its own, and opens none when nothing is due', async () => {
    const { db } = ctx.database;
    while ((await expireDueReservations(db)) > 0);
    const transaction = vi.spyOn(db, 'transaction');
    try {
      expect((await api.get('/reservaciones/')).status).toBe(200);
      expect((await api.get(`/reservacion/${(await book(owner)).body.data.id_res}`)).status).toBe(
        200,
      );
      // The booking above is a write and has its own; the two reads opened none.
      expect(transaction).toHaveBeenCalledTimes(1);

      const due = await insertPastPending(owner);
      transaction.mockClear();
      const read = await api.get(`/reservacion/${due}`);
      expect(read.body.data.id_est).toBe(7);
      expect(transaction).toHaveBeenCalledTimes(1);
    } finally {
      transaction.mockRestore();
    }
  });

  it('answers the read when the expiry fails, and expires on the next one', async () => {
    const { db } = ctx.database;
    const due = await insertPastPending(owner);
    const transaction = vi
      .spyOn(db, 'transaction')
      .mockRejectedValueOnce(new Error('canceling statement due to lock timeout'));
    try {
      const failed = await api.get('/reservaciones/?per_page=100');
      expect(failed.status).toBe(200);
      const row = (failed.body.data.data as { id_res: number; id_est: number }[]).find(
        (r) => r.id_res === due,
      );
      expect(row?.id_est).toBe(1);
    } finally {
      transaction.mockRestore();
    }
    expect((await api.get(`/reservacion/${due}`)).body.data.id_est).toBe(7);
  });

  it('expires a backlog a bounded batch per read', async () => {
    const { db } = ctx.database;
    while ((await expireDueReservations(db)) > 0);
    const rows = Array.from({ length: EXPIRY_BATCH + 3 }, () => ({
      fec_cita: limaDay(-4),
      id_cli: owner.id_cli,
      id_perro: owner.petId,
      id_usu: 1,
      id_est: 1,
    }));
    await db.insert(reservations).values(rows);
    expect(await expireDueReservations(db)).toBe(EXPIRY_BATCH);
    expect(await expireDueReservations(db)).toBe(3);
    expect(await expireDueReservations(db)).toBe(0);
  });

  it('finds the due reservations through the partial index on pending days', async () => {
    const plan = await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const probe = tx.select({ id: reservations.id_res }).from(reservations);
      return rowsOf<{ 'QUERY PLAN': string }>(
        await tx.execute(sql`explain ${probe.where(dueForExpiry())}`),
      )
        .map((r) => r['QUERY PLAN'])
        .join('\n');
    });
    expect(plan).toContain('reservaciones_pending_fec_cita_idx');
  });

  it('looks up any 8 digits by DNI: one no client can have is not found, not refused', async () => {
    for (const dni of ['11111111', '12345678', '87654321', '40999991']) {
      const res = await api.get(`/cliente/nombre/${dni}`);
      expect(res.status, dni).toBe(404);
      expect(res.body.message).toBe('Cliente no encontrado');
    }
    expect((await api.get(`/cliente/nombre/${owner.dni}`)).body.data).toEqual([
      {
        id_cli: owner.id_cli,
        nom_cli: 'Rosa',
        ape_cli: 'Huamán Torres',
        inasistencias: 0,
        ultima_visita: null,
      },
    ]);
    for (const [dni, message] of [
      ['4587a236', 'El DNI solo debe contener números'],
      ['4587123', 'El DNI debe tener 8 dígitos'],
      ['458712361', 'El DNI debe tener 8 dígitos'],
    ]) {
      const res = await api.get(`/cliente/nombre/${dni}`);
      expect(res.status, dni).toBe(422);
      expect(res.body.errors.dni).toEqual([message]);
    }
  });

  it('filters by client, pet, user, status and registration days', async () => {
    const mine = await registerOwner(api, 'Gertrudis', 'Zeus');
    const id = (await book(mine)).body.data.id_res as number;
    const recepcion = apiClient(ctx.app, await ctx.signIn('recepcion'));
    const theirs = await recepcion.post('/reservacion/register', {
      fec_cita: limaDay(1),
      dni_cli: other.dni,
      id_perro: other.petId,
    });
    expect(theirs.body.data.usuario.login).toBe('recepcion');

    const ids = async (query: string) =>
      ((await api.get(`/reservaciones/?${query}`)).body.data.data as { id_res: number }[]).map(
        (r) => r.id_res,
      );
    expect(await ids('cli=gertrudis')).toEqual([id]);
    expect(await ids(`cli=${mine.dni}`)).toEqual([id]);
    expect(await ids('cli=huamán gertru')).toEqual([id]);
    expect(await ids('pe=zeus')).toEqual([id]);
    expect(await ids('cli=gertrudis&pe=firulais')).toEqual([]);
    expect(await ids('usu=recepcion')).toEqual([theirs.body.data.id_res]);
    expect(await ids('usu=recepción principal')).toEqual([theirs.body.data.id_res]);
    expect(await ids('cli=gertrudis&est=1')).toEqual([id]);
    expect(await ids('cli=gertrudis&est=2')).toEqual([]);
    const today = limaDay(0);
    expect(await ids(`cli=gertrudis&ficial=${today}&final=${today}`)).toEqual([id]);
    expect(await ids('cli=gertrudis&ficial=2020-01-01&final=2020-01-31')).toEqual([]);
    expect(await ids('cli=&pe=&usu=&est=')).toContain(id);

    const list = await api.get('/reservaciones/?per_page=2');
    expect(list.body.data).toMatchObject({ current_page: 1, per_page: 2 });
    expect(list.body.data.total).toBeGreaterThan(2);
    const bad = await api.get('/reservaciones/?ficial=2020-02-01&final=2020-01-01');
    expect(bad.status).toBe(422);
    expect(bad.body.errors.ficial).toEqual([
      'La fecha inicial no puede ser mayor a la fecha final',
    ]);
    expect((await api.get(`/reservaciones/?cli=${'x'.repeat(101)}`)).status).toBe(422);
  });

  it('books at most two years ahead', async () => {
    expect((await book(owner, latestBookingDay())).status).toBe(201);
    const tooFar = await book(owner, latestBookingDay(limaDay(1)));
    expect(tooFar.status).toBe(422);
    expect(tooFar.body.errors.fec_cita).toEqual([
      'La fecha no puede ser posterior a dos años desde hoy',
    ]);
    expect((await book(owner, '2999-01-01')).body.errors.fec_cita).toEqual([BOOKING_TOO_FAR]);
  });

  it('answers 401 without a credential, 404 for a missing one and 422 for a malformed body', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/reservaciones/' })).statusCode).toBe(
      401,
    );
    expect((await api.get('/reservacion/999999')).status).toBe(404);
    const malformed = await api.raw('POST', '/reservacion/register', { json: '{"fec_cita":' });
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors.json).toBeDefined();
  });
});
