import { parseArgs } from 'node:util';
import { readConfig } from '../config';
import { DataDirLockedError } from './data-dir';
import { groomersFor, seedAgenda } from './demo/agenda';
import { seedCatalogue } from './demo/catalogue';
import { seedPeople } from './demo/people';
import { seedProducts } from './demo/products';
import { seedSales } from './demo/sales';
import { seedStaff } from './demo/staff';
import { openAppDatabase } from './open';

/**
 * `npm run seed:demo [-- --clients N] [--appointments N] [--days N]`: fills the configured database with a realistic
 * business. Run it with the server stopped when on PGlite (it takes the same lock).
 */
async function main() {
  const { values } = parseArgs({
    options: {
      clients: { type: 'string', default: '300' },
      // Default: two per client, from 1,200 up to 200,000 (--clients 100000 gives 200,000).
      appointments: { type: 'string' },
      // The days they spread over, four in five past: by default about 15 a day, up to 1,400.
      days: { type: 'string' },
    },
  });
  const clients = Number(values.clients);
  if (!Number.isInteger(clients) || clients < 0)
    throw new Error('--clients must be a whole number');
  const appointments = Number(
    values.appointments ?? Math.min(200_000, Math.max(1200, clients * 2)),
  );
  if (!Number.isInteger(appointments) || appointments < 0)
    throw new Error('--appointments must be a whole number');
  const days = values.days === undefined ? undefined : Number(values.days);
  if (days !== undefined && (!Number.isInteger(days) || days < 1))
    throw new Error('--days must be a whole number of days');

  const started = Date.now();
  const { database, close } = await openAppDatabase(readConfig());
  try {
    await seedPeople(database.db, clients);
    await seedCatalogue(database.db);
    await seedProducts(database.db);
    await seedStaff(database.db, { groomers: groomersFor(appointments, days) });
    const agenda = await seedAgenda(database.db, { appointments, days });
    console.log(
      `Agenda: ${agenda.appointments} citas, ${agenda.reservations} reservaciones, ${agenda.triages} triajes.`,
    );
    const { sales } = await seedSales(database.db);
    console.log(`Ventas: ${sales} boletas de las citas completadas.`);
    console.log(
      `Datos de demostración: ${clients} clientes con sus mascotas (${database.engine}).`,
    );
  } finally {
    await close();
  }
  console.log(`Listo en ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((error: unknown) => {
  console.error(error instanceof DataDirLockedError ? error.message : error);
  process.exit(1);
});
