import { beforeAll, describe, expect, it } from 'vitest';
import { appointments, clients, pets } from '../../db/schema';
import { setupTestApp } from '../../test/app';
import { apiClient } from '../../test/http';

const ctx = await setupTestApp();
let api: ReturnType<typeof apiClient>;
beforeAll(async () => {
  api = apiClient(ctx.app, await ctx.signIn());
});

const valid = {
  nombre: 'Baño completo',
  descripcion: 'Baño con champú neutro, secado y cepillado, ideal para todas las razas.',
  precio: '45',
};

const ids = (rows: { id_srv: number }[]) => rows.map((r) => r.id_srv);

async function register(overrides: Partial<Record<keyof typeof valid, unknown>> = {}) {
  const res = await api.post('/servicio/register', { ...valid, ...overrides });
  expect(res.status).toBe(201);
  return res.body.data as { id_srv: number; precio_srv: string };
}

/** A client, a pet and an appointment that books `id_srv`, written straight to the tables. */
async function bookAppointment(id_srv: number, dni: string) {
  const { db } = ctx.database;
  const [client] = await db
    .insert(clients)
    .values({
      dni_cli: dni,
      nom_cli: 'Rosa',
      ape_cli: 'Mamani',
      tel1_cli: '987654321',
      email_cli: `${dni}@correo.pe`,
      dir_cli: 'Jr. Ayacucho 456, Cercado',
    })
    .returning();
  const [pet] = await db
    .insert(pets)
    .values({ nom_perro: 'Bobby', raza_perro: 'Schnauzer', id_cli: client.id_cli })
    .returning();
  await db.insert(appointments).values({
    fec_cita: new Date(),
    id_cli: client.id_cli,
    id_perro: pet.id_perro,
    id_srv,
    precio: '45.00',
    id_usu: 1,
    obs_perro: 'Sin observaciones',
    fech_reg: '2025-01-10',
  });
}

