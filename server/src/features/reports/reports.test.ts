import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppointmentReport, ReservationReport } from '@app/domain';
import { reservations } from '../../db/schema';
import { rowsOf } from '../../db/sql-rows';
import { XLSX_TYPE } from '../../http/xlsx';
import {
  createPackage,
  createService,
  limaDay,
  registerGroomer,
  registerOwner,
  type Owner,
} from '../../test/agenda';
import { setupTestApp } from '../../test/app';
import { apiClient } from '../../test/http';
import { workbookOf } from '../../test/files';
import { clientsSeen } from './appointments-report';

/**
 * Reporte Citas and Reporte Reservaciones against a week this file books: every status, the
 * edges of the range in Lima (23:30 on the last evening counts, 00:10 the next day does not),
 * new and returning clients, and the summaries kept equal to the citas after moves and changes.
 */

const ctx = await setupTestApp();
const { db } = ctx.database;
let admin: ReturnType<typeof apiClient>;
let adminToken: string;
let rosa: Owner;
let carlos: Owner;
let lucia: Owner;
let bath: number;
let spa: number;
let ana: number;
let luis: number;
const ids: Record<string, number> = {};
const minutes: Record<string, number> = {};

// Monday 3 to Sunday 9 March 2025: six open days of the default hours (9:00 to 19:00).
const WEEK = { desde: '2025-03-03', hasta: '2025-03-09' };

async function book(name: string, owner: Owner, at: string, item: object, id_emp?: number) {
  const res = await admin.post('/cita/register', {
    fec_cita: at,
    dni_cli: owner.dni,
    id_perro: owner.petId,
    fech_reg: limaDay(0),
    obs: 'Sin observaciones',
    ...item,
    ...(id_emp ? { id_emp } : {}),
  });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  ids[name] = res.body.data.id_cita as number;
  minutes[name] = res.body.data.duracion as number;
}

const setStatus = async (name: string, est: number) => {
  const res = await admin.patch('/cita/estado', { cita: ids[name], est });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
};

beforeAll(async () => {
  adminToken = await ctx.signIn();
  admin = apiClient(ctx.app, adminToken);
  rosa = await registerOwner(admin, 'Rosa', 'Firulais');
  carlos = await registerOwner(admin, 'Carlos', 'Bobby');
  lucia = await registerOwner(admin, 'Lucía', 'Canela');
  bath = await createService(db, 'Baño completo', '45.00');
  spa = await createPackage(db, 'Paquete Spa', '120.00');
  ana = (await registerGroomer(admin, 'Ana')).id_emp;
  luis = (await registerGroomer(admin, 'Luis')).id_emp;
  const service = { id_servicio: bath };
  const pack = { id_paquete: spa };

  await book('before', carlos, '2025-03-02T23:50', service, ana);
  await book('mondayBath', rosa, '2025-03-03T10:00', service, luis);
  await book('mondayLate', rosa, '2025-03-03T23:30', pack, luis);
  await book('tuesday', rosa, '2025-03-04T00:10', service);
  await book('wednesday', carlos, '2025-03-05T10:00', service, luis);
  await book('sunday', lucia, '2025-03-09T12:00', service, ana);
  await book('after', rosa, '2025-03-10T00:10', service, ana);

  // Moved to Ana after booking: the summaries follow the change.
  const moved = await admin.patch('/cita/mover', {
    id: ids.mondayBath,
    fec_cita: '2025-03-03T10:00',
    id_emp: ana,
    duracion: 90,
  });
  expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  minutes.mondayBath = 90;
  await setStatus('before', 6);
  await setStatus('mondayBath', 6);
  await setStatus('mondayLate', 4);
  await setStatus('wednesday', 5);
  await setStatus('sunday', 8);
  await setStatus('after', 6);
});

