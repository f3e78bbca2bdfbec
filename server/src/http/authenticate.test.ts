import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { canAccess, PERMISSION_MESSAGES, ROLES, type Role } from '@app/domain';
import { setupTestApp } from '../test/app';
import { DOCS_PREFIX, registerAuthentication } from './authenticate';

const ctx = await setupTestApp();

const ALL: readonly Role[] = ['admin', 'recepcion', 'groomer'];
/** The front desk: admin and recepcion. */
const DESK: readonly Role[] = ['admin', 'recepcion'];
const ADMIN: readonly Role[] = ['admin'];
const PUBLIC = 'public';
/** The client's own page (DESIGN §11.5): the client credential only, never a staff session. */
const CLIENT = 'cliente';

/**
 * Decisions §roles, route by route: who may call it. Written out here, apart from the permission
 * table, so that a wrong permission on a route or a wrong row in the table fails; a new route
 * fails until it is added.
 */
const MATRIX: Record<string, readonly Role[] | typeof PUBLIC | typeof CLIENT> = {
  // Lookups, the session, the own profile, the dashboard and the bell: every signed-in user.
  'GET /api/tipodoc': ALL,
  'GET /api/estados': ALL,
  'GET /api/health': PUBLIC,
  'POST /api/login': PUBLIC,
  'POST /api/logout': ALL,
  'GET /api/me': ALL,
  'GET /api/profile': ALL,
  'GET /api/buscar': ALL,
  'PATCH /api/profile': ALL,
  'PATCH /api/profile/password': ALL,
  'PATCH /api/profile/inicio': ALL,
  'POST /api/profile/picture': ALL,
  // The second factor (issue 28 §5): admins turn it on; whoever has it may turn it off.
  'GET /api/profile/dos-pasos': ALL,
  'POST /api/profile/dos-pasos': ADMIN,
  'POST /api/profile/dos-pasos/confirmar': ADMIN,
  'POST /api/profile/dos-pasos/desactivar': ALL,
  'GET /api/profile/sesiones': ALL,
  'DELETE /api/profile/sesiones': ALL,
  'GET /api/avatars/:file': PUBLIC,
  'POST /api/password-forgot': PUBLIC,
  'POST /api/password-reset': PUBLIC,
  'POST /api/signup': PUBLIC,
  'GET /api/dashboard': ALL,
  'GET /api/dashboard/graficos': ALL,
  'GET /api/notificaciones': ALL,
  // Clients and pets: everyone reads, the desk writes.
  'GET /api/clientes/': ALL,
  'GET /api/cliente/:id': ALL,
  'GET /api/cliente/nombre/:dni': ALL,
  'POST /api/cliente/register': DESK,
  'PUT /api/cliente': DESK,
  'PATCH /api/cliente': DESK,
  'DELETE /api/cliente/:id': DESK,
  // A client's data (Ley 29733): the export and anonymisation are the admin's.
  'GET /api/cliente/:id/datos': ADMIN,
  'POST /api/cliente/:id/anonimizar': ADMIN,
  'GET /api/mascotas/': ALL,
  'GET /api/mascota/:id': ALL,
  'GET /api/mascotas/cliente/:id': ALL,
  // Every list exports what its reader sees (api §exports).
  'GET /api/clientes/export': ALL,
  'GET /api/clientes/importar/plantilla': ADMIN,
  'POST /api/clientes/importar/vista-previa': ADMIN,
  'POST /api/clientes/importar': ADMIN,
  'GET /api/mascotas/export': ALL,
  'POST /api/mascota/register': DESK,
  'PUT /api/mascota': DESK,
  'PATCH /api/mascota': DESK,
  'DELETE /api/mascota/:id': DESK,
  // Users: the admin alone, passwords of others included.
  'GET /api/users/': ADMIN,
  'GET /api/users/export': ADMIN,
  'GET /api/user/:id': ADMIN,
  'POST /api/user/register': ADMIN,
  'PUT /api/user/update': ADMIN,
  'PATCH /api/user': ADMIN,
  'PATCH /api/user/pwd': ADMIN,
  'DELETE /api/user/hard': ADMIN,
  'DELETE /api/user/:id/sesiones': ADMIN,
  'DELETE /api/user/:id/dos-pasos': ADMIN,
  // Employees: the desk reads, the admin writes; groomers neither.
  'GET /api/empleados/': DESK,
  'GET /api/empleados/export': DESK,
  'GET /api/empleado/:id': DESK,
  'POST /api/empleado/register': ADMIN,
  'PUT /api/empleado': ADMIN,
  'PATCH /api/empleado': ADMIN,
  'DELETE /api/empleado/:id': ADMIN,
  'GET /api/ausencias': DESK,
  'POST /api/ausencias': ADMIN,
  'DELETE /api/ausencia/:id': ADMIN,
  // Catalogue: everyone reads, the admin writes.
  'GET /api/servicios/': ALL,
  'GET /api/servicios/export': ALL,
  'GET /api/servicio/:id': ALL,
  'GET /api/servicios/disponibles': ALL,
  'POST /api/servicio/register': ADMIN,
  'PUT /api/servicio': ADMIN,
  'PATCH /api/servicio': ADMIN,
  'DELETE /api/servicio/:id': ADMIN,
  'GET /api/paquetes/': ALL,
  'GET /api/paquetes/export': ALL,
  'GET /api/paquete/:id': ALL,
  'GET /api/paquetes/disponibles': ALL,
  'GET /api/paquete/:id/servicios': ALL,
  'POST /api/paquete/register': ADMIN,
  'PUT /api/paquete': ADMIN,
  'PATCH /api/paquete': ADMIN,
  'DELETE /api/paquete/:id': ADMIN,
  'POST /api/paquete/:id/servicios': ADMIN,
  'DELETE /api/paquete/:id/servicio/:serviceId': ADMIN,
  'GET /api/bonos/': ALL,
  'GET /api/bonos/export': ALL,
  'GET /api/bono/:id': ALL,
  'GET /api/bonos/disponibles': ALL,
  'POST /api/bono/register': ADMIN,
  'PUT /api/bono': ADMIN,
  'PATCH /api/bono': ADMIN,
  'DELETE /api/bono/:id': ADMIN,
  // A client's bonos: who reads clients reads them; the admin adjusts one.
  'GET /api/cliente/:id/bonos': ALL,
  // Deposits are money: the counter reads, takes, verifies and credits them (a fee kept only
  // with caja.ajustar), the admin voids one; the counter reads a client's credit.
  'GET /api/cita/:id/adelantos': DESK,
  'GET /api/adelantos/por-verificar': DESK,
  'GET /api/adelanto/comprobante/:file': DESK,
  'POST /api/adelanto/register': DESK,
  'PATCH /api/adelanto/verificar': DESK,
  'PATCH /api/adelanto/anular': ADMIN,
  'PATCH /api/adelanto/acreditar': DESK,
  'GET /api/cliente/:id/saldo': DESK,
  // Consents: everyone reads the templates and a cita's, and takes a signature; the admin writes
  // the templates.
  'GET /api/consentimientos/': ALL,
  'GET /api/consentimientos/export': ALL,
  'GET /api/consentimiento/:id': ALL,
  'POST /api/consentimiento/register': ADMIN,
  'PUT /api/consentimiento': ADMIN,
  'PATCH /api/consentimiento': ADMIN,
  'DELETE /api/consentimiento/:id': ADMIN,
  'GET /api/cita/:id/consentimientos': ALL,
  'POST /api/consentimiento/firmar': ALL,
  'GET /api/perro/:id/firmas': ALL,
  'GET /api/cliente/:id/firmas': ALL,
  'GET /api/firma/:id/pdf': ALL,
  // Report cards: the groomer of the cita (or the desk) fills one; everyone reads it; the owner
  // opens its public page.
  'POST /api/cita/:id/ficha': ALL,
  'GET /api/cita/:id/ficha': ALL,
  'GET /api/public/ficha/:token': PUBLIC,
  'GET /api/public/ficha/:token/foto/:id': PUBLIC,
  // Commissions: the admin sets rates, reads and closes periods; each user reads their own.
  'GET /api/empleado/:id/comision': ADMIN,
  'PUT /api/empleado/comision': ADMIN,
  'GET /api/comisiones': ADMIN,
  'GET /api/comisiones/export': ADMIN,
  'POST /api/comisiones/cierre': ADMIN,
  'GET /api/comisiones/cierres': ADMIN,
  'GET /api/comisiones/mias': ALL,
  'POST /api/bono-cliente/:id/ajuste': ADMIN,
  // Agenda: everyone reads, the desk books; starting, completing and triage are everyone's.
  'GET /api/reservaciones/': ALL,
  'GET /api/reservaciones/export': ALL,
  'GET /api/reservacion/:id': ALL,
  'POST /api/reservacion/register': DESK,
  'PUT /api/reservacion': DESK,
  'PATCH /api/reservacion/estado': DESK,
  'GET /api/citas/': ALL,
  'GET /api/citas/export': ALL,
  'GET /api/cita/:id': ALL,
  'POST /api/cita/register': DESK,
  'PUT /api/cita': DESK,
  'PATCH /api/cita/mover': DESK,
  'GET /api/agenda': ALL,
  'GET /api/agenda/groomers': ALL,
  // Per status inside: 5 and 6 for everyone, the rest for the desk (appointments.test.ts).
  'PATCH /api/cita/estado': ALL,
  'GET /api/triaje/:id': ALL,
  'POST /api/triaje/register': ALL,
  'PUT /api/triaje': ALL,
  'PATCH /api/triaje/estado': ALL,
  // Reminders (decisions §reminders): whoever books citas reminds them.
  'GET /api/recordatorios': DESK,
  'POST /api/recordatorios/email-todos': DESK,
  'POST /api/recordatorio': DESK,
  // Vaccines (decisions §vaccines): pet care records, every role's; the proof's address is
  // unguessable.
  'GET /api/perro/:id/vacunas': ALL,
  'POST /api/vacuna/register': ALL,
  'PUT /api/vacuna': ALL,
  'DELETE /api/vacuna/:id': ALL,
  'GET /api/vacunas/comprobante/:file': PUBLIC,
  'GET /api/vacunas/por-vencer': ALL,
  // Before/after photos: whoever attends the cita; the file's address is unguessable.
  'GET /api/cita/:id/fotos': ALL,
  'POST /api/cita/foto': ALL,
  'DELETE /api/cita/foto/:id': ALL,
  'GET /api/fotos/:file': PUBLIC,
  // Recurring series (decisions §series): booking's work; everyone who sees the agenda reads one.
  'POST /api/cita/serie': DESK,
  'POST /api/cita/serie/validar': DESK,
  'PATCH /api/cita/serie/cancelar': DESK,
  'GET /api/cita/serie/:id': ALL,
  // The waitlist (decisions §waitlist): booking's work; everyone who sees the agenda reads it.
  'GET /api/lista-espera/': ALL,
  'GET /api/lista-espera/:id': ALL,
  'POST /api/lista-espera/register': DESK,
  'PUT /api/lista-espera': DESK,
  'PATCH /api/lista-espera': DESK,
  'GET /api/lista-espera/coincidencias': ALL,
  'POST /api/lista-espera/agendar': DESK,
  'GET /api/lista-espera/espacios-liberados': ALL,
  'POST /api/lista-espera/espacios-liberados/:id/descartar': DESK,
  // Company settings: the admin; the brand and logo of the login page are public.
  'GET /api/ajustes': ADMIN,
  'POST /api/ajustes': ADMIN,
  'PUT /api/ajustes': ADMIN,
  'GET /api/ajustes/facturacion': ADMIN,
  'PUT /api/ajustes/facturacion': ADMIN,
  'GET /api/app/logo.jpg': PUBLIC,
  'GET /api/app/brand': PUBLIC,
  // Products (decisions §products): the catalogue's read and write; stock by hand is the admin's.
  'GET /api/productos/': ALL,
  'GET /api/producto/:id': ALL,
  'POST /api/producto/register': ADMIN,
  'PUT /api/producto': ADMIN,
  'PATCH /api/producto': ADMIN,
  'DELETE /api/producto/:id': ADMIN,
  'POST /api/producto/movimiento': ADMIN,
  'GET /api/producto/:id/movimientos': ALL,
  'GET /api/productos/disponibles': ALL,
  // The catalogue's file (api §exports): everyone exports what they read; importing writes it.
  'GET /api/productos/export': ALL,
  'POST /api/productos/importar': ADMIN,
  // Checkout (decisions §checkout): the desk charges and closes the till; the admin voids and reads
  // the report.
  'POST /api/venta/register': DESK,
  'GET /api/ventas/': DESK,
  'GET /api/ventas/export': DESK,
  'GET /api/ventas/reporte': ADMIN,
  'GET /api/ventas/reporte/export': ADMIN,
  'GET /api/venta/:id': DESK,
  'GET /api/venta/:id/xml': DESK,
  'GET /api/venta/:id/pdf': DESK,
  'GET /api/venta/:id/cdr': DESK,
  // Following the electronic receipts (DESIGN §11.2): the admin alone.
  'GET /api/comprobantes-electronicos': ADMIN,
  'GET /api/comprobantes-electronicos/:tipo/:id/envios': ADMIN,
  'POST /api/comprobantes-electronicos/reenviar': ADMIN,
  'PATCH /api/venta/anular': ADMIN,
  'POST /api/venta/reemitir': ADMIN,
  'GET /api/caja': DESK,
  'POST /api/caja/cierre': DESK,
  'POST /api/caja/apertura': DESK,
  'GET /api/tarjeta-regalo/:codigo': DESK,
  'POST /api/caja/movimiento': DESK,
  'POST /api/caja/reapertura': ADMIN,
  // History (decisions §history): everyone who attends visits; the reports: the desk.
  'GET /api/citas/historial': ALL,
  'GET /api/citas/historial/export': ALL,
  'GET /api/perro/:id/historial': ALL,
  'GET /api/citas/reporte': DESK,
  'GET /api/citas/reporte/export': DESK,
  'GET /api/reservaciones/reporte': DESK,
  'GET /api/reservaciones/reporte/export': DESK,
  // The audit log: the admin alone, and no route writes it.
  'GET /api/auditoria/': ADMIN,
  'GET /api/auditoria/export': ADMIN,
  // The Libro de Reclamaciones (DESIGN §11.3): anyone files a hoja; the admin keeps the book.
  'POST /api/public/reclamo': PUBLIC,
  'GET /api/public/reclamo/empresa': PUBLIC,
  'GET /api/public/reserva/salon': PUBLIC,
  'GET /api/public/disponibilidad': PUBLIC,
  'POST /api/public/reserva/codigo': PUBLIC,
  'POST /api/public/reserva/cliente': PUBLIC,
  'POST /api/public/reserva': PUBLIC,
  'GET /api/public/cita/:token': PUBLIC,
  'POST /api/public/cita/:token/cancelar': PUBLIC,
  'POST /api/public/cita/:token/confirmar': PUBLIC,
  'POST /api/public/cita/:token/adelanto': PUBLIC,
  'POST /api/public/cita/:token/firmar': PUBLIC,
  'GET /api/ajustes/reserva-online': ADMIN,
  'PUT /api/ajustes/reserva-online': ADMIN,
  'GET /api/solicitudes-online': DESK,
  'POST /api/solicitudes-online/:id/aprobar': DESK,
  'POST /api/solicitudes-online/:id/rechazar': DESK,
  'GET /api/reclamos': ADMIN,
  'GET /api/reclamos/export': ADMIN,
  'GET /api/reclamo/:id': ADMIN,
  'GET /api/reclamo/:id/pdf': ADMIN,
  'POST /api/reclamo/:id/responder': ADMIN,
  'GET /api/feriados': ADMIN,
  'POST /api/feriado': ADMIN,
  'DELETE /api/feriado/:fecha': ADMIN,
  // Vaccine cards sent from /mi-cuenta (DESIGN §11.5): whoever writes pet care reviews them;
  // the card's address is unguessable.
  'GET /api/vacunas-propuestas': ALL,
  'POST /api/vacuna-propuesta/:id/aceptar': ALL,
  'POST /api/vacuna-propuesta/:id/rechazar': ALL,
  'GET /api/vacunas-propuestas/comprobante/:file': PUBLIC,
  // WhatsApp (DESIGN §11.5): its settings, Meta's webhook (signed, not a session) and the
  // conversations of AGENDA › 'Mensajes'.
  'GET /api/ajustes/whatsapp': ADMIN,
  'PUT /api/ajustes/whatsapp': ADMIN,
  'GET /api/public/whatsapp': PUBLIC,
  'POST /api/public/whatsapp': PUBLIC,
  'GET /api/mensajes': DESK,
  'GET /api/mensajes/:telefono': DESK,
  'POST /api/mensajes/:telefono': DESK,
  // The client's own page (DESIGN §11.5): sign-in without a session, then the client credential.
  'POST /api/public/portal/enlace': PUBLIC,
  'POST /api/public/portal/sesion': PUBLIC,
  'DELETE /api/portal/sesion': CLIENT,
  'GET /api/portal/yo': CLIENT,
  'PUT /api/portal/preferencias': CLIENT,
  'GET /api/portal/citas': CLIENT,
  'POST /api/portal/cita/:id/confirmar': CLIENT,
  'POST /api/portal/cita/:id/cancelar': CLIENT,
  'POST /api/portal/cita/:id/reprogramar': CLIENT,
  'GET /api/portal/foto/:nombre': CLIENT,
  'GET /api/portal/firmas': CLIENT,
  'GET /api/portal/firma/:id/pdf': CLIENT,
  'GET /api/portal/comprobantes': CLIENT,
  'GET /api/portal/comprobante/:id/pdf': CLIENT,
  'GET /api/portal/comprobante/:id/xml': CLIENT,
  'POST /api/portal/mascota/:id/vacuna': CLIENT,
  'GET /api/portal/datos': CLIENT,
};

