import { eq, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type Employee,
  EMPLOYEE_MESSAGES,
  type EmployeeInput,
  employeesResource,
  GROOMER_COLORS,
  RECORD_STATUSES,
  Status,
} from '@app/domain';
import type { Db, Tx } from '../../db/client';
import { documentTypes, employees, employeeSearchSql, statuses, users } from '../../db/schema';
import { describeUniqueIndex } from '../../http/errors';
import type { ListDefinition } from '../../crud/list';
import { resourceModule } from '../../crud/resource';
import type { ExportDefinition } from '../../crud/export';

describeUniqueIndex('empleados_dni_key', 'dni', EMPLOYEE_MESSAGES.duplicateDni);

export const employeeList: ListDefinition = {
  table: employees,
  fields: {
    id_emp: employees.id_emp,
    nom_emp: employees.nom_emp,
    ape_emp: employees.ape_emp,
    id_tipoDoc: employees.id_tipoDoc,
    tipo_doc: { id: documentTypes.id, nom: documentTypes.nom },
    dni_emp: employees.dni_emp,
    fec_nac: employees.fec_nac,
    email_emp: employees.email_emp,
    tel_emp: employees.tel_emp,
    estado: { id_est: statuses.id_est, nom_est: statuses.nom_est },
    id_est: employees.id_est,
    // The account made with 'Crear Usuario de Sistema', so the menu offers it only once.
    id_usu: users.id,
    agenda: employees.agenda,
    color: employees.color,
    horario: employees.horario,
    created_at: employees.created_at,
  },
  join: (query: PgSelect) =>
    query
      .innerJoin(documentTypes, eq(documentTypes.id, employees.id_tipoDoc))
      .innerJoin(statuses, eq(statuses.id_est, employees.id_est))
      .leftJoin(users, eq(users.id_emp, employees.id_emp)),
  id: employees.id_emp,
  createdAt: employees.created_at,
  status: employees.id_est,
  search: [employeeSearchSql(employees)],
  hiddenStatuses: [Status.Eliminado],
};

/** The age rule lives in the schema, judged by the server's clock in Lima when it parses. */
const toValues = (input: EmployeeInput) =>
  Promise.resolve({
    id_tipoDoc: input.idtDoc,
    dni_emp: input.dni,
    nom_emp: input.nom,
    ape_emp: input.ape,
    fec_nac: input.fecnac,
    email_emp: input.email,
    tel_emp: input.telef,
    // Absent: unchanged on edit (drizzle skips it); on register see `createValues`.
    agenda: input.agenda,
    color: input.color,
    // Null: the company's hours; absent, unchanged.
    horario: input.horario,
  });

/** A new employee without a colour gets the palette's next one, so columns tell apart. */
async function createValues(input: EmployeeInput, tx: Tx) {
  const [{ count }] = await tx.select({ count: sql<number>`count(*)::int` }).from(employees);
  return toValues({
    ...input,
    color: input.color ?? GROOMER_COLORS[count % GROOMER_COLORS.length],
  });
}

const employeeExport: ExportDefinition<Employee> = {
  sheet: 'Empleados',
  columns: [
    { header: 'Tipo de documento', value: (e) => e.tipo_doc.nom },
    { header: 'Documento', value: (e) => e.dni_emp },
    { header: 'Nombre', value: (e) => e.nom_emp },
    { header: 'Apellido', value: (e) => e.ape_emp },
    { header: 'Fecha de nacimiento', value: (e) => e.fec_nac, kind: 'day' },
    { header: 'Email', value: (e) => e.email_emp },
    { header: 'Teléfono', value: (e) => e.tel_emp },
    { header: 'Atiende en la agenda', value: (e) => (e.agenda ? 'Sí' : 'No') },
    { header: 'Estado', value: (e) => e.estado.nom_est },
    { header: 'Registrado', value: (e) => e.created_at, kind: 'time' },
  ],
};

export const employeesModule: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  await app.register(
    resourceModule({
      resource: employeesResource,
      table: employees,
      id: employees.id_emp,
      list: employeeList,
      export: employeeExport,
      create: {
        toValues: createValues,
        message: EMPLOYEE_MESSAGES.registered,
      },
      update: { toValues, message: EMPLOYEE_MESSAGES.updated },
      status: {
        allowed: RECORD_STATUSES.map((s) => s.id_est),
        column: employees.id_est,
        message: EMPLOYEE_MESSAGES.status,
      },
      remove: { inUse: EMPLOYEE_MESSAGES.inUse },
      notFound: EMPLOYEE_MESSAGES.notFound,
    }),
    { db },
  );
};
