/**
 * The navbar's 'Buscar aquí' (issue 30 §1): one box that finds clients by name, surname, DNI or
 * phone, pets by name (or their owner's words) and citas by their client or pet, a few of each,
 * in one call. A group the signed-in role may not read is left out of the answer, never refused.
 */
import { z } from 'zod';
import { isoDateTime } from '../../api';
import { limaWallClock } from '../../lima-date';

/** Fewer letters match too much to be worth a call. */
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_LENGTH = 100;
/** Rows per group: enough to pick from, few enough to read at a glance. */
export const SEARCH_GROUP_SIZE = 5;

export const SEARCH_MESSAGES = {
  tooShort: `Escriba al menos ${SEARCH_MIN_LENGTH} caracteres para buscar`,
  tooLong: `La búsqueda admite hasta ${SEARCH_MAX_LENGTH} caracteres`,
} as const;

const NONE = 'Sin resultados';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What the navbar's box says and its groups' titles. */
export const SEARCH_TEXTS = {
  label: 'Buscar aquí',
  /** The clear button's name. */
  clear: 'Borrar búsqueda',
  groups: { clientes: 'Clientes', mascotas: 'Mascotas', citas: 'Citas' },
  searching: 'Buscando…',
  none: NONE,
  failed: 'No se pudo buscar. Intente de nuevo.',
  /** Read out when results arrive: '2 clientes, 1 mascota y 3 citas'. */
  found: (counts: { clientes?: number; mascotas?: number; citas?: number }) => {
    const parts = [
      counts.clientes ? plural(counts.clientes, 'cliente', 'clientes') : undefined,
      counts.mascotas ? plural(counts.mascotas, 'mascota', 'mascotas') : undefined,
      counts.citas ? plural(counts.citas, 'cita', 'citas') : undefined,
    ].filter((part) => part !== undefined);
    if (parts.length === 0) return NONE;
    const last = parts.pop();
    return parts.length > 0 ? `${parts.join(', ')} y ${last}` : `${last}`;
  },
} as const;

/** `GET /api/buscar?q=...`: the words typed, trimmed. */
export const SearchQuerySchema = z.object({
  q: z
    .string({ error: SEARCH_MESSAGES.tooShort })
    .trim()
    .min(SEARCH_MIN_LENGTH, SEARCH_MESSAGES.tooShort)
    .max(SEARCH_MAX_LENGTH, SEARCH_MESSAGES.tooLong),
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

export const SearchClientSchema = z.strictObject({
  id_cli: z.number().int(),
  dni_cli: z.string(),
  nom_cli: z.string(),
  ape_cli: z.string(),
  tel1_cli: z.string(),
  id_est: z.number().int(),
});
export type SearchClient = z.infer<typeof SearchClientSchema>;

/** A pet with its owner's name and DNI: what tells two pets of one name apart. */
export const SearchPetSchema = z.strictObject({
  id_perro: z.number().int(),
  nom_perro: z.string(),
  raza_perro: z.string(),
  id_est: z.number().int(),
  id_cli: z.number().int(),
  dni_cli: z.string(),
  nom_cli: z.string(),
  ape_cli: z.string(),
});
export type SearchPet = z.infer<typeof SearchPetSchema>;

export const SearchAppointmentSchema = z.strictObject({
  id_cita: z.number().int(),
  fec_cita: isoDateTime,
  id_est: z.number().int(),
  id_cli: z.number().int(),
  dni_cli: z.string(),
  nom_cli: z.string(),
  ape_cli: z.string(),
  id_perro: z.number().int(),
  nom_perro: z.string(),
});
export type SearchAppointment = z.infer<typeof SearchAppointmentSchema>;

/**
 * Up to `SEARCH_GROUP_SIZE` of each, newest first (citas: the coming ones soonest first, then
 * the past ones latest first). A group is absent when the role may not read it.
 */
export const SearchResultsSchema = z.strictObject({
  clientes: z.array(SearchClientSchema).optional(),
  mascotas: z.array(SearchPetSchema).optional(),
  citas: z.array(SearchAppointmentSchema).optional(),
});
export type SearchResults = z.infer<typeof SearchResultsSchema>;

/** The Lima day of a moment, `YYYY-MM-DD`. */
const limaDay = (at: string) => limaWallClock(new Date(at)).toISOString().slice(0, 10);

/** A path with its query string, each value encoded (the domain has no URLSearchParams). */
const link = (path: string, params: Record<string, string>) =>
  `${path}?${Object.entries(params)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('&')}`;

/**
 * Where a result opens: its list filtered to it, through the filters each list reads from the
 * address (a client by its DNI, a pet by its name and its owner's DNI, a cita by its client's
 * DNI, its pet and its day).
 */
export const SEARCH_LINKS = {
  client: (c: Pick<SearchClient, 'dni_cli'>) => link('/clientes', { search: c.dni_cli }),
  pet: (p: Pick<SearchPet, 'nom_perro' | 'dni_cli'>) =>
    link('/mascotas', { search: `${p.nom_perro} ${p.dni_cli}` }),
  appointment: (a: Pick<SearchAppointment, 'dni_cli' | 'nom_perro' | 'fec_cita'>) => {
    const day = limaDay(a.fec_cita);
    return link('/citas', { cli: a.dni_cli, pe: a.nom_perro, desde: day, hasta: day });
  },
} as const;
