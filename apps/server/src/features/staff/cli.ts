/** `npm run staff -- create …` (cli-command.ts): on the configured database (DATABASE_URL or DATA_DIR), after its migrations. */
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/open';
import { runStaffCommand } from './cli-command';

const config = loadConfig();
const database = await openDatabase(
  config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
);
try {
  await database.migrate();
  process.exitCode = await runStaffCommand(database.db, process.argv.slice(2), (line) => console.log(line));
} finally {
  await database.close();
}
