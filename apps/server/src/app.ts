import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { PRODUCT_NAME } from '@careslot/contracts';
import { identifierText, legacyOrganizationIdentifier } from '@careslot/domain';
import { featureAccess } from './modules/access-control';
import { buildRequestContext, type AccessBackend } from './platform/context';
import { TtlCache } from './platform/ttl-cache';
import { appConfigRoutes } from './platform/app-config';
import { deadLetterRoutes } from './platform/dead-letters';
import { registerEventRetention, scheduleEventRetention } from './platform/event-retention';
import { authenticateRequest, type LegacyOrganizationResolver } from './platform/auth';
import type { AppDeps, RegisteredRoute } from './platform/deps';
import { featuresOf, registerFeatureSwitches } from './platform/route-features';
import { createDomainEvents, type DomainEvents } from './platform/events';
import { AppError, sendError, tooManyRequests } from './platform/errors';
import { recordAudit } from './platform/audit';
import { createJobs, type Jobs } from './platform/jobs';
import { devRoutes } from './platform/dev-routes';
import { healthRoutes } from './platform/health';
import { hostedCardFieldSources } from './platform/card-fields';
import { registerResponseHeaders } from './platform/http-headers';
import { registerInputGuard } from './platform/input-guard';
import { loggerOptions } from './platform/logger';
import { isWebFileRequest, registerCompression, registerWeb } from './platform/web';
import { cacheRoutes } from './platform/cache';
import type { ModuleRegistration } from './platform/modules';
import * as accessControl from './modules/access-control';
import * as appointments from './modules/appointments';
import * as booking from './modules/booking';
import * as catalog from './modules/catalog';
import * as clinical from './modules/clinical';
import * as fhir from './modules/fhir';
import * as organizations from './modules/organizations';
import * as patients from './modules/patients';
import * as people from './modules/people';
import * as forms from './modules/forms';
import * as identity from './modules/identity';
import * as marketing from './modules/marketing';
import * as marketplace from './modules/marketplace';
import * as notifications from './modules/notifications';
import * as onboarding from './modules/onboarding';
import * as payments from './modules/payments';
import * as reports from './modules/reports';
import * as messaging from './modules/messaging';
import * as practiceDay from './modules/practice-day';
import * as publications from './modules/publications';
import * as reminders from './modules/reminders';
import * as reputation from './modules/reputation';
import * as scheduling from './modules/scheduling';
import * as support from './modules/support';
import * as surveys from './modules/surveys';
import * as telehealth from './modules/telehealth';
import * as checkin from './modules/checkin';

/**
 * Every module, registered in this order. Each module's index.ts exports one `register` that wires its routes,
 * consumers, job kinds and room rules (platform/modules.ts, decision 0084); nothing else wires a module.
 */
const MODULES: readonly { register: ModuleRegistration }[] = [
  catalog,
  organizations,
  patients,
  people,
  identity,
  scheduling,
  marketing,
  notifications,
  payments,
  appointments,
  booking,
  practiceDay,
  marketplace,
  forms,
  surveys,
  reminders,
  publications,
  onboarding,
  support,
  accessControl,
  reputation,
  telehealth,
  checkin,
  clinical,
  reports,
  messaging,
  fhir,
];

/** How long a legacy EHR practice number's organization is remembered (decision 0021). */
const LEGACY_ORGANIZATION_TTL_MS = 60_000;

/**
 * Builds the whole application on the given dependencies; main.ts and every integration test use it. The
 * domain event dispatcher and the job scheduler are the app's own unless given; they start when the app is ready.
 */
