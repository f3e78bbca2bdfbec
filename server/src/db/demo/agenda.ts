import { sql, type SQL } from 'drizzle-orm';
import { limaToday } from '@app/domain';
import { rowsOf } from '../sql-rows';
import { recreateIndexes } from './indexes';
import type { Db, Tx } from '../client';

/** What a receptionist writes in the observations and a groomer in the triage notes. */
const OBSERVATIONS = [
  'Piel sensible, usar champú hipoalergénico',
  'Se pone nervioso con el secador, secar con paciencia',
  'Corte corto por el calor, dejar la cola larga',
  'El dueño pide revisar las orejas, se rasca mucho',
  'Primera visita, es tranquilo',
  'Tiene nudos en el lomo, deslanar con cuidado',
  'Muerde al cortar las uñas, usar bozal',
  'Recoger a las 5 pm, el dueño llamará antes',
  'Alérgico al perfume, no aplicar colonia',
  'Perro mayor, manipular con cuidado las caderas',
  'Traer su propia toalla, la dejó el dueño',
  'Revisar pulgas, estuvo en el campo el fin de semana',
];
const TRIAGE_NOTES = [
  'Sin observaciones',
  'Leve enrojecimiento en las orejas',
  'Uñas largas, se cortaron',
  'Buen estado general',
  'Algo de sarro en los dientes',
  'Pelaje con nudos en las patas traseras',
  'Ansioso al inicio, luego tranquilo',
  '',
];

