/**
 * buildApp(deps): plugins first (security, cookies, contracts, OpenAPI), then the request
 * context, then each feature's routes, then the web app. No listening here: main.ts and tests
 * decide that.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DatabaseHandle } from './db/open';
import errorsPlugin from './plugins/errors';
import requestContext from './plugins/request-context';
import photos from './plugins/photos';
import webApp from './plugins/web-app';
import { SiteService } from './features/sites/service';
import { sitesRoutes } from './features/sites/routes';
import { referenceDataRoutes } from './features/reference-data/routes';
import { loadOrCreateVapidKeys } from './features/push/vapid-keys';

export interface AppDeps {
  config: Pick<Config, 'countryHeader' | 'trustProxy' | 'logLevel' | 'webDistDir' | 'dataDir'>;
  database: DatabaseHandle;
}

export async function buildApp({ config, database }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    // Requests with oversized headers are refused by Node with 431 before they reach us.
    routerOptions: { maxParamLength: 200 },
    disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'img-src': ["'self'", 'data:', 'blob:'],
        'style-src': ["'self'", "'unsafe-inline'"],
        'connect-src': ["'self'", 'ws:', 'wss:'],
        // Plain-HTTP development hosts (nl.localhost) must not be upgraded to HTTPS.
        'upgrade-insecure-requests': null,
      },
    },
    hsts: config.trustProxy,
    crossOriginEmbedderPolicy: false,
  });
  await app.register(fastifyCookie);
  await app.register(errorsPlugin);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Cupido API', version: '1.0.0', description: 'The documented calls of the Cupido dating platform.' },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  const sites = new SiteService(database.db);
  const vapid = await loadOrCreateVapidKeys(database.db);
  await app.register(requestContext, { sites });

  await app.register(sitesRoutes, { sites, countryHeader: config.countryHeader, pushPublicKey: vapid.publicKey });
  await app.register(referenceDataRoutes);

  // A bare route for health checks and as the benchmarks' baseline: same server, no database.
  app.get('/api/health', { schema: { hide: true }, config: { withoutSite: true } }, async () => ({ ok: true }));

  await app.register(photos, { dataDir: config.dataDir });
  await app.register(webApp, { webDistDir: config.webDistDir });
  return app;
}
