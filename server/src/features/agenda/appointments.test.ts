import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  APPOINTMENT_MESSAGES,
  APPOINTMENT_STATUSES,
  APPOINTMENT_TRANSITIONS,
  AppointmentStatus,
  BOOKING_TOO_FAR,
  latestBookingDay,
} from '@app/domain';
import { appointments, auditEntries, services } from '../../db/schema';
import {
  createPackage,
  createService,
  limaDay,
  registerGroomer,
  registerOwner,
  setServicePrice,
  type Owner,
} from '../../test/agenda';
import { setupTestApp } from '../../test/app';
import { csvRows, download } from '../../test/files';
import { apiClient } from '../../test/http';

const ctx = await setupTestApp();
let token: string;
let api: ReturnType<typeof apiClient>;
let recepcion: ReturnType<typeof apiClient>;
let owner: Owner;
let other: Owner;
let bath: number;
let cut: number;
let spa: number;

beforeAll(async () => {
  token = await ctx.signIn();
  api = apiClient(ctx.app, token);
  recepcion = apiClient(ctx.app, await ctx.signIn('recepcion'));
  owner = await registerOwner(api, 'Rosa', 'Firulais');
  other = await registerOwner(api, 'Carlos', 'Bobby');
  bath = await createService(ctx.database.db, 'Baño completo', '45.00');
  cut = await createService(ctx.database.db, 'Corte de pelo', '60.50');
  spa = await createPackage(ctx.database.db, 'Paquete Spa', '120.00');
});

const payload = (o: Owner, extra: object = {}) => ({
  fec_cita: `${limaDay(2)}T10:30`,
  dni_cli: o.dni,
  id_perro: o.petId,
  id_cliente: o.id_cli,
  id_servicio: bath,
  id_paquete: '',
  fech_reg: limaDay(0),
  obs: 'Tiene la piel sensible, usar champú hipoalergénico',
  ...extra,
});

