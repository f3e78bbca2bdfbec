import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/app';
import { apiClient } from '../../test/http';
import { csvRows, download } from '../../test/files';

const ctx = await setupTestApp();
let api: ReturnType<typeof apiClient>;
let token: string;
let ownerId: number;

beforeAll(async () => {
  token = await ctx.signIn();
  api = apiClient(ctx.app, token);
  const owner = await api.post('/cliente/register', {
    dni: '47125836',
    name: 'Luis',
    surname: 'Mamani Condori',
    tel1: '912345678',
    email: 'luis.mamani@hotmail.com',
    direccion: 'Jr. Huancavelica 456, Cercado',
  });
  ownerId = owner.body.data.id_cli;
});

const valid = { nombre: 'Firulais', raza: 'Schnauzer', dniCliente: '47125836' };

describe('pets', () => {
  it('registers a pet for an active client and answers it with its owner', async () => {
    const res = await api.post('/mascota/register', valid);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      message: '¡Mascota registrada exitosamente!',
      data: {
        nom_perro: 'Firulais',
        raza_perro: 'Schnauzer',
        cliente: { id_cli: ownerId, dni_cli: '47125836', nom_cli: 'Luis' },
        estado: { id_est: 1 },
      },
    });
  });

  it('lists pets searched by pet, breed or owner, and the pets of a client', async () => {
    for (const search of ['firu', 'schnau', 'mamani', '47125836']) {
      const res = await api.get(`/mascotas/?search=${search}`);
      expect(res.body.data.total, search).toBe(1);
    }
    const ofClient = await api.get(`/mascotas/cliente/${ownerId}`);
    expect(ofClient.body.data).toEqual([
      {
        id_perro: expect.any(Number),
        nom_perro: 'Firulais',
        talla: null,
        alertas: [],
        notas_cuidado: '',
        vacunas: null,
      },
    ]);
  });

  it("finds pets by their own or their owner's words, whatever the case and accents", async () => {
    const owner = await api.post('/cliente/register', {
      dni: '40882211',
      name: 'Ángel',
      surname: 'Peña Huamán',
      tel1: '912345679',
      email: 'angel.pena@hotmail.com',
      direccion: 'Av. Brasil 321, Jesús María',
    });
    const pet = await api.post('/mascota/register', {
      nombre: 'Chispa',
      raza: 'Bulldog Francés',
      dniCliente: '40882211',
    });
    const id = pet.body.data.id_perro as number;
    const found = async (search: string) =>
      (await api.get(`/mascotas/?search=${encodeURIComponent(search)}`)).body.data.data.map(
        (p: { id_perro: number }) => p.id_perro,
      ) as number[];
    for (const search of ['huaman', 'PENA', 'frances', 'angel chispa', 'Peña bulldog', '40882211'])
      expect(await found(search), search).toEqual([id]);
    expect(await found('chispa mamani')).toEqual([]);

    // The owner's words follow the owner: renamed, and the pet moved to another client.
    await api.put('/cliente', {
      id: owner.body.data.id_cli,
      dni: '40882211',
      name: 'Ángel',
      surname: 'Ñahui Torres',
      tel1: '912345679',
      email: 'angel.pena@hotmail.com',
      direccion: 'Av. Brasil 321, Jesús María',
    });
    expect(await found('nahui chispa')).toEqual([id]);
    expect(await found('pena chispa')).toEqual([]);
    await api.put('/mascota', {
      id,
      nombre: 'Chispa',
      raza: 'Bulldog Francés',
      dniCliente: '47125836',
    });
    expect(await found('mamani chispa')).toEqual([id]);
    expect(await found('nahui chispa')).toEqual([]);
  });

  it.each([
    ['nombre', 'Fi', 'El nombre debe tener al menos 3 caracteres'],
    ['nombre', 'Firu2', 'Solo se permiten letras'],
    ['raza', '', 'La raza es requerida'],
    ['raza', 'Pu', 'La raza debe tener al menos 3 caracteres'],
    ['dniCliente', '1234567', 'El DNI debe tener 8 dígitos'],
    ['dniCliente', '22222222', 'El DNI no puede contener todos los números iguales'],
  ])('refuses %s %j with "%s"', async (field, value, message) => {
    const res = await api.post('/mascota/register', { ...valid, [field]: value });
    expect(res.status).toBe(422);
    expect(res.body.errors[field]).toContain(message);
  });

  it('refuses an owner DNI that no active client has', async () => {
    const res = await api.post('/mascota/register', { ...valid, dniCliente: '40404040' });
    expect(res.status).toBe(422);
    expect(res.body.errors.dniCliente).toEqual(['No existe un cliente activo con ese DNI']);
    await api.patch('/cliente', { id: ownerId, estado: 2 });
    const suspended = await api.post('/mascota/register', valid);
    expect(suspended.status).toBe(422);
    await api.patch('/cliente', { id: ownerId, estado: 1 });
  });

  it('edits with a two-letter name, changes status and deletes', async () => {
    const { body } = await api.post('/mascota/register', { ...valid, nombre: 'Bobby' });
    const id = body.data.id_perro as number;
    const edited = await api.put('/mascota', {
      id,
      nombre: 'B',
      raza: 'Pug',
      dniCliente: '47125836',
    });
    expect(edited.status).toBe(422);
    const ok = await api.put('/mascota', {
      id,
      nombre: 'Bo',
      raza: 'Pug mini',
      dniCliente: '47125836',
    });
    expect(ok.body).toMatchObject({
      message: '¡Mascota actualizada exitosamente!',
      data: { nom_perro: 'Bo' },
    });
    const status = await api.patch('/mascota', { id, estado: 2 });
    expect(status.body.message).toBe('Estado de Mascota/Perro actualizado correctamente');
    const ofClient = await api.get(`/mascotas/cliente/${ownerId}`);
    expect(ofClient.body.data.map((p: { id_perro: number }) => p.id_perro)).not.toContain(id);
    expect((await api.delete(`/mascota/${id}`)).status).toBe(200);
    expect((await api.get(`/mascota/${id}`)).status).toBe(404);
  });

  it('answers 401 without a credential and 404 for a missing pet', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/mascotas/' })).statusCode).toBe(401);
    expect((await api.get('/mascota/424242')).status).toBe(404);
    expect((await api.patch('/mascota', { id: 424242, estado: 1 })).status).toBe(404);
  });
});