const apiRoutes = ctx.app.registeredRoutes.filter(
  (route) =>
    route.url.startsWith('/api') && !route.url.startsWith(DOCS_PREFIX) && route.method !== 'HEAD',
);
const cases = apiRoutes.map((route) => [`${route.method} ${route.url}`, route] as const);

describe('every route says who may call it', () => {
  it('covers the routes the app registers, and no route the app lacks', () => {
    expect(apiRoutes.length).toBeGreaterThan(70);
    expect(cases.map(([name]) => name).sort()).toEqual(Object.keys(MATRIX).sort());
  });

  it.each(cases)('%s declares a permission or public, as decisions §roles says', (name, route) => {
    const expected = MATRIX[name];
    if (expected === PUBLIC) {
      expect(route.public).toBe(true);
      return;
    }
    expect(route.public).toBe(false);
    if (expected === CLIENT) {
      expect(route.client).toBe(true);
      expect(route.permission).toBeUndefined();
      return;
    }
    expect(route.client).toBe(false);
    expect(route.permission).toBeDefined();
    expect(ROLES.filter((role) => canAccess(role, route.permission!))).toEqual(expected);
  });

  it('refuses to start with a route that declares neither', async () => {
    const app = Fastify();
    void app.register(async (api) => {
      registerAuthentication(api, ctx.database.db, { idleMinutes: 30, maxHours: 12 });
      api.get('/abierta', async () => 'sin permiso declarado');
    });
    await expect(app.ready()).rejects.toThrow(
      'GET /abierta declares neither config.permission nor public',
    );
  });
});

