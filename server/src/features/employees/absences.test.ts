import { beforeAll, describe, expect, it } from 'vitest';
import {
  ABSENCE_MESSAGES,
  AppointmentStatus,
  DEFAULT_OPENING_HOURS,
  ONLINE_BOOKING_MESSAGES,
  OPENING_HOURS_MESSAGES,
  type AgendaAbsence,
  type AgendaColumn,
  type AgendaEntry,
} from '@app/domain';
import {
  createService,
  limaDay,
  registerGroomer,
  registerOwner,
  type Owner,
} from '../../test/agenda';
import { setupTestApp } from '../../test/app';
import { apiClient } from '../../test/http';

/*
 * A groomer's time off (DESIGN §11.4): kept under Empleados, greyed on the calendar, and no
 * visit booked or moved into it, whichever path places it.
 */

const ctx = await setupTestApp();
let admin: ReturnType<typeof apiClient>;
let recepcion: ReturnType<typeof apiClient>;
let owner: Owner;
let bath: number;
let ana: number;
let luis: number;

beforeAll(async () => {
  admin = apiClient(ctx.app, await ctx.signIn());
  recepcion = apiClient(ctx.app, await ctx.signIn('recepcion'));
  owner = await registerOwner(admin, 'Rosa', 'Firulais');
  bath = await createService(ctx.database.db, 'Baño completo', '45.00');
  ana = (await registerGroomer(admin, 'Ana')).id_emp;
  luis = (await registerGroomer(admin, 'Luis')).id_emp;
});

let dayOffset = 5;
/** A day of its own for each test: their visits and time off never meet. */
const freshDay = () => limaDay(dayOffset++);

const book = (day: string, time: string, extra: object = {}) =>
  recepcion.post('/cita/register', {
    fec_cita: `${day}T${time}`,
    dni_cli: owner.dni,
    id_perro: owner.petId,
    id_servicio: bath,
    fech_reg: limaDay(0),
    obs: 'Sin observaciones',
    id_emp: ana,
    duracion: 60,
    ...extra,
  });

async function booked(day: string, time: string, extra: object = {}) {
  const res = await book(day, time, extra);
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body.data as { id_cita: number };
}

const move = (id: number, at: string, id_emp: number | null, duracion = 60) =>
  recepcion.patch('/cita/mover', { id, fec_cita: at, id_emp, duracion });

/** Time off of `id_emp` from `from` to `to` (Lima `YYYY-MM-DDTHH:mm`), created by the admin. */
async function away(id_emp: number, from: string, to: string, motivo = 'Cita médica') {
  const res = await admin.post('/ausencias', { id_emp, desde: from, hasta: to, motivo });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body.data as { id: number; citas_afectadas: number };
}

const listOf = async (query: string) => {
  const res = await recepcion.get(`/ausencias?${query}`);
  expect(res.status).toBe(200);
  return res.body.data as { id: number; motivo: string }[];
};

