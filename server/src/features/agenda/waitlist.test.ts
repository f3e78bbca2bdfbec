import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  AppointmentStatus,
  WAITLIST_MESSAGES as M,
  type FreedSlot,
  type Notification,
} from '@app/domain';
import { appointments, waitlist } from '../../db/schema';
import {
  addPet,
  createPackage,
  createService,
  limaDay,
  registerGroomer,
  registerOwner,
  type Owner,
} from '../../test/agenda';
import { setupTestApp } from '../../test/app';
import { createAppointmentLink } from '../online-booking';
import { apiClient } from '../../test/http';

const ctx = await setupTestApp();
let api: ReturnType<typeof apiClient>;
let groomerApi: ReturnType<typeof apiClient>;
let bath: number;
let spa: number;
let groomer: number;

beforeAll(async () => {
  api = apiClient(ctx.app, await ctx.signIn());
  groomerApi = apiClient(ctx.app, await ctx.signIn('groomer'));
  bath = await createService(ctx.database.db, 'Baño de espera', '45.00');
  spa = await createPackage(ctx.database.db, 'Spa de espera', '120.00');
  groomer = (await registerGroomer(api, 'Espera')).id_emp;
});

/** A Lima Wednesday (ISO weekday 3) at least `days` ahead. */
function wednesdayAhead(days: number): string {
  for (let ahead = days; ; ahead++) {
    const day = limaDay(ahead);
    if (new Date(`${day}T12:00:00Z`).getUTCDay() === 3) return day;
  }
}

const entry = (owner: Owner, extra: object = {}) => ({
  dni_cli: owner.dni,
  id_perro: owner.petId,
  id_cliente: owner.id_cli,
  id_servicio: bath,
  id_paquete: null,
  dias: [3, 5],
  hora_desde: '09:00',
  hora_hasta: '12:00',
  notas: 'Prefiere por la mañana',
  ...extra,
});

async function addEntry(owner: Owner, extra: object = {}): Promise<number> {
  const res = await api.post('/lista-espera/register', entry(owner, extra));
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body.data.id_esp as number;
}

/** A cita booked for `owner` at `at` (Lima) with the groomer, then freed with `estado`. */
async function freedCita(owner: Owner, at: string, estado: number = AppointmentStatus.Eliminada) {
  const res = await api.post('/cita/register', {
    fec_cita: at,
    dni_cli: owner.dni,
    id_perro: owner.petId,
    id_servicio: bath,
    fech_reg: limaDay(0),
    obs: 'Cita que se liberará',
    id_emp: groomer,
    duracion: 45,
  });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  const id = res.body.data.id_cita as number;
  if (estado !== AppointmentStatus.Programada) {
    const changed = await api.patch('/cita/estado', { cita: id, est: estado });
    if (changed.status !== 200) throw new Error(JSON.stringify(changed.body));
  }
  return id;
}

