/**
 * The endpoints `npm run bench` measures, in order.
 *
 * To add one, append an entry: `path` is relative to the server's origin (include the query
 * string for a filtered list), `auth: true` sends the admin's credential, `body` (an object is
 * sent as JSON, a string as is) may use `{{ADMIN_PASSWORD}}`, and `sql`, when given, is the
 * bare query behind the endpoint: it is timed directly against the same database (PostgreSQL
 * only) so the server's overhead shows beside it. Write the SQL with literals, no parameters,
 * and search as the server does (`fold(...) LIKE '%word%'`, so the trigram indexes serve it).
 * Add a list both unfiltered and filtered, e.g.
 *   { name: 'clientes ?search=', method: 'GET', path: '/api/clientes?search=garcia', auth: true,
 *     sql: "SELECT ... FROM clientes WHERE ... ORDER BY created_at DESC, id_cli DESC LIMIT 20" },
 * An entry whose path depends on the data (a keyset cursor, an existing DNI) gives `resolve`
 * instead: it runs after sign-in (it gets the admin's credential too) and answers the path and
 * SQL, or undefined to skip the entry (nothing seeded). `prepared: true` times the SQL as a
 * named prepared statement (parsed and planned once per connection), as the server runs it.
 */
import { hash } from 'node:crypto';
import { PgDialect } from 'drizzle-orm/pg-core';
import { ACCENTED, UNACCENTED } from '../server/src/db/schema';
import { searchStatement } from '../server/src/features/search';

export interface BenchEndpoint {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
  auth: boolean;
  sql?: string;
  prepared?: boolean;
  resolve?: (
    get: BenchGet,
    credential: string,
  ) => Promise<{ path: string; sql?: string } | undefined>;
}

/** An authenticated GET of the API under test, answering the parsed body. */
export type BenchGet = (path: string) => Promise<unknown>;

/** The server's search folding (schema.ts `foldSql`): lower case, accents off. */
const fold = (text: string) => `translate(lower(${text}), '${ACCENTED}', '${UNACCENTED}')`;
// Clients and pets keep their folded text in a stored column (schema.ts `SearchText`).
const CLIENT_TEXT = 'search_text';
const PET_LIST_TEXT = 'p.search_text';
const searched = (text: string, words: string[]) =>
  words.map((word) => `${text} LIKE '%${word}%'`).join(' AND ');

const CLIENTS_SELECT = 'SELECT * FROM clientes WHERE id_est NOT IN (3)';
const CLIENTS_ORDER = 'ORDER BY created_at DESC, id_cli DESC LIMIT 20';
const PETS_SELECT =
  'SELECT p.id_perro, p.nom_perro, p.raza_perro, p.id_cli, p.id_est, p.created_at, c.dni_cli, c.nom_cli, c.ape_cli FROM perros p JOIN clientes c ON c.id_cli = p.id_cli WHERE p.id_est NOT IN (3)';
const PETS_ORDER = 'ORDER BY p.created_at DESC, p.id_perro DESC LIMIT 20';

interface ListAnswer {
  data?: { data?: Record<string, unknown>[]; next_cursor?: string | null };
}

/**
 * The session check of every authenticated call (server/src/auth/sessions.ts
 * `prepareSessionCheck`) for this credential, with the default 30 idle minutes: the live
 * session of an active user, touched in the same statement when last seen over a minute ago.
 */
function sessionCheckSql(credential: string) {
  const tokenHash = hash('sha256', credential.slice('Bearer '.length), 'hex');
  return `WITH live AS (SELECT s.user_id FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = '${tokenHash}' AND s.expires_at > now() AND s.last_seen_at > now() - make_interval(mins => 30) AND u.id_est = 1), touch AS (UPDATE sessions SET last_seen_at = now() WHERE token_hash = '${tokenHash}' AND last_seen_at < now() - interval '1 minute' AND EXISTS (SELECT 1 FROM live)) SELECT user_id FROM live`;
}

