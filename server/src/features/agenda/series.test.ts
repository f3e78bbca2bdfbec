import { beforeAll, describe, expect, it } from 'vitest';
import { AppointmentStatus, SERIES_MESSAGES as M } from '@app/domain';
import { setupTestApp } from '../../test/app';
import {
  createService,
  limaDay,
  registerGroomer,
  registerOwner,
  type Owner,
} from '../../test/agenda';
import { apiClient } from '../../test/http';

const ctx = await setupTestApp();
let api: ReturnType<typeof apiClient>;
let service: number;

beforeAll(async () => {
  api = apiClient(ctx.app, await ctx.signIn());
  service = await createService(ctx.database.db, 'Baño semanal', '45.00');
});

/** A Lima Monday at least `days` ahead: open in the default hours. */
function mondayAhead(days: number): string {
  for (let ahead = days; ; ahead++) {
    const day = limaDay(ahead);
    if (new Date(`${day}T12:00:00Z`).getUTCDay() === 1) return day;
  }
}

const visit = (owner: Owner, at: string, extra: object = {}) => ({
  fec_cita: at,
  dni_cli: owner.dni,
  id_perro: owner.petId,
  id_servicio: service,
  fech_reg: limaDay(0),
  obs: 'Cliente de todas las semanas',
  ...extra,
});

describe('recurring series (decisions §series)', () => {
  it('books every N weeks at the same Lima time, all in one series, and cancels from a date on', async () => {
    const owner = await registerOwner(api, 'Serie');
    const groomer = await registerGroomer(api, 'Semanal');
    const first = mondayAhead(20);
    const res = await api.post('/cita/serie', {
      ...visit(owner, `${first}T10:30`, { id_emp: groomer.id_emp }),
      cada_semanas: 2,
      veces: 4,
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(M.registered(4));
    const citas = res.body.data.citas as { fec_cita: string; id_serie: number; id_cita: number }[];
    const start = Date.parse(`${first}T10:30:00-05:00`);
    expect(citas.map((c) => Date.parse(c.fec_cita))).toEqual(
      [0, 1, 2, 3].map((i) => start + i * 14 * 86_400_000),
    );
    expect(new Set(citas.map((c) => c.id_serie))).toEqual(new Set([res.body.data.id_serie]));

    // The second visit is completed; cancelling from it on leaves it and the first.
    await api.patch('/cita/estado', { cita: citas[1].id_cita, est: AppointmentStatus.Completada });
    const from = citas[1].fec_cita.slice(0, 10);
    const cancelled = await api.patch('/cita/serie/cancelar', {
      id_serie: res.body.data.id_serie,
      desde: limaDay(0) > from ? limaDay(0) : from,
    });
    expect(cancelled.body).toMatchObject({ data: { cancelados: 2 }, message: M.cancelled(2) });
    const series = await api.get(`/cita/serie/${res.body.data.id_serie}`);
    expect(series.body.data.citas.map((c: { id_est: number }) => c.id_est)).toEqual([
      AppointmentStatus.Programada,
      AppointmentStatus.Completada,
      AppointmentStatus.Eliminada,
      AppointmentStatus.Eliminada,
    ]);
  });

  it('lists every conflict before saving, and saves nothing when there is one', async () => {
    const owner = await registerOwner(api, 'Choque');
    const other = await registerOwner(api, 'Ocupa');
    const groomer = await registerGroomer(api, 'Ocupada');
    const first = mondayAhead(40);
    const third = new Date(Date.parse(`${first}T12:00:00Z`) + 14 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const taken = await api.post(
      '/cita/register',
      visit(other, `${third}T09:30`, { id_emp: groomer.id_emp }),
    );
    expect(taken.status).toBe(201);
    const body = {
      ...visit(owner, `${first}T09:00`, { id_emp: groomer.id_emp }),
      cada_semanas: 1,
      veces: 4,
    };

    const checked = await api.post('/cita/serie/validar', body);
    expect(checked.status).toBe(200);
    expect(checked.body.data.map((o: { mensaje: string | null }) => o.mensaje)).toEqual([
      null,
      null,
      'El groomer ya tiene una cita de 09:30 a 10:30',
      null,
    ]);

    const refused = await api.post('/cita/serie', body);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(M.conflicts(1));
    expect(refused.body.errors.fec_cita).toEqual([
      `${third.split('-').reverse().join('/')} 09:00: El groomer ya tiene una cita de 09:30 a 10:30`,
    ]);
    const mine = await api.get(`/citas/?cli=${owner.dni}`);
    expect(mine.body.data.total).toBe(0);
  });

  it.each([
    [{ cada_semanas: 0 }, 'cada_semanas', M.weeks],
    [{ cada_semanas: 13 }, 'cada_semanas', M.weeks],
    [{ veces: 1 }, 'veces', M.times],
    [{ veces: 27 }, 'veces', M.times],
  ])('refuses %j with a message on the field', async (extra, field, message) => {
    const owner = await registerOwner(api, 'Rango');
    const res = await api.post('/cita/serie', {
      ...visit(owner, `${mondayAhead(60)}T10:00`),
      cada_semanas: 1,
      veces: 2,
      ...extra,
    });
    expect(res.status).toBe(422);
    expect(res.body.errors[field]).toEqual([message]);
  });

  it('refuses a series whose last visit is more than two years ahead, validated or saved', async () => {
    const owner = await registerOwner(api, 'Lejano');
    // 26 visits 12 weeks apart: the last one almost six years on.
    const series = { ...visit(owner, `${mondayAhead(60)}T10:00`), cada_semanas: 12, veces: 26 };
    for (const path of ['/cita/serie/validar', '/cita/serie']) {
      const res = await api.post(path, series);
      expect(res.status, path).toBe(422);
      expect(res.body.errors).toEqual({ veces: [M.tooFar] });
    }
    // Eight visits 12 weeks apart end within the two years.
    const near = await api.post('/cita/serie/validar', { ...series, veces: 8 });
    expect(near.status).toBe(200);
  });

  it('refuses a groomer: booking series is the front desk’s', async () => {
    const groomer = apiClient(ctx.app, await ctx.signIn('groomer'));
    const owner = await registerOwner(api, 'Permiso');
    const res = await groomer.post('/cita/serie', {
      ...visit(owner, `${mondayAhead(70)}T10:00`),
      cada_semanas: 1,
      veces: 2,
    });
    expect(res.status).toBe(403);
  });
});
