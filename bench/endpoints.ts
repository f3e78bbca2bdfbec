/**
 * The endpoints `npm run bench` measures, in order.
 *
 * To add one, append an entry: `path` is relative to the server's origin (include the query
 * string for a filtered list), `auth: true` sends the admin's credential, `body` (an object is
 * sent as JSON, a string as is) may use `{{ADMIN_PASSWORD}}`, and `sql`, when given, is the
 * bare query behind the endpoint: it is timed directly against the same database (PostgreSQL
 * only) so the server's overhead shows beside it. Write the SQL with literals, no parameters.
 * Add a list both unfiltered and filtered, e.g.
 *   { name: 'clientes ?search=', method: 'GET', path: '/api/clientes?search=garcia', auth: true,
 *     sql: "SELECT ... FROM clientes WHERE ... ORDER BY created_at DESC, id_cli DESC LIMIT 20" },
 */
export interface BenchEndpoint {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
  auth: boolean;
  sql?: string;
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
  // Constant catalogues: what the session check costs on an authenticated route.
  { name: 'tipodoc', method: 'GET', path: '/api/tipodoc', auth: true },
  { name: 'estados', method: 'GET', path: '/api/estados', auth: true },
  // Clients and pets: the lists of the DESIGN §8 budget (run with BENCH_SEED_CLIENTS=100000).
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
    sql: "SELECT * FROM clientes WHERE id_est NOT IN (3) AND (dni_cli || ' ' || nom_cli || ' ' || ape_cli) ILIKE '%quispe%' ORDER BY created_at DESC, id_cli DESC LIMIT 20",
  },
  {
    name: 'clientes ?search=rosa quispe flores',
    method: 'GET',
    path: '/api/clientes/?search=rosa%20quispe%20flores',
    auth: true,
    sql: "SELECT * FROM clientes WHERE id_est NOT IN (3) AND (dni_cli || ' ' || nom_cli || ' ' || ape_cli) ILIKE '%rosa%' AND (dni_cli || ' ' || nom_cli || ' ' || ape_cli) ILIKE '%quispe%' AND (dni_cli || ' ' || nom_cli || ' ' || ape_cli) ILIKE '%flores%' ORDER BY created_at DESC, id_cli DESC LIMIT 20",
  },
  {
    name: 'clientes ?est=2&month',
    method: 'GET',
    path: `/api/clientes/?est=2&ficial=${monthStart()}&final=${monthEnd()}`,
    auth: true,
    sql: `SELECT * FROM clientes WHERE id_est = 2 AND created_at >= '${monthStart()}T00:00:00-05:00' AND created_at < '${monthEnd()}T23:59:59-05:00' ORDER BY created_at DESC, id_cli DESC LIMIT 20`,
  },
  {
    name: 'mascotas',
    method: 'GET',
    path: '/api/mascotas/',
    auth: true,
    sql: 'SELECT p.*, c.dni_cli, c.nom_cli, c.ape_cli FROM perros p JOIN clientes c USING (id_cli) WHERE p.id_est NOT IN (3) ORDER BY p.created_at DESC, p.id_perro DESC LIMIT 20',
  },
  {
    name: 'mascotas ?search=schnauzer',
    method: 'GET',
    path: '/api/mascotas/?search=schnauzer',
    auth: true,
    sql: "SELECT p.*, c.dni_cli, c.nom_cli, c.ape_cli FROM perros p JOIN clientes c USING (id_cli) WHERE p.id_est NOT IN (3) AND ((p.nom_perro || ' ' || p.raza_perro) ILIKE '%schnauzer%' OR (c.dni_cli || ' ' || c.nom_cli || ' ' || c.ape_cli) ILIKE '%schnauzer%') ORDER BY p.created_at DESC, p.id_perro DESC LIMIT 20",
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
    sql: "SELECT id_srv, nom_srv, desc_srv, precio_srv, id_est, created_at FROM servicios WHERE id_est = 1 AND (nom_srv || ' ' || desc_srv) ILIKE '%corte%' ORDER BY created_at DESC, id_srv DESC LIMIT 20",
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
    sql: "SELECT id_paq, nom_paq, desc_paq, precio_paq, id_est, created_at FROM paquetes WHERE id_est = 1 AND (nom_paq || ' ' || desc_paq) ILIKE '%corte%' ORDER BY created_at DESC, id_paq DESC LIMIT 20",
  },
  // The home screen: every figure in one call (about seven aggregate and top-N queries at once).
  // The SQL is its heaviest part, the exact counts of active clients and pets.
  {
    name: 'dashboard',
    method: 'GET',
    path: '/api/dashboard',
    auth: true,
    sql: 'SELECT (SELECT count(*) FROM clientes WHERE id_est = 1), (SELECT count(*) FROM perros WHERE id_est = 1)',
  },
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
    sql: "SELECT u.id, u.name, u.surname, u.id_tipodoc, t.id, t.nom, u.doc, u.email, u.login, u.profile_image, u.id_emp, u.id_est, u.created_at FROM users u JOIN tipo_doc t ON t.id = u.id_tipodoc WHERE u.id_est NOT IN (3) AND (u.name || ' ' || u.surname || ' ' || u.doc || ' ' || u.login) ILIKE '%recepcion%' ORDER BY u.created_at DESC, u.id DESC LIMIT 20",
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
];

