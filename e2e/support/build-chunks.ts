import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Lazy chunks are named by their hash (apps/web/vite.config.ts): the build's manifest says which
 * file holds which source, so a scenario names a chunk by the module it starts with.
 */
let manifest: Record<string, { file: string }> | null = null;

/** The path (`/assets/….js`) of the chunk that starts with `source` (a path under apps/web). */
export function chunkOf(source: string): string {
  manifest ??= JSON.parse(
    readFileSync(fileURLToPath(new URL('../../apps/web/dist/.vite/manifest.json', import.meta.url)), 'utf8'),
  ) as Record<string, { file: string }>;
  const file = manifest[source]?.file;
  if (!file) throw new Error(`${source} is not a chunk of the build: run npm run build`);
  return `/${file}`;
}
