import { beforeAll, describe, expect, it, vi } from 'vitest';
import { setupTestApp, TEST_PASSWORD } from '../test/app';
import { apiClient } from '../test/http';

/** The log as the app writes it: each kind of event, through the real routes. */
const ctx = await setupTestApp();
let admin: ReturnType<typeof apiClient>;
beforeAll(async () => {
  admin = apiClient(ctx.app, await ctx.signIn());
});

async function entries(query: string) {
  const res = await admin.get(`/auditoria/?${query}`);
  expect(res.status).toBe(200);
  return res.body.data.data as Record<string, unknown>[];
}

describe('the audit log records', () => {
  it('a client created, edited and suspended, field by field, by whom and from where', async () => {
    const created = await admin.post('/cliente/register', {
      dni: '47158236',
      name: 'Rosa',
      surname: 'Huamán Torres',
      tel1: '987654321',
      tel2: '',
      email: 'rosa.huaman@gmail.com',
      direccion: 'Jr. Las Flores 456, Lince',
    });
    const id = created.body.data.id_cli as number;
    const edited = { ...created.body.data };
    await admin.put('/cliente', {
      id,
      dni: '47158236',
      name: 'Rosa',
      surname: 'Huamán Torres',
      tel1: '912345678',
      tel2: '',
      email: 'rosa.huaman@gmail.com',
      direccion: 'Jr. Las Flores 456, Lince',
    });
    await admin.patch('/cliente', { id, estado: 2 });

    const log = (await entries('entidad=cliente')).filter((e) => e.entidad_id === id);
    expect(log.map((e) => e.accion)).toEqual(['estado', 'editar', 'crear']);
    expect(log[1]).toMatchObject({
      login: 'admin',
      cambios: { tel1_cli: { antes: edited.tel1_cli, despues: '912345678' } },
    });
    expect(log[0]).toMatchObject({ cambios: { id_est: { antes: 1, despues: 2 } } });
    expect(typeof log[0]?.ip).toBe('string');
  });

  it('sign-ins, failed sign-ins and refused calls', async () => {
    const failed = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { login: 'groomer', password: 'not-the-password' },
    });
    expect(failed.statusCode).toBe(401);
    const groomer = apiClient(ctx.app, await ctx.signIn('groomer'));
    expect((await groomer.get('/users/')).status).toBe(403);

    const sessions = await entries('entidad=sesion&usu=groomer');
    expect(sessions.map((e) => e.accion)).toEqual(
      expect.arrayContaining(['sesion_fallida', 'iniciar_sesion']),
    );
    // A refusal is recorded once its answer has gone.
    await vi.waitFor(async () => {
      const denied = await entries('accion=denegado');
      expect(denied[0]).toMatchObject({
        login: 'groomer',
        detalle: expect.stringContaining('/users'),
      });
    });
  });

  it('password changes, never the password', async () => {
    const res = await admin.patch('/user/pwd', {
      id: 3,
      pwd: 'Nueva123!',
      pwd_confirmation: 'Nueva123!',
    });
    expect(res.status).toBe(200);
    const log = await entries('accion=contrasena');
    expect(log[0]).toMatchObject({ entidad: 'usuario', entidad_id: 3 });
    const everything = JSON.stringify(await entries('per_page=100'));
    expect(everything).not.toContain('Nueva123!');
    expect(everything).not.toContain(TEST_PASSWORD);
    expect(everything).not.toContain('scrypt$');
  });

  it("a package's services and a triage, beside the resources", async () => {
    const service = await admin.post('/servicio/register', {
      nombre: 'Corte de uñas',
      descripcion: 'Corte y limado de uñas, realizado por personal capacitado.',
      precio: '15.00',
    });
    const pack = await admin.post('/paquete/register', {
      nombre: 'Paquete Patitas',
      descripcion: 'Baño completo con corte de uñas, para perros de todo tamaño.',
      precio: '45.00',
    });
    const id = pack.body.data.id_paq as number;
    const serviceId = service.body.data.id_srv as number;
    expect((await admin.post(`/paquete/${id}/servicios`, { srvs: [serviceId] })).status).toBe(200);

    const log = (await entries('entidad=paquete')).filter((e) => e.entidad_id === id);
    expect(log[0]).toMatchObject({
      accion: 'editar',
      cambios: { servicios: { antes: [], despues: [serviceId] } },
    });
  });

  it("a user's edit of their own profile", async () => {
    const password = 'Clave123!';
    const created = await admin.post('/user/register', {
      tdoc: 2,
      doc: '45871236',
      name: 'Lucía',
      surname: 'Ramírez Soto',
      email: 'lucia.ramirez@groomer.pe',
      login: 'lramirez',
      password,
      password_confirmation: password,
    });
    const id = created.body.data.id as number;
    const lucia = apiClient(ctx.app, await ctx.signIn('lramirez', password));
    const renamed = await lucia.patch('/profile', {
      name: 'Lucía Elena',
      email: 'lucia.ramirez@groomer.pe',
    });
    expect(renamed.status).toBe(200);

    const log = (await entries('entidad=usuario')).filter((e) => e.entidad_id === id);
    expect(log[0]).toMatchObject({
      accion: 'editar',
      login: 'lramirez',
      cambios: { name: { antes: 'Lucía', despues: 'Lucía Elena' } },
    });
  });

  it('an account made through sign-up, without its password', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: {
        name: 'John Smith',
        email: 'john.smith@example.com',
        password: 'Secret123!',
        confirmPassword: 'Secret123!',
        terms: true,
      },
    });
    expect(res.statusCode).toBe(201);
    const log = await entries('entidad=usuario&accion=crear');
    expect(log[0]).toMatchObject({
      detalle: 'Registro desde la página de registro',
      cambios: {
        email: { antes: null, despues: 'john.smith@example.com' },
        rol: { antes: null, despues: 'recepcion' },
      },
    });
    expect(JSON.stringify(log[0])).not.toContain('Secret123!');
  });
});
