/**
 * config -> production guard -> database -> migrations -> (demo seed) -> app -> listen; clean
 * shutdown on SIGTERM/SIGINT. In production (decision 035) the server refuses to start, before it
 * serves anything, while the configuration or the database is unsafe there.
 */
import { writeSync } from 'node:fs';
import { loadConfig } from './config';
import { openDatabase } from './db/open';
import { buildApp } from './app';
import { seedDemoData } from './seed/demo-seed';
import { databaseProblems, describeProblems, startProblems, type Problem } from './preflight/checks';

const config = loadConfig();

function refuseToStart(problems: Problem[]): never {
  const why = process.env.PRODUCTION === '1' ? 'PRODUCTION=1' : `HOST=${config.host} is not a loopback address`;
  console.error(
    `Cupido refuses to start: this is a production server (${why}; decision 035) and ${problems.length === 1 ? 'this is' : 'these are'} unsafe there:\n` +
      `${describeProblems(problems)}\n\`npm run preflight\` checks a configuration without starting the server.`,
  );
  process.exit(1);
}

if (config.mode === 'production') {
  const problems = startProblems(config);
  if (problems.length > 0) refuseToStart(problems);
}
const database = await openDatabase(
  config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
);
await database.migrate();
if (config.mode === 'production') {
  const problems = await databaseProblems(database.db);
  if (problems.length > 0) {
    await database.close();
    refuseToStart(problems);
  }
}
// Under the startup lock: processes started together on one new database seed it once (the others find it seeded).
const seeded = config.seedDemo ? await database.withStartupLock(() => seedDemoData(database.db, { dataDir: config.dataDir })) : null;

const app = await buildApp({ config, database, jobMode: config.worker ? 'background' : 'send-only' });
if (config.mode === 'demo' && config.trustProxy !== false) {
  app.log.warn(
    'TRUST_PROXY is set on a demo server (loopback HOST): if a proxy on this machine makes it public, set PRODUCTION=1 (decision 035)',
  );
}
if (seeded) {
  const { email, password, domain } = seeded.demoMember;
  app.log.info({ email, password, site: domain }, `Demo member: log in at http://${domain}:${config.port}/login as ${email} / ${password}`);
  const admin = seeded.demoAdmin;
  const totp = admin.totpPreset ? 'TOTP secret from DEMO_STAFF_TOTP_SECRET' : 'set up TOTP on first login';
  app.log.info(
    { email: admin.email, password: admin.password },
    `Demo admin: log in at http://localhost:${config.port}/admin as ${admin.email} / ${admin.password} (${totp})`,
  );
}

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  // Stop taking requests and jobs, let running ones finish (jobs: JOB_STOP_TIMEOUT_MS), then
  // close Redis (in the app's onClose hooks) and the database; a stuck process still ends at 10 s.
  let phase = 'closing the app (requests, sockets, jobs, Redis)';
  const force = setTimeout(() => {
    setTimeout(() => process.exit(1), 1_000).unref();
    // Says what it waited for, so a stop that keeps hitting this can be found.
    app.server.getConnections((_err, connections) => {
      app.log.error(
        { phase, httpConnections: connections, database: database.poolUse(), resources: process.getActiveResourcesInfo() },
        'shutdown did not finish within 10 s: exiting',
      );
      process.exit(1);
    });
  }, 10_000).unref();
  try {
    await app.close();
    phase = 'closing the database';
    await database.close();
  } finally {
    clearTimeout(force);
    process.exit(0);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
app.log.info(`Cupido is serving on http://localhost:${config.port} (database: ${database.kind})`);
if (seeded) {
  // The start log ends with what a newcomer needs, in plain words below the JSON log lines (issue 29).
  const { demoMember: member, demoAdmin: admin } = seeded;
  // Into the logger's own destination, behind the JSON lines it still writes asynchronously, so these come last.
  const destination = loggerDestination(app.log);
  const write = (text: string) => (destination ? destination.write(text) : writeSync(1, text));
  write(
    [
      '',
      `Cupido is running: open http://localhost:${config.port} (Dutch demo site: http://nl.localhost:${config.port})`,
      `Demo member: log in at http://${member.domain}:${config.port}/login with e-mail ${member.email} and password ${member.password}`,
      `Demo admin (back office): log in at http://localhost:${config.port}/admin with e-mail ${admin.email} and password ${admin.password}` +
        (admin.totpPreset ? ' (TOTP secret from DEMO_STAFF_TOTP_SECRET)' : ' (set up two-factor login on the first login)'),
      '',
    ].join('\n'),
  );
}

/** Pino's destination stream (its `pino.stream` symbol, on the logger or a prototype), or null without one. */
function loggerDestination(logger: object): { write(text: string): unknown } | null {
  for (let level: object | null = logger; level; level = Object.getPrototypeOf(level) as object | null) {
    const symbol = Object.getOwnPropertySymbols(level).find((s) => s.description === 'pino.stream');
    if (symbol) return (level as Record<symbol, { write(text: string): unknown }>)[symbol] ?? null;
  }
  return null;
}
