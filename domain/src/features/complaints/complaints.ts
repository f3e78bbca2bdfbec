import { z } from 'zod';
import { isoDateTime, isoDay, money } from '../../api';
import {
  blankIsUnset,
  DATE_RANGE_ORDER,
  PAGE_TOO_DEEP,
  pagingFields,
  withinListOffset,
} from '../../list-query';
import type { Permission } from '../../permissions';
import {
  checkedBeside,
  DNI_MESSAGES,
  documentNumber,
  email,
  isoDate,
  moneyAmount,
  personName,
  requiredText,
} from '../../rules';
import type { BadgeColor } from '../../statuses';
import { ruc } from '../settings/settings';

/**
 * The Libro de Reclamaciones virtual (DESIGN §11.3; Ley 29571 art. 150, DS 006-2014-PCM, Ley
 * 31435): anyone files a hoja without a session; staff with `reclamos.atender` follow the due
 * dates and answer each hoja once, which closes it. A hoja is never edited nor deleted.
 */

/** Who reads the book, answers it, keeps its holidays and hears the bell's notice: the admins. */
export const COMPLAINTS_PERMISSION = 'reclamos.atender' satisfies Permission;

/** The public page (no session) where anyone files a hoja. */
export const PUBLIC_COMPLAINTS_PATH = '/libro-reclamaciones';
/** The staff's screen, ADMINISTRACIÓN › 'Libro de Reclamaciones'. */
export const COMPLAINTS_PATH = '/reclamos';

/** The staff's screen with its filters set (the bell opens the open hojas). */
export function complaintsLink(filters: { estado?: ComplaintState; tipo?: ComplaintKind }): string {
  const { estado = '', tipo = '' } = filters;
  return `${COMPLAINTS_PATH}?estado=${estado}&tipo=${tipo}&desde=&hasta=`;
}

/** The legal term of an answer: 15 working days that cannot be extended (Ley 31435). */
export const COMPLAINT_DUE_WORKING_DAYS = 15;
/** An open hoja due within this many working days is shown red and rings the bell. */
export const COMPLAINT_WARNING_WORKING_DAYS = 3;

/** The consumer's document, as the form offers it. */
export const COMPLAINT_DOC_TYPES = ['DNI', 'CE', 'Pasaporte', 'RUC'] as const;
export type ComplaintDocType = (typeof COMPLAINT_DOC_TYPES)[number];
export const COMPLAINT_DOC_TYPE_LABELS: Record<ComplaintDocType, string> = {
  DNI: 'DNI',
  CE: 'Carné de extranjería',
  Pasaporte: 'Pasaporte',
  RUC: 'RUC',
};

/** What was contracted. */
export const COMPLAINT_GOODS = ['servicio', 'producto'] as const;
export type ComplaintGood = (typeof COMPLAINT_GOODS)[number];
export const COMPLAINT_GOOD_LABELS: Record<ComplaintGood, string> = {
  servicio: 'Servicio',
  producto: 'Producto',
};

/** The two kinds of hoja, and what each one means in INDECOPI's words (the form shows both). */
export const COMPLAINT_KINDS = ['reclamo', 'queja'] as const;
export type ComplaintKind = (typeof COMPLAINT_KINDS)[number];
export const COMPLAINT_KIND_LABELS: Record<ComplaintKind, string> = {
  reclamo: 'Reclamo',
  queja: 'Queja',
};
export const COMPLAINT_KIND_EXPLANATIONS: Record<ComplaintKind, string> = {
  reclamo: 'Reclamo: disconformidad relacionada a los productos o servicios.',
  queja:
    'Queja: disconformidad no relacionada a los productos o servicios; o malestar o descontento respecto a la atención al público.',
};

/** Where a hoja stands: open until its answer is written, which closes it. */
export const COMPLAINT_STATES = ['pendiente', 'respondido'] as const;
export type ComplaintState = (typeof COMPLAINT_STATES)[number];
export const COMPLAINT_STATE_LABELS: Record<ComplaintState, string> = {
  pendiente: 'Pendiente',
  respondido: 'Respondido',
};
export const COMPLAINT_STATE_COLORS: Record<ComplaintState, BadgeColor> = {
  pendiente: 'warning',
  respondido: 'success',
};