/** The keyset cursor of the row one year back in a list: its next page is a deep one. */
async function deepCursor(get: BenchGet, list: string) {
  const yearAgo = new Date(Date.now() - (365 + 5 / 24) * 86_400_000).toISOString().slice(0, 10);
  const answer = (await get(`/api/${list}/?per_page=1&final=${yearAgo}`)) as ListAnswer;
  const cursor = answer.data?.next_cursor;
  if (!cursor) return undefined;
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  return { cursor, keyset: `('${at}'::timestamptz, ${Number(id)})` };
}

export const endpoints: BenchEndpoint[] = [
  // The ceiling: no database, no credential.
  { name: 'health', method: 'GET', path: '/api/health', auth: false },
  // scrypt on every request: CPU-bound by design. The SQL is only the user lookup.
  {
    name: 'login',
    method: 'POST',
    path: '/api/login',
    body: { json: JSON.stringify({ login: 'admin', password: '{{ADMIN_PASSWORD}}' }) },
    auth: false,
    sql: "SELECT id, password, id_est FROM users WHERE lower(login) = 'admin'",
  },
  // Constant catalogues: what the session check costs on an authenticated route. Its SQL is the
  // check itself, as the server runs it: one prepared statement.
  {
    name: 'tipodoc',
    method: 'GET',
    path: '/api/tipodoc',
    auth: true,
    prepared: true,
    resolve: (_get, credential) =>
      Promise.resolve({ path: '/api/tipodoc', sql: sessionCheckSql(credential) }),
  },
  { name: 'estados', method: 'GET', path: '/api/estados', auth: true },
  // Clients and pets: the lists of the list-page budget (decisions §budgets; run with
  // BENCH_SEED_CLIENTS=100000).
  {
    name: 'clientes',
    method: 'GET',
    path: '/api/clientes/',
    auth: true,
    sql: 'SELECT * FROM clientes WHERE id_est NOT IN (3) ORDER BY created_at DESC, id_cli DESC LIMIT 20',
  },
  {
    name: 'clientes ?search=quispe',
    method: 'GET',
    path: '/api/clientes/?search=quispe',
    auth: true,
    sql: `${CLIENTS_SELECT} AND ${searched(CLIENT_TEXT, ['quispe'])} ${CLIENTS_ORDER}`,
  },
  {
    name: 'clientes ?search=rosa quispe flores',
    method: 'GET',
    path: '/api/clientes/?search=rosa%20quispe%20flores',
    auth: true,
    sql: `${CLIENTS_SELECT} AND ${searched(CLIENT_TEXT, ['rosa', 'quispe', 'flores'])} ${CLIENTS_ORDER}`,
  },
  {
    name: 'clientes ?est=2&month',
    method: 'GET',
    path: `/api/clientes/?est=2&ficial=${monthStart()}&final=${monthEnd()}`,
    auth: true,
    sql: `SELECT * FROM clientes WHERE id_est = 2 AND ${inMonth('created_at')} ${CLIENTS_ORDER}`,
  },
  // A deep page: keyset paging from the row one year back (OFFSET would read every row before).
  {
    name: 'clientes ?after=(1 year back)',
    method: 'GET',
    path: '/api/clientes/?after=',
    auth: true,
    resolve: async (get) => {
      const deep = await deepCursor(get, 'clientes');
      return (
        deep && {
          path: `/api/clientes/?after=${deep.cursor}`,
          sql: `${CLIENTS_SELECT} AND (created_at, id_cli) < ${deep.keyset} ${CLIENTS_ORDER}`,
        }
      );
    },
  },
  // The outside probe's cases (issue 30 §15): a numbered deep page (OFFSET 9,980, the deepest
  // a page number reaches), a common surname over the last 12 months, and a DNI's first digits.
  {
    name: 'clientes ?page=500',
    method: 'GET',
    path: '/api/clientes/?page=500',
    auth: true,
  },
  {
    name: 'clientes ?search=garcia&12 months',
    method: 'GET',
    path: `/api/clientes/?search=garcia&ficial=${addDays(today(), -364)}&final=${today()}`,
    auth: true,
  },
  // The first four digits of the newest client's DNI.
  {
    name: 'clientes ?search=<dni prefix>',
    method: 'GET',
    path: '/api/clientes/?search=',
    auth: true,
    resolve: async (get) => {
      const answer = (await get('/api/clientes/?per_page=1')) as ListAnswer;
      const dni = answer.data?.data?.[0]?.dni_cli;
      return typeof dni === 'string'
        ? { path: `/api/clientes/?search=${dni.slice(0, 4)}` }
        : undefined;
    },
  },
  {
    name: 'mascotas',
    method: 'GET',
    path: '/api/mascotas/',
    auth: true,
    sql: `${PETS_SELECT} ${PETS_ORDER}`,
  },
  {
    name: 'mascotas ?search=schnauzer',
    method: 'GET',
    path: '/api/mascotas/?search=schnauzer',
    auth: true,
    sql: `${PETS_SELECT} AND ${searched(PET_LIST_TEXT, ['schnauzer'])} ${PETS_ORDER}`,
  },
  // A common owner's surname, typed without its accent ('García').
  {
    name: 'mascotas ?search=garcia',
    method: 'GET',
    path: '/api/mascotas/?search=garcia',
    auth: true,
    sql: `${PETS_SELECT} AND ${searched(PET_LIST_TEXT, ['garcia'])} ${PETS_ORDER}`,
  },
  // A rare term: the newest client's DNI finds that owner's one or two pets.
  {
    name: 'mascotas ?search=<dni>',
    method: 'GET',
    path: '/api/mascotas/?search=',
    auth: true,
    resolve: async (get) => {
      const answer = (await get('/api/clientes/?per_page=1')) as ListAnswer;
      const dni = answer.data?.data?.[0]?.dni_cli;
      return typeof dni === 'string'
        ? {
            path: `/api/mascotas/?search=${dni}`,
            sql: `${PETS_SELECT} AND ${searched(PET_LIST_TEXT, [dni])} ${PETS_ORDER}`,
          }
        : undefined;
    },
  },
  {
    name: 'mascotas ?after=(1 year back)',
    method: 'GET',
    path: '/api/mascotas/?after=',
    auth: true,
    resolve: async (get) => {
      const deep = await deepCursor(get, 'mascotas');
      return (
        deep && {
          path: `/api/mascotas/?after=${deep.cursor}`,
          sql: `${PETS_SELECT} AND (p.created_at, p.id_perro) < ${deep.keyset} ${PETS_ORDER}`,
        }
      );
    },
  },
  // The catalogue lists: the web opens them filtered on Activo.
  {
    name: 'servicios',
    method: 'GET',
    path: '/api/servicios/',
    auth: true,
    sql: 'SELECT id_srv, nom_srv, desc_srv, precio_srv, id_est, created_at FROM servicios WHERE id_est NOT IN (3) ORDER BY created_at DESC, id_srv DESC LIMIT 20',
  },
  {
    name: 'servicios ?search=&est=1',
    method: 'GET',
    path: '/api/servicios/?search=corte&est=1',
    auth: true,
    sql: `SELECT id_srv, nom_srv, desc_srv, precio_srv, id_est, created_at FROM servicios WHERE id_est = 1 AND ${fold("(nom_srv || ' ' || desc_srv)")} LIKE '%corte%' ORDER BY created_at DESC, id_srv DESC LIMIT 20`,
  },
  {
    name: 'paquetes',
    method: 'GET',
    path: '/api/paquetes/',
    auth: true,
    sql: 'SELECT id_paq, nom_paq, desc_paq, precio_paq, id_est, created_at FROM paquetes WHERE id_est NOT IN (3) ORDER BY created_at DESC, id_paq DESC LIMIT 20',
  },
  {
    name: 'paquetes ?search=&est=1',
    method: 'GET',
    path: '/api/paquetes/?search=corte&est=1',
    auth: true,
    sql: `SELECT id_paq, nom_paq, desc_paq, precio_paq, id_est, created_at FROM paquetes WHERE id_est = 1 AND ${fold("(nom_paq || ' ' || desc_paq)")} LIKE '%corte%' ORDER BY created_at DESC, id_paq DESC LIMIT 20`,
  },
  // The home screen: every figure in one call. The SQL is all of its queries, one after the
  // other (the server runs them together): the day and month summaries, the kept counts, the
  // counts over index ranges (this month's clients, pending reservations) and the top-N reads.
  {
    name: 'dashboard',
    method: 'GET',
    path: '/api/dashboard',
    auth: true,
    sql: dashboardSql(),
  },
  // The navbar bell, asked by every screen each minute: low stock, tomorrow's citas, the
  // pending reservations of today.
  {
    name: 'notificaciones',
    method: 'GET',
    path: '/api/notificaciones',
    auth: true,
    sql: notificationsSql(),
  },
  // The navbar's search (issue 30 §1): clients, pets and citas in one call, as the admin (every
  // group). A common surname, one typed without its accent, two words, a DNI, a phone, a pet's
  // name and two letters. The SQL is the server's own statement (searchSql below).
  ...['quispe', 'garcia', 'rosa quispe', 'luna', 'qu'].map((q): BenchEndpoint => ({
    name: `buscar ?q=${q}`,
    method: 'GET',
    path: `/api/buscar?q=${encodeURIComponent(q)}`,
    auth: true,
    sql: searchSql(q),
  })),
  ...(['dni_cli', 'tel1_cli'] as const).map((field): BenchEndpoint => ({
    name: `buscar ?q=<newest client's ${field === 'dni_cli' ? 'DNI' : 'phone'}>`,
    method: 'GET',
    path: '/api/buscar?q=',
    auth: true,
    resolve: async (get) => {
      const answer = (await get('/api/clientes/?per_page=1')) as ListAnswer;
      const q = answer.data?.data?.[0]?.[field];
      return typeof q === 'string' ? { path: `/api/buscar?q=${q}`, sql: searchSql(q) } : undefined;
    },
  })),
  // Staff: system users and employees (small tables; the same list machinery).
  {
    name: 'users',
    method: 'GET',
    path: '/api/users/',
    auth: true,
    sql: 'SELECT u.id, u.name, u.surname, u.id_tipodoc, t.id, t.nom, u.doc, u.email, u.login, u.profile_image, u.id_emp, u.id_est, u.created_at FROM users u JOIN tipo_doc t ON t.id = u.id_tipodoc WHERE u.id_est NOT IN (3) ORDER BY u.created_at DESC, u.id DESC LIMIT 20',
  },
  {
    name: 'users ?search=recepcion',
    method: 'GET',
    path: '/api/users/?search=recepcion',
    auth: true,
    sql: `SELECT u.id, u.name, u.surname, u.id_tipodoc, t.id, t.nom, u.doc, u.email, u.login, u.profile_image, u.id_emp, u.id_est, u.created_at FROM users u JOIN tipo_doc t ON t.id = u.id_tipodoc WHERE u.id_est NOT IN (3) AND ${fold("(u.name || ' ' || u.surname || ' ' || u.doc || ' ' || u.login)")} LIKE '%recepcion%' ORDER BY u.created_at DESC, u.id DESC LIMIT 20`,
  },
  {
    name: 'empleados',
    method: 'GET',
    path: '/api/empleados/',
    auth: true,
    sql: 'SELECT e.*, t.nom, s.nom_est, u.id AS id_usu FROM empleados e JOIN tipo_doc t ON t.id = e."id_tipoDoc" JOIN estados s ON s.id_est = e.id_est LEFT JOIN users u ON u.id_emp = e.id_emp WHERE e.id_est NOT IN (3) ORDER BY e.created_at DESC, e.id_emp DESC LIMIT 20',
  },
  // The agenda (reservations and appointments): unfiltered, then each of its filters.
  ...agendaLists(),
  // The outside probe's citas case: a common surname among this month's visits.
  {
    name: 'citas ?cli=garcía&desde&hasta (this month)',
    method: 'GET',
    path: `/api/citas/?cli=${encodeURIComponent('garcía')}&desde=${monthStart()}&hasta=${monthEnd()}`,
    auth: true,
  },
  // This month's visits, by their own days (the agenda list's date filter).
  {
    name: 'citas ?desde&hasta (this month)',
    method: 'GET',
    path: `/api/citas/?desde=${monthStart()}&hasta=${monthEnd()}`,
    auth: true,
  },
  // Products: the shop's catalogue, newest first.
  { name: 'productos', method: 'GET', path: '/api/productos/', auth: true },
  // The calendar's week view: every visit of this Lima week (about a thousand with the demo
  // data of 100,000 clients). The SQL is the visits' query; the groomers and the opening hours
  // are two small reads more.
  {
    name: 'agenda (this week)',
    method: 'GET',
    path: `/api/agenda?desde=${weekStart()}&hasta=${addDays(weekStart(), 6)}`,
    auth: true,
    sql: agendaWeekSql(),
  },
  // Checkout (decisions §checkout): the sales list, one method, the day's till and a month's
  // report.
  { name: 'ventas', method: 'GET', path: '/api/ventas/', auth: true },
  { name: 'ventas ?metodo=plin', method: 'GET', path: '/api/ventas/?metodo=plin', auth: true },
  {
    name: 'caja (today)',
    method: 'GET',
    path: `/api/caja?fecha=${limaToday().toISOString().slice(0, 10)}`,
    auth: true,
  },
  {
    name: 'ventas/reporte (this month)',
    method: 'GET',
    path: `/api/ventas/reporte?desde=${monthStart()}&hasta=${limaToday().toISOString().slice(0, 10)}`,
    auth: true,
  },
  // History and reports (decisions §history, §reports): the past visits, filtered, and both reports
  // over this month and over the last year, by day and by month (summaries kept by the database).
  { name: 'citas/historial', method: 'GET', path: '/api/citas/historial', auth: true },
  {
    name: 'citas/historial ?cli=garcia&est=6',
    method: 'GET',
    path: '/api/citas/historial?cli=garcia&est=6',
    auth: true,
  },
  ...[
    ['this month', monthStart(), 'dia'],
    ['last 12 months', addDays(today(), -364), 'mes'],
  ].flatMap(([range, desde, agrupar]) =>
    ['citas', 'reservaciones'].map((report): BenchEndpoint => ({
      name: `${report}/reporte (${range})`,
      method: 'GET',
      path: `/api/${report}/reporte?desde=${desde}&hasta=${today()}&agrupar=${agrupar}`,
      auth: true,
    })),
  ),
];

