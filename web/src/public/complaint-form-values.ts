import {
  COMPLAINT_HONEYPOT,
  ComplaintInputSchema,
  type ComplaintDocType,
  type ComplaintGood,
  type ComplaintKind,
} from '@app/domain';

/**
 * The public form's values and their check: what the inputs hold, the schema's input made of
 * them (ComplaintInputSchema, the server's own), and its issues as one message per field, keyed
 * by the field's path in the schema ('apoderado.doc').
 */

/** What the form holds: the inputs' own text, turned into the schema's input on submit. */
export interface FormValues {
  tipo_doc: ComplaintDocType;
  doc: string;
  nombres: string;
  apellidos: string;
  direccion: string;
  telefono: string;
  email: string;
  menor: 'si' | 'no';
  apoderado_nombre: string;
  apoderado_tipo_doc: ComplaintDocType;
  apoderado_doc: string;
  bien: ComplaintGood | '';
  monto: string;
  descripcion: string;
  tipo: ComplaintKind | '';
  detalle: string;
  pedido: string;
  acepta: boolean;
  sitio_web: string;
}

export const EMPTY_FORM: FormValues = {
  tipo_doc: 'DNI',
  doc: '',
  nombres: '',
  apellidos: '',
  direccion: '',
  telefono: '',
  email: '',
  menor: 'no',
  apoderado_nombre: '',
  apoderado_tipo_doc: 'DNI',
  apoderado_doc: '',
  bien: '',
  monto: '',
  descripcion: '',
  tipo: '',
  detalle: '',
  pedido: '',
  acepta: false,
  sitio_web: '',
};

/** The schema's fields in the form's order: the first one in error takes the focus. */
export const FIELD_ORDER = [
  'nombres',
  'apellidos',
  'tipo_doc',
  'doc',
  'direccion',
  'telefono',
  'email',
  'menor',
  'apoderado.nombre',
  'apoderado.tipo_doc',
  'apoderado.doc',
  'bien',
  'monto',
  'descripcion',
  'tipo',
  'detalle',
  'pedido',
  'acepta',
] as const;
export type FieldName = (typeof FIELD_ORDER)[number];
export type FieldErrors = Partial<Record<FieldName, string>>;

/** The fields typed as text. */
export type TextName = Extract<
  FieldName,
  | 'nombres'
  | 'apellidos'
  | 'doc'
  | 'direccion'
  | 'telefono'
  | 'email'
  | 'monto'
  | 'descripcion'
  | 'detalle'
  | 'pedido'
>;

const isFieldName = (path: string): path is FieldName => FIELD_ORDER.some((name) => name === path);

/** A message about the guardian as a whole ('apoderado') belongs to its first field. */
const fieldOf = (path: string) => (path === 'apoderado' ? 'apoderado.nombre' : path);

/** The first message of each field; `other` keeps a refusal that names no field of the form. */
export function collectErrors(issues: Iterable<[path: string, message: string]>) {
  const errors: FieldErrors = {};
  let other: string | undefined;
  for (const [path, message] of issues) {
    const field = fieldOf(path);
    if (isFieldName(field)) errors[field] ??= message;
    else other ??= message;
  }
  return { errors, other };
}

/** The schema's input: a guardian only for a minor; a blank choice is a missing one. */
function toInput(values: FormValues) {
  const minor = values.menor === 'si';
  return {
    tipo_doc: values.tipo_doc,
    doc: values.doc,
    nombres: values.nombres,
    apellidos: values.apellidos,
    direccion: values.direccion,
    telefono: values.telefono,
    email: values.email,
    menor: minor,
    apoderado: minor
      ? {
          nombre: values.apoderado_nombre,
          tipo_doc: values.apoderado_tipo_doc,
          doc: values.apoderado_doc,
        }
      : null,
    bien: values.bien || undefined,
    monto: values.monto,
    descripcion: values.descripcion,
    tipo: values.tipo || undefined,
    detalle: values.detalle,
    pedido: values.pedido,
    acepta: values.acepta,
    [COMPLAINT_HONEYPOT]: values.sitio_web,
  };
}

/** The form checked by the server's schema: its input, or the first message of each field. */
export function validateForm(values: FormValues) {
  const parsed = ComplaintInputSchema.safeParse(toInput(values));
  if (parsed.success) return { input: parsed.data };
  return collectErrors(
    parsed.error.issues.map(({ path, message }): [string, string] => [path.join('.'), message]),
  );
}
