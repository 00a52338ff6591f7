/** `npm run seed`: applies migrations and the demo seed to the configured database, then exits. */
import { loadConfig } from '../config';
import { openDatabase } from '../db/open';
import { seedDemoData } from './demo-seed';

const config = loadConfig();
const database = await openDatabase(
  config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
);
try {
  await database.migrate();
  console.log(await seedDemoData(database.db, { dataDir: config.dataDir }));
} finally {
  await database.close();
}
