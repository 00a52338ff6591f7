/** `npm run seed`: applies migrations and the demo seed to the configured database, then exits. */
import { loadConfig } from '../config';
import { openDatabase } from '../db/open';
import { createBroker } from '../infra/broker';
import { SiteService } from '../features/sites/service';
import { seedDemoData } from './demo-seed';

const config = loadConfig();
// The demo seed's accounts have published passwords: never on a production server (decision 035).
if (config.mode === 'production') {
  console.error(
    'npm run seed puts the demo accounts, whose passwords are in the README, in the database: it runs only on a demo (a loopback HOST, without PRODUCTION=1).',
  );
  process.exit(1);
}
const database = await openDatabase(
  config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
);
// Servers already running on this database (with REDIS_URL) drop their cached sites once seeded.
const broker = createBroker({ redisUrl: config.redisUrl, channelPrefix: config.brokerChannelPrefix });
try {
  await database.migrate();
  console.log(await seedDemoData(database.db, { dataDir: config.dataDir, sites: new SiteService(database.db, broker) }));
} finally {
  await broker.close();
  await database.close();
}
