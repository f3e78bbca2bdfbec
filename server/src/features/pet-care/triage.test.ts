import { beforeAll, describe, expect, it } from 'vitest';
import { createService, limaDay, registerOwner } from '../../test/agenda';
import { setupTestApp } from '../../test/app';
import { apiClient } from '../../test/http';

const ctx = await setupTestApp();
let api: ReturnType<typeof apiClient>;
let newAppointment: () => Promise<number>;

beforeAll(async () => {
  api = apiClient(ctx.app, await ctx.signIn());
  const owner = await registerOwner(api, 'Rosa', 'Firulais');
  const service = await createService(ctx.database.db, 'Baño completo', '45.00');
  newAppointment = async () => {
    const res = await api.post('/cita/register', {
      fec_cita: `${limaDay(1)}T09:00`,
      dni_cli: owner.dni,
      id_perro: owner.petId,
      id_servicio: service,
      fech_reg: limaDay(0),
      obs: 'Control general',
    });
    return res.body.data.id_cita as number;
  };
});

const measures = { edad: '3.5', peso: 12.25, temperatura: '38.6', notas: 'Tranquilo, sin heridas' };

describe('triage', () => {
  it('has none at first, registers one, reads it and updates it', async () => {
    const cita = await newAppointment();
    // No triage yet is an answer, not an error: 200 with null (issue 30 §12).
    const none = await api.get(`/triaje/${cita}`);
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ status: 'success', data: null });

    const created = await api.post('/triaje/register', { id_cita: cita, ...measures });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      status: 'success',
      message: '¡Triaje registrado exitosamente!',
      data: {
        id_cita: cita,
        edad: '3.50',
        peso: '12.25',
        temperatura: '38.60',
        nota: 'Tranquilo, sin heridas',
        id_est: 1,
      },
    });
    const id = created.body.data.id as number;

    const read = await api.get(`/triaje/${cita}`);
    expect(read.body).toMatchObject({ status: 'success', data: created.body.data });

    const updated = await api.put('/triaje', {
      id_triaje: id,
      id_cita: cita,
      edad: 4,
      peso: '13',
      temperatura: 39.1,
      notas: '',
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      message: '¡Triaje actualizado exitosamente!',
      data: { id, edad: '4.00', peso: '13.00', temperatura: '39.10', nota: '' },
    });
  });

  it('reads a decimal comma as the decimal point and takes the ends of the ranges', async () => {
    const cita = await newAppointment();
    const created = await api.post('/triaje/register', {
      id_cita: cita,
      ...measures,
      edad: '2,5',
      peso: '12,5',
      temperatura: '38,25',
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ edad: '2.50', peso: '12.50', temperatura: '38.25' });

    for (const [peso, temperatura] of [
      ['0,1', '30'],
      ['120', '45,00'],
    ]) {
      const updated = await api.put('/triaje', {
        id_triaje: created.body.data.id,
        id_cita: cita,
        ...measures,
        peso,
        temperatura,
      });
      expect(updated.status, `${peso} kg, ${temperatura} °C`).toBe(200);
    }
  });

  it('refuses a second triage for the same appointment', async () => {
    const cita = await newAppointment();
    await api.post('/triaje/register', { id_cita: cita, ...measures });
    const again = await api.post('/triaje/register', { id_cita: cita, ...measures });
    expect(again.status).toBe(409);
    expect(again.body.errors.id_cita).toEqual([
      'La cita ya tiene un triaje registrado: actualícelo',
    ]);
  });

  it.each([
    ['edad', '', 'La edad es obligatoria'],
    ['edad', undefined, 'La edad es obligatoria'],
    ['edad', 'tres', 'Ingrese una edad válida'],
    ['edad', '3.555', 'La edad debe ser un número entero o decimal con uno o dos decimales'],
    ['edad', '31', 'La edad debe estar entre 0 y 30 años'],
    ['peso', '', 'El peso es obligatorio'],
    ['peso', '12.5.1', 'Ingrese un peso válido'],
    ['peso', '1,234.50', 'Ingrese un peso válido'],
    ['peso', 12.345, 'El peso debe ser un número entero o decimal con uno o dos decimales'],
    ['peso', '12,345', 'El peso debe ser un número entero o decimal con uno o dos decimales'],
    ['peso', '0', 'El peso debe estar entre 0.1 y 120 kg'],
    ['peso', '0.09', 'El peso debe estar entre 0.1 y 120 kg'],
    ['peso', '120.01', 'El peso debe estar entre 0.1 y 120 kg'],
    ['peso', '-2', 'El peso debe estar entre 0.1 y 120 kg'],
    ['temperatura', null, 'La temperatura es obligatoria'],
    ['temperatura', 'alta', 'Ingrese una temperatura válida'],
    [
      'temperatura',
      '38.123',
      'La temperatura debe ser un número entero o decimal con uno o dos decimales',
    ],
    ['temperatura', '50', 'La temperatura debe estar entre 30 y 45 °C'],
    ['temperatura', '29,99', 'La temperatura debe estar entre 30 y 45 °C'],
    ['temperatura', 45.01, 'La temperatura debe estar entre 30 y 45 °C'],
    ['notas', 'n'.repeat(101), 'Las notas no pueden exceder los 100 caracteres'],
  ])('refuses %s %j with "%s"', async (field, value, message) => {
    const res = await api.post('/triaje/register', { id_cita: 1, ...measures, [field]: value });
    expect(res.status).toBe(422);
    expect(res.body.errors[field]).toEqual([message]);
  });

  it('refuses a triage for a missing or deleted appointment, and an update for another one', async () => {
    const missing = await api.post('/triaje/register', { id_cita: 999_999, ...measures });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.id_cita).toEqual(['Cita no encontrada']);
    const noVisit = await api.get('/triaje/999999');
    expect(noVisit.status).toBe(404);
    expect(noVisit.body.message).toBe('Cita no encontrada');

    const cita = await newAppointment();
    await api.patch('/cita/estado', { cita, est: 8 });
    const deleted = await api.post('/triaje/register', { id_cita: cita, ...measures });
    expect(deleted.body.errors.id_cita).toEqual([
      'La cita está eliminada: no se puede registrar su triaje',
    ]);

    const first = await newAppointment();
    const second = await newAppointment();
    const triage = await api.post('/triaje/register', { id_cita: first, ...measures });
    const moved = await api.put('/triaje', {
      id_triaje: triage.body.data.id,
      ...measures,
      id_cita: second,
    });
    expect(moved.status).toBe(422);
    expect(moved.body.errors.id_cita).toEqual(['El triaje no pertenece a esa cita']);
    const unknown = await api.put('/triaje', { id_triaje: 999_999, id_cita: first, ...measures });
    expect(unknown.status).toBe(404);
  });

  it('changes status with PATCH /triaje/estado; a deleted triage counts as none and can be registered again', async () => {
    const cita = await newAppointment();
    const id = (await api.post('/triaje/register', { id_cita: cita, ...measures })).body.data
      .id as number;
    const res = await api.patch('/triaje/estado', { id, est: 3 });
    expect(res.body).toMatchObject({
      message: 'Se cambió el estado del Triaje correctamente',
      data: { id, id_est: 3 },
    });
    const deleted = await api.get(`/triaje/${cita}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toBeNull();
    expect((await api.put('/triaje', { id_triaje: id, id_cita: cita, ...measures })).status).toBe(
      404,
    );

    const again = await api.post('/triaje/register', { id_cita: cita, ...measures, edad: '5' });
    expect(again.status).toBe(201);
    expect(again.body.data).toMatchObject({ id, edad: '5.00', id_est: 1 });

    expect((await api.patch('/triaje/estado', { id_triaje: id, estado: 2 })).body.data.id_est).toBe(
      2,
    );
    expect((await api.patch('/triaje/estado', { id, est: 7 })).status).toBe(422);
    expect((await api.patch('/triaje/estado', { id: 999_999, est: 1 })).status).toBe(404);
  });

  it('answers 401 without a credential', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/triaje/1' })).statusCode).toBe(401);
  });
});