/**
 * The form's hidden field that people never see and bots fill: a filled one is refused with the
 * generic 422 (INVALID_INPUT), without naming the field.
 */
export const COMPLAINT_HONEYPOT = 'sitio_web';

/** Limits of the texts, as the table's columns hold them. */
export const COMPLAINT_LIMITS = {
  name: 100,
  address: 200,
  email: 150,
  guardian: 200,
  description: 500,
  detailMin: 20,
  detail: 3000,
  requestMin: 5,
  request: 1000,
  answerMin: 20,
  answer: 3000,
  holidayName: 100,
} as const;
const L = COMPLAINT_LIMITS;

export const COMPLAINT_MESSAGES = {
  docTypeInvalid: 'Seleccione un tipo de documento válido',
  docRequired: DNI_MESSAGES.required,
  ceLength: 'El carné de extranjería debe tener entre 9 y 12 caracteres, solo letras y números',
  passportLength: 'El pasaporte debe tener entre 6 y 12 caracteres, solo letras y números',
  namesRequired: 'Los nombres son requeridos',
  namesMin: 'Los nombres deben tener al menos 2 caracteres',
  namesMax: `Los nombres no pueden exceder los ${L.name} caracteres`,
  surnamesRequired: 'Los apellidos son requeridos',
  surnamesMin: 'Los apellidos deben tener al menos 2 caracteres',
  surnamesMax: `Los apellidos no pueden exceder los ${L.name} caracteres`,
  addressRequired: 'La dirección es requerida',
  addressMin: 'La dirección debe tener al menos 5 caracteres',
  addressMax: `La dirección no puede exceder los ${L.address} caracteres`,
  phoneRequired: 'El teléfono es requerido',
  phoneInvalid: 'Ingrese un teléfono o celular válido',
  emailRequired: 'El email es requerido',
  emailInvalid: 'Debe ser un email válido',
  emailMax: `El email no puede exceder los ${L.email} caracteres`,
  minorInvalid: 'Indique si el consumidor es menor de edad',
  guardianRequired: 'Para un menor de edad, ingrese los datos de su padre, madre o apoderado',
  guardianNameRequired: 'El nombre del padre, madre o apoderado es requerido',
  guardianNameMin: 'El nombre del padre, madre o apoderado debe tener al menos 2 caracteres',
  guardianNameMax: `El nombre del padre, madre o apoderado no puede exceder los ${L.guardian} caracteres`,
  goodInvalid: 'Indique si contrató un producto o un servicio',
  amountMin: 'El monto no puede ser negativo',
  descriptionRequired: 'Describa el producto o servicio contratado',
  descriptionMin: 'La descripción debe tener al menos 3 caracteres',
  descriptionMax: `La descripción no puede exceder los ${L.description} caracteres`,
  kindInvalid: 'Seleccione si es un reclamo o una queja',
  detailRequired: 'El detalle es requerido',
  detailMin: `Cuéntenos lo ocurrido con más detalle (al menos ${L.detailMin} caracteres)`,
  detailMax: `El detalle no puede exceder los ${L.detail} caracteres`,
  requestRequired: 'Indique qué solicita',
  requestMin: `El pedido debe tener al menos ${L.requestMin} caracteres`,
  requestMax: `El pedido no puede exceder los ${L.request} caracteres`,
  acceptRequired: 'Debe aceptar los términos para enviar la hoja de reclamación',
  /** 429, per address: the public form is not a cannon. */
  tooMany: (minutes: number) =>
    `Se enviaron demasiadas hojas desde esta conexión. Intente de nuevo en ${minutes} minuto${minutes === 1 ? '' : 's'}.`,
  filed: (numero: string) =>
    `Su hoja de reclamación N° ${numero} fue registrada. Le enviamos una copia a su correo.`,
  answerRequired: 'La respuesta es requerida',
  answerMin: `La respuesta debe tener al menos ${L.answerMin} caracteres`,
  answerMax: `La respuesta no puede exceder los ${L.answer} caracteres`,
  answered: 'La respuesta fue registrada y enviada al consumidor.',
  alreadyAnswered: 'Esta hoja ya fue respondida: la respuesta no se puede cambiar.',
  notFound: 'Hoja de reclamación no encontrada',
  stateInvalid: 'Seleccione un estado válido',
  dateFormat: 'La fecha debe tener el formato AAAA-MM-DD',
  rangeOrder: DATE_RANGE_ORDER,
  holidayDateRequired: 'La fecha es requerida',
  holidayDateInvalid: 'La fecha del feriado no es válida',
  holidayNameRequired: 'El nombre del feriado es requerido',
  holidayNameMax: `El nombre del feriado no puede exceder los ${L.holidayName} caracteres`,
  holidayExists: 'Ya hay un feriado registrado en esa fecha',
  holidayNotFound: 'Feriado no encontrado',
  holidaySaved: 'Feriado registrado',
  holidayDeleted: 'Feriado eliminado',
} as const;
const M = COMPLAINT_MESSAGES;