function today(): string {
  return limaToday().toISOString().slice(0, 10);
}

/**
 * `GET /reservaciones/` and `GET /citas/` with `cli`, `pe`, `usu`, `est` and the month. The
 * server's reservation list also runs the expiry UPDATE first (statuses §expiry), not in the SQL.
 */
function agendaLists(): BenchEndpoint[] {
  // The booked records come as scalar subqueries and the filters as IN subqueries, as the
  // server reads them (server/src/features/agenda/booking.ts `bookedObject`, `agendaFilters`).
  const client = (t: string) =>
    `(SELECT json_build_object('id_cli', c.id_cli, 'dni_cli', c.dni_cli, 'nom_cli', c.nom_cli, 'ape_cli', c.ape_cli, 'id_est', c.id_est) FROM clientes c WHERE c.id_cli = ${t}.id_cli) AS cliente`;
  const pet = (t: string) =>
    `(SELECT json_build_object('id_perro', p.id_perro, 'nom_perro', p.nom_perro, 'id_est', p.id_est) FROM perros p WHERE p.id_perro = ${t}.id_perro) AS perro`;
  const user = (t: string) =>
    `(SELECT json_build_object('id', u.id, 'login', u.login) FROM users u WHERE u.id = ${t}.id_usu) AS usuario`;
  const lists = [
    {
      path: 'reservaciones',
      est: '2',
      table: 'r',
      select: `SELECT r.id_res, r.fec_reg, r.fec_cita, r.id_cli, r.id_perro, r.id_usu, r.id_est, ${client('r')}, ${pet('r')}, ${user('r')} FROM reservaciones r`,
      visible: 'true',
      at: 'r.fec_reg',
      order: 'r.fec_reg DESC, r.id_res DESC',
    },
    {
      path: 'citas',
      est: '6',
      table: 'a',
      select: `SELECT a.id_cita, a.fec_cita, a.id_cli, a.id_perro, a.id_srv, a.id_paq, a.id_usu, a.id_est, a.obs_perro, a.precio, a.fech_reg, a.created_at, a.id_emp, a.duracion, ${client('a')}, ${pet('a')}, (SELECT json_build_object('id_srv', s.id_srv, 'nom_srv', s.nom_srv, 'id_est', s.id_est) FROM servicios s WHERE s.id_srv = a.id_srv) AS servicio, (SELECT json_build_object('id_paq', k.id_paq, 'nom_paq', k.nom_paq, 'id_est', k.id_est) FROM paquetes k WHERE k.id_paq = a.id_paq) AS paquete, ${user('a')}, (SELECT json_build_object('id_emp', e.id_emp, 'nom_emp', e.nom_emp, 'ape_emp', e.ape_emp) FROM empleados e WHERE e.id_emp = a.id_emp) AS empleado FROM citas a`,
      visible: 'a.id_est NOT IN (8)',
      at: 'a.created_at',
      // The list's first half (crud/list.ts `timeline`): today's and later visits, soonest first.
      from: `a.fec_cita >= '${limaDayStart()}'`,
      order: 'a.fec_cita, a.id_cita',
    },
  ];
  return lists.flatMap((list) => {
    const t = list.table;
    const filters: [string, string, string][] = [
      ['', '', list.visible],
      [
        '?cli=garcía',
        `cli=${encodeURIComponent('garcía')}`,
        // The client's text kept on the row (migration 0015), on the row's own trigram index.
        `${list.visible} AND ${t}.cliente_search LIKE '%garcia%'`,
      ],
      [
        '?pe=luna',
        'pe=luna',
        // The pet's text kept on the row (migration 0031), on the row's own trigram index.
        `${list.visible} AND ${t}.perro_search LIKE '%luna%'`,
      ],
      [
        '?usu=recepcion',
        'usu=recepcion',
        `${list.visible} AND ${t}.id_usu IN (SELECT id FROM users WHERE ${fold("(name || ' ' || surname || ' ' || doc || ' ' || login)")} LIKE '%recepcion%')`,
      ],
      [`?est=${list.est}`, `est=${list.est}`, `${t}.id_est = ${list.est}`],
      [
        '?month',
        `ficial=${monthStart()}&final=${monthEnd()}`,
        `${list.visible} AND ${inMonth(list.at)}`,
      ],
    ];
    return filters.map(([label, query, where]) => ({
      name: `${list.path}${label ? ` ${label}` : ''}`,
      method: 'GET' as const,
      path: `/api/${list.path}/${query ? `?${query}` : ''}`,
      auth: true,
      sql: `${list.select} WHERE ${where}${'from' in list ? ` AND ${list.from}` : ''} ORDER BY ${list.order} LIMIT 20`,
    }));
  });
}

