/**
 * Runs after `vite build`: writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip level 9)
 * beside every text asset above 1 KB, so the server sends compressed files without compressing
 * anything per request (apps/server/src/plugins/web-app.ts negotiates on Accept-Encoding).
 *
 *   node --import tsx scripts/compress-assets.ts [distDir]   (default: apps/web/dist)
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats only: images and fonts are compressed already. Source maps are never served. */
export const COMPRESSIBLE_EXTENSIONS = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/i;
/** Below this a compressed copy saves less than the extra header and file costs. */
export const MIN_COMPRESS_BYTES = 1024;

export interface CompressedFile {
  file: string;
  raw: number;
  br: number | null;
  gzip: number | null;
}

async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries
      // Dot folders (.vite with the build manifest) are not served.
      .filter((entry) => !entry.name.startsWith('.'))
      .map((entry) => (entry.isDirectory() ? walk(join(dir, entry.name)) : Promise.resolve([join(dir, entry.name)]))),
  );
  return nested.flat();
}

/**
 * Compresses every eligible file under `distDir`; a variant that is not smaller than the file is
 * not written (the server then sends the file itself). Returns what it did, largest first.
 */
export async function compressDist(distDir: string): Promise<CompressedFile[]> {
  const files = (await walk(distDir)).filter((file) => COMPRESSIBLE_EXTENSIONS.test(file));
  const results: CompressedFile[] = [];
  for (const file of files) {
    if ((await stat(file)).size < MIN_COMPRESS_BYTES) continue;
    const content = await readFile(file);
    const [br, gz] = await Promise.all([
      brotli(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
      gzipAsync(content, { level: 9 }),
    ]);
    const result: CompressedFile = { file: relative(distDir, file), raw: content.length, br: null, gzip: null };
    if (br.length < content.length) {
      await writeFile(`${file}.br`, br);
      result.br = br.length;
    }
    if (gz.length < content.length) {
      await writeFile(`${file}.gz`, gz);
      result.gzip = gz.length;
    }
    results.push(result);
  }
  return results.sort((a, b) => b.raw - a.raw);
}

const kb = (bytes: number | null) => (bytes === null ? '-' : `${(bytes / 1000).toFixed(1)} KB`);

async function main(): Promise<void> {
  const distDir = resolve(process.argv[2] ?? fileURLToPath(new URL('../dist', import.meta.url)));
  const results = await compressDist(distDir);
  const total = (pick: (r: CompressedFile) => number | null) => results.reduce((sum, r) => sum + (pick(r) ?? r.raw), 0);
  console.log(
    `\nPre-compressed ${results.length} files in ${distDir}: ${kb(total((r) => r.raw))} raw, ` +
      `${kb(total((r) => r.br))} brotli, ${kb(total((r) => r.gzip))} gzip`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