/**
 * What the hoja says besides its data: the PDF, the e-mails and the answer page say the same.
 * The legal notes are DS 006-2014-PCM's and Ley 31435's.
 */
export const COMPLAINT_TEXTS = {
  bookTitle: 'Libro de Reclamaciones',
  sheetTitle: (numero: string) => `LIBRO DE RECLAMACIONES — HOJA DE RECLAMACIÓN N° ${numero}`,
  otherRemedies:
    'La formulación del reclamo no impide acudir a otras vías de solución de controversias ni es requisito previo para interponer una denuncia ante el INDECOPI.',
  answerTerm:
    'El proveedor deberá dar respuesta al reclamo o queja en un plazo no mayor a quince (15) días hábiles improrrogables.',
  acceptTerms:
    'Declaro que los datos consignados son verdaderos y acepto que la respuesta me sea enviada al correo electrónico indicado.',
  consumer: '1. Identificación del consumidor reclamante',
  guardian: 'Padre, madre o apoderado (consumidor menor de edad)',
  contracted: '2. Identificación del bien contratado',
  detail: '3. Detalle de la reclamación y pedido del consumidor',
  provider: '4. Observaciones y acciones adoptadas por el proveedor',
  date: 'Fecha',
  due: 'Fecha límite de respuesta',
  answeredAt: 'Fecha de respuesta',
  amount: 'Monto reclamado',
} as const;

/** The consumer's document number, by its type. */
function checkDocument(
  type: ComplaintDocType,
  doc: string,
  ctx: z.RefinementCtx,
  path: readonly (string | number)[],
) {
  const schema =
    type === 'DNI'
      ? documentNumber(8, 8, DNI_MESSAGES.length)
      : type === 'RUC'
        ? ruc
        : z
            .string()
            .regex(
              type === 'CE' ? /^[A-Za-z0-9]{9,12}$/ : /^[A-Za-z0-9]{6,12}$/,
              type === 'CE' ? M.ceLength : M.passportLength,
            );
  const result = schema.safeParse(doc);
  if (result.success) return;
  // The first rule broken is the one worth fixing.
  const [first] = result.error.issues;
  if (first) ctx.addIssue({ code: 'custom', message: first.message, path: [...path] });
}

const docType = z.enum(COMPLAINT_DOC_TYPES, { error: M.docTypeInvalid });
const docNumber = requiredText(M.docRequired).max(20, M.docRequired).pipe(z.string());

/** The parent or guardian who files for a minor. */
export const ComplaintGuardianSchema = z
  .object({
    nombre: requiredText(M.guardianNameRequired)
      .min(2, M.guardianNameMin)
      .max(L.guardian, M.guardianNameMax),
    tipo_doc: docType,
    doc: docNumber,
  })
  .superRefine((g, ctx) => checkDocument(g.tipo_doc, g.doc, ctx, ['doc']));
export type ComplaintGuardian = z.infer<typeof ComplaintGuardianSchema>;

/** An optional amount in soles: blank or missing is none; otherwise 0 or more, two decimals. */
const optionalAmount = z.preprocess(
  (v) => (v === '' || v === undefined ? null : v),
  moneyAmount(M.amountMin, { cents: 0, message: M.amountMin }).nullable(),
);