/** Today's start in Lima, as an ISO moment. */
function limaDayStart(): string {
  return new Date(`${limaToday().toISOString().slice(0, 10)}T00:00:00-05:00`).toISOString();
}

function limaToday(): Date {
  return new Date(Date.now() - 5 * 3_600_000);
}

function monthStart(): string {
  return `${limaToday().toISOString().slice(0, 7)}-01`;
}

function monthEnd(): string {
  const today = limaToday();
  const last = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 0));
  return last.toISOString().slice(0, 10);
}

/** `YYYY-MM-DD` of the day `days` after `day`. */
function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

function nextDay(day: string): string {
  return addDays(day, 1);
}

/** The Monday of this Lima week. */
function weekStart(): string {
  const today = limaToday();
  return addDays(today.toISOString().slice(0, 10), -((today.getUTCDay() + 6) % 7));
}

/**
 * What `GET /agenda` asks for the visits (server/src/features/agenda/agenda.ts): those of the week and
 * those that began up to 480 minutes before it and run into it, but Eliminada.
 */
function agendaWeekSql(): string {
  const from = `'${weekStart()}T00:00:00-05:00'::timestamptz`;
  return `SELECT a.id_cita, a.fec_cita, a.duracion, a.id_est, a.id_emp, a.precio, a.obs_perro, a.id_srv, c.id_cli, c.dni_cli, c.nom_cli, c.ape_cli, p.id_perro, p.nom_perro, p.alertas, coalesce(a.id_srv, a.id_paq), coalesce(s.nom_srv, k.nom_paq), EXISTS (SELECT 1 FROM triajes t WHERE t.id_cita = a.id_cita) FROM citas a JOIN clientes c ON c.id_cli = a.id_cli JOIN perros p ON p.id_perro = a.id_perro LEFT JOIN servicios s ON s.id_srv = a.id_srv LEFT JOIN paquetes k ON k.id_paq = a.id_paq WHERE a.fec_cita > ${from} - interval '480 minutes' AND a.fec_cita < '${addDays(weekStart(), 7)}T00:00:00-05:00' AND a.fec_cita + a.duracion * interval '1 minute' > ${from} AND a.id_est <> 8 ORDER BY a.fec_cita, a.id_cita`;
}

