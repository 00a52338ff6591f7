/**
 * Runs after `vite build`: prints every JS/CSS asset with raw and gzip size, then the home
 * page's initial JavaScript (the entry chunk plus everything it imports statically, from
 * dist/.vite/manifest.json) and fails when that exceeds the budget.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const INITIAL_JS_BUDGET_BYTES = 150_000; // 150 KB gzip (1 KB = 1000 bytes, the stricter reading)

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const dist = fileURLToPath(new URL('../dist', import.meta.url));

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

function sizes(path: string): { raw: number; gzip: number } {
  const content = readFileSync(path);
  return { raw: content.length, gzip: gzipSync(content, { level: 9 }).length };
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

/** The entry chunk and its static imports, transitively (dynamic imports load later). */
export function initialChunks(manifest: Manifest): ManifestChunk[] {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entryKey) throw new Error('No entry chunk in the Vite manifest');
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    manifest[key]!.imports?.forEach(visit);
  };
  visit(entryKey);
  return [...seen].map((key) => manifest[key]!);
}

function main(): void {
  const manifestPath = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) {
    console.error(`No ${manifestPath}: run vite build with build.manifest = true first.`);
    process.exit(1);
  }

  const assets = walk(dist)
    .filter((path) => /\.(js|css)$/.test(path))
    .map((path) => ({ file: relative(dist, path), ...sizes(path) }))
    .sort((a, b) => b.gzip - a.gzip);

  const width = Math.max(...assets.map((a) => a.file.length), 5);
  console.log(`\n${'Asset'.padEnd(width)}  ${'raw'.padStart(10)}  ${'gzip'.padStart(10)}`);
  for (const asset of assets) console.log(`${asset.file.padEnd(width)}  ${kb(asset.raw).padStart(10)}  ${kb(asset.gzip).padStart(10)}`);

  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const initial = initialChunks(manifest).map((chunk) => chunk.file).filter((file) => file.endsWith('.js'));
  const initialGzip = initial.reduce((sum, file) => sum + sizes(join(dist, file)).gzip, 0);
  const initialCss = [...new Set(initialChunks(manifest).flatMap((chunk) => chunk.css ?? []))];
  const cssGzip = initialCss.reduce((sum, file) => sum + sizes(join(dist, file)).gzip, 0);

  console.log(`\nHome page initial JavaScript (${initial.length} chunk${initial.length === 1 ? '' : 's'}: ${initial.join(', ')})`);
  console.log(`  ${kb(initialGzip)} gzip of a ${kb(INITIAL_JS_BUDGET_BYTES)} budget; initial CSS ${kb(cssGzip)} gzip (not counted)`);

  if (initialGzip > INITIAL_JS_BUDGET_BYTES) {
    console.error(
      `\nBundle budget exceeded: the home page loads ${kb(initialGzip)} of JavaScript (gzip), more than ${kb(INITIAL_JS_BUDGET_BYTES)}.` +
        '\nMove screens or heavy libraries behind a dynamic import().',
    );
    process.exit(1);
  }
}

main();
