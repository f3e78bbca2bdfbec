import { beforeAll, describe, expect, it } from 'vitest';
import { limaToday } from '@app/domain';
import { setupTestApp } from '../../test/app';
import { apiClient } from '../../test/http';

const ctx = await setupTestApp();
let api: ReturnType<typeof apiClient>;
beforeAll(async () => {
  api = apiClient(ctx.app, await ctx.signIn());
});

const valid = {
  idtDoc: 2,
  dni: '45871236',
  nom: 'Rosa Elena',
  ape: 'Huamán Torres',
  fecnac: '1990-05-14',
  email: 'rosa.huaman@gmail.com',
  telef: '987654321',
};

let serial = 0;
const another = (overrides: Record<string, unknown> = {}) => {
  serial += 1;
  return { ...valid, dni: `4${String(serial).padStart(2, '0')}80517`, ...overrides };
};

/** The day `years` years before today in Lima, shifted by `days`. */
function yearsAgo(years: number, days = 0): string {
  const [y, m, d] = limaToday().split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y - years, m - 1, d + days));
  return date.toISOString().slice(0, 10);
}

describe('employees', () => {
  it('registers, reads, lists and updates an employee', async () => {
    const created = await api.post('/empleado/register', valid);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      status: 'success',
      message: '¡Empleado registrado exitosamente!',
      data: {
        nom_emp: 'Rosa Elena',
        ape_emp: 'Huamán Torres',
        id_tipoDoc: 2,
        tipo_doc: { nom: 'DNI' },
        dni_emp: '45871236',
        fec_nac: '1990-05-14',
        email_emp: 'rosa.huaman@gmail.com',
        tel_emp: '987654321',
        estado: { id_est: 1, nom_est: 'Activo' },
        id_est: 1,
        id_usu: null,
      },
    });
    expect(created.body.data.created_at).toBeTruthy();
    const id = created.body.data.id_emp as number;

    expect((await api.get(`/empleado/${id}`)).body.data.dni_emp).toBe('45871236');
    for (const search of ['rosa', 'TORRES', '4587', 'huaman@gmail']) {
      const list = await api.get(`/empleados/?search=${search}`);
      expect(list.body.data.data.map((e: { id_emp: number }) => e.id_emp)).toEqual([id]);
    }

    const updated = await api.put('/empleado', {
      ...valid,
      id,
      nom: 'Rosa',
      telef: '812345678',
      dni: '45871236',
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      message: '¡Empleado actualizado exitosamente!',
      data: { nom_emp: 'Rosa', tel_emp: '812345678' },
    });
  });

  it.each([
    ['dni', '', 'El número de documento es requerido'],
    ['dni', '4587123a', 'Solo se permiten números'],
    ['dni', '4587123', 'El documento debe tener entre 8 y 13 dígitos'],
    ['dni', '45871236123456', 'El documento debe tener entre 8 y 13 dígitos'],
    ['dni', '7777777777', 'El DNI no puede contener todos los números iguales'],
    ['dni', '123456789', 'El DNI no puede contener números consecutivos'],
    ['nom', 'R', 'El nombre debe tener al menos 2 caracteres'],
    ['nom', 'Rosa1', 'Solo se permiten letras'],
    ['ape', '', 'El apellido es requerido'],
    ['email', 'rosa@', 'Debe ser un email válido'],
    ['fecnac', '', 'La fecha de nacimiento es requerida'],
    ['fecnac', '1990-02-30', 'La fecha de nacimiento no es válida'],
    ['telef', '', 'Debe ser un número de teléfono válido de 9 dígitos que comience con 9 o 0'],
    [
      'telef',
      '812345678',
      'Debe ser un número de teléfono válido de 9 dígitos que comience con 9 o 0',
    ],
    ['telef', '98765432', 'El teléfono debe tener exactamente 9 dígitos'],
    ['idtDoc', 7, 'Seleccione un tipo de documento válido'],
  ])('refuses %s %j with "%s"', async (field, value, message) => {
    const res = await api.post('/empleado/register', another({ [field]: value }));
    expect(res.status).toBe(422);
    expect(res.body.errors[field]).toContain(message);
  });

  it('takes a 13-digit document', async () => {
    const res = await api.post('/empleado/register', another({ dni: '2045871236117', idtDoc: 1 }));
    expect(res.status).toBe(201);
    expect(res.body.data.tipo_doc).toEqual({ id: 1, nom: 'RUC' });
  });

  it('refuses an employee under 18 by today in Lima, and takes one who turns 18 today', async () => {
    const young = await api.post('/empleado/register', another({ fecnac: yearsAgo(18, 1) }));
    expect(young.status).toBe(422);
    expect(young.body.errors.fecnac).toEqual(['Debe ser mayor de 18 años']);
    const future = await api.post('/empleado/register', another({ fecnac: yearsAgo(-1) }));
    expect(future.body.errors.fecnac).toEqual(['Debe ser mayor de 18 años']);
    const adult = await api.post('/empleado/register', another({ fecnac: yearsAgo(18) }));
    expect(adult.status).toBe(201);
  });

  it('on edit leaves the document unchecked and asks only 9 digits of the phone', async () => {
    const { body } = await api.post('/empleado/register', another());
    const id = body.data.id_emp as number;
    const ok = await api.put('/empleado', { ...valid, id, dni: '11111111', telef: '512345678' });
    expect(ok.status).toBe(200);
    expect(ok.body.data.dni_emp).toBe('11111111');
    const bad = await api.put('/empleado', { ...valid, id, dni: '11111111', telef: '5123' });
    expect(bad.body.errors.telef).toEqual(['El teléfono debe tener exactamente 9 dígitos']);
    const under = await api.put('/empleado', {
      ...valid,
      id,
      dni: '11111111',
      fecnac: yearsAgo(17),
    });
    expect(under.body.errors.fecnac).toEqual(['Debe ser mayor de 18 años']);
    expect((await api.put('/empleado', { ...valid, id: 999999 })).status).toBe(404);
  });

  it('keeps the document unique with a 409', async () => {
    const res = await api.post('/empleado/register', valid);
    expect(res.status).toBe(409);
    expect(res.body.errors.dni).toEqual(['Ya existe un empleado con ese documento']);
  });

  it('changes status and hides deleted employees unless asked', async () => {
    const { body } = await api.post('/empleado/register', another());
    const id = body.data.id_emp as number;
    const suspended = await api.patch('/empleado', { id, estado: 2 });
    expect(suspended.body).toMatchObject({
      message: 'Estado de Empleado actualizado correctamente',
      data: { id_est: 2, estado: { nom_est: 'Suspendido' } },
    });
    await api.patch('/empleado', { id, estado: 3 });
    const ids = async (q: string) =>
      (await api.get(`/empleados/${q}`)).body.data.data.map((e: { id_emp: number }) => e.id_emp);
    expect(await ids('')).not.toContain(id);
    expect(await ids('?est=3')).toContain(id);
    expect((await api.patch('/empleado', { id, estado: 1 })).body.data.id_est).toBe(1);
  });

  it('creates a system user from an active employee, once', async () => {
    const { body } = await api.post('/empleado/register', another({ dni: '40675123' }));
    const idEmp = body.data.id_emp as number;
    const user = {
      tdoc: 2,
      doc: '40675123',
      name: 'Rosa Elena',
      surname: 'Huamán Torres',
      email: 'rosa.usuario@groomer.pe',
      login: 'rhuaman',
      password: 'Clave123!',
      password_confirmation: 'Clave123!',
      id_emp: idEmp,
    };
    const created = await api.post('/user/register', user);
    expect(created.status).toBe(201);
    expect(created.body.data.id_emp).toBe(idEmp);
    expect((await api.get(`/empleado/${idEmp}`)).body.data.id_usu).toBe(created.body.data.id);

    const again = await api.post('/user/register', {
      ...user,
      login: 'rhuaman2',
      email: 'otra@groomer.pe',
    });
    expect(again.status).toBe(409);
    expect(again.body.errors.id_emp).toEqual(['El empleado ya tiene un usuario de sistema']);

    const refused = await api.delete(`/empleado/${idEmp}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'No se puede eliminar el empleado: tiene un usuario de sistema o citas registradas',
    );

    const other = await api.post('/empleado/register', another());
    await api.patch('/empleado', { id: other.body.data.id_emp, estado: 2 });
    const inactive = await api.post('/user/register', {
      ...user,
      login: 'rhuaman3',
      email: 'tercera@groomer.pe',
      id_emp: other.body.data.id_emp,
    });
    expect(inactive.status).toBe(422);
    expect(inactive.body.errors.id_emp).toEqual(['El empleado no existe o no está activo']);
    const missing = await api.post('/user/register', {
      ...user,
      login: 'rhuaman4',
      email: 'c@groomer.pe',
      id_emp: 999999,
    });
    expect(missing.body.errors.id_emp).toEqual(['El empleado no existe o no está activo']);
  });

  it('deletes an employee nobody refers to, and answers 404 and 401', async () => {
    const { body } = await api.post('/empleado/register', another());
    const id = body.data.id_emp as number;
    expect((await api.delete(`/empleado/${id}`)).status).toBe(200);
    expect((await api.get(`/empleado/${id}`)).status).toBe(404);
    expect((await api.get(`/empleado/${id}`)).body.message).toBe('Empleado no encontrado');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/empleados/' })).statusCode).toBe(401);
  });
});