describe('waitlist registration', () => {
  it('registers a Pendiente entry with the client, pet, item, days and hours', async () => {
    const owner = await registerOwner(api, 'Lucía', 'Canela');
    const res = await api.post('/lista-espera/register', entry(owner, { dias: [5, 3, 5] }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      message: M.registered,
      data: {
        id_cli: owner.id_cli,
        id_perro: owner.petId,
        id_srv: bath,
        id_paq: null,
        dias: [3, 5],
        hora_desde: '09:00',
        hora_hasta: '12:00',
        notas: 'Prefiere por la mañana',
        id_est: 1,
        id_cita: null,
        estado: { id_est: 1, nom_est: 'Pendiente' },
        cliente: { dni_cli: owner.dni, tel1_cli: '987654321' },
        perro: { nom_perro: 'Canela' },
        servicio: { id_srv: bath, nom_srv: 'Baño de espera' },
        paquete: null,
        usuario: { login: 'admin' },
      },
    });
    const withPackage = await api.post(
      '/lista-espera/register',
      entry(owner, { id_servicio: '', id_paquete: spa, notas: undefined }),
    );
    expect(withPackage.body.data).toMatchObject({ id_srv: null, id_paq: spa, notas: '' });
  });

  it.each([
    [{ dias: [] }, 'dias', M.daysRequired],
    [{ dias: undefined }, 'dias', M.daysRequired],
    [{ dias: [8] }, 'dias.0', M.dayInvalid],
    [{ hora_desde: '' }, 'hora_desde', M.fromRequired],
    [{ hora_desde: '9am' }, 'hora_desde', M.timeFormat],
    [{ hora_hasta: '09:00' }, 'hora_hasta', M.order],
    [{ hora_hasta: '08:30' }, 'hora_hasta', M.order],
    [{ id_servicio: null }, 'id_servicio', 'Debe seleccionar un servicio o un paquete.'],
    [{ id_paquete: 1 }, 'id_paquete', 'Seleccione un servicio o un paquete, no ambos.'],
    [{ notas: 'x'.repeat(301) }, 'notas', M.notesMax],
    [{ id_perro: '' }, 'id_perro', 'Debe seleccionar una mascota.'],
  ])('refuses %j with 422 on %s', async (change, field, message) => {
    const owner = await registerOwner(api);
    const res = await api.post('/lista-espera/register', entry(owner, change));
    expect(res.status).toBe(422);
    expect(res.body.errors[field]).toContain(message);
  });

  it('refuses a DNI no client has, another client’s pet and a retired service', async () => {
    const owner = await registerOwner(api);
    const stranger = await registerOwner(api);
    const retired = await createService(ctx.database.db, 'Servicio retirado', '10.00', 2);
    const cases: [object, string, string][] = [
      [{ dni_cli: '40999991' }, 'dni_cli', 'No existe un cliente con ese DNI'],
      [{ id_perro: stranger.petId }, 'id_perro', 'La mascota no pertenece al cliente con ese DNI'],
      [
        { id_servicio: retired },
        'id_servicio',
        'El servicio está suspendido o eliminado: no se puede reservar',
      ],
    ];
    for (const [change, field, message] of cases) {
      const res = await api.post('/lista-espera/register', entry(owner, change));
      expect(res.status).toBe(422);
      expect(res.body.errors[field]).toEqual([message]);
    }
  });

  it('edits and cancels an entry; a status other than Pendiente or Cancelada is refused', async () => {
    const owner = await registerOwner(api);
    const id = await addEntry(owner);
    const edited = await api.put('/lista-espera', {
      ...entry(owner, { dias: [1], hora_desde: '15:00', hora_hasta: '18:00' }),
      id,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ dias: [1], hora_desde: '15:00', hora_hasta: '18:00' });
    const booked = await api.patch('/lista-espera', { id, estado: 2 });
    expect(booked.status).toBe(422);
    expect(booked.body.message).toBe(M.statusInvalid);
    const cancelled = await api.patch('/lista-espera', { id, estado: 3 });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.estado).toEqual({ id_est: 3, nom_est: 'Cancelada' });
  });

  it('lists by client and status', async () => {
    const owner = await registerOwner(api, 'Eduviges', 'Pelusa');
    const pending = await addEntry(owner);
    const cancelled = await addEntry(owner);
    await api.patch('/lista-espera', { id: cancelled, estado: 3 });
    const all = await api.get('/lista-espera/?cli=Eduviges');
    expect(all.body.data.data.map((e: { id_esp: number }) => e.id_esp).sort()).toEqual(
      [pending, cancelled].sort(),
    );
    const onlyPending = await api.get('/lista-espera/?cli=Eduviges&est=1');
    expect(onlyPending.body.data.data.map((e: { id_esp: number }) => e.id_esp)).toEqual([pending]);
  });

  it('lets a groomer read the list but not write to it', async () => {
    const owner = await registerOwner(api);
    expect((await groomerApi.get('/lista-espera/')).status).toBe(200);
    expect((await groomerApi.post('/lista-espera/register', entry(owner))).status).toBe(403);
  });
});