describe('services', () => {
  it('registers, reads, lists, searches and updates a service with its price as a 2-decimal string', async () => {
    const created = await api.post('/servicio/register', valid);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      status: 'success',
      message: '¡Servicio registrado exitosamente!',
      data: {
        nom_srv: 'Baño completo',
        desc_srv: valid.descripcion,
        precio_srv: '45.00',
        id_est: 1,
      },
    });
    const id = created.body.data.id_srv as number;

    const read = await api.get(`/servicio/${id}`);
    expect(read.body).toMatchObject({
      status: 'success',
      data: { id_srv: id, precio_srv: '45.00' },
    });

    const byName = await api.get('/servicios/?search=completo&est=1');
    expect(byName.body.data).toMatchObject({
      current_page: 1,
      per_page: 20,
      total: 1,
      last_page: 1,
    });
    expect(ids(byName.body.data.data)).toEqual([id]);
    const byDescription = await api.get('/servicios/?search=champú');
    expect(ids(byDescription.body.data.data)).toEqual([id]);
    expect((await api.get('/servicios/?search=inexistente')).body.data.total).toBe(0);

    const updated = await api.put('/servicio', {
      ...valid,
      id,
      nombre: 'Baño premium',
      precio: 59.9,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      message: '¡Servicio actualizado exitosamente!',
      data: { id_srv: id, nom_srv: 'Baño premium', precio_srv: '59.90' },
    });
  });

  it.each([
    ['45', '45.00'],
    [45, '45.00'],
    ['1', '1.00'],
    ['1000', '1000.00'],
    ['7.5', '7.50'],
    ['999.99', '999.99'],
    [12.34, '12.34'],
    // A decimal comma is the decimal point (issue 30 §7).
    ['1,50', '1.50'],
    ['39,9', '39.90'],
  ])('accepts the price %j and stores it as %j', async (precio, stored) => {
    expect((await register({ precio })).precio_srv).toBe(stored);
  });

  it.each([
    ['0.99', 'El precio debe estar entre 1 y 1000'],
    ['1000.01', 'El precio debe estar entre 1 y 1000'],
    [0, 'El precio debe estar entre 1 y 1000'],
    ['12.345', 'Formato válido: números con hasta 2 decimales'],
    [12.345, 'Formato válido: números con hasta 2 decimales'],
    ['abc', 'Formato válido: números con hasta 2 decimales'],
    ['-5', 'Formato válido: números con hasta 2 decimales'],
    ['1,234.50', 'Formato válido: números con hasta 2 decimales'],
    ['12,345', 'Formato válido: números con hasta 2 decimales'],
    ['', 'El precio es requerido'],
    [null, 'El precio es requerido'],
  ])('refuses the price %j with "%s"', async (precio, message) => {
    const res = await api.post('/servicio/register', { ...valid, precio });
    expect(res.status).toBe(422);
    expect(res.body.status).toBe('error');
    expect(res.body.errors.precio).toEqual([message]);
  });

  it.each([
    ['nombre', '', 'El nombre es requerido'],
    ['nombre', 'Ba', 'El nombre debe tener al menos 3 caracteres'],
    ['nombre', 'Baño 2x1', 'Solo se permiten letras'],
    ['descripcion', '', 'La descripción es requerida'],
    ['descripcion', 'Baño rápido y corte.', 'La descripción debe tener al menos 40 caracteres'],
    [
      'descripcion',
      'Baño con champú neutro, secado y cepillado; para todas las razas.',
      'Solo se permiten letras y caracteres especiales',
    ],
    [
      'descripcion',
      'Baño con champú neutro y secado para perros de hasta 10 kilos.',
      'Solo se permiten letras y caracteres especiales',
    ],
  ])('refuses %s %j with "%s"', async (field, value, message) => {
    const res = await api.post('/servicio/register', { ...valid, [field]: value });
    expect(res.status).toBe(422);
    expect(res.body.errors[field]).toContain(message);
  });

  it('reports every missing field at once', async () => {
    const res = await api.post('/servicio/register', {});
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      nombre: ['El nombre es requerido'],
      descripcion: ['La descripción es requerida'],
      precio: ['El precio es requerido'],
    });
  });

  it('accepts a multi-line description with accents, periods and commas', async () => {
    const descripcion = 'Corte a tijera según la raza.\nIncluye perfilado de patas, cara y cola.';
    const res = await api.post('/servicio/register', {
      ...valid,
      nombre: 'Corte de pelo',
      descripcion,
    });
    expect(res.status).toBe(201);
    expect(res.body.data.desc_srv).toBe(descripcion);
  });

  it('suspends, marks deleted and reactivates, hiding deleted services unless asked', async () => {
    const { id_srv: id } = await register({ nombre: 'Corte de uñas' });
    const suspended = await api.patch('/servicio', { id, estado: 2 });
    expect(suspended.body).toMatchObject({
      status: 'success',
      message: 'Servicio actualizado correctamente',
      data: { id_srv: id, id_est: 2 },
    });
    expect(ids((await api.get('/servicios/?est=1')).body.data.data)).not.toContain(id);
    expect(ids((await api.get('/servicios/?est=2')).body.data.data)).toContain(id);
    expect(ids((await api.get('/servicios/disponibles')).body.data)).not.toContain(id);

    await api.patch('/servicio', { id, estado: 3 });
    expect(ids((await api.get('/servicios/')).body.data.data)).not.toContain(id);
    expect(ids((await api.get('/servicios/?est=3')).body.data.data)).toContain(id);

    expect((await api.patch('/servicio', { id, estado: 7 })).status).toBe(422);
    expect((await api.patch('/servicio', { id: 999999, estado: 1 })).status).toBe(404);
    expect((await api.patch('/servicio', { id, estado: 1 })).body.data.id_est).toBe(1);
    expect(ids((await api.get('/servicios/disponibles')).body.data)).toContain(id);
  });

  it('lists the active services by name for the booking forms', async () => {
    const res = await api.get('/servicios/disponibles');
    expect(res.status).toBe(200);
    const names = (res.body.data as { nom_srv: string }[]).map((s) => s.nom_srv);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'es')));
    expect(Object.keys(res.body.data[0] as object).sort()).toEqual([
      'adelanto',
      'desc_srv',
      'duracion',
      'id_srv',
      'minutos_talla',
      'nom_srv',
      'precio_srv',
    ]);
  });

  it('deletes an unused service', async () => {
    const { id_srv: id } = await register({ nombre: 'Limpieza de oídos' });
    const res = await api.delete(`/servicio/${id}`);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('success');
    expect((await api.get(`/servicio/${id}`)).status).toBe(404);
  });

  it('refuses to delete a service booked in an appointment, which can still be suspended', async () => {
    const { id_srv: id } = await register({ nombre: 'Desparasitación' });
    await bookAppointment(id, '45678912');
    const res = await api.delete(`/servicio/${id}`);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      status: 'error',
      message:
        'No se puede eliminar el servicio: tiene citas registradas. Puede suspenderlo o marcarlo como eliminado',
    });
    expect((await api.get(`/servicio/${id}`)).status).toBe(200);
    expect((await api.patch('/servicio', { id, estado: 3 })).body.data.id_est).toBe(3);
  });

  it('refuses to delete a service that is part of a package, naming the package', async () => {
    const { id_srv: id } = await register({ nombre: 'Deslanado' });
    const pack = await api.post('/paquete/register', { ...valid, nombre: 'Spa canino' });
    await api.raw('POST', `/paquete/${pack.body.data.id_paq}/servicios`, { srvs: [id] });
    const res = await api.delete(`/servicio/${id}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      'No se puede eliminar el servicio: forma parte de los paquetes Spa canino. Quítelo de ellos o suspéndalo',
    );
  });

  it('answers 404 for a missing service, 401 without a credential and 422 for malformed input', async () => {
    expect((await api.get('/servicio/999999')).status).toBe(404);
    expect((await api.get('/servicio/999999')).body.message).toBe('Servicio no encontrado');
    expect((await api.delete('/servicio/999999')).status).toBe(404);
    expect((await api.put('/servicio', { ...valid, id: 999999 })).status).toBe(404);
    expect((await api.get('/servicio/abc')).status).toBe(422);
    expect((await api.get('/servicios/?est=x')).status).toBe(422);

    for (const [method, url] of [
      ['GET', '/api/servicios/'],
      ['GET', '/api/servicio/1'],
      ['GET', '/api/servicios/disponibles'],
      ['POST', '/api/servicio/register'],
      ['PUT', '/api/servicio'],
      ['PATCH', '/api/servicio'],
      ['DELETE', '/api/servicio/1'],
    ] as const) {
      expect((await ctx.app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
    }

    const malformed = await api.raw('POST', '/servicio/register', { json: '{"nombre":' });
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors.json).toBeDefined();
    const notObject = await api.raw('PUT', '/servicio', { json: '[1,2]' });
    expect(notObject.status).toBe(422);
    const noId = await api.put('/servicio', valid);
    expect(noId.status).toBe(422);
    expect(noId.body.errors.id).toBeDefined();
    const wrongTypes = await api.post('/servicio/register', {
      nombre: 12,
      descripcion: [],
      precio: {},
    });
    expect(wrongTypes.status).toBe(422);
    expect(Object.keys(wrongTypes.body.errors).sort()).toEqual(['descripcion', 'nombre', 'precio']);
    const badPatch = await api.patch('/servicio', { id: 'x', estado: 1 });
    expect(badPatch.status).toBe(422);
  });
});