/**
 * `POST /api/public/reclamo` (DESIGN §11.3): the hoja as the consumer fills it. The document
 * number follows its type (DNI 8 digits, RUC with its check digit, CE 9–12 and passport 6–12
 * letters or digits); a minor's hoja needs the `apoderado`; `acepta` must be true.
 */
export const ComplaintInputSchema = z
  .object({
    tipo_doc: docType,
    doc: docNumber,
    nombres: personName(M.namesRequired, M.namesMin).max(L.name, M.namesMax),
    apellidos: personName(M.surnamesRequired, M.surnamesMin).max(L.name, M.surnamesMax),
    direccion: requiredText(M.addressRequired).min(5, M.addressMin).max(L.address, M.addressMax),
    // Landlines ('(01) 234-5678'), mobiles and foreign numbers alike.
    telefono: requiredText(M.phoneRequired)
      .max(20, M.phoneInvalid)
      .refine((v) => /^\+?[\d\s()-]+$/.test(v) && v.replace(/\D/g, '').length >= 6, M.phoneInvalid),
    email: email(M.emailRequired, M.emailInvalid).pipe(z.string().max(L.email, M.emailMax)),
    menor: z.boolean({ error: M.minorInvalid }).default(false),
    apoderado: ComplaintGuardianSchema.nullish().transform((v) => v ?? null),
    bien: z.enum(COMPLAINT_GOODS, { error: M.goodInvalid }),
    monto: optionalAmount,
    descripcion: requiredText(M.descriptionRequired)
      .min(3, M.descriptionMin)
      .max(L.description, M.descriptionMax),
    tipo: z.enum(COMPLAINT_KINDS, { error: M.kindInvalid }),
    detalle: requiredText(M.detailRequired)
      .min(L.detailMin, M.detailMin)
      .max(L.detail, M.detailMax),
    pedido: requiredText(M.requestRequired)
      .min(L.requestMin, M.requestMin)
      .max(L.request, M.requestMax),
    acepta: z.literal(true, { error: M.acceptRequired }),
    /** The honeypot (COMPLAINT_HONEYPOT): people leave it empty. */
    sitio_web: z.string().max(500).optional(),
  })
  .superRefine(
    (hoja, ctx) => {
      if (!hoja.tipo_doc || hoja.doc === undefined) return;
      checkDocument(hoja.tipo_doc, hoja.doc, ctx, ['doc']);
    },
    // The document is checked beside the other fields' errors: the form shows them together.
    checkedBeside('tipo_doc', 'doc'),
  )
  .superRefine(
    (hoja, ctx) => {
      if (hoja.menor === true && !hoja.apoderado) {
        ctx.addIssue({ code: 'custom', message: M.guardianRequired, path: ['apoderado'] });
      }
    },
    checkedBeside('menor', 'apoderado'),
  )
  // A guardian sent for an adult is not kept.
  .transform((hoja) => ({ ...hoja, apoderado: hoja.menor ? hoja.apoderado : null }));
export type ComplaintInput = z.infer<typeof ComplaintInputSchema>;

/** `numero` as printed: 'AAAA-NNNNNN'. */
export const complaintNumber = (anio: number, numero: number) =>
  `${anio}-${String(numero).padStart(6, '0')}`;

/** 201 of the filing: the hoja's number, when it was filed and its legal due date. */
export const ComplaintFiledSchema = z.strictObject({
  /** '2026-000001'. */
  numero: z.string(),
  fecha: isoDateTime,
  /** The due date of the answer, `YYYY-MM-DD`. */
  vence: isoDay,
});
export type ComplaintFiled = z.infer<typeof ComplaintFiledSchema>;

/** `GET /api/public/reclamo/empresa`: the page's header, from Ajustes (null until saved). */
export const ComplaintCompanySchema = z.strictObject({
  razon_social: z.string().nullable(),
  ruc: z.string().nullable(),
  direccion: z.string().nullable(),
});
export type ComplaintCompany = z.infer<typeof ComplaintCompanySchema>;

/**
 * `GET /api/reclamos`: a page of hojas, newest first, by state, kind and the Lima days they were
 * filed on (`desde`..`hasta`, inclusive).
 */