describe('offering a freed cita', () => {
  it('matches pending entries by the Lima weekday and the start within [desde, hasta), oldest first', async () => {
    const day = wednesdayAhead(30);
    const missed = await registerOwner(api, 'Ausente', 'Toby');
    const cita = await freedCita(missed, `${day}T10:00`);

    const first = await addEntry(await registerOwner(api), { dias: [3] });
    await addEntry(await registerOwner(api), { dias: [1, 2, 4, 5, 6, 7] }); // another weekday
    await addEntry(await registerOwner(api), { dias: [3], hora_desde: '10:30' }); // starts later
    await addEntry(await registerOwner(api), {
      dias: [3],
      hora_desde: '08:00',
      hora_hasta: '10:00',
    });
    const cancelled = await addEntry(await registerOwner(api), { dias: [3] });
    await api.patch('/lista-espera', { id: cancelled, estado: 3 });
    await addEntry(missed, { dias: [3] }); // the pet that missed it
    const second = await addEntry(await registerOwner(api), {
      dias: [3, 6],
      hora_desde: '10:00',
      hora_hasta: '10:30',
    });

    const res = await api.get(`/lista-espera/coincidencias?cita=${cita}`);
    expect(res.status).toBe(200);
    const ids = (res.body.data as { id_esp: number }[]).map((e) => e.id_esp);
    // Entries of other tests may fit too; these are the ones of this one, in their order.
    expect(ids.filter((id) => id >= first)).toEqual([first, second]);
  });

  it('offers a No Asistió cita too, and refuses a cita that still takes its time', async () => {
    const day = wednesdayAhead(40);
    const missed = await registerOwner(api);
    const noShow = await freedCita(missed, `${day}T11:00`, AppointmentStatus.NoAsistio);
    const waiting = await addEntry(await registerOwner(api), { dias: [3] });
    const res = await api.get(`/lista-espera/coincidencias?cita=${noShow}`);
    expect(res.body.data.map((e: { id_esp: number }) => e.id_esp)).toContain(waiting);

    const scheduled = await freedCita(missed, `${day}T15:00`, AppointmentStatus.Programada);
    const refused = await api.get(`/lista-espera/coincidencias?cita=${scheduled}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(M.citaNotFreed);
    expect((await api.get('/lista-espera/coincidencias?cita=999999')).status).toBe(404);
    expect((await api.get('/lista-espera/coincidencias?cita=abc')).status).toBe(422);
  });

  it('books the entry into the freed time, groomer and duration and marks it Agendada', async () => {
    const day = wednesdayAhead(50);
    const missed = await registerOwner(api);
    const freed = await freedCita(missed, `${day}T09:30`);
    const owner = await registerOwner(api, 'Paciente', 'Rocky');
    const id_esp = await addEntry(owner, { dias: [3], id_servicio: null, id_paquete: spa });

    const res = await api.post('/lista-espera/agendar', { id_esp, id_cita: freed });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(M.booked);
    const { cita, entrada } = res.body.data;
    expect(cita).toMatchObject({
      fec_cita: `${day}T14:30:00.000Z`,
      id_emp: groomer,
      duracion: 45,
      id_cli: owner.id_cli,
      id_perro: owner.petId,
      id_paq: spa,
      precio: '120.00',
      id_est: AppointmentStatus.Programada,
      obs_perro: 'Prefiere por la mañana',
    });
    expect(entrada).toMatchObject({ id_esp, id_est: 2, id_cita: cita.id_cita });
    expect(entrada.estado.nom_est).toBe('Agendada');

    const audit = await api.get('/auditoria/?entidad=lista_espera');
    expect(audit.body.data.data[0]).toMatchObject({ accion: 'estado', entidad_id: id_esp });

    // Once booked, the entry is neither offered, booked again nor edited.
    const again = await api.post('/lista-espera/agendar', { id_esp, id_cita: freed });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(M.notPending);
    const offered = await api.get(`/lista-espera/coincidencias?cita=${freed}`);
    expect(offered.body.data.map((e: { id_esp: number }) => e.id_esp)).not.toContain(id_esp);
    const edit = await api.put('/lista-espera', { ...entry(owner), id: id_esp });
    expect(edit.status).toBe(409);
    expect(edit.body.message).toBe(M.alreadyBooked);
    expect((await api.patch('/lista-espera', { id: id_esp, estado: 3 })).status).toBe(409);
  });

  it('answers 409 when the slot was taken meanwhile, and changes nothing', async () => {
    const day = wednesdayAhead(60);
    const missed = await registerOwner(api);
    const freed = await freedCita(missed, `${day}T16:00`);
    // Someone books the groomer over the freed time before the offer is taken.
    await freedCita(await registerOwner(api), `${day}T16:15`, AppointmentStatus.Programada);
    const owner = await registerOwner(api);
    const second = await addPet(api, owner, 'Segundo');
    const id_esp = await addEntry(owner, { id_perro: second, dias: [3], hora_hasta: '17:00' });

    const res = await api.post('/lista-espera/agendar', { id_esp, id_cita: freed });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('El groomer ya tiene una cita de 16:15 a 17:00');
    const [stored] = await ctx.database.db
      .select({ id_est: waitlist.id_est, id_cita: waitlist.id_cita })
      .from(waitlist)
      .where(eq(waitlist.id_esp, id_esp));
    expect(stored).toEqual({ id_est: 1, id_cita: null });
    const petCitas = await ctx.database.db
      .select({ id: appointments.id_cita })
      .from(appointments)
      .where(eq(appointments.id_perro, second));
    expect(petCitas).toEqual([]);
  });

  it('refuses a cita that is not free, an unknown entry and a groomer’s attempt', async () => {
    const day = wednesdayAhead(70);
    const missed = await registerOwner(api);
    const scheduled = await freedCita(missed, `${day}T12:00`, AppointmentStatus.Programada);
    const id_esp = await addEntry(await registerOwner(api), { dias: [3] });
    const busy = await api.post('/lista-espera/agendar', { id_esp, id_cita: scheduled });
    expect(busy.status).toBe(409);
    expect(busy.body.message).toBe(M.citaNotFreed);
    const unknown = await api.post('/lista-espera/agendar', { id_esp: 999999, id_cita: scheduled });
    expect(unknown.status).toBe(404);
    const denied = await groomerApi.post('/lista-espera/agendar', { id_esp, id_cita: scheduled });
    expect(denied.status).toBe(403);
  });
});

describe('times clients freed themselves', () => {
  /** The client's own cancellation, from the personal link of their reminder. */
  async function cancelByLink(cita: number) {
    const token = await ctx.database.db.transaction((tx) =>
      createAppointmentLink(tx, cita, new Date(Date.now() + 120 * 86_400_000)),
    );
    const res = await ctx.app.inject({ method: 'POST', url: `/api/public/cita/${token}/cancelar` });
    if (res.statusCode !== 200) throw new Error(res.body);
  }

  const freedSlots = async (): Promise<FreedSlot[]> =>
    (await api.get('/lista-espera/espacios-liberados')).body.data;

  const bellItem = async () =>
    ((await api.get('/notificaciones')).body.data.items as Notification[]).find(
      (item) => item.tipo === 'espacios_liberados',
    );

  it('lists a cita its client cancelled, with who could take it, and rings the bell until it is booked from the waitlist', async () => {
    const day = wednesdayAhead(80);
    const owner = await registerOwner(api, 'Cancela', 'Luna');
    const cita = await freedCita(owner, `${day}T10:00`, AppointmentStatus.Programada);
    const waiting = await addEntry(await registerOwner(api), { dias: [3] });
    // A cita the salon cancels itself is offered on the spot, not listed.
    const bySalon = await freedCita(owner, `${day}T16:00`);

    await cancelByLink(cita);
    const slots = await freedSlots();
    expect(slots.find((slot) => slot.id_cita === cita)).toMatchObject({
      fec_cita: `${day}T15:00:00.000Z`,
      duracion: 45,
      canal: 'enlace',
      cliente: 'Cancela Huamán Torres',
      perro: 'Luna',
      groomer: expect.stringContaining('Espera'),
    });
    expect(slots.find((slot) => slot.id_cita === cita)?.interesados).toBeGreaterThanOrEqual(1);
    expect(slots.map((slot) => slot.id_cita)).not.toContain(bySalon);
    const bell = await bellItem();
    expect(bell).toMatchObject({ enlace: '/lista-espera' });
    expect(bell?.cantidad).toBeGreaterThanOrEqual(1);

    const booked = await api.post('/lista-espera/agendar', { id_esp: waiting, id_cita: cita });
    expect(booked.status).toBe(201);
    expect((await freedSlots()).map((slot) => slot.id_cita)).not.toContain(cita);
  });

  it('dismisses a freed time once, for the desk only; a later cancel after a restore lists it again', async () => {
    const day = wednesdayAhead(90);
    const owner = await registerOwner(api, 'Descarta', 'Max');
    const cita = await freedCita(owner, `${day}T11:00`, AppointmentStatus.Programada);
    await cancelByLink(cita);
    const path = `/lista-espera/espacios-liberados/${cita}/descartar`;

    expect((await groomerApi.post(path, {})).status).toBe(403);
    const dismissed = await api.post(path, {});
    expect(dismissed.status).toBe(200);
    expect(dismissed.body.message).toBe(M.dismissed);
    expect((await freedSlots()).map((slot) => slot.id_cita)).not.toContain(cita);
    const again = await api.post(path, {});
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(M.freedNotFound);
    expect((await api.post('/lista-espera/espacios-liberados/abc/descartar', {})).status).toBe(422);
    const audit = await api.get(`/auditoria/?entidad=cita`);
    expect(audit.body.data.data[0]).toMatchObject({ accion: 'editar', entidad_id: cita });

    // Brought back and cancelled by the client again: its time is to offer again.
    const restored = await api.patch('/cita/estado', {
      cita,
      est: AppointmentStatus.Programada,
    });
    expect(restored.status).toBe(200);
    await cancelByLink(cita);
    expect((await freedSlots()).map((slot) => slot.id_cita)).toContain(cita);
  });
});
