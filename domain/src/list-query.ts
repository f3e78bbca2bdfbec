import { z } from 'zod';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from './api';
import { id } from './rules';

/** Filters are sent only when set; a blank one means "not set". */
export const blankIsUnset = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

const DATE_MESSAGE = 'La fecha debe tener el formato AAAA-MM-DD';

/** A day filter, `YYYY-MM-DD` (a Lima day); blank means not set. */
export const optionalDay = blankIsUnset(z.iso.date(DATE_MESSAGE));

/** A range of days whose start comes after its end. */
export const DATE_RANGE_ORDER = 'La fecha inicial no puede ser mayor a la fecha final';

/**
 * Numbered pages skip rows with OFFSET, which reads every row it skips: they stop here, and
 * deeper pages are reached with the keyset cursor `after` (or narrowed by the filters).
 */
export const MAX_LIST_OFFSET = 10_000;
export const PAGE_TOO_DEEP =
  'La página pedida está demasiado lejos: use la búsqueda o los filtros de fecha para acotar la lista';

/** A numbered page of a list: `page` and `per_page`, each blank for its default. */
export const pagingFields = {
  page: blankIsUnset(z.coerce.number().int().min(1, 'Página inválida').max(1_000_000)).default(1),
  per_page: blankIsUnset(
    z.coerce.number().int().min(1).max(MAX_PER_PAGE, `Máximo ${MAX_PER_PAGE} registros por página`),
  ).default(DEFAULT_PER_PAGE),
};

/** Whether a numbered page skips no more than MAX_LIST_OFFSET rows (else PAGE_TOO_DEEP). */
export const withinListOffset = (q: { page: number; per_page: number }) =>
  (q.page - 1) * q.per_page < MAX_LIST_OFFSET;

/**
 * The query every list accepts: paging plus the spec's `search`, `est`, `ficial`, `final`. The
 * registration days `ficial`..`final` are sent only when set: without them a list holds every
 * registration date (decisions §date-filters: the spec's default of the current month hid most
 * records).
 */
export const ListQuerySchema = z
  .object({
    ...pagingFields,
    search: blankIsUnset(z.string().trim().max(100, 'La búsqueda es demasiado larga')),
    est: blankIsUnset(
      z.coerce.number({ error: 'Estado inválido' }).int('Estado inválido').min(1).max(99),
    ),
    ficial: optionalDay,
    final: optionalDay,
    /** Keyset cursor of the last row seen: deep pages without OFFSET. */
    after: blankIsUnset(z.string().max(100)),
  })
  .refine((q) => !q.ficial || !q.final || q.ficial <= q.final, {
    message: DATE_RANGE_ORDER,
    path: ['ficial'],
  })
  .refine((q) => q.after !== undefined || withinListOffset(q), {
    message: PAGE_TOO_DEEP,
    path: ['page'],
  });
export type ListQuery = z.infer<typeof ListQuerySchema>;

/** The status patch every record accepts: `{ id, estado }`. */
export const StatusPatchSchema = z.object({
  id: z.coerce.number({ error: 'Identificador inválido' }).int().positive('Identificador inválido'),
  estado: z.coerce.number({ error: 'Estado inválido' }).int('Estado inválido'),
});
export type StatusPatch = z.infer<typeof StatusPatchSchema>;

export const IdParamSchema = z.object({
  id: id(),
});

/** What an export writes (api §exports): `?formato=csv|xlsx`. */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const ExportFormatSchema = z
  .enum(EXPORT_FORMATS, { error: 'El formato debe ser csv o xlsx' })
  .default('xlsx');

/** The export buttons beside Buscar, and their failure. */
export const EXPORT_TEXTS = {
  csv: 'Exportar CSV',
  xlsx: 'Exportar Excel',
  error: 'Error al exportar',
} as const satisfies Record<ExportFormat | 'error', string>;

/** `formato` on top of a list's query: an export takes the list's filters, never its paging. */
export const exportQueryOf = <T extends z.ZodObject>(
  query: T,
): z.ZodObject<T['shape'] & { formato: typeof ExportFormatSchema }> =>
  query.safeExtend({ formato: ExportFormatSchema });