/** This Lima month as the server filters it: from its first midnight to the next month's. */
function inMonth(at: string): string {
  return `${at} >= '${monthStart()}T00:00:00-05:00' AND ${at} < '${nextDay(monthEnd())}T00:00:00-05:00'`;
}

/** What `GET /dashboard` asks the database (server/src/features/dashboard/dashboard.ts), with literals. */
function dashboardSql(): string {
  const today = limaToday().toISOString().slice(0, 10);
  const first = new Date(Date.parse(`${today}T00:00:00Z`) - 13 * 86_400_000);
  const sixMonthsBack = new Date(`${monthStart()}T00:00:00Z`);
  sixMonthsBack.setUTCMonth(sixMonthsBack.getUTCMonth() - 5);
  const names = "c.nom_cli || ' ' || c.ape_cli";
  return [
    `SELECT lima_day, id_est, total FROM appointment_days WHERE lima_day >= '${first.toISOString().slice(0, 10)}' AND lima_day <= '${today}'`,
    `SELECT to_char(lima_day, 'YYYY-MM'), round(sum(revenue), 2)::text FROM appointment_days WHERE id_est = 6 AND lima_day >= '${sixMonthsBack.toISOString().slice(0, 10)}' AND lima_day < '${nextDay(monthEnd())}' GROUP BY 1`,
    `SELECT to_char(fecha - interval '5 hours', 'YYYY-MM'), sum(total)::text FROM ventas WHERE fecha >= '${sixMonthsBack.toISOString().slice(0, 10)}T00:00:00-05:00' AND anulada_at IS NULL GROUP BY 1`,
    `SELECT to_char(a.fec_cita - interval '5 hours', 'YYYY-MM'), sum(a.precio)::text FROM ventas v JOIN citas a ON a.id_cita = v.id_cita WHERE v.anulada_at IS NULL AND a.id_est = 6 AND a.fec_cita >= '${sixMonthsBack.toISOString().slice(0, 10)}T00:00:00-05:00' AND v.fecha >= '${sixMonthsBack.toISOString().slice(0, 10)}T00:00:00-05:00'::timestamptz - interval '1 day' GROUP BY 1`,
    `SELECT (SELECT total FROM status_counts WHERE table_name = 'clientes' AND id_est = 1), (SELECT count(*) FROM clientes WHERE created_at >= '${monthStart()}T00:00:00-05:00'), (SELECT total FROM status_counts WHERE table_name = 'perros' AND id_est = 1), (SELECT count(*) FROM reservaciones WHERE id_est = 1 AND fec_cita >= '${today}')`,
    `SELECT a.id_cita, a.fec_cita, a.id_est, c.id_cli, c.nom_cli, c.ape_cli, p.id_perro, p.nom_perro, s.nom_srv, k.nom_paq FROM (SELECT id_cita, fec_cita, id_est, id_cli, id_perro, id_srv, id_paq FROM citas WHERE fec_cita >= now() AND id_est IN (9, 5) ORDER BY fec_cita, id_cita LIMIT 8) a JOIN clientes c ON c.id_cli = a.id_cli JOIN perros p ON p.id_perro = a.id_perro LEFT JOIN servicios s ON s.id_srv = a.id_srv LEFT JOIN paquetes k ON k.id_paq = a.id_paq ORDER BY a.fec_cita, a.id_cita`,
    `SELECT a.id_cita, a.created_at, ${names}, p.nom_perro, a.fec_cita FROM (SELECT id_cita, created_at, fec_cita, id_cli, id_perro FROM citas ORDER BY created_at DESC, id_cita DESC LIMIT 8) a JOIN clientes c ON c.id_cli = a.id_cli JOIN perros p ON p.id_perro = a.id_perro`,
    `SELECT r.id_res, r.fec_reg, ${names}, p.nom_perro, r.fec_cita FROM (SELECT id_res, fec_reg, fec_cita, id_cli, id_perro FROM reservaciones ORDER BY fec_reg DESC, id_res DESC LIMIT 8) r JOIN clientes c ON c.id_cli = r.id_cli JOIN perros p ON p.id_perro = r.id_perro`,
    `SELECT c.id_cli, c.created_at, ${names} FROM clientes c ORDER BY c.created_at DESC, c.id_cli DESC LIMIT 8`,
    lowStockSql(),
  ].join(';\n');
}

/** The active products at or below their minimum, through `productos_low_stock_idx`. */
function lowStockSql(): string {
  return 'SELECT id_prod, sku, nom_prod, stock, stock_min, (count(*) OVER ())::int FROM productos WHERE stock <= stock_min AND id_est = 1 ORDER BY stock, stock_min DESC, id_prod LIMIT 5';
}

/** What `GET /notificaciones` asks (server/src/features/notifications/notifications.ts) for an admin. */
function notificationsSql(): string {
  const today = limaToday().toISOString().slice(0, 10);
  const tomorrow = nextDay(today);
  return [
    lowStockSql(),
    `SELECT count(*) FROM citas WHERE fec_cita >= '${tomorrow}T00:00:00-05:00' AND fec_cita < '${nextDay(tomorrow)}T00:00:00-05:00' AND id_est IN (9, 5)`,
    `SELECT count(*) FROM reservaciones WHERE id_est = 1 AND fec_cita = '${today}'`,
  ].join(';\n');
}

/** The statement `GET /buscar?q=` runs for an admin (server/src/features/search), with literals. */
function searchSql(q: string): string | undefined {
  const statement = searchStatement(q, () => true);
  return statement && new PgDialect().sqlToQuery(statement.inlineParams()).sql;
}
