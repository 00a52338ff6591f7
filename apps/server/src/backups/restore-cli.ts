/**
 * `npm run backup:restore -- <backup file> <new database name>`: restores a `pg_dump -Fc` backup
 * into a new database on the server of DATABASE_URL and checks it (restore.ts). Exits 0 when the
 * copy is good to serve from, 1 otherwise; prints the DATABASE_URL to use.
 */
import { restoreBackup, restoreProblems } from './restore';

const [dumpFile, databaseName] = process.argv.slice(2);
const serverUrl = process.env.DATABASE_URL;
if (!dumpFile || !databaseName || !serverUrl) {
  console.error('Usage: DATABASE_URL=postgres://… npm run backup:restore -- <backup file (pg_dump -Fc)> <new database name>');
  process.exit(1);
}
const log = {
  error: (fields: object, message: string) => console.error(`${message} ${JSON.stringify(fields)}`),
  info: (fields: object, message: string) => console.log(`${message} ${JSON.stringify(fields)}`),
};
try {
  const report = await restoreBackup({ dumpFile, serverUrl, databaseName }, log);
  console.log(
    `Restored into ${databaseName}: ${report.members} members, ${report.creditEntries} credit entries, ` +
      `migrations ${report.migrationsApplied} of ${report.migrationsKnown}, ledger drift: ${report.drifted} member(s).`,
  );
  const problems = restoreProblems(report);
  if (problems.length > 0) {
    console.error(`Do not serve from it yet:\n${problems.map((p) => `- ${p}`).join('\n')}`);
    process.exit(1);
  }
  const shown = new URL(report.url);
  if (shown.password) shown.password = '…'; // the terminal's scrollback is no place for it
  console.log(`Good to serve from: DATABASE_URL=${shown.toString()} (a server applies the newer migrations at start).`);
} catch (error) {
  console.error(`Restore failed: ${(error as Error).message}`);
  process.exit(1);
}
