import { z } from 'zod';
import { isoDateTime, isoDay } from '../../api';
import { defineResource } from '../../resource';
import { DocumentTypeId } from '../../document-types';
import { ageInYears, limaToday } from '../../lima-date';
import { IdParamSchema } from '../../list-query';
import {
  DNI_MESSAGES,
  PHONE_MESSAGES,
  documentNumber,
  email,
  isoDate,
  personName,
  phone,
  requiredText,
} from '../../rules';
import { hexColor, OpeningHoursSchema } from '../agenda/agenda';

/** Spec §000-9: the minimum age of an employee. */
export const MIN_EMPLOYEE_AGE = 18;

export const EMPLOYEE_FIELD_MESSAGES = {
  tdoc: 'Seleccione un tipo de documento válido',
  docLength: 'El documento debe tener entre 8 y 13 dígitos',
  docMax: 'El documento no puede exceder los 13 dígitos',
  birthRequired: 'La fecha de nacimiento es requerida',
  birthInvalid: 'La fecha de nacimiento no es válida',
  underAge: 'Debe ser mayor de 18 años',
} as const;

const idtDoc = z.coerce
  .number({ error: EMPLOYEE_FIELD_MESSAGES.tdoc })
  .int(EMPLOYEE_FIELD_MESSAGES.tdoc)
  .min(1, EMPLOYEE_FIELD_MESSAGES.tdoc)
  .max(4, EMPLOYEE_FIELD_MESSAGES.tdoc);

/**
 * Born at least 18 years before today's date in Lima, and not absurdly long ago. The server
 * parses with the same schema, so the age is judged by the server's clock, not the browser's.
 */
const fecnac = requiredText(EMPLOYEE_FIELD_MESSAGES.birthRequired)
  .pipe(isoDate(EMPLOYEE_FIELD_MESSAGES.birthInvalid))
  .refine((v) => v >= '1900-01-01', EMPLOYEE_FIELD_MESSAGES.birthInvalid)
  .refine((v) => ageInYears(v, limaToday()) >= MIN_EMPLOYEE_AGE, EMPLOYEE_FIELD_MESSAGES.underAge);

const employeeFields = {
  idtDoc: idtDoc.default(DocumentTypeId.DNI),
  nom: personName('El nombre es requerido', 'El nombre debe tener al menos 2 caracteres').max(
    100,
    'El nombre no puede exceder los 100 caracteres',
  ),
  ape: personName('El apellido es requerido', 'El apellido debe tener al menos 2 caracteres').max(
    100,
    'El apellido no puede exceder los 100 caracteres',
  ),
  fecnac,
  email: email('El email es requerido', 'Debe ser un email válido').pipe(
    z.string().max(150, 'El email no puede exceder los 150 caracteres'),
  ),
  /** Bookable: the employee has a column in the agenda (groomers). Absent, unchanged (false on register). */
  agenda: z.boolean({ error: 'Indique si atiende citas en la agenda' }).optional(),
  /** The calendar colour of the employee's citas; absent, one of GROOMER_COLORS is given. */
  color: hexColor.optional(),
  /**
   * The groomer's own working hours per weekday (DESIGN §11.4); null: the company's. Absent,
   * unchanged (the company's on register).
   */
  horario: OpeningHoursSchema.nullable().optional(),
};

/** `POST /empleado/register` (spec §000-5). */
export const EmployeeInputSchema = z.object({
  ...employeeFields,
  dni: documentNumber(8, 13, EMPLOYEE_FIELD_MESSAGES.docLength),
  telef: phone,
});
export type EmployeeInput = z.infer<typeof EmployeeInputSchema>;

/**
 * `PUT /empleado`: the document is not checked beyond what the column holds, and the phone
 * needs only its 9 digits (spec §000-5).
 */
export const EmployeeUpdateSchema = z.object({
  id: IdParamSchema.shape.id,
  ...employeeFields,
  dni: requiredText(DNI_MESSAGES.required)
    .regex(/^\d+$/, DNI_MESSAGES.digits)
    .max(13, EMPLOYEE_FIELD_MESSAGES.docMax),
  telef: requiredText(PHONE_MESSAGES.length).regex(/^\d{9}$/, PHONE_MESSAGES.length),
});
export type EmployeeUpdate = z.infer<typeof EmployeeUpdateSchema>;

export const EmployeeSchema = z.strictObject({
  id_emp: z.number().int(),
  nom_emp: z.string(),
  ape_emp: z.string(),
  id_tipoDoc: z.number().int(),
  tipo_doc: z.strictObject({ id: z.number().int(), nom: z.string() }),
  dni_emp: z.string(),
  fec_nac: isoDay,
  email_emp: z.string(),
  tel_emp: z.string(),
  estado: z.strictObject({ id_est: z.number().int(), nom_est: z.string() }),
  id_est: z.number().int(),
  /** The system user created from this employee, if any. */
  id_usu: z.number().int().nullable(),
  agenda: z.boolean(),
  color: z.string(),
  /** Own working hours; null: the company's. */
  horario: OpeningHoursSchema.nullable(),
  created_at: isoDateTime,
});
export type Employee = z.infer<typeof EmployeeSchema>;

export const EMPLOYEE_MESSAGES = {
  registered: '¡Empleado registrado exitosamente!',
  updated: '¡Empleado actualizado exitosamente!',
  status: 'Estado de Empleado actualizado correctamente',
  duplicateDni: 'Ya existe un empleado con ese documento',
  inUse: 'No se puede eliminar el empleado: tiene un usuario de sistema o citas registradas',
  notFound: 'Empleado no encontrado',
} as const;

export const employeesResource = defineResource({
  plural: 'empleados',
  exportFile: 'empleados',
  singular: 'empleado',
  record: EmployeeSchema,
  access: { read: 'empleados.leer', write: 'empleados.escribir' },
  audit: 'empleado',
  rowId: (e) => e.id_emp,
  toInput: (e): EmployeeInput => ({
    idtDoc: e.id_tipoDoc,
    dni: e.dni_emp,
    nom: e.nom_emp,
    ape: e.ape_emp,
    fecnac: e.fec_nac,
    email: e.email_emp,
    telef: e.tel_emp,
    agenda: e.agenda,
    color: e.color,
    horario: e.horario,
  }),
  crud: { register: EmployeeInputSchema, update: EmployeeUpdateSchema, remove: true },
});