describe('appointments', () => {
  it('registers a Programada appointment with its service, price and registering user', async () => {
    const res = await recepcion.post('/cita/register', payload(owner));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'success',
      message: '¡Cita registrada exitosamente!',
      data: {
        id_srv: bath,
        id_paq: null,
        precio: '45.00',
        fech_reg: limaDay(0),
        obs_perro: 'Tiene la piel sensible, usar champú hipoalergénico',
        id_est: 9,
        cliente: { dni_cli: owner.dni, nom_cli: 'Rosa', ape_cli: 'Huamán Torres' },
        perro: { nom_perro: 'Firulais' },
        estado: { id_est: 9, nom_est: 'Programada' },
        servicio: { id_srv: bath, nom_srv: 'Baño completo' },
        paquete: null,
        usuario: { id: 2, login: 'recepcion' },
      },
    });
    // 10:30 in Lima is 15:30 UTC.
    expect(res.body.data.fec_cita).toBe(`${limaDay(2)}T15:30:00.000Z`);
    const read = await api.get(`/cita/${res.body.data.id_cita}`);
    expect(read.body.data).toEqual(res.body.data);
  });

  it('registers one with a package, keeping the package’s price', async () => {
    const res = await api.post(
      '/cita/register',
      payload(owner, { id_servicio: null, id_paquete: spa }),
    );
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      id_srv: null,
      id_paq: spa,
      precio: '120.00',
      servicio: null,
      paquete: { id_paq: spa, nom_paq: 'Paquete Spa' },
      usuario: { login: 'admin' },
    });
  });

  it('accepts a date and time with its zone', async () => {
    const res = await api.post(
      '/cita/register',
      payload(owner, { fec_cita: `${limaDay(40)}T14:00:00Z` }),
    );
    expect(res.body.data.fec_cita).toBe(`${limaDay(40)}T14:00:00.000Z`);
  });

  it('refuses a date more than two years ahead, on register, edit and move', async () => {
    const tooFar = `${latestBookingDay(limaDay(1))}T10:00`;
    const registered = await api.post('/cita/register', payload(owner, { fec_cita: tooFar }));
    expect(registered.status).toBe(422);
    expect(registered.body.errors.fec_cita).toEqual([BOOKING_TOO_FAR]);
    const lastDay = await api.post(
      '/cita/register',
      payload(owner, { fec_cita: `${latestBookingDay()}T10:00` }),
    );
    expect(lastDay.status).toBe(201);
    const id = lastDay.body.data.id_cita as number;
    const edited = await api.put('/cita', { id, ...payload(owner, { fec_cita: tooFar }) });
    expect(edited.status).toBe(422);
    expect(edited.body.errors.fec_cita).toEqual([BOOKING_TOO_FAR]);
    const moved = await api.patch('/cita/mover', {
      id,
      fec_cita: tooFar,
      id_emp: null,
      duracion: 60,
    });
    expect(moved.status).toBe(422);
    expect(moved.body.errors.fec_cita).toEqual([BOOKING_TOO_FAR]);
  });

  it.each([
    [{ fec_cita: '' }, 'fec_cita', 'La fecha de cita es requerida'],
    [{ fec_cita: 'mañana' }, 'fec_cita', 'La fecha de cita no es válida'],
    [{ fec_cita: '2030-02-30T10:00' }, 'fec_cita', 'La fecha de cita no es válida'],
    [{ dni_cli: '' }, 'dni_cli', 'El DNI es requerido'],
    [{ dni_cli: '4587a236' }, 'dni_cli', 'El DNI solo debe contener números'],
    [{ dni_cli: '458712361' }, 'dni_cli', 'El DNI debe tener 8 dígitos'],
    [{ id_perro: '' }, 'id_perro', 'Debe seleccionar una mascota.'],
    [
      { id_servicio: '', id_paquete: '' },
      'id_servicio',
      'Debe seleccionar un servicio o un paquete.',
    ],
    [
      { id_servicio: null, id_paquete: null },
      'id_servicio',
      'Debe seleccionar un servicio o un paquete.',
    ],
    [{ id_paquete: 1 }, 'id_paquete', 'Seleccione un servicio o un paquete, no ambos.'],
    [{ fech_reg: '' }, 'fech_reg', 'La fecha de registro es requerida'],
    [
      { fech_reg: limaDay(1) },
      'fech_reg',
      'La fecha de registro no puede ser mayor a la fecha actual',
    ],
    [{ fech_reg: '2025-13-01' }, 'fech_reg', 'La fecha de registro no es válida'],
    [
      { fech_reg: '0000-01-01' },
      'fech_reg',
      'La fecha de registro no puede ser anterior al 01/01/2000',
    ],
    [
      { fech_reg: '0001-01-01' },
      'fech_reg',
      'La fecha de registro no puede ser anterior al 01/01/2000',
    ],
    [
      { fech_reg: '1999-12-31' },
      'fech_reg',
      'La fecha de registro no puede ser anterior al 01/01/2000',
    ],
    [{ obs: 42 }, 'obs', 'Las observaciones deben ser un texto'],
    [{ obs: 'a'.repeat(501) }, 'obs', 'Las observaciones no pueden exceder los 500 caracteres'],
  ])('refuses %j with "%s: %s"', async (change, field, message) => {
    const res = await api.post('/cita/register', payload(owner, change));
    expect(res.status).toBe(422);
    expect(res.body.errors[field]).toEqual([message]);
  });

  it('books without observations (issue 30 §2); an edit without them keeps the stored ones', async () => {
    const empty = await recepcion.post('/cita/register', payload(owner, { obs: '  ' }));
    expect(empty.status).toBe(201);
    expect(empty.body.data.obs_perro).toBe('');
    const { obs: _left, ...withoutObs } = payload(owner);
    const absent = await recepcion.post('/cita/register', withoutObs);
    expect(absent.status).toBe(201);
    expect(absent.body.data.obs_perro).toBe('');
    const nulled = await recepcion.post('/cita/register', payload(owner, { obs: null }));
    expect(nulled.body.data.obs_perro).toBe('');

    const id = absent.body.data.id_cita as number;
    const noted = await api.put('/cita', { ...payload(owner), id, obs: 'Llega con bozal' });
    expect(noted.body.data.obs_perro).toBe('Llega con bozal');
    const kept = await api.put('/cita', { ...withoutObs, id });
    expect(kept.status).toBe(200);
    expect(kept.body.data.obs_perro).toBe('Llega con bozal');
    const cleared = await api.put('/cita', { ...payload(owner), id, obs: '' });
    expect(cleared.body.data.obs_perro).toBe('');
  });

  it('accepts 500 characters of observations and a registration day in the past', async () => {
    const res = await api.post(
      '/cita/register',
      payload(owner, { obs: 'a'.repeat(500), fech_reg: limaDay(-10) }),
    );
    expect(res.status).toBe(201);
    const earliest = await api.post('/cita/register', payload(owner, { fech_reg: '2000-01-01' }));
    expect(earliest.status).toBe(201);
    expect(earliest.body.data.fech_reg).toBe('2000-01-01');
  });

  it('refuses to book a pet of another client, or anything suspended or deleted', async () => {
    const foreign = await api.post('/cita/register', payload(owner, { id_perro: other.petId }));
    expect(foreign.body.errors.id_perro).toEqual([
      'La mascota no pertenece al cliente con ese DNI',
    ]);
    const unknown = await api.post('/cita/register', payload({ ...owner, dni: '40999991' }));
    expect(unknown.body.errors.dni_cli).toEqual(['No existe un cliente con ese DNI']);

    const retired = await createService(ctx.database.db, 'Corte antiguo', '30.00', 2);
    const suspendedService = await api.post(
      '/cita/register',
      payload(owner, { id_servicio: retired }),
    );
    expect(suspendedService.status).toBe(422);
    expect(suspendedService.body.errors.id_servicio).toEqual([
      'El servicio está suspendido o eliminado: no se puede reservar',
    ]);
    const missingService = await api.post(
      '/cita/register',
      payload(owner, { id_servicio: 999_999 }),
    );
    expect(missingService.body.errors.id_servicio).toEqual(['El servicio no existe']);

    const deletedPack = await createPackage(ctx.database.db, 'Paquete viejo', '90.00', 3);
    const deleted = await api.post(
      '/cita/register',
      payload(owner, { id_servicio: null, id_paquete: deletedPack }),
    );
    expect(deleted.body.errors.id_paquete).toEqual([
      'El paquete está suspendido o eliminado: no se puede reservar',
    ]);
    const missingPack = await api.post(
      '/cita/register',
      payload(owner, { id_servicio: null, id_paquete: 999_999 }),
    );
    expect(missingPack.body.errors.id_paquete).toEqual(['El paquete no existe']);

    const client = await registerOwner(api, 'Lucía', 'Toby');
    await api.patch('/cliente', { id: client.id_cli, estado: 2 });
    const suspendedClient = await api.post('/cita/register', payload(client));
    expect(suspendedClient.body.errors.dni_cli).toEqual([
      'El cliente está suspendido o eliminado: no se le pueden registrar reservas ni citas',
    ]);
    await api.patch('/cliente', { id: client.id_cli, estado: 1 });
    await api.patch('/mascota', { id: client.petId, estado: 2 });
    const suspendedPet = await api.post('/cita/register', payload(client));
    expect(suspendedPet.body.errors.id_perro).toEqual([
      'La mascota está suspendida o eliminada: no se le pueden registrar reservas ni citas',
    ]);
  });

  it('keeps the booked price after the service’s price changes, and copies a new item’s price', async () => {
    const created = await api.post('/cita/register', payload(owner, { id_servicio: cut }));
    const id = created.body.data.id_cita as number;
    expect(created.body.data.precio).toBe('60.50');
    await setServicePrice(ctx.database.db, cut, '75.00');

    expect((await api.get(`/cita/${id}`)).body.data.precio).toBe('60.50');
    const edited = await api.put('/cita', {
      ...payload(owner, { id_servicio: cut }),
      id,
      obs: 'Otra nota',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      message: '¡Cita actualizada exitosamente!',
      data: { precio: '60.50', obs_perro: 'Otra nota' },
    });
    const toPackage = await api.put('/cita', {
      ...payload(owner, { id_servicio: null, id_paquete: spa }),
      id,
    });
    expect(toPackage.body.data).toMatchObject({ id_srv: null, id_paq: spa, precio: '120.00' });
    const back = await api.put('/cita', { ...payload(owner, { id_servicio: cut }), id });
    expect(back.body.data.precio).toBe('75.00');
  });

  it('edits date, pet and observations, keeping who registered it; a retired item may stay', async () => {
    const created = await recepcion.post('/cita/register', payload(owner));
    const id = created.body.data.id_cita as number;
    const edited = await api.put('/cita', {
      ...payload(other),
      id,
      fec_cita: `${limaDay(4)}T16:00`,
      obs: 'Cambio de dueño',
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({
      fec_cita: `${limaDay(4)}T21:00:00.000Z`,
      cliente: { dni_cli: other.dni },
      perro: { nom_perro: 'Bobby' },
      usuario: { login: 'recepcion' },
    });

    const temporary = await createService(ctx.database.db, 'Corte temporal', '20.00');
    await api.put('/cita', { ...payload(other, { id_servicio: temporary }), id });
    await ctx.database.db.update(services).set({ id_est: 2 }).where(eq(services.id_srv, temporary));
    const kept = await api.put('/cita', {
      ...payload(other, { id_servicio: temporary }),
      id,
      obs: 'Sigue',
    });
    expect(kept.status).toBe(200);
    expect(kept.body.data.servicio).toEqual({
      id_srv: temporary,
      nom_srv: 'Corte temporal',
      id_est: 2,
    });
    expect(kept.body.data.cliente.id_est).toBe(1);
    expect(kept.body.data.perro.id_est).toBe(1);
    const wrong = await api.put('/cita', {
      ...payload(other),
      id,
      id_servicio: null,
      id_paquete: null,
    });
    expect(wrong.body.errors.id_servicio).toEqual(['Debe seleccionar un servicio o un paquete.']);
    expect((await api.put('/cita', { ...payload(other), id: 999_999 })).status).toBe(404);
  });

  it('changes status along the transitions table with PATCH /cita/estado, and nothing else', async () => {
    const id = (await api.post('/cita/register', payload(owner))).body.data.id_cita as number;
    for (const [est, name] of [
      [5, 'En Proceso'],
      [9, 'Programada'],
      [5, 'En Proceso'],
      [6, 'Completada'],
      [9, 'Programada'],
      [4, 'No Asistió'],
      [9, 'Programada'],
      [8, 'Eliminada'],
      [9, 'Programada'],
      [6, 'Completada'],
      [9, 'Programada'],
    ] as const) {
      const res = await api.patch('/cita/estado', { cita: id, est });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        message: 'Se cambió el estado de la Cita correctamente',
        data: {
          id_cita: id,
          id_est: est,
          estado: { id_est: est, nom_est: name },
          motivo_cancelacion: null,
        },
      });
    }
    const wrong = await api.patch('/cita/estado', { cita: id, est: 1 });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.est).toEqual(['Estado de cita inválido']);
    expect((await api.patch('/cita/estado', { cita: 999_999, est: 5 })).status).toBe(404);
    expect((await api.patch('/cita/estado', { id, est: 5 })).status).toBe(422);
  });

  it('lets a groomer start and complete a visit, and only the desk set any other status', async () => {
    const groomer = apiClient(ctx.app, await ctx.signIn('groomer'));
    const id = (await recepcion.post('/cita/register', payload(owner))).body.data.id_cita as number;
    const forbidden = { status: 'error', message: 'No tiene permiso para realizar esta acción' };
    for (const est of [5, 6]) {
      const res = await groomer.patch('/cita/estado', { cita: id, est });
      expect(res.status, String(est)).toBe(200);
      expect(res.body.data.id_est).toBe(est);
    }
    for (const [est, body] of [
      [4, {}],
      [8, {}],
      [9, {}],
      [11, { motivo: 'El cliente llamó' }],
    ] as const) {
      const res = await groomer.patch('/cita/estado', { cita: id, est, ...body });
      expect(res, String(est)).toEqual({ status: 403, body: forbidden });
    }
    // Refused before anything is read: the appointment is still Completada.
    expect((await api.get(`/cita/${id}`)).body.data.id_est).toBe(6);
    for (const est of [9, 4, 9, 8, 9, 5, 6]) {
      expect((await recepcion.patch('/cita/estado', { cita: id, est })).status, String(est)).toBe(
        200,
      );
    }
    // A groomer reads the agenda but books nothing, and sees no price (issue 30 §5).
    const seen = await groomer.get(`/cita/${id}`);
    expect(seen.status).toBe(200);
    expect(seen.body.data).not.toHaveProperty('precio');
    expect((await recepcion.get(`/cita/${id}`)).body.data.precio).toBe('45.00');
    const next = await recepcion.post(
      '/cita/register',
      payload(owner, { fec_cita: `${limaDay(2)}T16:00` }),
    );
    const started = await groomer.patch('/cita/estado', { cita: next.body.data.id_cita, est: 5 });
    expect(started.status).toBe(200);
    expect(started.body.data).not.toHaveProperty('precio');
    const list = await groomer.get(`/citas/?desde=${limaDay(2)}&hasta=${limaDay(2)}`);
    expect(list.body.data.data.length).toBeGreaterThan(0);
    for (const row of list.body.data.data) expect(row).not.toHaveProperty('precio');
    const file = await download(ctx.app, await ctx.signIn('groomer'), '/citas/export?formato=csv');
    expect(file.statusCode).toBe(200);
    const header = csvRows(file.rawPayload)[0];
    expect(header).toContain('Cliente');
    expect(header).not.toContain('Precio (S/.)');
    expect(await groomer.post('/cita/register', payload(owner))).toEqual({
      status: 403,
      body: forbidden,
    });
  });

  it('refuses with a 409 every change the transitions table does not allow, changing nothing', async () => {
    const id = (await api.post('/cita/register', payload(owner))).body.data.id_cita as number;
    const statusChanges = async () =>
      (
        await ctx.database.db
          .select({ id: auditEntries.id })
          .from(auditEntries)
          .where(
            and(
              eq(auditEntries.entidad, 'cita'),
              eq(auditEntries.accion, 'estado'),
              eq(auditEntries.entidad_id, id),
            ),
          )
      ).length;
    const ids = APPOINTMENT_STATUSES.map((s) => s.id_est);
    let refusals = 0;
    for (const from of ids) {
      // The cita is put in `from` directly: the walk through the API is the test above.
      await ctx.database.db
        .update(appointments)
        .set({ id_est: from })
        .where(eq(appointments.id_cita, id));
      const before = (await api.get(`/cita/${id}`)).body.data;
      const audited = await statusChanges();
      for (const to of ids.filter((to) => !APPOINTMENT_TRANSITIONS[from].includes(to))) {
        const res = await api.patch('/cita/estado', { cita: id, est: to, motivo: 'Un motivo' });
        expect(res.status, `${from} → ${to}`).toBe(409);
        expect(res.body.status).toBe('error');
        refusals++;
      }
      expect((await api.get(`/cita/${id}`)).body.data).toEqual(before);
      expect(await statusChanges()).toBe(audited);
    }
    // 7 statuses: of their 49 pairs the table allows 13 (none to the status a cita has, and
    // none from Por confirmar: its answer is the online requests' own).
    expect(refusals).toBe(49 - 13);

    await ctx.database.db
      .update(appointments)
      .set({ id_est: AppointmentStatus.Completada })
      .where(eq(appointments.id_cita, id));
    for (const [est, message] of [
      [AppointmentStatus.EnProceso, 'No se puede cambiar una cita Completada a En Proceso'],
      [AppointmentStatus.NoAsistio, 'No se puede cambiar una cita Completada a No Asistió'],
      [AppointmentStatus.Completada, 'La cita ya está Completada'],
    ] as const) {
      expect(await api.patch('/cita/estado', { cita: id, est })).toEqual({
        status: 409,
        body: { status: 'error', message },
      });
    }
  });

  it('cancels a cita only with a reason, keeps it, shows it and audits it', async () => {
    const { id_emp } = await registerGroomer(api, 'Marisol');
    const at = `${limaDay(3)}T11:00`;
    const book = (o: Owner) =>
      recepcion.post('/cita/register', payload(o, { fec_cita: at, id_emp }));
    const id = (await book(owner)).body.data.id_cita as number;
    const before = (await api.get(`/cita/${id}`)).body.data;
    expect(before.motivo_cancelacion).toBeNull();

    const tooLong = 'x'.repeat(201);
    for (const [body, message] of [
      [{}, APPOINTMENT_MESSAGES.cancelReasonRequired],
      [{ motivo: null }, APPOINTMENT_MESSAGES.cancelReasonRequired],
      [{ motivo: '   ' }, APPOINTMENT_MESSAGES.cancelReasonRequired],
      [{ motivo: 12 }, APPOINTMENT_MESSAGES.cancelReasonRequired],
      [{ motivo: tooLong }, 'El motivo de la cancelación no puede exceder los 200 caracteres'],
    ] as const) {
      const res = await recepcion.patch('/cita/estado', { cita: id, est: 11, ...body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors.motivo).toEqual([message]);
    }
    expect(APPOINTMENT_MESSAGES.cancelReasonRequired).toBe(
      'El motivo de la cancelación es requerido',
    );
    expect((await api.get(`/cita/${id}`)).body.data).toEqual(before);

    const reason = '  El cliente viajó de improviso; reprogramará la próxima semana  ';
    const cancelled = await recepcion.patch('/cita/estado', { cita: id, est: 11, motivo: reason });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({
      message: 'Se cambió el estado de la Cita correctamente',
      data: {
        id_est: 11,
        estado: { id_est: 11, nom_est: 'Cancelada' },
        motivo_cancelacion: reason.trim(),
      },
    });
    expect((await api.get(`/cita/${id}`)).body.data).toEqual(cancelled.body.data);
    const listed = await api.get(`/citas/?cli=${owner.dni}&est=11`);
    // The list's row says too whether a consent is missing (none is asked here).
    expect(listed.body.data.data).toEqual([{ ...cancelled.body.data, sin_firmar: false }]);
    // Shown without asking: a cancellation is not a soft delete.
    const all = (await api.get(`/citas/?cli=${owner.dni}`)).body.data.data as { id_cita: number }[];
    expect(all.map((c) => c.id_cita)).toContain(id);
    const file = await download(
      ctx.app,
      token,
      `/citas/export?formato=csv&cli=${owner.dni}&est=11`,
    );
    const cells = csvRows(file.rawPayload).flat();
    expect(cells).toContain('Motivo de cancelación');
    expect(cells).toContain(reason.trim());

    const log = await api.get(`/auditoria/?entidad=cita&accion=estado`);
    const entry = (log.body.data.data as { entidad_id: number; cambios: unknown }[]).find(
      (e) => e.entidad_id === id,
    );
    expect(entry?.cambios).toMatchObject({
      id_est: { antes: 9, despues: 11 },
      motivo_cancelacion: { antes: null, despues: reason.trim() },
    });

    // Its time is free: another visit takes it, and the waitlist is offered it.
    const waiting = await registerOwner(api, 'Eulalia', 'Pelusa');
    const entryRes = await api.post('/lista-espera/register', {
      dni_cli: waiting.dni,
      id_perro: waiting.petId,
      id_cliente: waiting.id_cli,
      id_servicio: bath,
      id_paquete: null,
      dias: [1, 2, 3, 4, 5, 6, 7],
      hora_desde: '08:00',
      hora_hasta: '20:00',
      notas: 'Cualquier hora',
    });
    expect(entryRes.status).toBe(201);
    const offered = await api.get(`/lista-espera/coincidencias?cita=${id}`);
    expect(offered.status).toBe(200);
    expect(offered.body.data.map((e: { id_esp: number }) => e.id_esp)).toContain(
      entryRes.body.data.id_esp,
    );
    const taken = await book(other);
    expect(taken.status).toBe(201);
    const back = await recepcion.patch('/cita/estado', { cita: id, est: 9 });
    expect(back.status).toBe(409);
    expect(back.body.message).toBe('El groomer ya tiene una cita de 11:00 a 12:00');
    expect((await api.get(`/cita/${id}`)).body.data.motivo_cancelacion).toBe(reason.trim());

    // Brought back once the time is free again: Programada, without the reason.
    await recepcion.patch('/cita/estado', {
      cita: taken.body.data.id_cita,
      est: 11,
      motivo: 'Se adelantó a otra fecha',
    });
    const revived = await recepcion.patch('/cita/estado', { cita: id, est: 9 });
    expect(revived.status).toBe(200);
    expect(revived.body.data).toMatchObject({ id_est: 9, motivo_cancelacion: null });
    // A cancelled cita does not move on the calendar until it is Programada again.
    const moved = await recepcion.patch('/cita/mover', {
      id: taken.body.data.id_cita,
      fec_cita: `${limaDay(3)}T15:00`,
      id_emp,
      duracion: 60,
    });
    expect(moved).toEqual({
      status: 409,
      body: { status: 'error', message: APPOINTMENT_MESSAGES.cancelledNotMovable },
    });
  });

  it('takes the spec’s {cita, est} for every other status and ignores a reason sent with it', async () => {
    const id = (await api.post('/cita/register', payload(owner))).body.data.id_cita as number;
    const started = await api.patch('/cita/estado', { cita: id, est: 5, motivo: 'Sin sentido' });
    expect(started.status).toBe(200);
    expect(started.body.data).toMatchObject({ id_est: 5, motivo_cancelacion: null });
    const raw = await api.raw('PATCH', '/cita/estado', { cita: String(id), est: '6' });
    expect(raw.status).toBe(200);
    expect(raw.body.data.id_est).toBe(6);
  });

  it('filters by client, pet, user, status and registration days; hides Eliminada unless asked', async () => {
    const mine = await registerOwner(api, 'Gertrudis', 'Zeus');
    const id = (await recepcion.post('/cita/register', payload(mine))).body.data.id_cita as number;
    const ids = async (query: string) =>
      ((await api.get(`/citas/?${query}`)).body.data.data as { id_cita: number }[]).map(
        (r) => r.id_cita,
      );
    expect(await ids('cli=gertrudis')).toEqual([id]);
    expect(await ids(`cli=${mine.dni}`)).toEqual([id]);
    expect(await ids('pe=zeus')).toEqual([id]);
    expect(await ids('pe=zeus&cli=rosa')).toEqual([]);
    expect(await ids('cli=gertrudis&usu=recepcion')).toEqual([id]);
    expect(await ids('cli=gertrudis&usu=admin')).toEqual([]);
    expect(await ids('cli=gertrudis&est=9')).toEqual([id]);
    expect(await ids('cli=gertrudis&est=5')).toEqual([]);
    const today = limaDay(0);
    expect(await ids(`cli=gertrudis&ficial=${today}&final=${today}`)).toEqual([id]);
    expect(await ids('cli=gertrudis&ficial=2020-01-01&final=2020-01-31')).toEqual([]);

    await api.patch('/cita/estado', { cita: id, est: 8 });
    expect(await ids('cli=gertrudis')).toEqual([]);
    expect(await ids('cli=gertrudis&est=8')).toEqual([id]);

    const page = await api.get('/citas/?per_page=2');
    expect(page.body.data).toMatchObject({ current_page: 1, per_page: 2 });
    const next = await api.get(`/citas/?per_page=2&after=${page.body.data.next_cursor}`);
    const second = await api.get('/citas/?per_page=2&page=2');
    expect(next.body.data.data).toEqual(second.body.data.data);
  });

  it('filters by the visit’s own days, Lima days with both ends included', async () => {
    const mine = await registerOwner(api, 'Hermelinda', 'Kira');
    const book = async (at: string) =>
      (await api.post('/cita/register', payload(mine, { fec_cita: at }))).body.data
        .id_cita as number;
    // The last minutes of a Lima day are the next day in UTC.
    const late = await book(`${limaDay(4)}T23:30`);
    const early = await book(`${limaDay(5)}T08:00`);
    const ids = async (query: string) =>
      ((await api.get(`/citas/?cli=hermelinda&${query}`)).body.data.data as { id_cita: number }[])
        .map((r) => r.id_cita)
        .sort((a, b) => a - b);
    expect(await ids(`desde=${limaDay(4)}&hasta=${limaDay(4)}`)).toEqual([late]);
    expect(await ids(`desde=${limaDay(5)}&hasta=${limaDay(5)}`)).toEqual([early]);
    expect(await ids(`desde=${limaDay(4)}&hasta=${limaDay(5)}`)).toEqual([late, early]);
    expect(await ids(`desde=${limaDay(5)}`)).toEqual([early]);
    expect(await ids(`hasta=${limaDay(4)}`)).toEqual([late]);
    expect(await ids(`desde=${limaDay(6)}`)).toEqual([]);
    // Beside the registration days, which are today's.
    expect(await ids(`desde=${limaDay(4)}&ficial=${limaDay(0)}`)).toEqual([late, early]);
    expect(await ids(`desde=${limaDay(4)}&final=${limaDay(-1)}`)).toEqual([]);
    // The export selects the same visits.
    const file = await download(
      ctx.app,
      token,
      `/citas/export?formato=csv&cli=hermelinda&desde=${limaDay(5)}`,
    );
    expect(csvRows(file.rawPayload)).toHaveLength(2);

    const reversed = await api.get(`/citas/?desde=${limaDay(5)}&hasta=${limaDay(4)}`);
    expect(reversed.status).toBe(422);
    expect(reversed.body.errors.desde).toEqual([
      'La fecha inicial no puede ser mayor a la fecha final',
    ]);
    const malformed = await api.get('/citas/?desde=mañana');
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors.desde).toEqual(['La fecha debe tener el formato AAAA-MM-DD']);
  });

  it('answers 401 without a credential, 404 for a missing one and 422 for a malformed body', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/citas/' })).statusCode).toBe(401);
    expect((await api.get('/cita/999999')).status).toBe(404);
    const malformed = await api.raw('POST', '/cita/register', { json: '[1]' });
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors.json).toBeDefined();
  });
});
