import { eq, sql } from 'drizzle-orm';
import { AppointmentStatus } from '@app/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { appointments, clients, pets } from '../db/schema';
import { rowsOf } from '../db/sql-rows';
import { bookAppointment, createService, registerOwner } from '../test/agenda';
import { setupTestApp } from '../test/app';
import { apiClient } from '../test/http';

const ctx = await setupTestApp();
const { db } = ctx.database;
let admin: ReturnType<typeof apiClient>;
let groomer: ReturnType<typeof apiClient>;

/** The tables no kept answer reads, left out of agenda_version's count (migration 0032). */
const UNCOUNTED = [
  'agenda_version',
  'sessions',
  'portal_sesiones',
  'limites',
  'auditoria',
  'password_resets',
  'reserva_codigos',
  'appointment_days',
  'appointment_totals',
  'client_first_visits',
  'client_visit_years',
  'reservation_days',
  'status_counts',
];

/** Renames a client with the database's triggers off: a change agenda_version does not count. */
async function uncountedRename(id: number, nom_cli: string) {
  await db.transaction(async (tx) => {
    // Local to the transaction, so on the connection that writes.
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.update(clients).set({ nom_cli }).where(eq(clients.id_cli, id));
  });
}

beforeAll(async () => {
  admin = apiClient(ctx.app, await ctx.signIn());
  groomer = apiClient(ctx.app, await ctx.signIn('groomer'));
});

describe('kept list pages', () => {
  it('counts a change to every table but those no kept answer reads', async () => {
    const tables = rowsOf<{ relname: string; counted: boolean }>(
      await db.execute(sql`select c.relname, exists (select 1 from pg_trigger t
          where t.tgrelid = c.oid and t.tgname = 'agenda_changed') as counted
        from pg_class c
        where c.relnamespace = current_schema()::regnamespace and c.relkind = 'r'`),
    );
    // A new table is counted, or named above with the reason no kept answer reads it.
    expect(
      tables
        .filter((t) => !t.counted)
        .map((t) => t.relname)
        .sort(),
    ).toEqual([...UNCOUNTED].sort());
  });

  it('serves a page again while nothing changed, and builds it again once a change commits', async () => {
    const owner = await registerOwner(admin, 'Kepa', 'Trufa');
    const list = `/clientes/?search=${owner.dni}`;
    const name = async () => (await admin.get(list)).body.data.data[0]?.nom_cli as string;
    expect(await name()).toBe('Kepa');

    // Unseen by the count, the change is not shown: the page was kept.
    await uncountedRename(owner.id_cli, 'Kepa Oculta');
    expect(await name()).toBe('Kepa');

    // Any counted change, here to another table, shows both on the next call.
    await db.update(pets).set({ notas_cuidado: 'Tranquila' }).where(eq(pets.id_perro, owner.petId));
    expect(await name()).toBe('Kepa Oculta');
  });

  it('shows a change to a table the page reads only in a subquery', async () => {
    const owner = await registerOwner(admin, 'Nilda', 'Copo');
    const service = await createService(db, 'Baño de prueba', '40.00');
    const { id_cita } = await bookAppointment(admin, owner, service, '10:00');
    const list = `/clientes/?search=${owner.dni}`;
    const noShows = async () => (await admin.get(list)).body.data.data[0]?.inasistencias as number;
    expect(await noShows()).toBe(0);

    await db
      .update(appointments)
      .set({ id_est: AppointmentStatus.NoAsistio })
      .where(eq(appointments.id_cita, id_cita));
    expect(await noShows()).toBe(1);
  });

  it('keeps what a groomer may see apart from what an admin sees', async () => {
    const owner = await registerOwner(admin, 'Olga', 'Pimienta');
    await bookAppointment(
      admin,
      owner,
      await createService(db, 'Corte de prueba', '55.00'),
      '11:00',
    );
    const list = `/citas/?cli=${owner.dni}`;
    const asAdmin = (await admin.get(list)).body.data.data as Record<string, unknown>[];
    expect(asAdmin[0]).toHaveProperty('precio');
    const asGroomer = await groomer.get(list);
    expect(asGroomer.status).toBe(200);
    expect(asGroomer.body.data.data[0]).not.toHaveProperty('precio');
    expect((await admin.get(list)).body.data.data[0]).toHaveProperty('precio');
  });
});
