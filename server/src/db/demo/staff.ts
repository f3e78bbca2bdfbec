import { and, eq, isNull } from 'drizzle-orm';
import { EmployeeInputSchema, GROOMER_COLORS } from '@app/domain';
import type { Db } from '../client';
import { employees, users } from '../schema';

/** The salon's team: four groomers with a column of the agenda each, and the front desk. */
const TEAM = [
  { nom: 'Milagros', ape: 'Quispe Rojas', dni: '45120387', fecnac: '1994-03-12', agenda: true },
  { nom: 'Renzo', ape: 'Salazar Díaz', dni: '46230918', fecnac: '1991-08-25', agenda: true },
  { nom: 'Valeria', ape: 'Huamán Torres', dni: '47351029', fecnac: '1997-11-03', agenda: true },
  { nom: 'Diego', ape: 'Condori Mamani', dni: '43862105', fecnac: '1989-06-17', agenda: true },
  { nom: 'Carmen', ape: 'Vargas Cruz', dni: '41973216', fecnac: '1986-01-30', agenda: false },
  { nom: 'Jorge', ape: 'Paredes Flores', dni: '44084327', fecnac: '1999-09-08', agenda: false },
];

/** Names for the extra groomers of a large load. */
const FIRST_NAMES = ['Lucía', 'Martín', 'Sofía', 'Álvaro', 'Camila', 'Sebastián', 'Andrea'];
const SURNAMES = ['Gutiérrez', 'Espinoza', 'Cárdenas', 'Palomino', 'Zapata', 'Aguilar', 'Romero'];

export interface StaffOptions {
  /** Bookable groomers in all (default 4, the team's); a large agenda needs more hands. */
  groomers?: number;
}

/** The email a demo employee gets: `milagros.quispe@huellitas.pe`. */
const emailOf = (nom: string, ape: string, suffix: string) =>
  `${nom}.${ape.split(' ')[0]}${suffix}@huellitas.pe`
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');

/**
 * Adds the demo employees, the groomers among them bookable in the agenda with a colour each,
 * and makes the default user `groomer` the first groomer's account (their own column). Employees
 * whose document exists are left alone, so running it twice adds nothing.
 */
export async function seedStaff(db: Db, options: StaffOptions = {}): Promise<number> {
  const groomers = TEAM.filter((e) => e.agenda).length;
  const extra = Array.from(
    { length: Math.max(0, (options.groomers ?? groomers) - groomers) },
    (_, i) => ({
      nom: FIRST_NAMES[i % FIRST_NAMES.length],
      ape: `${SURNAMES[(i * 3) % SURNAMES.length]} ${SURNAMES[(i + 1) % SURNAMES.length]}`,
      dni: String(48_100_000 + i * 7_919),
      fecnac: '1995-05-20',
      agenda: true,
    }),
  );
  let colour = 0;
  const rows = [...TEAM, ...extra].map((e, i) => {
    const input = EmployeeInputSchema.parse({
      ...e,
      email: emailOf(e.nom, e.ape, i < TEAM.length ? '' : String(i)),
      telef: `9${e.dni}`,
      // Colours in the palette's order, so that the first groomers never share one.
      color: e.agenda ? GROOMER_COLORS[colour++ % GROOMER_COLORS.length] : undefined,
    });
    return {
      nom_emp: input.nom,
      ape_emp: input.ape,
      id_tipoDoc: input.idtDoc,
      dni_emp: input.dni,
      fec_nac: input.fecnac,
      email_emp: input.email,
      tel_emp: input.telef,
      agenda: input.agenda ?? false,
      ...(input.color ? { color: input.color } : {}),
    };
  });

  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(employees)
      .values(rows)
      .onConflictDoNothing()
      .returning({ id_emp: employees.id_emp });
    const [first] = await tx
      .select({ id_emp: employees.id_emp })
      .from(employees)
      .where(eq(employees.dni_emp, TEAM[0].dni));
    const taken = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id_emp, first.id_emp));
    if (taken.length === 0) {
      await tx
        .update(users)
        .set({ id_emp: first.id_emp })
        .where(and(eq(users.login, 'groomer'), isNull(users.id_emp)));
    }
    return inserted.length;
  });
}
