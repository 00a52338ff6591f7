/**
 * The HTTP server under every feature: Fastify with zod contracts, then security headers,
 * cookies, errors, metrics, health, compression and the OpenAPI document, in the order they must
 * come (each before any route it attaches to). buildApp calls these first.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DatabaseHandle } from '../db/open';
import { fastifyTrustProxy, trustsAnyProxy, type TrustProxy } from '../infra/trust-proxy';
import errorsPlugin from './errors';
import compression from './compression';
import securityHeaders from './security-headers';
import health from './health';
import metricsPlugin, { createMetrics, type AppMetrics } from './metrics';
import { loggerOptions } from './log-safety';
import { documentedUrl } from './query-flag';

/** The settings these plugins read (config.ts's names). */
export interface HttpFoundationConfig {
  logLevel: string;
  trustProxy: TrustProxy;
  metricsToken?: string;
  redisUrl: string | undefined;
}

export function createHttpServer(config: HttpFoundationConfig, logStream?: NodeJS.WritableStream): FastifyInstance {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : loggerOptions(config.logLevel, logStream),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Requests with oversized headers are refused by Node with 431 before they reach us.
    routerOptions: { maxParamLength: 200 },
    disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  return app;
}

/** Registers the plugins every route relies on; returns the metrics, which jobs and the live channel also report to. */
export async function registerHttpFoundation(
  app: FastifyInstance,
  config: HttpFoundationConfig,
  database: DatabaseHandle,
): Promise<AppMetrics> {
  await app.register(securityHeaders, { hsts: trustsAnyProxy(config.trustProxy) });
  await app.register(fastifyCookie);
  await app.register(errorsPlugin);
  // Before every route, so each one's duration is measured; /metrics itself needs METRICS_TOKEN.
  const metrics = createMetrics({ poolUse: database.poolUse, processMetrics: config.metricsToken !== undefined });
  await app.register(metricsPlugin, { metrics, token: config.metricsToken });
  await app.register(health, { db: database.db, redisUrl: config.redisUrl, log: app.log });
  // Before every route: it attaches to routes as they are added (API JSON only, see the plugin).
  await app.register(compression);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Cupido API', version: '1.0.0', description: 'The documented calls of the Cupido dating platform.' },
    },
    // POST /api/user.php?push=1 beside the login's POST /api/user.php (plugins/query-flag.ts).
    transform: (input) => {
      const transformed = jsonSchemaTransform(input);
      return { ...transformed, url: documentedUrl(transformed.url, input.route) };
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  return metrics;
}
