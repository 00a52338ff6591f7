/**
 * `npm run preflight` (decision 035): reads the configuration and the database and prints what a
 * production server would refuse, or what an operator would miss, without starting a server or
 * changing the database (no migrations, no seed). Answers the exit code: 0 when nothing is
 * wrong, 1 on any problem.
 */
import { loadConfig, type Config } from '../config';
import { openDatabase } from '../db/open';
import { databaseProblems, operationsProblems, startProblems, type Problem } from './checks';

/** PostgreSQL's "relation does not exist": a database nobody migrated yet holds no accounts at all. */
const UNDEFINED_TABLE = '42P01';

async function readDatabase(config: Config, print: (line: string) => void): Promise<Problem[]> {
  let database;
  try {
    database = await openDatabase(
      config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
    );
  } catch (error) {
    return [
      { variable: config.databaseUrl ? 'DATABASE_URL' : 'DATA_DIR', message: `The database cannot be opened: ${(error as Error).message}` },
    ];
  }
  try {
    return await databaseProblems(database.db);
  } catch (error) {
    const code = (error as { code?: string; cause?: { code?: string } }).code ?? (error as { cause?: { code?: string } }).cause?.code;
    if (code !== UNDEFINED_TABLE) throw error;
    print('The database has no tables yet: the first start migrates it.');
    return [];
  } finally {
    await database.close();
  }
}

export async function runPreflight(env: NodeJS.ProcessEnv, print: (line: string) => void): Promise<number> {
  let config: Config;
  try {
    config = loadConfig(env);
  } catch (error) {
    print(`- configuration: ${(error as Error).message}`);
    print('Preflight: 1 problem. Nothing was started.');
    return 1;
  }
  print(
    config.mode === 'production'
      ? `Production server (${env.PRODUCTION === '1' ? 'PRODUCTION=1' : `HOST=${config.host}`}): checking what it would refuse or miss.`
      : `This configuration starts a demo (HOST=${config.host} is a loopback address); checking it as production would be.`,
  );
  const problems = [...startProblems(config), ...(await readDatabase(config, print)), ...(await operationsProblems(config))];
  for (const problem of problems) print(`- ${problem.variable}: ${problem.message}`);
  print(
    problems.length === 0
      ? 'Preflight: no problems.'
      : `Preflight: ${problems.length} problem${problems.length === 1 ? '' : 's'}. Nothing was started.`,
  );
  return problems.length === 0 ? 0 : 1;
}
