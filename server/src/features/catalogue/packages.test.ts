import { beforeAll, describe, expect, it } from 'vitest';
import { appointments, clients, pets } from '../../db/schema';
import { setupTestApp } from '../../test/app';
import { apiClient } from '../../test/http';

const ctx = await setupTestApp();
let api: ReturnType<typeof apiClient>;

const valid = {
  nombre: 'Spa canino',
  descripcion: 'Baño medicado, corte de pelo y de uñas, con limpieza de oídos incluida.',
  precio: '120',
};

/** Services of the catalogue, by name: Baño, Corte, Uñas, Oídos. */
const service: Record<string, number> = {};

beforeAll(async () => {
  api = apiClient(ctx.app, await ctx.signIn());
  for (const nombre of ['Baño completo', 'Corte de pelo', 'Corte de uñas', 'Limpieza de oídos']) {
    const res = await api.post('/servicio/register', {
      nombre,
      descripcion: 'Servicio de la peluquería canina, realizado por personal capacitado.',
      precio: '25.50',
    });
    service[nombre] = res.body.data.id_srv as number;
  }
});

const ids = <K extends string>(key: K, rows: Record<K, number>[]) => rows.map((r) => r[key]);

async function register(overrides: Partial<Record<keyof typeof valid, unknown>> = {}) {
  const res = await api.post('/paquete/register', { ...valid, ...overrides });
  expect(res.status).toBe(201);
  return res.body.data as { id_paq: number; precio_paq: string };
}

/** `srvs` travels as a plain body field, the way the spec's client sends it. */
const saveServices = (id: number | string, srvs: unknown) =>
  api.raw('POST', `/paquete/${id}/servicios`, { srvs });

