/**
 * Runs after `vite build`: prints every JS/CSS asset with raw and gzip size, the home page's
 * initial JavaScript (the entry chunk plus everything it imports statically, from
 * dist/.vite/manifest.json), and what each lazy route adds on top of it; fails when the initial
 * JavaScript exceeds the budget.
 *
 *   node --import tsx scripts/report-bundle-size.ts [distDir]   (default: apps/web/dist)
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

export const INITIAL_JS_BUDGET_BYTES = 130_000; // 130 KB gzip (1 KB = 1000 bytes, the stricter reading)

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;
export type SizeOf = (file: string) => number;

function entryKey(manifest: Manifest): string {
  const key = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!key) throw new Error('No entry chunk in the Vite manifest');
  return key;
}

/** A chunk's key and its static imports, transitively (dynamic imports load later). */
export function staticClosure(manifest: Manifest, start: string): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    manifest[key]!.imports?.forEach(visit);
  };
  visit(start);
  return [...seen];
}

/** The entry chunk and its static imports, transitively. */
export function initialChunks(manifest: Manifest): ManifestChunk[] {
  return staticClosure(manifest, entryKey(manifest)).map((key) => manifest[key]!);
}

/** The lazy screens of app/router.tsx: `const Name = lazyWithReload(() => import('../path'))`. */
export function routeImports(routerSource: string): { name: string; src: string }[] {
  const pattern = /const (\w+) = lazyWithReload\(\(\) => import\('\.\.\/([^']+)'\)\)/g;
  return [...routerSource.matchAll(pattern)].map((m) => ({ name: m[1]!, src: `src/${m[2]!}.tsx` }));
}

export interface RouteCost {
  name: string;
  js: number;
  css: number;
}

/**
 * What opening a lazy route downloads on top of the initial chunk: its chunk and static imports
 * not already loaded, their CSS, and the chunks every lazy load brings (`alsoLoaded`, e.g. the
 * Bootstrap extras of styles/extras.scss).
 */
export function routeCost(manifest: Manifest, route: { name: string; src: string }, sizeOf: SizeOf, alsoLoaded: string[] = []): RouteCost {
  const initial = new Set(staticClosure(manifest, entryKey(manifest)));
  const keys = new Set([route.src, ...alsoLoaded].flatMap((key) => staticClosure(manifest, key)).filter((key) => !initial.has(key)));
  const chunks = [...keys].map((key) => manifest[key]!);
  const js = chunks.filter((c) => c.file.endsWith('.js')).reduce((sum, c) => sum + sizeOf(c.file), 0);
  const initialCss = new Set([...initial].flatMap((key) => manifest[key]!.css ?? []));
  // A dynamically imported stylesheet is a chunk whose file is the CSS itself.
  const cssFiles = new Set(chunks.flatMap((c) => [...(c.css ?? []), ...(c.file.endsWith('.css') ? [c.file] : [])]));
  const css = [...cssFiles].filter((file) => !initialCss.has(file)).reduce((sum, file) => sum + sizeOf(file), 0);
  return { name: route.name, js, css };
}

/** The error to print when the initial JavaScript is over budget, else null. */
export function budgetError(initialGzip: number, budget = INITIAL_JS_BUDGET_BYTES): string | null {
  if (initialGzip <= budget) return null;
  return (
    `Bundle budget exceeded: the home page loads ${kb(initialGzip)} of JavaScript (gzip), more than ${kb(budget)}.` +
    '\nMove screens or heavy libraries behind a dynamic import().'
  );
}

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

function main(dist: string): void {
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

  const gzipOf = new Map<string, number>();
  const sizeOf: SizeOf = (file) => gzipOf.get(file) ?? gzipOf.set(file, sizes(join(dist, file)).gzip).get(file)!;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const initial = initialChunks(manifest)
    .map((chunk) => chunk.file)
    .filter((file) => file.endsWith('.js'));
  const initialGzip = initial.reduce((sum, file) => sum + sizeOf(file), 0);
  const initialCss = [...new Set(initialChunks(manifest).flatMap((chunk) => chunk.css ?? []))];
  const cssGzip = initialCss.reduce((sum, file) => sum + sizeOf(file), 0);

  console.log(`\nHome page initial JavaScript (${initial.length} chunk${initial.length === 1 ? '' : 's'}: ${initial.join(', ')})`);
  console.log(
    `  ${kb(initialGzip)} gzip of a ${kb(INITIAL_JS_BUDGET_BYTES)} budget; render-blocking CSS ${kb(cssGzip)} gzip (not counted)`,
  );

  const routerSource = readFileSync(fileURLToPath(new URL('../src/app/router.tsx', import.meta.url)), 'utf8');
  const alsoLoaded = Object.keys(manifest).filter((key) => key.endsWith('styles/extras.scss'));
  const routes = routeImports(routerSource).filter((route) => manifest[route.src]);
  const nameWidth = Math.max(...routes.map((r) => r.name.length), 5);
  console.log(
    `\nEach lazy route on top of the initial chunk (gzip; the CSS includes styles/extras.scss, loaded with the first lazy chunk)`,
  );
  for (const route of routes) {
    const cost = routeCost(manifest, route, sizeOf, alsoLoaded);
    console.log(`  ${cost.name.padEnd(nameWidth)}  JS ${kb(cost.js).padStart(9)}  CSS ${kb(cost.css).padStart(8)}`);
  }

  const error = budgetError(initialGzip);
  if (error) {
    console.error(`\n${error}`);
    process.exit(1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main(resolve(process.argv[2] ?? fileURLToPath(new URL('../dist', import.meta.url))));
}
