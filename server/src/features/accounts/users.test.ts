import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema';
import { setupTestApp, TEST_PASSWORD } from '../../test/app';
import { apiClient } from '../../test/http';

const ctx = await setupTestApp();
let api: ReturnType<typeof apiClient>;
beforeAll(async () => {
  api = apiClient(ctx.app, await ctx.signIn());
});

const PASSWORD = 'Clave123!';
const valid = {
  tdoc: 2,
  doc: '45871236',
  name: 'Lucía',
  surname: 'Ramírez Soto',
  email: 'lucia.ramirez@groomer.pe',
  login: 'lramirez',
  password: PASSWORD,
  password_confirmation: PASSWORD,
};

let serial = 0;
/** A valid user with its own DNI, login and e-mail. */
function another(overrides: Record<string, unknown> = {}) {
  serial += 1;
  return {
    ...valid,
    doc: `4${String(serial).padStart(2, '0')}90517`,
    login: `usuario${serial}`,
    email: `usuario${serial}@groomer.pe`,
    ...overrides,
  };
}

async function register(overrides: Record<string, unknown> = {}) {
  const input = another(overrides);
  const res = await api.post('/user/register', input);
  expect(res.status).toBe(201);
  return { id: res.body.data.id as number, login: input.login };
}

const sessionCount = async (userId: number) =>
  (await ctx.database.db.select().from(sessions).where(eq(sessions.user_id, userId))).length;

