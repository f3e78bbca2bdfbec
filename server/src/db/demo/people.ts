import { sql } from 'drizzle-orm';
import { rowsOf } from '../sql-rows';
import { recreateIndexes } from './indexes';
import type { Db } from '../client';

/** Common Peruvian first names and surnames, and common breeds: the demo's raw material. */
const FIRST_NAMES = [
  'José',
  'Luis',
  'Carlos',
  'Juan',
  'Jorge',
  'Miguel',
  'César',
  'Víctor',
  'Manuel',
  'Pedro',
  'Renzo',
  'Diego',
  'Álvaro',
  'Sebastián',
  'Martín',
  'María',
  'Rosa',
  'Carmen',
  'Ana',
  'Lucía',
  'Sofía',
  'Valeria',
  'Camila',
  'Patricia',
  'Milagros',
  'Flor',
  'Gabriela',
  'Claudia',
  'Ximena',
  'Andrea',
];
const SURNAMES = [
  'Quispe',
  'Flores',
  'Sánchez',
  'Rodríguez',
  'García',
  'Rojas',
  'Huamán',
  'Mamani',
  'Chávez',
  'Ramírez',
  'Vásquez',
  'Torres',
  'Mendoza',
  'Castillo',
  'Gutiérrez',
  'Condori',
  'Espinoza',
  'Díaz',
  'Romero',
  'Cárdenas',
  'Ccori',
  'Pérez',
  'Salazar',
  'Ñahui',
  'Vargas',
  'Paredes',
  'Cruz',
  'Aguilar',
  'Palomino',
  'Zapata',
];
const STREETS = [
  'Av. Arequipa',
  'Av. Javier Prado',
  'Jr. de la Unión',
  'Av. La Marina',
  'Calle Las Begonias',
  'Av. Angamos',
  'Jr. Huancavelica',
  'Av. Brasil',
  'Calle Los Pinos',
  'Av. Benavides',
];
const DISTRICTS = [
  'Miraflores',
  'Surco',
  'San Borja',
  'Lince',
  'Jesús María',
  'Los Olivos',
  'Barranco',
  'La Molina',
];
const PET_NAMES = [
  'Firulais',
  'Rocky',
  'Max',
  'Luna',
  'Toby',
  'Bobby',
  'Lola',
  'Coco',
  'Chispa',
  'Canela',
  'Manchas',
  'Princesa',
  'Bruno',
  'Nala',
  'Zeus',
  'Kira',
  'Simba',
  'Peluchín',
  'Oso',
  'Mía',
];
const BREEDS = [
  'Schnauzer',
  'Shih Tzu',
  'Poodle',
  'Labrador',
  'Golden Retriever',
  'Pug',
  'Bulldog Francés',
  'Chihuahua',
  'Pastor Alemán',
  'Cocker Spaniel',
  'Yorkshire Terrier',
  'Beagle',
  'Mestizo',
  'Pitbull',
  'Husky Siberiano',
  'Perro sin pelo del Perú',
];

const textArray = (values: string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
/** The n-th item of an array, spread by a multiplicative hash of the row number. */
const pick = (values: string[], seed: number) =>
  sql`(${textArray(values)})[1 + ((g * ${sql.raw(String(seed))}) % ${sql.raw(String(values.length))})::int]`;

/**
 * Inserts `count` clients and about 1.3 pets each, in SQL (generate_series), so a large set
 * takes seconds. DNIs are 40000000 + a permutation of the row number: unique, valid, realistic.
 * Registrations spread over the last two years in the order of their ids, as a business's
 * rows are: the newest rows are the last ones written, on the last pages of the table.
 */
export async function seedPeople(db: Db, count: number): Promise<void> {
  if (count <= 0) return;
  await insertPeople(db, count);
  // Fresh statistics, or the planner guesses the new rows' selectivity badly; VACUUM also sets
  // the visibility map (index-only scans) and empties the trigram indexes' pending lists, which
  // every search would otherwise read through.
  await db.execute(sql`vacuum (analyze) clientes, perros`);
}

async function insertPeople(db: Db, count: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = rowsOf<{ start: number }>(
      await tx.execute(sql`select coalesce(max(id_cli), 0)::int as start from clientes`),
    );
    const start = row?.start ?? 0;
    // Maintaining trigram indexes row by row is most of a large load: rebuild them once instead.
    const rebuilt =
      count >= 20_000
        ? rowsOf<{ name: string; definition: string }>(
            await tx.execute(sql`
              select indexname as name, indexdef as definition from pg_indexes
              where tablename in ('clientes', 'perros') and indexdef like '%gin_trgm_ops%'`),
          )
        : [];
    for (const index of rebuilt) await tx.execute(sql.raw(`drop index "${index.name}"`));
    await tx.execute(sql`
      insert into clientes (dni_cli, nom_cli, ape_cli, tel1_cli, tel2_cli, email_cli, dir_cli, id_est, created_at)
      select dni, nom, ape,
        '9' || lpad(((g * 7717) % 100000000)::text, 8, '0'),
        case when g % 4 = 0 then '0' || lpad(((g * 3163) % 100000000)::text, 8, '0') end,
        translate(lower(split_part(nom, ' ', 1) || '.' || split_part(ape, ' ', 1)), 'áéíóúñ', 'aeioun') || g || '@gmail.com',
        ${pick(STREETS, 13)} || ' ' || (100 + (g * 37) % 1900) || ', ' || ${pick(DISTRICTS, 7)},
        case when g % 50 = 0 then 2 when g % 97 = 0 then 3 else 1 end,
        now() - (${start + count}::bigint - g) * ${(730 * 24 * 60) / count}::float8 * interval '1 minute'
      from (
        select g,
          lpad((40000000 + ((g * 7919) % 9000000))::text, 8, '0') as dni,
          ${pick(FIRST_NAMES, 31)} as nom,
          ${pick(SURNAMES, 17)} || ' ' || ${pick(SURNAMES, 23)} as ape
        from generate_series(${start + 1}::bigint, ${start + count}::bigint) as g
      ) as people
      where dni <> '44444444'
      on conflict (dni_cli) do nothing
    `);
    await tx.execute(sql`
      insert into perros (nom_perro, raza_perro, id_cli, id_est, created_at, alertas, notas_cuidado)
      select ${pick(PET_NAMES, 11)}, ${pick(BREEDS, 29)}, c.id_cli, 1, c.created_at + interval '10 minutes',
        -- A few dogs a groomer must know about before the visit (decisions §pet-alerts).
        case when g % 13 = 0 then '{muerde}'::text[] when g % 17 = 0 then '{nervioso}'::text[]
          when g % 29 = 0 then '{alergico,senior}'::text[] else '{}'::text[] end,
        case when g % 13 = 0 then 'Usar bozal y manipular con calma'
          when g % 29 = 0 then 'Alérgico al champú con perfume: usar el hipoalergénico'
          else '' end
      from clientes c
      cross join lateral generate_series(1, case when c.id_cli % 3 = 0 then 2 else 1 end) as n
      cross join lateral (select c.id_cli::bigint * 3 + n as g) as seq
      where c.id_cli > ${start}::int
      order by c.id_cli, n
    `);
    await recreateIndexes(tx, rebuilt);
  });
}