export async function buildApp(
  given: Omit<AppDeps, 'events' | 'jobs'> & { events?: DomainEvents; jobs?: Jobs },
): Promise<FastifyInstance> {
  const { config } = given;
  const logger = loggerOptions(config);
  const trustProxy = config.TRUST_PROXY;
  const app = Fastify({
    logger:
      given.logStream && logger && typeof logger === 'object'
        ? { ...logger, level: 'trace', stream: given.logStream }
        : logger,
    // X-Forwarded-For is believed only from the proxies TRUST_PROXY names (none by default); a hop count
    // believes that many proxies nearest the server, whatever their addresses.
    trustProxy:
      typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
    bodyLimit: 10 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  const deps: AppDeps = {
    ...given,
    events:
      given.events ??
      createDomainEvents({
        database: given.database,
        log: app.log,
        // EVENT_POLL_MS=0 (tests): nothing is delivered in the background; events.drain() delivers.
        background: config.EVENT_POLL_MS > 0,
        pollMs: config.EVENT_POLL_MS,
        maxAttempts: config.EVENT_MAX_ATTEMPTS,
      }),
    jobs:
      given.jobs ??
      createJobs({
        database: given.database,
        clock: given.clock,
        log: app.log,
        leaseMs: config.JOB_LEASE_SECONDS * 1000,
        pollMs: config.JOB_POLL_MS,
      }),
  };
  // Messages are delivered by this app's job scheduler (decision 0081).
  deps.outbox.attach(deps.jobs, deps.clock);
  app.decorate('deps', deps);
  // Delivered events, deliveries and unacknowledged real-time messages are pruned by a durable job (0082).
  registerEventRetention(deps);
  app.decorateRequest('principal', null);
  app.decorateRequest('context', null as never);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(async (error, request, reply) => {
    // A denial decided inside a rolled-back transaction is audited now (platform/access.ts, refusal()).
    if (error instanceof AppError && error.deferredAudit) {
      const { context, event } = error.deferredAudit;
      await recordAudit(deps.database, context, event).catch((failure: unknown) =>
        request.log.error({ err: failure }, 'audit of a refusal failed'),
      );
    }
    return sendError(error, request, reply);
  });

  await registerResponseHeaders(
    app,
    config.publicUrl,
    config.REPUTATION_SIGN_ON_URL ? [config.REPUTATION_SIGN_ON_URL] : [],
    hostedCardFieldSources(config),
  );
  registerInputGuard(app);
  await registerCompression(app);
  await app.register(fastifyRateLimit, {
    global: true,
    max: config.RATE_LIMIT_MAX,
    timeWindow: '1 minute',
    allowList: (request) => isWebFileRequest(request.method, request.url),
    // A request whose client hung up before it was read has no address: counted under one key rather than
    // failing in the default key (normalizeIP of undefined), which logged an unhandled error for each.
    keyGenerator: (request) => (request.ip ? normalizeIP(request.ip) : 'no-address'),
    errorResponseBuilder: () => tooManyRequests(),
  });
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: `${PRODUCT_NAME} API`,
        description: 'Every call of the spec catalogue, generated from the zod contracts.',
        version: '2.0.0',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  // The API pages are for developers: off in production unless API_DOCS=true.
  if (config.API_DOCS) await app.register(fastifySwaggerUi, { routePrefix: '/docs', staticCSP: true });

  // A legacy EHR token is sent with every call of its session: its organization is looked up once a minute.
  const legacyOrganizations = new TtlCache<string | null>(LEGACY_ORGANIZATION_TTL_MS);
  const legacyOrganization: LegacyOrganizationResolver = async (claims) => {
    const identifier = legacyOrganizationIdentifier(config.EHR_SYSTEM_URL, claims);
    if (!identifier) return null;
    const text = identifierText(identifier);
    return legacyOrganizations.get(text, () => organizations.organizationIdByIdentifier(deps.database, text));
  };
  app.addHook('onRequest', authenticateRequest(deps.tokens, legacyOrganization));
  // One request context per request, right after the token is verified (decision 0026).
  const access: AccessBackend = {
    database: deps.database,
    relations: patients.patientRelations,
    features: featureAccess(deps.database),
  };
  app.addHook('onRequest', async (request) => {
    request.context = buildRequestContext(request, access);
  });
  // The route's feature switch, decided by the policy on that context (decision 0086).
  registerFeatureSwitches(app);

  // Every route as registered (method, path, declared features, schemas): the access-table suite checks each
  // patient-data route is in its table, route-features.test.ts that each route has its feature or a reason.
  const registeredRoutes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (route) => {
    const schema = (route.schema ?? {}) as RegisteredRoute['schema'];
    for (const method of [route.method].flat())
      registeredRoutes.push({ method, url: route.url, features: featuresOf(route.config), schema });
  });

  await app.register(healthRoutes);
  await app.register(appConfigRoutes);
  // The domain events' dead letters, for a super user (decision 0082).
  await app.register(deadLetterRoutes);
  if (config.DEV_TOOLS) await app.register(devRoutes);
  for (const module of MODULES) await module.register(app, deps);
  // DELETE api/v1/cache/{key}: the caches modules registered (platform/cache.ts).
  await app.register(cacheRoutes);
  await registerWeb(app, config.WEB_DIST);

  // The sockets' contexts stand on the same footing as the requests' (decision 0083).
  await deps.realtime.attach(app.server, { access, legacyOrganization });
  app.addHook('onReady', async () => {
    await deps.events.start();
    await deps.tokens.start();
    await scheduleEventRetention(deps);
    await deps.jobs.start();
  });
  app.addHook('onClose', async () => {
    await deps.jobs.close();
    await deps.events.close();
    await deps.tokens.close();
    await deps.realtime.close();
    await deps.database.close();
  });
  return app;
}