const report = async (query: string) => {
  const res = await admin.get(`/citas/reporte?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as AppointmentReport;
};

describe('Reporte Citas', () => {
  it('counts the week by day and status, the Lima evening in and the next midnight out', async () => {
    const week = await report(`desde=${WEEK.desde}&hasta=${WEEK.hasta}&agrupar=dia`);
    expect(week).toMatchObject({
      ...WEEK,
      agrupar: 'dia',
      citas: 4,
      completadas: 1,
      no_asistio: 1,
      tasa_no_show: 50,
      ingresos: '45.00',
      minutos: minutes.mondayBath + minutes.mondayLate + minutes.tuesday + minutes.wednesday,
      // Rosa's first visit is in the week; Carlos came before it and again in it.
      clientes_nuevos: 1,
      clientes_recurrentes: 1,
      minutos_apertura: 6 * 600,
    });
    expect(week.por_periodo).toEqual([
      {
        periodo: '2025-03-03',
        programadas: 0,
        en_proceso: 0,
        completadas: 1,
        no_asistio: 1,
        total: 2,
        canceladas: 0,
      },
      {
        periodo: '2025-03-04',
        programadas: 1,
        en_proceso: 0,
        completadas: 0,
        no_asistio: 0,
        total: 1,
        canceladas: 0,
      },
      {
        periodo: '2025-03-05',
        programadas: 0,
        en_proceso: 1,
        completadas: 0,
        no_asistio: 0,
        total: 1,
        canceladas: 0,
      },
    ]);
    expect(week.por_estado).toEqual([
      { id_est: 4, nom_est: 'No Asistió', total: 1 },
      { id_est: 5, nom_est: 'En Proceso', total: 1 },
      { id_est: 6, nom_est: 'Completada', total: 1 },
      { id_est: 8, nom_est: 'Eliminada', total: 1 },
      { id_est: 9, nom_est: 'Programada', total: 1 },
      { id_est: 10, nom_est: 'Por confirmar', total: 0 },
      { id_est: 11, nom_est: 'Cancelada', total: 0 },
    ]);
  });

  it('splits the week by service or package and by groomer, with occupancy', async () => {
    const week = await report(`desde=${WEEK.desde}&hasta=${WEEK.hasta}`);
    expect(week.por_item).toEqual([
      {
        tipo: 'servicio',
        id_item: bath,
        nombre: 'Baño completo',
        citas: 3,
        completadas: 1,
        ingresos: '45.00',
      },
      {
        tipo: 'paquete',
        id_item: spa,
        nombre: 'Paquete Spa',
        citas: 1,
        completadas: 0,
        ingresos: '0.00',
      },
    ]);
    const byName = Object.fromEntries(week.por_groomer.map((g) => [g.groomer, g]));
    expect(byName['Luis Quispe Rojas']).toEqual({
      id_emp: luis,
      groomer: 'Luis Quispe Rojas',
      citas: 2,
      completadas: 0,
      no_asistio: 1,
      minutos: minutes.mondayLate + minutes.wednesday,
      ocupacion: Math.round(((minutes.mondayLate + minutes.wednesday) / 3600) * 1000) / 10,
    });
    // Ana's Sunday visit is deleted: only the Monday bath moved to her counts.
    expect(byName['Ana Quispe Rojas']).toMatchObject({ id_emp: ana, citas: 1, minutos: 90 });
    expect(byName['Sin asignar']).toMatchObject({ id_emp: null, citas: 1, ocupacion: null });
  });

  it('groups by month, reaching the visits either side of the week', async () => {
    const march = await report('desde=2025-03-01&hasta=2025-03-31&agrupar=mes');
    expect(march.por_periodo).toEqual([
      {
        periodo: '2025-03',
        programadas: 1,
        en_proceso: 1,
        completadas: 3,
        no_asistio: 1,
        total: 6,
        canceladas: 0,
      },
    ]);
    expect(march).toMatchObject({ citas: 6, ingresos: '135.00', clientes_nuevos: 2 });
  });

  it('counts a cancelled cita apart: not a visit booked, a no-show or occupied minutes', async () => {
    const april = { desde: '2025-04-07', hasta: '2025-04-13' };
    const service = { id_servicio: bath };
    await book('aprilDone', lucia, '2025-04-07T10:00', service, ana);
    await book('aprilMissed', lucia, '2025-04-08T10:00', service, ana);
    await book('aprilCancelled', carlos, '2025-04-08T12:00', service, ana);
    await setStatus('aprilDone', 6);
    await setStatus('aprilMissed', 4);
    const cancel = await admin.patch('/cita/estado', {
      cita: ids.aprilCancelled,
      est: 11,
      motivo: 'El cliente viaja',
    });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);

    const week = await report(`desde=${april.desde}&hasta=${april.hasta}&agrupar=dia`);
    expect(week).toMatchObject({
      citas: 2,
      completadas: 1,
      no_asistio: 1,
      canceladas: 1,
      tasa_no_show: 50,
      minutos: minutes.aprilDone + minutes.aprilMissed,
    });
    expect(week.por_periodo[1]).toEqual({
      periodo: '2025-04-08',
      programadas: 0,
      en_proceso: 0,
      completadas: 0,
      no_asistio: 1,
      total: 1,
      canceladas: 1,
    });
    expect(week.por_estado.find((s) => s.id_est === 11)?.total).toBe(1);
    expect(week.por_groomer).toEqual([
      {
        id_emp: ana,
        groomer: 'Ana Quispe Rojas',
        citas: 2,
        completadas: 1,
        no_asistio: 1,
        minutos: minutes.aprilDone + minutes.aprilMissed,
        ocupacion: Math.round(((minutes.aprilDone + minutes.aprilMissed) / 3600) * 1000) / 10,
      },
    ]);
    expect(week.por_item).toMatchObject([{ id_item: bath, citas: 2, completadas: 1 }]);
  });

  it('counts the distinct clients seen exactly, as a count over the citas would (random data)', async () => {
    // Random visits of a few clients over two and a half years, moved, deleted and cancelled:
    // the kept days of each client and year must give the same count as the citas themselves
    // for every range, within a year and across two or three.
    let seed = 30_16;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const owners = [rosa, carlos, lucia];
    for (const name of ['Marta', 'Jorge', 'Elena', 'Pedro', 'Sofía', 'Raúl'])
      owners.push(await registerOwner(admin, name, `Perro de ${name}`));
    const dayOf = (offset: number) =>
      new Date(Date.parse('2023-06-01T00:00:00Z') + offset * 86_400_000).toISOString().slice(0, 10);
    const span = 940;
    const booked: number[] = [];
    for (let i = 0; i < 60; i++) {
      const owner = owners[random(owners.length)];
      const res = await admin.post('/cita/register', {
        fec_cita: `${dayOf(random(span))}T${random(2) ? '23:30' : '10:00'}`,
        dni_cli: owner.dni,
        id_perro: owner.petId,
        id_servicio: bath,
        fech_reg: limaDay(0),
        obs: 'Sin observaciones',
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      booked.push(res.body.data.id_cita as number);
    }
    for (const id of booked.slice(0, 20)) {
      const change = random(3);
      if (change === 0) await admin.patch('/cita/estado', { cita: id, est: 8 });
      else if (change === 1)
        await admin.patch('/cita/estado', { cita: id, est: 11, motivo: 'Sin motivo' });
      else
        await db.execute(
          sql`update citas set fec_cita = fec_cita + ${random(400) - 200} * interval '1 day' where id_cita = ${id}`,
        );
    }
    // Some deleted for good, and some deleted citas brought back.
    await db.execute(sql`delete from citas where id_cita in (${booked[20]}, ${booked[21]})`);
    await db.execute(sql`update citas set id_est = 9 where id_cita = ${booked[0]} and id_est = 8`);

    const direct = async (desde: string, hasta: string) => {
      const [row] = rowsOf<{ n: number }>(
        await db.execute(sql`select count(distinct id_cli)::int as n from citas
          where id_est <> 8 and lima_day(fec_cita) between ${desde}::date and ${hasta}::date`),
      );
      return row.n;
    };
    const ranges: [string, string][] = [
      ['2023-12-31', '2024-01-01'],
      ['2024-01-01', '2024-12-31'],
      ['2024-02-29', '2024-03-01'],
      ['2023-06-01', '2025-12-31'],
      ['2025-12-31', '2025-12-31'],
    ];
    for (let i = 0; i < 25; i++) {
      const a = random(span);
      ranges.push([dayOf(a), dayOf(a + random(span - a + 30))]);
    }
    for (const [desde, hasta] of ranges)
      expect(await clientsSeen(db, desde, hasta), `${desde}..${hasta}`).toBe(
        await direct(desde, hasta),
      );
    // And the report's returning clients are those seen but new.
    const year = await report('desde=2024-01-01&hasta=2024-12-31&agrupar=mes');
    expect(year.clientes_nuevos + year.clientes_recurrentes).toBe(
      await direct('2024-01-01', '2024-12-31'),
    );
  });

  it('keeps its summaries equal to the citas themselves', async () => {
    const counted = rowsOf<{ dimension: string; ref_id: number; id_est: number; n: number }>(
      await db.execute(sql`
        select d.dimension, d.ref_id, c.id_est, count(*)::int as n, sum(c.duracion)::int as m
        from citas c
        cross join lateral (values ('g', coalesce(c.id_emp, 0)), ('s', c.id_srv), ('p', c.id_paq))
          as d (dimension, ref_id)
        where d.ref_id is not null
        group by 1, 2, 3 order by 1, 2, 3`),
    );
    const kept = rowsOf<{ dimension: string; ref_id: number; id_est: number; n: number }>(
      await db.execute(sql`
        select dimension, ref_id, id_est, sum(total)::int as n, sum(minutes)::int as m
        from appointment_totals group by 1, 2, 3 having sum(total) <> 0 order by 1, 2, 3`),
    );
    expect(kept).toEqual(counted);
  });

  it('refuses a range that ends before it starts, or a day that is not one', async () => {
    const backwards = await admin.get('/citas/reporte?desde=2025-03-09&hasta=2025-03-03');
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors.desde).toBeDefined();
    const badDay = await admin.get('/citas/reporte?desde=2025-02-30&hasta=2025-03-03');
    expect(badDay.status).toBe(422);
    expect((await admin.get('/citas/reporte')).status).toBe(422);
  });

  it('exports its tables as CSV and as an xlsx workbook', async () => {
    const download = (formato: string) =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/citas/reporte/export?desde=${WEEK.desde}&hasta=${WEEK.hasta}&formato=${formato}`,
        headers: { authorization: adminToken },
      });
    const csv = await download('csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="reporte-citas-${WEEK.desde}-a-${WEEK.hasta}.csv"`,
    );
    const text = csv.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFFResumen\r\n')).toBe(true);
    expect(text).toContain('\r\n03/03/2025;09/03/2025;4;1;1;50;');
    expect(text).toContain('\r\n03/03/2025;0;0;1;1;2;0\r\n');
    expect(text).toContain('\r\nServicio;Baño completo;3;1;45.00\r\n');

    const xlsx = await download('xlsx');
    expect(xlsx.headers['content-type']).toBe(XLSX_TYPE);
    const book = await workbookOf(xlsx.rawPayload);
    expect(book.worksheets.map((s) => s.name)).toEqual([
      'Resumen',
      'Por día',
      'Por estado',
      'Por servicio o paquete',
      'Por groomer',
    ]);
    const item = book.getWorksheet('Por servicio o paquete')!.getRow(2).values as unknown[];
    expect(item.slice(1)).toEqual(['Servicio', 'Baño completo', 3, 1, 45]);
  });
});

