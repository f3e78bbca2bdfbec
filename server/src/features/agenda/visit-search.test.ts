import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appointments, reservations } from '../../db/schema';
import { bookAppointment, createService, limaDay, registerOwner } from '../../test/agenda';
import { setupTestApp } from '../../test/app';
import { apiClient } from '../../test/http';

const ctx = await setupTestApp();
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  api = apiClient(ctx.app, await ctx.signIn());
});

const ids = async (list: 'citas' | 'reservaciones', query: string) =>
  ((await api.get(`/${list}/?${query}`)).body.data.data as Record<string, number>[]).map(
    (row) => row[list === 'citas' ? 'id_cita' : 'id_res'],
  );

type Owner = Awaited<ReturnType<typeof registerOwner>>;

/** A cita and a reservation booked for the owner's pet: their ids, and the rows answered. */
async function bookBoth(owner: Owner, at: string) {
  const service = await createService(ctx.database.db, `Baño ${at}`, '30.00');
  const cita = await bookAppointment(api, owner, service, at);
  const reservation = await api.post('/reservacion/register', {
    fec_cita: limaDay(3),
    dni_cli: owner.dni,
    id_perro: owner.petId,
    id_cliente: owner.id_cli,
  });
  expect(reservation.status).toBe(201);
  return {
    citaId: cita.id_cita,
    reservationId: reservation.body.data.id_res as number,
    rows: [cita, reservation.body.data] as Record<string, unknown>[],
  };
}

describe('the client’s text kept on citas and reservaciones (the `cli` filter)', () => {
  it('follows a renamed client, ignoring case and accents, and is never part of a row', async () => {
    const owner = await registerOwner(api, 'Eustaquia', 'Pelusa');
    const { citaId, reservationId, rows } = await bookBoth(owner, '10:30');
    for (const row of rows) {
      expect(row).not.toHaveProperty('cliente_search');
      expect(row).not.toHaveProperty('perro_search');
    }

    // Set on insert from the client: name, surname ('Huamán', found as 'huaman') and DNI.
    expect(await ids('citas', 'cli=EUSTAQUIA huaman')).toEqual([citaId]);
    expect(await ids('reservaciones', `cli=eustaquia ${owner.dni}`)).toEqual([reservationId]);

    const renamed = await api.put('/cliente', {
      id: owner.id_cli,
      dni: owner.dni,
      name: 'Ñusta Begoña',
      surname: 'Quispé',
      tel1: '987654321',
      email: `${owner.dni}@correo.pe`,
      direccion: 'Av. Arequipa 1234, Lince',
    });
    expect(renamed.status).toBe(200);
    for (const list of ['citas', 'reservaciones'] as const) {
      expect(await ids(list, 'cli=eustaquia')).toEqual([]);
      expect(await ids(list, 'cli=nusta begona quispe')).toHaveLength(1);
      expect(await ids(list, 'cli=ÑUSTA')).toHaveLength(1);
    }

    // Written straight to the table, the copy is still the client's own.
    await ctx.database.db
      .update(appointments)
      .set({ cliente_search: 'otro texto' })
      .where(eq(appointments.id_cita, citaId));
    await ctx.database.db
      .update(reservations)
      .set({ cliente_search: 'otro texto' })
      .where(eq(reservations.id_res, reservationId));
    expect(await ids('citas', 'cli=otro')).toEqual([]);
    expect(await ids('citas', 'cli=nusta')).toEqual([citaId]);
    expect(await ids('reservaciones', 'cli=nusta')).toEqual([reservationId]);
  });
});

describe('the pet’s text kept on citas and reservaciones (the `pe` filter)', () => {
  it('follows a renamed pet and a change of pet, ignoring case and accents', async () => {
    const owner = await registerOwner(api, 'Casimira', 'Pelusín');
    const other = await api.post('/mascota/register', {
      nombre: 'Tormenta',
      raza: 'Schnauzer',
      dniCliente: owner.dni,
    });
    expect(other.status).toBe(201);
    const { citaId, reservationId } = await bookBoth(owner, '11:30');

    // Set on insert from the pet: its name ('Pelusín', found as 'pelusin') and its breed.
    expect(await ids('citas', 'pe=PELUSIN mestizo')).toEqual([citaId]);
    expect(await ids('reservaciones', 'pe=pelusín')).toEqual([reservationId]);

    const renamed = await api.put('/mascota', {
      id: owner.petId,
      nombre: 'Copito',
      raza: 'Caniche Toy',
      dniCliente: owner.dni,
    });
    expect(renamed.status).toBe(200);
    for (const list of ['citas', 'reservaciones'] as const) {
      expect(await ids(list, 'pe=pelusin')).toEqual([]);
      expect(await ids(list, 'pe=copito caniche')).toHaveLength(1);
    }

    // Another pet booked, or the copy written straight to the table: it is the booked pet's own.
    await ctx.database.db
      .update(appointments)
      .set({ id_perro: other.body.data.id_perro as number })
      .where(eq(appointments.id_cita, citaId));
    await ctx.database.db
      .update(reservations)
      .set({ perro_search: 'otro texto' })
      .where(eq(reservations.id_res, reservationId));
    expect(await ids('citas', 'pe=copito')).toEqual([]);
    expect(await ids('citas', 'pe=tormenta schnauzer')).toEqual([citaId]);
    expect(await ids('reservaciones', 'pe=otro')).toEqual([]);
    expect(await ids('reservaciones', 'pe=copito')).toEqual([reservationId]);
  });
});
