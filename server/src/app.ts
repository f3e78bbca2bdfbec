import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { PUBLIC_COMPLAINTS_PATH } from '@app/domain';
import Fastify, { type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { secretBox } from './auth/secrets';
import type { Config } from './config';
import type { Db } from './db/client';
import { DOCS_PREFIX, registerAuthentication } from './http/authenticate';
import { registerErrorHandling } from './http/errors';
import { registerHeavyWork } from './http/heavy-work';
import { registerJsonBodies } from './http/json-field';
import { withLogSerializers } from './http/request-log';
import { checkResponsesByDefault, responseSerializer } from './http/responses';
import { recordRoutes } from './http/route-registry';
import { registerSecurityHeaders } from './http/security-headers';
import { webStaticOptions } from './http/static-files';
import { MULTIPART_LIMITS } from './http/uploads';
import { accountModule } from './features/accounts';
import { agendaModule } from './features/agenda';
import { appointmentsModule } from './features/agenda';
import { auditModule } from './features/audit';
import { authModule } from './features/accounts';
import { clientDataModule } from './features/clients';
import { clientImportModule } from './features/clients';
import { clientsModule } from './features/clients';
import { complaintsModule } from './features/complaints';
import { publicAvailabilityModule } from './features/online-booking';
import { bookingSettingsModule } from './features/online-booking';
import { onlineRequestsModule } from './features/online-booking';
import { publicBookingModule } from './features/online-booking';
import { dashboardModule } from './features/dashboard';
import { absencesModule, commissionsModule, employeesModule } from './features/employees';
import { historyModule } from './features/history';
import { lookupsModule, type Engine } from './features/lookups';
import { notificationsModule } from './features/notifications';
import { petsModule } from './features/clients';
import { photosModule } from './features/pet-care';
import { productTransferModule } from './features/products';
import { productsModule } from './features/products';
import { remindersModule } from './features/agenda';
import { reportsModule } from './features/reports';
import { reservationsModule } from './features/agenda';
import { clientBonosModule, depositsModule, salesModule } from './features/checkout';
import { electronicReceiptsModule } from './features/electronic-receipts';
import { searchModule } from './features/search';
import { seriesModule } from './features/agenda';
import { bonosModule, packagesModule } from './features/catalogue';
import { servicesModule } from './features/catalogue';
import { electronicSettingsModule, settingsModule } from './features/settings';
import { triageModule } from './features/pet-care';
import { usersModule } from './features/accounts';
import { waitlistModule } from './features/agenda';
import { vaccinesModule } from './features/pet-care';
import { consentsModule, reportCardsModule } from './features/pet-care';
import { whatsappModule } from './features/whatsapp';
import { portalModule, portalSignInModule } from './features/portal';
import { vaccineProposalsModule } from './features/vaccine-proposals';

export interface AppOptions {
  db: Db;
  config: Pick<
    Config,
    | 'sessionIdleMinutes'
    | 'sessionMaxHours'
    | 'dataDir'
    | 'appUrl'
    | 'smtpUrl'
    | 'trustProxy'
    | 'secretKey'
    | 'whatsappApiUrl'
  >;
  logger?: FastifyServerOptions['logger'];
  /** The built SPA to serve at `/`; omitted in API tests. */
  webRoot?: string;
  /** What `/api/health` reports; told from `db` when omitted. */
  engine?: Engine;
  /** Whether each answer is checked against its route's response schema (responses.ts). */
  checkResponses?: boolean;
  /** How long a client may take to send a request; tests shorten them. */
  timeouts?: Partial<RequestTimeouts>;
  /** Tells this process's receipt sender that a document waits (main.ts starts it). */
  wakeSender?: () => void;
}

export interface RequestTimeouts {
  /** The request line and headers. */
  headersMs: number;
  /** The whole request, headers and body. */
  requestMs: number;
  /** How often Node looks for requests past those limits. */
  checkEveryMs: number;
}

/**
 * Slow senders holding sockets open (issue 28 §15) are answered 408 and closed: headers within
 * 10 s, the whole request within 30 s. Node looks only every 30 s by default, which let such a
 * client hold on for up to a minute: here it looks every second.
 */
export const REQUEST_TIMEOUTS: RequestTimeouts = {
  headersMs: 10_000,
  requestMs: 30_000,
  checkEveryMs: 1_000,
};

/** The built SPA; `WEB_DIST` points elsewhere (parallel browser-test builds). */
export const WEB_DIST =
  process.env.WEB_DIST ?? fileURLToPath(new URL('../../web/dist', import.meta.url));

export async function buildApp({
  db,
  config,
  logger = false,
  webRoot,
  engine,
  checkResponses = checkResponsesByDefault(),
  timeouts,
  wakeSender,
}: AppOptions) {
  const { headersMs, requestMs, checkEveryMs } = { ...REQUEST_TIMEOUTS, ...timeouts };
  const app = Fastify({
    logger: withLogSerializers(logger),
    bodyLimit: 1024 * 1024,
    // Idle keep-alive sockets still close after Fastify's 72 s.
    requestTimeout: requestMs,
    http: { headersTimeout: headersMs, connectionsCheckingInterval: checkEveryMs },
    // The spec's list paths end with a slash (`GET /clientes/`); accept both forms.
    routerOptions: { ignoreTrailingSlash: true },
    // The client address (sign-in throttling, audit) is the socket's unless TRUST_PROXY is set.
    trustProxy: config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer(checkResponses));

  await registerSecurityHeaders(app, config.appUrl);
  recordRoutes(app);
  registerErrorHandling(app);
  registerHeavyWork(app);
  registerJsonBodies(app);
  await app.register(fastifyMultipart, { limits: MULTIPART_LIMITS });
  const policy = { idleMinutes: config.sessionIdleMinutes, maxHours: config.sessionMaxHours };
  const secrets = secretBox(db, config.secretKey);
  await secrets
    .ready()
    .catch((error: unknown) =>
      app.log.warn({ err: error }, 'No se pudo leer la clave de cifrado al iniciar'),
    );

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Back-office de grooming', version: '1.0.0' },
      components: {
        securitySchemes: { bearer: { type: 'apiKey', in: 'header', name: 'Authorization' } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: DOCS_PREFIX });

  await app.register(
    async (api) => {
      registerAuthentication(api, db, policy);
      await api.register(lookupsModule, { db, engine });
      await api.register(authModule, { db, policy, secrets });
      await api.register(clientsModule, { db });
      await api.register(clientImportModule, { db });
      await api.register(clientDataModule, { db, dataDir: config.dataDir });
      await api.register(petsModule, { db });
      await api.register(usersModule, { db });
      await api.register(employeesModule, { db });
      await api.register(absencesModule, { db });
      await api.register(commissionsModule, { db });
      await api.register(accountModule, { db, config, secrets, policy });
      await api.register(servicesModule, { db });
      await api.register(packagesModule, { db });
      await api.register(bonosModule, { db });
      await api.register(clientBonosModule, { db });
      await api.register(depositsModule, { db });
      await api.register(productsModule, { db });
      await api.register(productTransferModule, { db });
      await api.register(reservationsModule, { db });
      await api.register(appointmentsModule, { db });
      await api.register(agendaModule, { db });
      await api.register(triageModule, { db });
      await api.register(consentsModule, { db });
      await api.register(reportCardsModule, { db, config });
      await api.register(salesModule, { db, secrets, onReceiptIssued: wakeSender });
      await api.register(electronicReceiptsModule, { db, wakeSender });
      await api.register(settingsModule, { db });
      await api.register(electronicSettingsModule, { db, secrets });
      await api.register(dashboardModule, { db });
      await api.register(notificationsModule, { db });
      await api.register(auditModule, { db });
      await api.register(historyModule, { db });
      await api.register(reportsModule, { db });
      await api.register(remindersModule, { db, config });
      await api.register(vaccinesModule, { db });
      await api.register(photosModule, { db });
      await api.register(seriesModule, { db });
      await api.register(waitlistModule, { db });
      await api.register(searchModule, { db });
      await api.register(complaintsModule, { db, config });
      await api.register(publicAvailabilityModule, { db });
      await api.register(publicBookingModule, { db, config });
      await api.register(bookingSettingsModule, { db });
      await api.register(onlineRequestsModule, { db, config });
      await api.register(whatsappModule, { db, secrets, config });
      await api.register(portalSignInModule, { db, config });
      await api.register(portalModule, { db });
      await api.register(vaccineProposalsModule, { db });
    },
    { prefix: '/api' },
  );

  const serveSpa = Boolean(webRoot && existsSync(webRoot));
  // Files are looked up per request (not listed at start), so a rebuild is served at once;
  // a missing one falls through to the not-found handler below.
  if (serveSpa) await app.register(fastifyStatic, webStaticOptions(webRoot!));
  if (serveSpa) {
    // The Libro de Reclamaciones (DESIGN §11.3): a page of its own, with no session and none of
    // the admin app's code, served like index.html (pre-compressed, `no-cache`).
    app.get(PUBLIC_COMPLAINTS_PATH, { schema: { hide: true } }, (_request, reply) =>
      reply.type('text/html').sendFile('libro-reclamaciones.html'),
    );
    // Online booking (DESIGN §11.4) and a client's personal link to their cita (§11.5): the
    // same kind of page, with their own small bundle.
    app.get('/reservar', { schema: { hide: true } }, (_request, reply) =>
      reply.type('text/html').sendFile('reservar.html'),
    );
    app.get('/c/:token', { schema: { hide: true } }, (_request, reply) =>
      reply.type('text/html').sendFile('cita.html'),
    );
    // A visit's report card (§11.8), opened from the link the salon sends.
    app.get('/ficha/:token', { schema: { hide: true } }, (_request, reply) =>
      reply.type('text/html').sendFile('ficha.html'),
    );
    // The client's own page (§11.5): its own small bundle too; `?token=` is read by the page.
    app.get('/mi-cuenta', { schema: { hide: true } }, (_request, reply) =>
      reply.type('text/html').sendFile('mi-cuenta.html'),
    );
  }
  app.setNotFoundHandler((request, reply) => {
    // Client-side routes: any other GET outside /api that names no file is the SPA.
    const path = request.url.split('?')[0] ?? '';
    const isFile = /\.[a-z0-9]+$/i.test(path);
    if (serveSpa && request.method === 'GET' && !path.startsWith('/api') && !isFile) {
      // index.html, pre-compressed and `no-cache` like any file of webStaticOptions. Not
      // returned: awaiting the reply would add two more listeners to a response that has ten.
      void reply.type('text/html').sendFile('index.html');
      return;
    }
    return reply.status(404).send({ status: 'error', message: 'Recurso no encontrado' });
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