describe('packages', () => {
  it('registers, reads, lists, searches and updates a package with its price as a 2-decimal string', async () => {
    const created = await api.post('/paquete/register', valid);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      status: 'success',
      message: '¡Paquete registrado exitosamente!',
      data: { nom_paq: 'Spa canino', desc_paq: valid.descripcion, precio_paq: '120.00', id_est: 1 },
    });
    const id = created.body.data.id_paq as number;

    expect((await api.get(`/paquete/${id}`)).body.data).toMatchObject({
      id_paq: id,
      precio_paq: '120.00',
    });

    const byName = await api.get('/paquetes/?search=spa&est=1');
    expect(byName.body.data).toMatchObject({ current_page: 1, total: 1 });
    expect(ids('id_paq', byName.body.data.data)).toEqual([id]);
    expect(ids('id_paq', (await api.get('/paquetes/?search=medicado')).body.data.data)).toEqual([
      id,
    ]);

    const updated = await api.put('/paquete', { ...valid, id, precio: '99.9' });
    expect(updated.body).toMatchObject({
      status: 'success',
      message: '¡Paquete actualizado exitosamente!',
      data: { id_paq: id, precio_paq: '99.90' },
    });
  });

  it.each([
    ['45', '45.00'],
    ['1', '1.00'],
    ['1000', '1000.00'],
    [250, '250.00'],
  ])('accepts the price %j and stores it as %j', async (precio, stored) => {
    expect((await register({ precio })).precio_paq).toBe(stored);
  });

  it.each([
    ['precio', '0.99', 'El precio debe estar entre 1 y 1000'],
    ['precio', '1000.01', 'El precio debe estar entre 1 y 1000'],
    ['precio', '12.345', 'Formato válido: números con hasta 2 decimales'],
    ['precio', 'abc', 'Formato válido: números con hasta 2 decimales'],
    ['precio', '', 'El precio es requerido'],
    ['nombre', '', 'El nombre es requerido'],
    ['nombre', 'Sp', 'El nombre debe tener al menos 3 caracteres'],
    ['nombre', 'Spa #1', 'Solo se permiten letras'],
    ['descripcion', '', 'La descripción es requerida'],
    ['descripcion', 'Baño y corte.', 'La descripción debe tener al menos 40 caracteres'],
    [
      'descripcion',
      'Baño, corte y uñas (todo incluido) para perros pequeños y medianos.',
      'Solo se permiten letras y caracteres especiales',
    ],
  ])('refuses %s %j with "%s"', async (field, value, message) => {
    const res = await api.post('/paquete/register', { ...valid, [field]: value });
    expect(res.status).toBe(422);
    expect(res.body.errors[field]).toContain(message);
  });

  it('replaces the whole set of services and returns them with their pivot', async () => {
    const { id_paq: id } = await register({ nombre: 'Baño y corte' });
    expect((await api.get(`/paquete/${id}/servicios`)).body).toEqual({
      status: 'success',
      data: [],
    });

    const first = await saveServices(id, [service['Corte de pelo'], service['Baño completo']]);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      status: 'success',
      message: 'Cambios guardados correctamente',
    });

    const listed = await api.get(`/paquete/${id}/servicios`);
    expect(listed.body.data).toEqual([
      {
        id_srv: service['Baño completo'],
        nom_srv: 'Baño completo',
        desc_srv: 'Servicio de la peluquería canina, realizado por personal capacitado.',
        precio_srv: '25.50',
        id_est: 1,
        pivot: { id_paq: id, id_srv: service['Baño completo'] },
      },
      expect.objectContaining({
        id_srv: service['Corte de pelo'],
        pivot: { id_paq: id, id_srv: service['Corte de pelo'] },
      }),
    ]);

    // The new set replaces the old one; a repeated id counts once; ids may come as text.
    const second = await saveServices(id, [
      service['Corte de uñas'],
      String(service['Limpieza de oídos']),
      service['Corte de uñas'],
    ]);
    expect(second.status).toBe(200);
    expect(ids('id_srv', second.body.data).sort()).toEqual(
      [service['Corte de uñas'], service['Limpieza de oídos']].sort(),
    );

    // The spec's `json` field is accepted as well.
    const wrapped = await api.post(`/paquete/${id}/servicios`, {
      srvs: [service['Baño completo']],
    });
    expect(ids('id_srv', wrapped.body.data)).toEqual([service['Baño completo']]);

    const emptied = await saveServices(id, []);
    expect(emptied.body).toMatchObject({ status: 'success', data: [] });
  });

  it('refuses unknown or inactive services and leaves the set unchanged', async () => {
    const { id_paq: id } = await register({ nombre: 'Paquete básico' });
    await saveServices(id, [service['Baño completo']]);

    const unknown = await saveServices(id, [service['Corte de pelo'], 999999]);
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.srvs).toEqual([
      'Estos servicios no existen o no están activos: 999999',
    ]);

    const { body } = await api.post('/servicio/register', {
      nombre: 'Baño medicado',
      descripcion: 'Baño con champú medicado para perros con problemas de piel.',
      precio: '60',
    });
    const suspended = body.data.id_srv as number;
    await api.patch('/servicio', { id: suspended, estado: 2 });
    const inactive = await saveServices(id, [suspended]);
    expect(inactive.status).toBe(422);
    expect(inactive.body.errors.srvs).toEqual([
      `Estos servicios no existen o no están activos: ${suspended}`,
    ]);

    const kept = await api.get(`/paquete/${id}/servicios`);
    expect(ids('id_srv', kept.body.data)).toEqual([service['Baño completo']]);
  });

  it('keeps a service suspended after it joined the package, but cannot add it anew', async () => {
    const { id_paq: id } = await register({ nombre: 'Paquete antiguo' });
    const { body } = await api.post('/servicio/register', {
      nombre: 'Perfumado',
      descripcion: 'Aplicación de colonia canina hipoalergénica al final del servicio.',
      precio: '5',
    });
    const perfume = body.data.id_srv as number;
    await saveServices(id, [perfume]);
    await api.patch('/servicio', { id: perfume, estado: 2 });
    const again = await saveServices(id, [perfume, service['Baño completo']]);
    expect(again.status).toBe(200);
    const listed = (await api.get(`/paquete/${id}/servicios`)).body.data as {
      id_srv: number;
      id_est: number;
    }[];
    expect(listed.find((s) => s.id_srv === perfume)?.id_est).toBe(2);
  });

  it.each([
    [{}, 'Debe enviar la lista de servicios del paquete'],
    [{ srvs: 'uno' }, 'Debe enviar la lista de servicios del paquete'],
    [{ srvs: [0] }, 'Identificador de servicio inválido'],
    [{ srvs: ['x'] }, 'Identificador de servicio inválido'],
    [{ srvs: [2_147_483_648] }, 'Identificador de servicio inválido'],
  ])('refuses the body %j', async (body, message) => {
    const { id_paq: id } = await register({ nombre: 'Paquete erróneo' });
    const res = await api.raw('POST', `/paquete/${id}/servicios`, body);
    expect(res.status).toBe(422);
    expect(Object.values(res.body.errors as Record<string, string[]>).flat()).toContain(message);
  });

  it('refuses more than 50 services', async () => {
    const res = await saveServices(
      1,
      Array.from({ length: 51 }, (_, i) => i + 1),
    );
    expect(res.status).toBe(422);
    expect(res.body.errors.srvs).toEqual(['Un paquete no puede tener más de 50 servicios']);
  });

  it('removes one service from a package', async () => {
    const { id_paq: id } = await register({ nombre: 'Paquete completo' });
    await saveServices(id, [service['Baño completo'], service['Corte de uñas']]);
    const res = await api.delete(`/paquete/${id}/servicio/${service['Corte de uñas']}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'success',
      message: 'Cambios guardados correctamente',
    });
    expect(ids('id_srv', res.body.data)).toEqual([service['Baño completo']]);

    const again = await api.delete(`/paquete/${id}/servicio/${service['Corte de uñas']}`);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('El servicio no forma parte del paquete');
    expect((await api.delete(`/paquete/999999/servicio/${service['Baño completo']}`)).status).toBe(
      404,
    );
    expect((await api.delete(`/paquete/${id}/servicio/abc`)).status).toBe(422);
  });

  it('suspends, marks deleted and reactivates, and lists only active packages as available', async () => {
    const { id_paq: id } = await register({ nombre: 'Paquete temporal' });
    expect(ids('id_paq', (await api.get('/paquetes/disponibles')).body.data)).toContain(id);

    const suspended = await api.patch('/paquete', { id, estado: 2 });
    expect(suspended.body).toMatchObject({
      status: 'success',
      message: 'Paquete actualizado correctamente',
      data: { id_paq: id, id_est: 2 },
    });
    expect(ids('id_paq', (await api.get('/paquetes/disponibles')).body.data)).not.toContain(id);
    expect(ids('id_paq', (await api.get('/paquetes/?est=1')).body.data.data)).not.toContain(id);

    await api.patch('/paquete', { id, estado: 3 });
    expect(ids('id_paq', (await api.get('/paquetes/')).body.data.data)).not.toContain(id);
    expect(ids('id_paq', (await api.get('/paquetes/?est=3')).body.data.data)).toContain(id);
    expect((await api.patch('/paquete', { id, estado: 9 })).status).toBe(422);
    expect((await api.patch('/paquete', { id, estado: 1 })).body.data.id_est).toBe(1);

    const available = (await api.get('/paquetes/disponibles')).body.data as Record<
      string,
      unknown
    >[];
    expect(Object.keys(available[0]).sort()).toEqual([
      'adelanto',
      'desc_paq',
      'duracion',
      'id_paq',
      'minutos_talla',
      'nom_paq',
      'precio_paq',
    ]);
  });

  it('deletes a package with its service links, but not one booked in an appointment', async () => {
    const { id_paq: free } = await register({ nombre: 'Paquete libre' });
    await saveServices(free, [service['Baño completo']]);
    expect((await api.delete(`/paquete/${free}`)).status).toBe(200);
    expect((await api.get(`/paquete/${free}`)).status).toBe(404);
    expect((await api.get(`/paquete/${free}/servicios`)).status).toBe(404);

    const { id_paq: booked } = await register({ nombre: 'Paquete reservado' });
    const { db } = ctx.database;
    const [client] = await db
      .insert(clients)
      .values({
        dni_cli: '47125836',
        nom_cli: 'Luis',
        ape_cli: 'Condori',
        tel1_cli: '912345678',
        email_cli: 'luis.condori@correo.pe',
        dir_cli: 'Av. Grau 789, Barranco',
      })
      .returning();
    const [pet] = await db
      .insert(pets)
      .values({ nom_perro: 'Toby', raza_perro: 'Poodle', id_cli: client.id_cli })
      .returning();
    await db.insert(appointments).values({
      fec_cita: new Date(),
      id_cli: client.id_cli,
      id_perro: pet.id_perro,
      id_paq: booked,
      precio: '120.00',
      id_usu: 1,
      obs_perro: 'Pelaje muy enredado',
      fech_reg: '2025-01-10',
    });
    const res = await api.delete(`/paquete/${booked}`);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      status: 'error',
      message:
        'No se puede eliminar el paquete: tiene citas registradas. Puede suspenderlo o marcarlo como eliminado',
    });
    expect((await api.patch('/paquete', { id: booked, estado: 3 })).body.data.id_est).toBe(3);
  });

  it('answers 404 for a missing package, 401 without a credential and 422 for malformed input', async () => {
    expect((await api.get('/paquete/999999')).body).toMatchObject({
      status: 'error',
      message: 'Paquete no encontrado',
    });
    expect((await api.get('/paquete/999999')).status).toBe(404);
    expect((await api.get('/paquete/999999/servicios')).status).toBe(404);
    expect((await saveServices(999999, [service['Baño completo']])).status).toBe(404);
    expect((await api.delete('/paquete/999999')).status).toBe(404);
    expect((await api.put('/paquete', { ...valid, id: 999999 })).status).toBe(404);
    expect((await api.get('/paquete/abc')).status).toBe(422);
    expect((await api.get('/paquete/abc/servicios')).status).toBe(422);

    for (const [method, url] of [
      ['GET', '/api/paquetes/'],
      ['GET', '/api/paquete/1'],
      ['GET', '/api/paquetes/disponibles'],
      ['GET', '/api/paquete/1/servicios'],
      ['POST', '/api/paquete/register'],
      ['POST', '/api/paquete/1/servicios'],
      ['PUT', '/api/paquete'],
      ['PATCH', '/api/paquete'],
      ['DELETE', '/api/paquete/1'],
      ['DELETE', '/api/paquete/1/servicio/1'],
    ] as const) {
      expect((await ctx.app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
    }

    const malformed = await api.raw('POST', '/paquete/register', { json: '{"nombre":' });
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors.json).toBeDefined();
    const badSrvs = await api.raw('POST', '/paquete/1/servicios', { json: 'nope' });
    expect(badSrvs.status).toBe(422);
    const noId = await api.put('/paquete', valid);
    expect(noId.body.errors.id).toBeDefined();
  });
});
