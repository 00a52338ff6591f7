/**
 * Link prefetch without running code (issue 31, decision 069). A lazy screen's `prefetch` used to
 * call its `import()`: the browser fetched the chunk and then ran it and every module it imports
 * (zod schemas, text catalogues), 20-30 ms of main thread on a desktop per chunk, four times that
 * on a phone, while the visitor reads the page. Prefetching only needs the files in the cache.
 *
 * This build plugin writes `route-chunks.json` beside index.html: for every lazily imported chunk
 * (by its file name, e.g. `AQm27eda.js`), the files it needs when it is imported: itself, the
 * chunks it imports statically and their CSS, minus the entry the page already runs. The link
 * prefetch (src/app/link-prefetch.ts) reads it once and adds `<link rel=modulepreload>` (fetched
 * and compiled, not run) and `<link rel=prefetch as=style>` for those files.
 */
import path from 'node:path';
import type { Plugin } from 'vite';

/** The map's file, served from the build's root with the short caching of root files (web-app.ts). */
export const ROUTE_CHUNKS_FILE = 'route-chunks.json';

/** The part of an output chunk the map needs (Rollup's OutputChunk, with Vite's metadata). */
export interface ChunkFacts {
  fileName: string;
  isEntry: boolean;
  isDynamicEntry: boolean;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * For each lazily imported chunk, by its file's name: the root-relative URLs of that chunk, of the
 * chunks it imports statically (transitively) and of their CSS; entry chunks are left out (the page
 * already runs the entry). Its own dynamic imports are not followed: they load when used.
 */
export function routeChunkMap(chunks: ChunkFacts[]): Record<string, string[]> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const map: Record<string, string[]> = {};
  for (const chunk of chunks) {
    if (!chunk.isDynamicEntry || chunk.isEntry) continue;
    const files = new Set<string>();
    const css = new Set<string>();
    const visit = (current: ChunkFacts) => {
      if (current.isEntry || files.has(current.fileName)) return;
      files.add(current.fileName);
      for (const file of current.viteMetadata?.importedCss ?? []) css.add(file);
      for (const file of current.imports) {
        const imported = byFile.get(file);
        if (imported) visit(imported);
      }
    };
    visit(chunk);
    map[path.posix.basename(chunk.fileName)] = [...files, ...css].map((file) => `/${file}`);
  }
  return map;
}

export function routeChunks(): Plugin {
  return {
    name: 'cupido:route-chunks',
    apply: 'build',
    generateBundle: {
      // After Vite's own: it drops the chunks that only carried CSS (their styles move to the
      // importers' importedCss), and a map written before would name files that are never written.
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk') as unknown as ChunkFacts[];
        this.emitFile({ type: 'asset', fileName: ROUTE_CHUNKS_FILE, source: JSON.stringify(routeChunkMap(chunks)) });
      },
    },
  };
}