describe('alerts and care notes (decisions §pet-alerts)', () => {
  it('keeps the alerts and notes set in the form, edits them, filters and exports by them', async () => {
    const created = await api.post('/mascota/register', {
      ...valid,
      nombre: 'Toby',
      alertas: ['muerde', 'cardiopata', 'muerde'],
      notas_cuidado: '  Usar bozal; no secar con aire caliente ',
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      alertas: ['muerde', 'cardiopata'],
      notas_cuidado: 'Usar bozal; no secar con aire caliente',
      vacunas: null,
    });
    const id = created.body.data.id_perro as number;

    const edited = await api.put('/mascota', {
      ...valid,
      id,
      nombre: 'Toby',
      alertas: ['senior'],
      notas_cuidado: 'Artrosis: cargar con cuidado',
    });
    expect(edited.body.data).toMatchObject({
      alertas: ['senior'],
      notas_cuidado: 'Artrosis: cargar con cuidado',
    });

    const seniors = await api.get('/mascotas/?alerta=senior');
    expect(seniors.body.data.data.map((p: { id_perro: number }) => p.id_perro)).toEqual([id]);
    expect((await api.get('/mascotas/?alerta=muerde')).body.data.data).toEqual([]);
    const bad = await api.get('/mascotas/?alerta=feroz');
    expect(bad.status).toBe(422);
    expect(bad.body.errors.alerta).toEqual(['Seleccione una alerta válida']);

    const ofClient = await api.get(`/mascotas/cliente/${ownerId}`);
    expect(ofClient.body.data).toContainEqual({
      id_perro: id,
      nom_perro: 'Toby',
      talla: null,
      alertas: ['senior'],
      notas_cuidado: 'Artrosis: cargar con cuidado',
      vacunas: null,
    });

    const file = await download(ctx.app, token, '/mascotas/export?formato=csv&alerta=senior');
    const [header, row] = csvRows(file.rawPayload);
    expect(row[header.indexOf('Alertas')]).toBe('Senior');
    expect(row[header.indexOf('Notas de cuidado')]).toBe('Artrosis: cargar con cuidado');
  });

  it.each([
    [{ alertas: ['feroz'] }, 'alertas', 'Seleccione una alerta válida'],
    [{ alertas: 'muerde' }, 'alertas', 'Seleccione una alerta válida'],
    [
      { notas_cuidado: 'x'.repeat(501) },
      'notas_cuidado',
      'Las notas de cuidado no pueden exceder los 500 caracteres',
    ],
  ])(
    'refuses %j with a message on the field and registers nothing',
    async (extra, field, message) => {
      const before = (await api.get('/mascotas/?search=rocky')).body.data.total;
      const res = await api.post('/mascota/register', { ...valid, nombre: 'Rocky', ...extra });
      expect(res.status).toBe(422);
      expect(res.body.errors[field]).toEqual([message]);
      expect((await api.get('/mascotas/?search=rocky')).body.data.total).toBe(before);
    },
  );
});