describe('users', () => {
  it('registers a user who can then sign in, and never shows the password', async () => {
    const created = await api.post('/user/register', valid);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      status: 'success',
      message: '¡Usuario registrado exitosamente!',
      data: {
        name: 'Lucía',
        surname: 'Ramírez Soto',
        id_tipodoc: 2,
        tipo_doc: { id: 2, nom: 'DNI' },
        doc: '45871236',
        email: 'lucia.ramirez@groomer.pe',
        login: 'lramirez',
        id_est: 1,
        id_emp: null,
        rol: 'recepcion',
      },
    });
    expect(created.body.data.password).toBeUndefined();
    const id = created.body.data.id as number;

    const fetched = await api.get(`/user/${id}`);
    expect(fetched.body.data).toEqual(created.body.data);
    expect(fetched.body.data.password).toBeUndefined();

    expect(await ctx.signIn('lramirez', PASSWORD)).toMatch(/^Bearer /);
  });

  it('lists with the search over name, surname, DNI and login, the status and the dates', async () => {
    const { id } = await register({ name: 'Teodoro', surname: 'Quispe', login: 'tquispe' });
    const ids = async (query: string) => {
      const res = await api.get(`/users/${query}`);
      expect(res.status).toBe(200);
      return (res.body.data.data as { id: number }[]).map((u) => u.id);
    };
    expect(await ids('?search=teodoro')).toEqual([id]);
    expect(await ids('?search=QUISPE')).toEqual([id]);
    expect(await ids('?search=tquis')).toEqual([id]);
    const doc = (await api.get(`/user/${id}`)).body.data.doc as string;
    expect(await ids(`?search=${doc}`)).toEqual([id]);
    expect(await ids('?search=teodoro quispe')).toEqual([id]);
    expect(await ids('?search=teodoro&est=2')).toEqual([]);

    const list = await api.get('/users/');
    expect(list.body.data).toMatchObject({ current_page: 1, per_page: 20 });
    expect(list.body.data.data[0].tipo_doc).toEqual({ id: 2, nom: 'DNI' });
    expect(list.body.data.data.every((u: object) => !('password' in u))).toBe(true);

    const today = new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10);
    expect(await ids(`?search=teodoro&ficial=${today}&final=${today}`)).toEqual([id]);
    expect(await ids('?search=teodoro&ficial=2020-01-01&final=2020-12-31')).toEqual([]);
  });

  it.each([
    ['doc', '', 'El número de documento es requerido'],
    ['doc', '4587123a', 'Solo se permiten números'],
    ['doc', '4587123', 'El DNI debe tener 8 dígitos'],
    ['doc', '22222222', 'El DNI no puede contener todos los números iguales'],
    ['doc', '23456789', 'El DNI no puede contener números consecutivos'],
    ['doc', '98765432', 'El DNI no puede contener números consecutivos'],
    ['name', '', 'El nombre es requerido'],
    ['name', 'L', 'El nombre debe tener al menos 2 caracteres'],
    ['name', 'Lucía2', 'Solo se permiten letras'],
    ['surname', 'R', 'El apellido debe tener al menos 2 caracteres'],
    ['surname', 'Soto_', 'Solo se permiten letras'],
    ['email', 'no-es-email', 'Debe ser un email válido'],
    ['login', '', 'El usuario es requerido'],
    ['login', 'abc', 'El usuario debe tener al menos 4 caracteres'],
    ['login', 'luc.ia', 'Solo se permiten letras y números'],
    ['password', 'Cl1!', 'La contraseña debe tener al menos 8 caracteres'],
    [
      'password',
      'clave1234',
      'La contraseña debe tener al menos una mayúscula, una minúscula, un número y un carácter especial (@$!%*?&)',
    ],
  ])('refuses %s %j with "%s"', async (field, value, message) => {
    const input = { ...another(), [field]: value };
    if (field === 'password') input.password_confirmation = value;
    const res = await api.post('/user/register', input);
    expect(res.status).toBe(422);
    expect(res.body.errors[field]).toContain(message);
  });

  it('refuses a confirmation that does not match with "Las contraseñas no coinciden"', async () => {
    const res = await api.post('/user/register', another({ password_confirmation: 'Clave123?' }));
    expect(res.status).toBe(422);
    expect(res.body.errors.password_confirmation).toEqual(['Las contraseñas no coinciden']);
  });

  it('takes up to 20 letters and digits as a document other than DNI', async () => {
    const passport = await api.post('/user/register', another({ tdoc: 4, doc: 'AB1234567' }));
    expect(passport.status).toBe(201);
    expect(passport.body.data.tipo_doc).toEqual({ id: 4, nom: 'Pasaporte' });
    const long = await api.post('/user/register', another({ tdoc: 4, doc: 'A'.repeat(21) }));
    expect(long.body.errors.doc).toEqual(['El documento no puede exceder los 20 caracteres']);
    const symbols = await api.post('/user/register', another({ tdoc: 3, doc: 'AB-12' }));
    expect(symbols.body.errors.doc).toEqual(['Solo se permiten letras y números']);
    const badType = await api.post('/user/register', another({ tdoc: 9 }));
    expect(badType.body.errors.tdoc).toEqual(['Seleccione un tipo de documento válido']);
  });

  it('keeps logins and e-mails unique whatever their case, with a 409', async () => {
    await register({ login: 'Unico1', email: 'unico@groomer.pe' });
    const login = await api.post('/user/register', another({ login: 'UNICO1' }));
    expect(login.status).toBe(409);
    expect(login.body.errors.login).toEqual(['Ya existe un usuario con ese nombre de usuario']);
    const email = await api.post('/user/register', another({ email: 'UNICO@groomer.pe' }));
    expect(email.status).toBe(409);
    expect(email.body.errors.email).toEqual(['Ya existe un usuario con ese email']);
  });

  it('updates personal data but never the login', async () => {
    const { id, login } = await register();
    const res = await api.put('/user/update', {
      id,
      tdoc: 2,
      doc: '47125836',
      name: 'Lucía Andrea',
      surname: 'Ramírez',
      email: 'lucia.andrea@groomer.pe',
      login: 'otrologin',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: '¡Usuario actualizado exitosamente!',
      data: { name: 'Lucía Andrea', doc: '47125836', email: 'lucia.andrea@groomer.pe', login },
    });
    const bad = await api.put('/user/update', {
      id,
      tdoc: 2,
      doc: '4712',
      name: 'L',
      surname: 'Ramírez',
      email: 'x',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toMatchObject({
      doc: ['El DNI debe tener 8 dígitos'],
      name: ['El nombre debe tener al menos 2 caracteres'],
      email: ['Debe ser un email válido'],
    });
    const missing = await api.put('/user/update', { ...valid, id: 999999 });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Usuario no encontrado');
    const taken = await api.put('/user/update', {
      id,
      tdoc: 2,
      doc: '47125836',
      name: 'Lucía',
      surname: 'Ramírez',
      email: valid.email,
    });
    expect(taken.status).toBe(409);
  });

  it('changes a password: the old one stops working and the user is signed out elsewhere', async () => {
    const { id, login } = await register();
    const token = await ctx.signIn(login, PASSWORD);
    const mismatch = await api.patch('/user/pwd', {
      id,
      pwd: 'Nueva123!',
      pwd_confirmation: 'Nueva123?',
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors.pwd_confirmation).toEqual(['Las contraseñas no coinciden']);
    const weak = await api.patch('/user/pwd', {
      id,
      pwd: 'nueva1234',
      pwd_confirmation: 'nueva1234',
    });
    expect(weak.body.errors.pwd).toBeDefined();

    const res = await api.patch('/user/pwd', {
      id,
      pwd: 'Nueva123!',
      pwd_confirmation: 'Nueva123!',
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('¡Contraseña actualizada exitosamente!');
    expect((await apiClient(ctx.app, token).get('/me')).status).toBe(401);
    await expect(ctx.signIn(login, PASSWORD)).rejects.toThrow();
    expect(await ctx.signIn(login, 'Nueva123!')).toMatch(/^Bearer /);
    expect(
      (
        await api.patch('/user/pwd', {
          id: 999999,
          pwd: 'Nueva123!',
          pwd_confirmation: 'Nueva123!',
        })
      ).status,
    ).toBe(404);
  });

  it('keeps the session in use when admins change their own password', async () => {
    const { id, login } = await register({ rol: 'admin' });
    const own = apiClient(ctx.app, await ctx.signIn(login, PASSWORD));
    const elsewhere = apiClient(ctx.app, await ctx.signIn(login, PASSWORD));
    expect(
      (await own.patch('/user/pwd', { id, pwd: 'Propia123!', pwd_confirmation: 'Propia123!' }))
        .status,
    ).toBe(200);
    expect((await own.get('/me')).status).toBe(200);
    expect((await elsewhere.get('/me')).status).toBe(401);
  });

  it('suspends a user, which ends their sessions and stops their sign-in, then reactivates', async () => {
    const { id, login } = await register();
    const user = apiClient(ctx.app, await ctx.signIn(login, PASSWORD));
    expect((await user.get('/me')).status).toBe(200);

    const suspended = await api.patch('/user', { id, estado: 2 });
    expect(suspended.body).toMatchObject({
      message: 'Estado de Usuario actualizado correctamente',
      data: { id, id_est: 2 },
    });
    expect(await sessionCount(id)).toBe(0);
    expect((await user.get('/me')).status).toBe(401);
    await expect(ctx.signIn(login, PASSWORD)).rejects.toThrow(/errorpwd/);

    await api.patch('/user', { id, estado: 3 });
    expect(
      (await api.get('/users/')).body.data.data.map((u: { id: number }) => u.id),
    ).not.toContain(id);
    expect(
      (await api.get('/users/?est=3')).body.data.data.map((u: { id: number }) => u.id),
    ).toContain(id);

    expect((await api.patch('/user', { id, estado: 1 })).body.data.id_est).toBe(1);
    expect(await ctx.signIn(login, PASSWORD)).toMatch(/^Bearer /);
    expect((await api.patch('/user', { id, estado: 5 })).status).toBe(422);
  });

  it('does not let users suspend themselves', async () => {
    const res = await api.patch('/user', { id: 1, estado: 2 });
    expect(res.status).toBe(422);
    expect(res.body.errors.estado).toEqual(['No puede cambiar el estado de su propio usuario']);
  });

  it('hard-deletes a user but never the default users 1–3', async () => {
    for (const id of [1, 2, 3]) {
      const res = await api.raw('DELETE', '/user/hard', { id });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(
        'Los usuarios predeterminados del sistema no se pueden eliminar',
      );
    }
    const { id } = await register();
    const res = await api.raw('DELETE', `/user/hard?id=${id}`);
    expect(res.status).toBe(200);
    expect((await api.get(`/user/${id}`)).status).toBe(404);
    expect((await api.raw('DELETE', '/user/hard', { id })).status).toBe(404);
    expect((await api.raw('DELETE', '/user/hard', { id: 'x' })).status).toBe(422);
  });

  it('registers a user with the role chosen, recepcion by default, and refuses an unknown one', async () => {
    const groomer = await api.post('/user/register', another({ rol: 'groomer' }));
    expect(groomer.status).toBe(201);
    expect(groomer.body.data.rol).toBe('groomer');
    expect((await api.get(`/user/${groomer.body.data.id}`)).body.data.rol).toBe('groomer');
    const plain = await api.post('/user/register', another());
    expect(plain.body.data.rol).toBe('recepcion');
    const unknown = await api.post('/user/register', another({ rol: 'jefe' }));
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ rol: ['Seleccione un rol válido'] });
    const roles = (await api.get('/users/?per_page=100')).body.data.data as { rol: string }[];
    expect(roles.every((u) => ['admin', 'recepcion', 'groomer'].includes(u.rol))).toBe(true);
    const seeded = (await api.get('/user/3')).body.data;
    expect(seeded).toMatchObject({ login: 'groomer', rol: 'groomer' });
  });

  it('changes a role, which ends that user’s sessions; an edit without rol keeps it', async () => {
    const { id, login } = await register();
    const user = apiClient(ctx.app, await ctx.signIn(login, PASSWORD));
    expect((await user.get('/clientes/')).status).toBe(200);
    const edit = {
      id,
      tdoc: 2,
      doc: (await api.get(`/user/${id}`)).body.data.doc as string,
      name: 'Lucía',
      surname: 'Ramírez',
      email: `${login}@groomer.pe`,
    };
    // The same role, or none: nothing changes and nobody is signed out.
    expect((await api.put('/user/update', { ...edit, rol: 'recepcion' })).status).toBe(200);
    expect((await api.put('/user/update', edit)).body.data.rol).toBe('recepcion');
    expect((await user.get('/me')).status).toBe(200);

    const changed = await api.put('/user/update', { ...edit, rol: 'groomer' });
    expect(changed.status).toBe(200);
    expect(changed.body.data.rol).toBe('groomer');
    expect(await sessionCount(id)).toBe(0);
    expect((await user.get('/me')).status).toBe(401);
    // Signed in again, the new role applies: a groomer reads clients but does not write them.
    const groomer = apiClient(ctx.app, await ctx.signIn(login, PASSWORD));
    expect((await groomer.get('/profile')).body.data.rol).toBe('groomer');
    expect((await groomer.get('/clientes/')).status).toBe(200);
    const refused = await groomer.post('/cliente/register', {});
    expect(refused).toEqual({
      status: 403,
      body: { status: 'error', message: 'No tiene permiso para realizar esta acción' },
    });
    const unknown = await api.put('/user/update', { ...edit, rol: 'dueño' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.rol).toEqual(['Seleccione un rol válido']);
  });

  it('keeps the session in use when admins change their own role', async () => {
    const { id, login } = await register({ rol: 'admin' });
    const own = apiClient(ctx.app, await ctx.signIn(login, PASSWORD));
    const elsewhere = apiClient(ctx.app, await ctx.signIn(login, PASSWORD));
    const { body } = await own.get(`/user/${id}`);
    const res = await own.put('/user/update', {
      id,
      tdoc: 2,
      doc: body.data.doc as string,
      name: 'Lucía',
      surname: 'Ramírez',
      email: body.data.email as string,
      rol: 'recepcion',
    });
    expect(res.status).toBe(200);
    expect((await elsewhere.get('/me')).status).toBe(401);
    // The session in use stays, with the new role from the very next request.
    expect((await own.get('/profile')).body.data.rol).toBe('recepcion');
    expect((await own.get('/users/')).status).toBe(403);
  });

  it('lets only an admin set another user’s password (PATCH /user/pwd)', async () => {
    const { id, login } = await register();
    const body = { id: 1, pwd: 'Tomada123!', pwd_confirmation: 'Tomada123!' };
    for (const caller of ['recepcion', 'groomer', login]) {
      const other = apiClient(
        ctx.app,
        await ctx.signIn(caller, caller === login ? PASSWORD : TEST_PASSWORD),
      );
      for (const target of [1, id]) {
        const res = await other.patch('/user/pwd', { ...body, id: target });
        expect(res.status, `${caller} → ${target}`).toBe(403);
        expect(res.body.message).toBe('No tiene permiso para realizar esta acción');
      }
    }
    // The admin's password is untouched.
    expect(await ctx.signIn('admin', TEST_PASSWORD)).toMatch(/^Bearer /);
  });

  it('answers 401 without a credential and 422 for a malformed body', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/' })).statusCode).toBe(401);
    const malformed = await api.raw('POST', '/user/register', { json: '{"doc":' });
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors.json).toBeDefined();
    expect((await api.get('/user/abc')).status).toBe(422);
  });

  it('seeds with ADMIN_PASSWORD forcing nothing, and with no e-mail on a domain not ours', async () => {
    const seeded = await ctx.database.db
      .select({ email: users.email, forced: users.debe_cambiar_clave })
      .from(users)
      .where(eq(users.id_est, 1))
      .orderBy(users.id)
      .limit(3);
    expect(seeded).toEqual(Array(3).fill({ email: null, forced: false }));
  });

  it("keeps a default user's names and document, but lets an admin set its e-mail and password", async () => {
    const message = 'You are not allowed to change data of default users.';
    const groomer = (await api.get('/user/3')).body.data as {
      id_tipodoc: number;
      doc: string;
      name: string;
      surname: string;
    };
    const same = {
      id: 3,
      tdoc: groomer.id_tipodoc,
      doc: groomer.doc,
      name: groomer.name,
      surname: groomer.surname,
      email: 'groomer.principal@example.pe',
    };
    for (const change of [
      { name: 'Otro' },
      { surname: 'Apellido' },
      { doc: '47125836' },
      { tdoc: 4, doc: 'AB12345' },
    ]) {
      const refused = await api.raw('PUT', '/user/update', { ...same, ...change });
      expect(refused.status, JSON.stringify(change)).toBe(403);
      expect(refused.body.message).toBe(message);
    }
    const saved = await api.put('/user/update', same);
    expect(saved.status).toBe(200);
    expect(saved.body.data.email).toBe('groomer.principal@example.pe');

    // A password an admin sets is known to the admin: its owner must change it at sign-in.
    const set = await api.patch('/user/pwd', {
      id: 3,
      pwd: 'Asignada123!',
      pwd_confirmation: 'Asignada123!',
    });
    expect(set.status).toBe(200);
    const owner = apiClient(ctx.app, await ctx.signIn('groomer', 'Asignada123!'));
    expect((await owner.get('/me')).body.data.debe_cambiar_clave).toBe(true);
    expect((await owner.raw('GET', '/agenda/groomers')).status).toBe(403);
    const changed = await owner.raw('PATCH', '/profile/password', {
      current_password: 'Asignada123!',
      password: TEST_PASSWORD,
      password_confirmation: TEST_PASSWORD,
    });
    expect(changed.status).toBe(200);
    expect((await owner.get('/me')).body.data.debe_cambiar_clave).toBe(false);
  });
});