describe('time off', () => {
  it('is created, listed and deleted, and says how many visits fall in it', async () => {
    const day = freshDay();
    await booked(day, '10:00');
    await booked(day, '12:00');
    // Missed: it holds no time, so it is not counted.
    const missed = await booked(day, '14:00');
    await recepcion.patch('/cita/estado', {
      cita: missed.id_cita,
      est: AppointmentStatus.NoAsistio,
    });

    const created = await admin.post('/ausencias', {
      id_emp: ana,
      desde: `${day}T09:00`,
      hasta: `${day}T15:00`,
      motivo: '  Trámite en el banco ',
    });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe(
      `${ABSENCE_MESSAGES.created} Hay 2 citas en ese horario: reprográmelas o asígnelas a otro groomer`,
    );
    expect(created.body.data).toMatchObject({
      id_emp: ana,
      desde: new Date(`${day}T09:00:00-05:00`).toISOString(),
      hasta: new Date(`${day}T15:00:00-05:00`).toISOString(),
      motivo: 'Trámite en el banco',
      citas_afectadas: 2,
    });
    const id = created.body.data.id as number;

    expect((await listOf(`emp=${ana}&desde=${day}&hasta=${day}`)).map((a) => a.id)).toEqual([id]);
    expect(await listOf(`emp=${luis}&desde=${day}&hasta=${day}`)).toEqual([]);
    // The range is Lima's days: the day after does not overlap it.
    expect(await listOf(`emp=${ana}&desde=${limaDay(dayOffset)}`)).toEqual([]);

    const log = await admin.get('/auditoria/?entidad=empleado&accion=crear');
    expect(
      (log.body.data.data as { entidad_id: number; detalle: string }[]).some(
        (e) => e.entidad_id === ana && e.detalle === `Ausencia ${id}`,
      ),
    ).toBe(true);

    const removed = await admin.delete(`/ausencia/${id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe(ABSENCE_MESSAGES.deleted);
    expect(await listOf(`emp=${ana}&desde=${day}&hasta=${day}`)).toEqual([]);
    const again = await admin.delete(`/ausencia/${id}`);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(ABSENCE_MESSAGES.notFound);
  });

  it.each([
    [{ hasta: '2030-05-10T09:00' }, 'hasta', ABSENCE_MESSAGES.order],
    [{ hasta: '2030-05-10T08:00' }, 'hasta', ABSENCE_MESSAGES.order],
    [{ desde: '' }, 'desde', ABSENCE_MESSAGES.fromRequired],
    [{ hasta: undefined }, 'hasta', ABSENCE_MESSAGES.toRequired],
    [{ desde: '2030-02-30T09:00' }, 'desde', ABSENCE_MESSAGES.dateInvalid],
    [{ hasta: 'mañana' }, 'hasta', ABSENCE_MESSAGES.dateInvalid],
    [{ hasta: '2031-05-12T09:00' }, 'hasta', ABSENCE_MESSAGES.tooLong],
    [{ motivo: 'x'.repeat(201) }, 'motivo', ABSENCE_MESSAGES.reasonMax],
    [{ id_emp: 'abc' }, 'id_emp', ABSENCE_MESSAGES.groomerRequired],
    [{ id_emp: 999_999 }, 'id_emp', ABSENCE_MESSAGES.groomerNotFound],
  ])('refuses %j with its message, and saves nothing', async (change, field, message) => {
    const res = await admin.post('/ausencias', {
      id_emp: luis,
      desde: '2030-05-10T09:00',
      hasta: '2030-05-10T18:00',
      motivo: 'Vacaciones',
      ...change,
    });
    expect(res.status).toBe(422);
    expect(res.body.errors[field]).toEqual([message]);
    expect(await listOf(`emp=${luis}&desde=2030-05-10&hasta=2030-05-10`)).toEqual([]);
  });

  it('lets reception read time off but only who writes employees change it', async () => {
    const created = await away(luis, '2030-06-01T09:00', '2030-06-01T10:00');
    expect((await recepcion.post('/ausencias', { id_emp: luis })).status).toBe(403);
    expect((await recepcion.delete(`/ausencia/${created.id}`)).status).toBe(403);
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/ausencias' });
    expect(anonymous.statusCode).toBe(401);
    expect((await recepcion.get('/ausencias?desde=2030-06-02&hasta=2030-06-01')).status).toBe(422);
  });
});

describe('booking into time off', () => {
  it('refuses a new visit or a move into it, and lets its edges and other groomers be', async () => {
    const day = freshDay();
    await away(ana, `${day}T13:00`, `${day}T15:00`, 'Almuerzo largo');
    const refusals = [
      await book(day, '13:00'),
      await book(day, '12:30'),
      await book(day, '14:59', { duracion: 15 }),
    ];
    for (const res of refusals) {
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(ONLINE_BOOKING_MESSAGES.groomerAway);
      expect(res.body.errors).toEqual({ fec_cita: [ONLINE_BOOKING_MESSAGES.groomerAway] });
    }
    // Ending as it starts, starting as it ends, or with another groomer: booked.
    expect((await book(day, '12:00')).status).toBe(201);
    expect((await book(day, '15:00')).status).toBe(201);
    expect((await book(day, '13:00', { id_emp: luis })).status).toBe(201);
    // A move into it, from another groomer's column or by stretching a visit, is refused.
    const early = await booked(day, '09:00');
    const moved = await move(early.id_cita, `${day}T14:00`, ana);
    expect(moved.status).toBe(409);
    expect(moved.body.message).toBe(ONLINE_BOOKING_MESSAGES.groomerAway);
    const stretched = await move(early.id_cita, `${day}T09:00`, ana, 300);
    expect(stretched.status).toBe(409);
    expect((await move(early.id_cita, `${day}T10:00`, ana)).status).toBe(200);
  });

  it('keeps the visits booked before it editable in place, and refuses restoring one into it', async () => {
    const day = freshDay();
    const before = await booked(day, '10:00');
    const cancelled = await booked(day, '11:00');
    await recepcion.patch('/cita/estado', {
      cita: cancelled.id_cita,
      est: AppointmentStatus.Cancelada,
      motivo: 'El cliente viaja',
    });
    const created = await away(ana, `${day}T09:00`, `${day}T12:00`);
    expect(created.citas_afectadas).toBe(1);

    const edited = await recepcion.put('/cita', {
      id: before.id_cita,
      fec_cita: `${day}T10:00`,
      dni_cli: owner.dni,
      id_perro: owner.petId,
      id_servicio: bath,
      fech_reg: limaDay(0),
      obs: 'Llamar antes de reprogramar',
      id_emp: ana,
      duracion: 60,
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const restored = await recepcion.patch('/cita/estado', {
      cita: cancelled.id_cita,
      est: AppointmentStatus.Programada,
    });
    expect(restored.status).toBe(409);
    expect(restored.body.message).toBe(ONLINE_BOOKING_MESSAGES.groomerAway);

    // Once the time off is removed, the time is the groomer's again.
    await admin.delete(`/ausencia/${created.id}`);
    expect((await book(day, '11:00')).status).toBe(201);
  });
});

describe('the calendar and the groomers’ own hours', () => {
  it('answers the time off of the groomers shown, each card’s origin and each groomer’s hours', async () => {
    const day = freshDay();
    const next = limaDay(dayOffset);
    await booked(day, '09:00');
    await away(ana, `${day}T16:00`, `${next}T10:00`, 'Vacaciones');
    await away(luis, `${day}T08:00`, `${day}T09:00`, '');
    // Over before the range starts: not shown.
    await away(ana, `${limaDay(dayOffset - 2)}T08:00`, `${day}T00:00`);

    const res = await recepcion.get(`/agenda?desde=${day}&hasta=${day}`);
    expect(res.status).toBe(200);
    const { citas, groomers, ausencias } = res.body.data as {
      citas: AgendaEntry[];
      groomers: AgendaColumn[];
      ausencias: AgendaAbsence[];
    };
    expect(citas.map((c) => c.origen)).toEqual(['mostrador']);
    expect(ausencias).toEqual([
      {
        id_emp: luis,
        desde: new Date(`${day}T08:00:00-05:00`).toISOString(),
        hasta: new Date(`${day}T09:00:00-05:00`).toISOString(),
        motivo: '',
      },
      {
        id_emp: ana,
        desde: new Date(`${day}T16:00:00-05:00`).toISOString(),
        hasta: new Date(`${next}T10:00:00-05:00`).toISOString(),
        motivo: 'Vacaciones',
      },
    ]);
    expect(groomers.find((g) => g.id_emp === ana)?.horario).toBeNull();

    const ofLuis = await recepcion.get(`/agenda?desde=${day}&hasta=${day}&emp=${luis}`);
    expect((ofLuis.body.data.ausencias as AgendaAbsence[]).map((a) => a.id_emp)).toEqual([luis]);
  });

  it('keeps a groomer’s own working hours, refuses wrong ones and goes back to the company’s', async () => {
    const horario = DEFAULT_OPENING_HOURS.map((d) =>
      d.dia === 1 ? { ...d, abierto: false } : { ...d, abre: '10:00', cierra: '16:00' },
    );
    const marta = await registerGroomer(admin, 'Marta', { horario });
    const read = await admin.get(`/empleado/${marta.id_emp}`);
    expect(read.body.data.horario).toEqual(horario);
    const agenda = await recepcion.get(`/agenda?desde=${limaDay(1)}&hasta=${limaDay(1)}`);
    const column = (agenda.body.data.groomers as AgendaColumn[]).find(
      (g) => g.id_emp === marta.id_emp,
    );
    expect(column?.horario).toEqual(horario);

    const employee = {
      id: marta.id_emp,
      idtDoc: read.body.data.id_tipoDoc,
      dni: read.body.data.dni_emp,
      nom: 'Marta',
      ape: read.body.data.ape_emp,
      fecnac: read.body.data.fec_nac,
      email: read.body.data.email_emp,
      telef: read.body.data.tel_emp,
    };
    const wrong = horario.map((d) => (d.dia === 2 ? { ...d, abre: '18:00', cierra: '09:00' } : d));
    const refused = await admin.put('/empleado', { ...employee, horario: wrong });
    expect(refused.status).toBe(422);
    expect(refused.body.errors['horario.1.cierra']).toEqual([OPENING_HOURS_MESSAGES.order]);
    // Absent, unchanged; null, the company's.
    expect((await admin.put('/empleado', employee)).body.data.horario).toEqual(horario);
    const reset = await admin.put('/empleado', { ...employee, horario: null });
    expect(reset.status).toBe(200);
    expect(reset.body.data.horario).toBeNull();
  });
});
