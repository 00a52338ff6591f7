/** `npm run seed`: applies migrations and the demo seed to the configured database, then exits. */
import { loadConfig } from '../config';
import { openDatabase } from '../db/open';
import { createBroker } from '../infra/broker';
import { SiteService } from '../features/sites/service';
import { seedDemoData } from './demo-seed';

const config = loadConfig();
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