const textArray = (values: string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
/** The n-th item of an array, spread by a multiplicative hash of `g`. */
const pick = (values: string[], seed: number) =>
  sql`(${textArray(values)})[1 + ((g * ${sql.raw(String(seed))}) % ${sql.raw(String(values.length))})]`;

/** From this many rows on, indexes and foreign keys are rebuilt once instead of row by row. */
const BULK = 20_000;
const AGENDA_TABLES = ['citas', 'reservaciones', 'triajes'];

/**
 * Runs `load` with the agenda tables' foreign keys and secondary indexes dropped, then puts
 * them back: checking seven foreign keys and updating nine indexes per row is most of a large
 * load, while re-adding them is one pass each. Unique indexes and keys stay.
 */
async function withoutChecks<T>(tx: Tx, load: () => Promise<T>): Promise<T> {
  const tables = sql.join(
    AGENDA_TABLES.map((t) => sql`${t}::regclass`),
    sql`, `,
  );
  const keys = rowsOf<{ name: string; tbl: string; definition: string }>(
    await tx.execute(sql`
      select conname as name, conrelid::regclass::text as tbl, pg_get_constraintdef(oid) as definition
      from pg_constraint where contype = 'f' and conrelid in (${tables})`),
  );
  const indexes = rowsOf<{ name: string; definition: string }>(
    await tx.execute(sql`
      select i.relname as name, pg_get_indexdef(i.oid) as definition
      from pg_index x join pg_class i on i.oid = x.indexrelid
      where x.indrelid in (${tables}) and not x.indisunique and not x.indisprimary`),
  );
  for (const key of keys) {
    await tx.execute(sql.raw(`alter table "${key.tbl}" drop constraint "${key.name}"`));
  }
  for (const index of indexes) await tx.execute(sql.raw(`drop index "${index.name}"`));
  const result = await load();
  await recreateIndexes(tx, indexes);
  for (const key of keys) {
    await tx.execute(
      sql.raw(`alter table "${key.tbl}" add constraint "${key.name}" ${key.definition}`),
    );
  }
  return result;
}

export interface AgendaOptions {
  /** Appointments to add (default 1,200: a few months of a busy salon). */
  appointments?: number;
  /** Reservations to add (default: half the appointments). */
  reservations?: number;
  /** Days they spread over (default `agendaSpan`): 365 puts a year's load in one year. */
  days?: number;
}

export interface AgendaResult {
  appointments: number;
  reservations: number;
  triages: number;
}

/** `(day)::date + minutes`, as a Lima timestamp: Peru is UTC−5 all year (decisions §lima). */
const limaTimestamp = (day: SQL, minutes: SQL) =>
  sql`((((${day})::date)::timestamp + (${minutes}) * interval '1 minute')::text || '-05:00')::timestamptz`;

/** The salon's usual hours (DEFAULT_OPENING_HOURS) in minutes: 9 to 19, Monday to Saturday. */
const OPENS = 9 * 60;
const CLOSES = 19 * 60;

/**
 * Days the appointments spread over: three months for a demo (some fifteen visits a day); a
 * large set about 140 a day (a thousand a week, the agenda's busiest screen) over up to four
 * years.
 */
function agendaSpan(appointments: number, days?: number): number {
  return days ?? Math.min(1400, Math.max(90, Math.ceil(appointments / 15)));
}

/** Groomers enough for a day's visits (about eight each, six open days a week); four at least. */
export function groomersFor(appointments: number, days?: number): number {
  const perOpenDay = ((appointments / agendaSpan(appointments, days)) * 7) / 6;
  return Math.max(4, Math.ceil(perOpenDay / 8));
}

/**
 * Bookings over the active clients' pets, services, packages, users and bookable groomers
 * already there: the appointments' days spread around today (four in five past, never on
 * Sunday), their statuses as days go (past ones mostly Completada, today's by the clock, future
 * ones Programada), the price and duration of the service or package copied, a triage for most
 * attended visits, and reservations alike. Each groomer's visits of a day follow one another
 * within opening hours, after any they already had, with even gaps: never two at once. One in
 * five of today's and later visits waits for a groomer, as do those a full day leaves over.
 * All in SQL with generate_series, so 200,000 appointments take seconds.
 */
export async function seedAgenda(db: Db, options: AgendaOptions = {}): Promise<AgendaResult> {
  const appointmentCount = Math.max(0, Math.floor(options.appointments ?? 1200));
  const reservationCount = Math.max(
    0,
    Math.floor(options.reservations ?? Math.ceil(appointmentCount / 2)),
  );
  const span = agendaSpan(appointmentCount, options.days);
  const past = Math.round(span * 0.8);
  const today = limaToday();

  const result = await db.transaction(async (tx) => {
    const [start] = rowsOf<{ cita: number; res: number }>(
      await tx.execute(sql`
        select coalesce((select max(id_cita) from citas), 0)::int as cita,
               coalesce((select max(id_res) from reservaciones), 0)::int as res`),
    );
    const [counts] = rowsOf<{
      pets: number;
      services: number;
      packages: number;
      users: number;
      groomers: number;
    }>(
      await tx.execute(sql`
        select
          (select count(*) from perros p join clientes c on c.id_cli = p.id_cli
            where p.id_est = 1 and c.id_est = 1)::int as pets,
          (select count(*) from servicios where id_est = 1)::int as services,
          (select count(*) from paquetes where id_est = 1)::int as packages,
          (select count(*) from users where id_est = 1)::int as users,
          (select count(*) from empleados where agenda and id_est = 1)::int as groomers`),
    );
    if (!counts || counts.pets === 0 || counts.users === 0) {
      return { appointments: 0, reservations: 0, triages: 0 };
    }

    // Candidates, numbered so the generated row `g` can pick one by a hash of its number.
    const candidates = sql`
      pets as (
        select p.id_perro, p.id_cli, row_number() over (order by p.id_perro) as rn
        from perros p join clientes c on c.id_cli = p.id_cli
        where p.id_est = 1 and c.id_est = 1),
      agents as (select id, row_number() over (order by id) as rn from users where id_est = 1)`;
    const petOf = sql`pets.rn = 1 + ((g::bigint * 7919) % ${counts.pets})`;
    const agentOf = sql`agents.rn = 1 + ((g::bigint * 13) % ${counts.users})`;
    const dayOffset = sql`(((g::bigint * 4793) % ${span}) - ${past})::int`;
    // A Lima timestamp's wall clock: its day from today, and its minute of the day.
    const limaClock = sql`(fec_cita at time zone 'UTC' - interval '5 hours')`;

    const load = async (): Promise<AgendaResult> => {
      let appointments = 0;
      const items = counts.services + counts.packages;
      if (appointmentCount > 0 && items > 0) {
        // Seven in ten book a single service, when there are both.
        const servicePart = counts.packages === 0 ? 10 : counts.services === 0 ? 0 : 7;
        const groomers = Math.max(counts.groomers, 1);
        await tx.execute(sql`
        with ${candidates},
        services as (
          select id_srv, precio_srv, duracion, row_number() over (order by id_srv) as rn
          from servicios where id_est = 1),
        packs as (
          select id_paq, precio_paq, duracion, row_number() over (order by id_paq) as rn
          from paquetes where id_est = 1),
        groomers as (
          select id_emp, row_number() over (order by id_emp) as rn
          from empleados where agenda and id_est = 1),
        -- mix, a hash of g, draws what varies within a day: a day's rows share g's residues.
        drawn as (
          select g, ${dayOffset} as d, abs(hashint4(g)::bigint) as mix
          from generate_series(${start.cita + 1}::int, ${start.cita + appointmentCount}::int) as g),
        -- The salon is closed on Sunday: its visits move to a day of the week before.
        plan as (
          select g, mix, mix % 10 < ${servicePart} as is_service,
            (d - case when extract(isodow from ${today}::date + d) = 7 then 1 + mix % 6 else 0 end)::int as d
          from drawn),
        booked as (
          select plan.g, plan.d, plan.mix, pets.id_cli, pets.id_perro, agents.id as id_usu,
            case when plan.is_service then services.id_srv end as id_srv,
            case when plan.is_service then null else packs.id_paq end as id_paq,
            case when plan.is_service then services.precio_srv else packs.precio_paq end as precio,
            case when plan.is_service then services.duracion else packs.duracion end as duracion,
            ${counts.groomers} > 0 and (plan.d < 0 or plan.mix % 5 <> 0) as wants_groomer,
            -- Booked one to twenty days ahead, never after today.
            least(plan.d, 0) - (g % 3) * ((g * 7) % 20) as reg_d
          from plan
          join pets on ${petOf}
          join agents on ${agentOf}
          left join services on services.rn = 1 + (plan.mix / 10) % greatest(${counts.services}, 1)
          left join packs on packs.rn = 1 + (plan.mix / 10) % greatest(${counts.packages}, 1)),
        -- Each day's visits that want a groomer go round the groomers in turn.
        laned as (
          select booked.*, groomers.id_emp
          from (select booked.*, row_number() over (partition by d, wants_groomer order by g) as seat
                from booked) booked
          left join groomers on booked.wants_groomer and groomers.rn = 1 + booked.seat % ${groomers}),
        -- When a groomer's day already ends: the visits of an earlier load.
        taken as (
          select ${limaClock}::date - ${today}::date as d, id_emp,
            max(extract(hour from ${limaClock}) * 60 + extract(minute from ${limaClock}) + duracion)::int as until
          from citas where id_emp is not null and id_est not in (4, 8)
          group by 1, 2),
        queued as (
          select laned.*, greatest(coalesce(taken.until, ${OPENS}), ${OPENS}) as opens,
            sum(laned.duracion) over (partition by laned.d, laned.id_emp order by laned.g) as booked_until
          from laned left join taken on taken.d = laned.d and taken.id_emp = laned.id_emp),
        fitting as (
          select queued.*, id_emp is not null and opens + booked_until <= ${CLOSES} as fits
          from queued),
        -- The visits that fit share the day's free time as gaps of gap_q quarter hours.
        spaced as (
          select fitting.*,
            row_number() over (partition by d, id_emp, fits order by g) as k,
            (${CLOSES} - opens - sum(duracion) over day) / (count(*) over day + 1) / 15 as gap_q
          from fitting
          window day as (partition by d, id_emp, fits)),
        -- Each in its share of the day, give or take half a gap: it never reaches the next one.
        timed as (
          select spaced.*,
            case when fits then
              opens + booked_until - duracion + k * gap_q * 15
                + ((mix / 1000) % (gap_q / 2 * 2 + 1) - gap_q / 2) * 15
            else ${OPENS} + ((mix / 1000) % ((${CLOSES - OPENS} - duracion) / 15 + 1)) * 15
            end as start_minute
          from spaced),
        dated as (
          select timed.*, ${limaTimestamp(sql`${today}::date + d`, sql`start_minute`)} as fec_cita
          from timed)
        insert into citas (fec_cita, id_cli, id_perro, id_srv, id_paq, precio, duracion, id_emp,
                           id_usu, obs_perro, fech_reg, id_est, created_at, updated_at)
        select
          fec_cita, id_cli, id_perro, id_srv, id_paq, precio, duracion,
          case when fits then id_emp end,
          id_usu,
          ${pick(OBSERVATIONS, 17)},
          ${today}::date + least(reg_d, 0),
          case
            when d < 0 then case mix % 20 when 0 then 4 when 1 then 4 when 2 then 8 else 6 end
            when d > 0 then case when mix % 25 = 0 then 8 else 9 end
            when fec_cita + duracion * interval '1 minute' <= now() then 6
            when fec_cita <= now() then 5
            else 9
          end,
          least(now(), ${limaTimestamp(sql`${today}::date + least(reg_d, 0)`, sql`480 + (g * 29) % 600`)}),
          now()
        from dated
        -- In order of registration (created_at), as a business writes them.
        order by 13
      `);
        appointments = appointmentCount;
      }

      await tx.execute(sql`
      insert into triajes (id_cita, edad, peso, temperatura, nota, created_at, updated_at)
      select c.id_cita,
        1 + (c.id_cita % 140) / 10.0,
        2 + (c.id_cita * 7 % 380) / 10.0,
        37.5 + (c.id_cita % 16) / 10.0,
        (${textArray(TRIAGE_NOTES)})[1 + (c.id_cita % ${TRIAGE_NOTES.length})],
        c.fec_cita, c.fec_cita
      from citas c
      where c.id_cita > ${start.cita} and c.id_est in (5, 6) and c.id_cita % 5 < 4
    `);
      const [triageCount] = rowsOf<{ n: number }>(
        await tx.execute(
          sql`select count(*)::int as n from triajes t where t.id_cita > ${start.cita}`,
        ),
      );

      if (reservationCount > 0) {
        await tx.execute(sql`
        with ${candidates},
        plan as (
          select g, ${dayOffset} as d,
            least(${dayOffset}, 0) - 1 - ((g * 11) % 15) as reg_d
          from generate_series(${start.res + 1}::int, ${start.res + reservationCount}::int) as g)
        insert into reservaciones (fec_reg, fec_cita, id_cli, id_perro, id_usu, id_est, updated_at)
        select
          least(now(), ${limaTimestamp(sql`${today}::date + plan.reg_d`, sql`480 + (g * 23) % 660`)}),
          ${today}::date + plan.d,
          pets.id_cli, pets.id_perro, agents.id,
          case
            when plan.d < 0 then case g % 20 when 0 then 3 when 1 then 3 when 2 then 7 when 3 then 7 else 2 end
            else case g % 10 when 0 then 3 when 1 then 2 when 2 then 2 when 3 then 2 else 1 end
          end,
          now()
        from plan
        join pets on ${petOf}
        join agents on ${agentOf}
        -- In order of registration (fec_reg), as a business writes them.
        order by 1
      `);
      }

      return {
        appointments,
        reservations: reservationCount,
        triages: triageCount?.n ?? 0,
      };
    };
    return appointmentCount + reservationCount >= BULK ? withoutChecks(tx, load) : load();
  });
  // Fresh statistics and visibility map, as seedPeople does: the planner would judge the new
  // rows by stale statistics, and index-only scans would visit the heap.
  if (result.appointments + result.reservations > 0) {
    await db.execute(
      sql`vacuum (analyze) citas, reservaciones, triajes, appointment_days, appointment_totals, client_first_visits`,
    );
  }
  return result;
}