export const ComplaintListQuerySchema = z
  .object({
    ...pagingFields,
    estado: blankIsUnset(z.enum(COMPLAINT_STATES, { error: M.stateInvalid })),
    tipo: blankIsUnset(z.enum(COMPLAINT_KINDS, { error: M.kindInvalid })),
    desde: blankIsUnset(isoDate(M.dateFormat)),
    hasta: blankIsUnset(isoDate(M.dateFormat)),
  })
  .refine((q) => !q.desde || !q.hasta || q.desde <= q.hasta, {
    message: M.rangeOrder,
    path: ['desde'],
  })
  .refine(withinListOffset, {
    message: PAGE_TOO_DEEP,
    path: ['page'],
  });
export type ComplaintListQuery = z.infer<typeof ComplaintListQuerySchema>;

/** A row of the staff's list. */
export const ComplaintSummarySchema = z.strictObject({
  id: z.number().int(),
  numero: z.string(),
  fecha: isoDateTime,
  /** 'Nombres Apellidos'. */
  consumidor: z.string(),
  tipo_doc: z.enum(COMPLAINT_DOC_TYPES),
  doc: z.string(),
  tipo: z.enum(COMPLAINT_KINDS),
  bien: z.enum(COMPLAINT_GOODS),
  vence: isoDay,
  /**
   * Working days from today (Lima) to the due date: 0 on the due day, negative when late. Null
   * once answered.
   */
  dias_habiles_restantes: z.number().int().nullable(),
  /** Open and past its due date (Lima's today after `vence`). */
  vencido: z.boolean(),
  /** Open and due within COMPLAINT_WARNING_WORKING_DAYS working days, or late: shown red. */
  por_vencer: z.boolean(),
  estado: z.enum(COMPLAINT_STATES),
  respondido_at: isoDateTime.nullable(),
});
export type ComplaintSummary = z.infer<typeof ComplaintSummarySchema>;

/** `GET /api/reclamo/{id}`: the whole hoja, its answer included. */
export const ComplaintSchema = ComplaintSummarySchema.omit({ consumidor: true }).extend({
  nombres: z.string(),
  apellidos: z.string(),
  direccion: z.string(),
  telefono: z.string(),
  email: z.string(),
  menor: z.boolean(),
  apoderado: z
    .strictObject({
      nombre: z.string(),
      tipo_doc: z.enum(COMPLAINT_DOC_TYPES),
      doc: z.string(),
    })
    .nullable(),
  monto: money.nullable(),
  descripcion: z.string(),
  detalle: z.string(),
  pedido: z.string(),
  respuesta: z.string().nullable(),
  /** Who answered: the user's full name (login when it has none). */
  respondido_por: z.string().nullable(),
});
export type Complaint = z.infer<typeof ComplaintSchema>;

/** `POST /api/reclamo/{id}/responder`: the provider's answer, written once. */
export const ComplaintAnswerSchema = z.object({
  respuesta: requiredText(M.answerRequired)
    .min(L.answerMin, M.answerMin)
    .max(L.answer, M.answerMax),
});
export type ComplaintAnswer = z.infer<typeof ComplaintAnswerSchema>;

/** A public holiday: due dates skip it. */
export const HolidaySchema = z.strictObject({ fecha: isoDay, nombre: z.string() });
export type Holiday = z.infer<typeof HolidaySchema>;

/** `POST /api/feriado`. */
export const HolidayInputSchema = z.object({
  fecha: requiredText(M.holidayDateRequired).pipe(isoDate(M.holidayDateInvalid)),
  nombre: requiredText(M.holidayNameRequired).max(L.holidayName, M.holidayNameMax),
});
export type HolidayInput = z.infer<typeof HolidayInputSchema>;

/** `DELETE /api/feriado/{fecha}`. */
export const HolidayParamsSchema = z.object({ fecha: isoDate(M.holidayDateInvalid) });

/** `GET /api/feriados`: optionally one year's. */
export const HolidayListQuerySchema = z.object({
  anio: blankIsUnset(
    z.coerce
      .number({ error: 'Año inválido' })
      .int('Año inválido')
      .min(2000, 'Año inválido')
      .max(2100, 'Año inválido'),
  ),
});
