#!/usr/bin/env node
/**
 * The build `npm start` runs (issue 29: the start log was ~645 lines of build tables before the
 * URL and the demo logins). The same steps as `npm run build -w @cupido/web` — the two Vite builds,
 * the brotli/gzip copies, the bundle report with its budget check — but Vite only reports warnings
 * (`--logLevel warn`) and of the bundle report only the initial-JavaScript summary is shown, in a
 * few lines. A failing step (the budget included) prints its whole output and stops `npm start`.
 * `npm run build` is unchanged and still prints every table.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const web = fileURLToPath(new URL('../apps/web/', import.meta.url));
const started = Date.now();

/** Runs a step in apps/web; answers its output, or prints it all and exits with its code. */
function step(command, args) {
  const run = spawnSync(command, args, {
    cwd: web,
    encoding: 'utf8',
    shell: process.platform === 'win32',
    env: { ...process.env, FORCE_COLOR: '0' },
  });
  const output = `${run.stdout ?? ''}${run.stderr ?? ''}`;
  if (run.status !== 0) {
    process.stderr.write(output);
    console.error(
      `\nBuild failed: ${command} ${args.join(' ')} (exit ${run.status ?? run.signal}). \`npm run build\` shows the whole report.`,
    );
    process.exit(run.status ?? 1);
  }
  return output;
}

/**
 * Rolldown's PLUGIN_TIMINGS note (how long plugins took; it appears on a busy machine) says
 * nothing about the built app: left out of the start log, shown by `npm run build`.
 */
function withoutPluginTimings(text) {
  // eslint-disable-next-line no-control-regex
  const plain = text.replace(/\u001b\[[0-9;]*m/g, '');
  return plain.replace(/\[PLUGIN_TIMINGS\][\s\S]*?for more details\.\n?/g, '');
}

console.log('Building the web app and the back office (the full report: npm run build) …');
// Warnings still show (e.g. a chunk over Vite's size warning), the file tables do not.
for (const config of [[], ['--config', 'vite.admin.config.ts']]) {
  const warnings = withoutPluginTimings(step('npx', ['vite', 'build', '--logLevel', 'warn', ...config])).trim();
  if (warnings) console.log(warnings);
}
step('node', ['--import', 'tsx', 'scripts/compress-assets.ts']);
const report = step('node', ['--import', 'tsx', 'scripts/report-bundle-size.ts']).split('\n');
// The two lines of the home page's initial JavaScript and its budget.
const at = report.findIndex((line) => line.startsWith('Home page initial JavaScript'));
const budget = at >= 0 ? report[at + 1]?.trim() : null;
console.log(`Built in ${Math.round((Date.now() - started) / 1000)} s; initial JavaScript: ${budget ?? 'see npm run build'}.`);