/**
 * `GET /reservaciones/` and `GET /citas/` with `cli`, `pe`, `usu`, `est` and the month. The
 * server's reservation list also runs the expiry UPDATE first (DESIGN §5), not in the SQL.
 */
function agendaLists(): BenchEndpoint[] {
  const lists = [
    {
      path: 'reservaciones',
      est: '2',
      select:
        'SELECT r.id_res, r.fec_reg, r.fec_cita, r.id_cli, r.id_perro, r.id_usu, r.id_est, c.dni_cli, c.nom_cli, c.ape_cli, p.nom_perro, u.login FROM reservaciones r JOIN clientes c ON c.id_cli = r.id_cli JOIN perros p ON p.id_perro = r.id_perro JOIN users u ON u.id = r.id_usu',
      visible: 'true',
      status: 'r.id_est',
      at: 'r.fec_reg',
      order: 'r.fec_reg DESC, r.id_res DESC',
    },
    {
      path: 'citas',
      est: '6',
      select:
        'SELECT a.id_cita, a.fec_cita, a.id_cli, a.id_perro, a.id_srv, a.id_paq, a.id_usu, a.id_est, a.obs_perro, a.precio, a.fech_reg, a.created_at, c.dni_cli, c.nom_cli, c.ape_cli, p.nom_perro, u.login, s.nom_srv, k.nom_paq FROM citas a JOIN clientes c ON c.id_cli = a.id_cli JOIN perros p ON p.id_perro = a.id_perro JOIN users u ON u.id = a.id_usu LEFT JOIN servicios s ON s.id_srv = a.id_srv LEFT JOIN paquetes k ON k.id_paq = a.id_paq',
      visible: 'a.id_est NOT IN (8)',
      status: 'a.id_est',
      at: 'a.created_at',
      order: 'a.created_at DESC, a.id_cita DESC',
    },
  ];
  const month = (at: string) =>
    `${at} >= '${monthStart()}T00:00:00-05:00' AND ${at} < '${monthEnd()}T23:59:59-05:00'`;
  return lists.flatMap((list) => {
    const filters: [string, string, string][] = [
      ['', '', list.visible],
      [
        '?cli=garcía',
        `cli=${encodeURIComponent('garcía')}`,
        `${list.visible} AND (c.dni_cli || ' ' || c.nom_cli || ' ' || c.ape_cli) ILIKE '%garcía%'`,
      ],
      [
        '?pe=luna',
        'pe=luna',
        `${list.visible} AND (p.nom_perro || ' ' || p.raza_perro) ILIKE '%luna%'`,
      ],
      [
        '?usu=recepcion',
        'usu=recepcion',
        `${list.visible} AND (u.name || ' ' || u.surname || ' ' || u.doc || ' ' || u.login) ILIKE '%recepcion%'`,
      ],
      [`?est=${list.est}`, `est=${list.est}`, `${list.status} = ${list.est}`],
      [
        '?month',
        `ficial=${monthStart()}&final=${monthEnd()}`,
        `${list.visible} AND ${month(list.at)}`,
      ],
    ];
    return filters.map(([label, query, where]) => ({
      name: `${list.path}${label ? ` ${label}` : ''}`,
      method: 'GET' as const,
      path: `/api/${list.path}/${query ? `?${query}` : ''}`,
      auth: true,
      sql: `${list.select} WHERE ${where} ORDER BY ${list.order} LIMIT 20`,
    }));
  });
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