describe('each role is refused exactly what decisions §roles does not give it', () => {
  const tokens = new Map<Role, string>();
  const tokenOf = async (role: Role) => {
    if (!tokens.has(role)) tokens.set(role, await ctx.signIn(role));
    return tokens.get(role)!;
  };

  it.each(cases)('%s', async (name, route) => {
    const expected = MATRIX[name];
    // Ids that name no record and an empty body: what matters is 403 or not, and nothing changes.
    const url = route.url.replace(/:[A-Za-z]+/g, '999999');
    for (const role of ROLES) {
      // Signing out ends the session it is given: that call gets one of its own.
      const token = name === 'POST /api/logout' ? await ctx.signIn(role) : await tokenOf(role);
      const res = await ctx.app.inject({
        method: route.method as 'GET',
        url,
        headers: { authorization: token, 'content-type': 'application/json' },
        ...(['GET', 'DELETE'].includes(route.method) ? {} : { payload: '{}' }),
      });
      // A download (the audit CSV) is no JSON: only an error envelope is read.
      const json = String(res.headers['content-type']).startsWith('application/json');
      const body = json ? res.json<{ message?: string }>() : {};
      if (expected === CLIENT) {
        // A staff session opens no route of the client's page.
        expect(res.statusCode, `${role}: ${res.body}`).toBe(401);
        continue;
      }
      if (name === 'POST /api/public/whatsapp') {
        // Meta's webhook: public, but its credential is the body's signature, not a session.
        expect(res.statusCode, `${role}: ${res.body}`).toBe(401);
        continue;
      }
      const refused = res.statusCode === 403 && body.message === PERMISSION_MESSAGES.forbidden;
      const allowed = expected === PUBLIC || expected.includes(role);
      expect(refused, `${role}: ${res.statusCode} ${res.body}`).toBe(!allowed);
      if (refused) {
        expect(body).toEqual({ status: 'error', message: PERMISSION_MESSAGES.forbidden });
      } else {
        expect(res.statusCode, `${role}: ${res.body}`).not.toBe(401);
        expect(res.statusCode, `${role}: ${res.body}`).toBeLessThan(500);
      }
    }
  });

  it('answers 401, not 403, without a credential', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/users/' });
    expect(res.statusCode).toBe(401);
  });
});