describe('Reporte Reservaciones', () => {
  beforeAll(async () => {
    // Written with their registration times: the API registers a reservation now.
    const at = (lima: string) => new Date(`${lima}:00-05:00`);
    const reservation = (owner: Owner, fec_reg: string, fec_cita: string, id_est: number) => ({
      fec_reg: at(fec_reg),
      fec_cita,
      id_cli: owner.id_cli,
      id_perro: owner.petId,
      id_usu: 1,
      id_est,
    });
    await db.insert(reservations).values([
      // Rosa's Firulais has a cita on the 3rd: this one turned into it.
      reservation(rosa, '2025-03-03T09:00', '2025-03-03', 2),
      reservation(rosa, '2025-03-03T23:30', '2025-03-06', 3),
      // Still pending for a day long past: read as expired.
      reservation(carlos, '2025-03-04T00:10', '2025-03-20', 1),
      reservation(lucia, '2025-03-09T12:00', '2025-03-14', 7),
      reservation(carlos, '2025-03-02T23:50', '2025-03-03', 2),
      reservation(carlos, '2025-03-10T00:10', '2025-03-11', 2),
    ]);
  });

  it('counts the reservations registered in the range by what became of them', async () => {
    const res = await admin.get(`/reservaciones/reporte?desde=${WEEK.desde}&hasta=${WEEK.hasta}`);
    expect(res.status).toBe(200);
    const week = res.body.data as ReservationReport;
    expect(week).toMatchObject({
      creadas: 4,
      pendientes: 0,
      confirmadas: 1,
      canceladas: 1,
      expiradas: 2,
      convertidas: 1,
      tasa_confirmacion: 25,
      tasa_cancelacion: 25,
      tasa_expiracion: 50,
      tasa_conversion: 25,
      anticipacion_promedio: 6,
    });
    expect(week.por_periodo.map((p) => [p.periodo, p.creadas, p.convertidas])).toEqual([
      ['2025-03-03', 2, 1],
      ['2025-03-04', 1, 0],
      ['2025-03-09', 1, 0],
    ]);
    expect(week.por_anticipacion).toEqual([
      { rango: 'Mismo día', reservas: 1 },
      { rango: '1 a 3 días', reservas: 1 },
      { rango: '4 a 7 días', reservas: 1 },
      { rango: '8 a 14 días', reservas: 0 },
      { rango: 'Más de 14 días', reservas: 1 },
    ]);
  });

  it('counts a reservation as turned into a cita once its pet is booked that day', async () => {
    await db.insert(reservations).values({
      fec_reg: new Date('2025-04-01T10:00:00-05:00'),
      fec_cita: '2025-04-03',
      id_cli: carlos.id_cli,
      id_perro: carlos.petId,
      id_usu: 1,
      id_est: 2,
    });
    const converted = async () =>
      (await admin.get('/reservaciones/reporte?desde=2025-04-01&hasta=2025-04-01')).body.data
        .convertidas as number;
    expect(await converted()).toBe(0);
    await book('april', carlos, '2025-04-03T11:00', { id_servicio: bath });
    expect(await converted()).toBe(1);
  });

  it('keeps its summary equal to the reservations themselves', async () => {
    const counted = rowsOf(
      await db.execute(sql`
        select lima_day(fec_reg)::text as day, id_est, id_cita is not null as converted,
          count(*)::int as n, sum(greatest(fec_cita - lima_day(fec_reg), 0))::int as lead
        from reservaciones group by 1, 2, 3 order by 1, 2, 3`),
    );
    const kept = rowsOf(
      await db.execute(sql`
        select lima_day::text as day, id_est, converted, sum(total)::int as n,
          sum(lead_days)::int as lead
        from reservation_days group by 1, 2, 3 having sum(total) <> 0 order by 1, 2, 3`),
    );
    expect(kept).toEqual(counted);
  });

  it('answers nothing to divide with nulls, and exports its tables', async () => {
    const empty = await admin.get('/reservaciones/reporte?desde=2024-01-01&hasta=2024-01-31');
    expect(empty.body.data).toMatchObject({
      creadas: 0,
      tasa_conversion: null,
      anticipacion_promedio: null,
      por_periodo: [],
    });
    const file = await ctx.app.inject({
      method: 'GET',
      url: `/api/reservaciones/reporte/export?desde=${WEEK.desde}&hasta=${WEEK.hasta}&formato=csv`,
      headers: { authorization: adminToken },
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.toString('utf8')).toContain('\r\n03/03/2025;2;0;1;1;0;1\r\n');
  });

  it('is the desk’s: a groomer is refused', async () => {
    const groomer = apiClient(ctx.app, await ctx.signIn('groomer'));
    expect(
      (await groomer.get(`/reservaciones/reporte?desde=${WEEK.desde}&hasta=${WEEK.hasta}`)).status,
    ).toBe(403);
  });
});
