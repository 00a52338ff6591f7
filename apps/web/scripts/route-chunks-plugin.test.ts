import { describe, expect, it } from 'vitest';
import { routeChunkMap, type ChunkFacts } from './route-chunks-plugin';

const chunk = (fileName: string, facts: Partial<ChunkFacts> = {}): ChunkFacts => ({
  fileName,
  isEntry: false,
  isDynamicEntry: false,
  imports: [],
  ...facts,
});

describe('the link prefetch map of the build', () => {
  // index (entry) -> lazily: page.js, which imports shared.js (with its CSS) and the entry, and lazily dialog.js.
  const chunks = [
    chunk('assets/index-abc.js', { isEntry: true, imports: ['assets/common.js'] }),
    chunk('assets/common.js', { imports: [] }),
    chunk('assets/page.js', {
      isDynamicEntry: true,
      imports: ['assets/index-abc.js', 'assets/shared.js'],
      viteMetadata: { importedCss: new Set(['assets/page.css']) },
    }),
    chunk('assets/shared.js', { imports: ['assets/common.js'], viteMetadata: { importedCss: new Set(['assets/shared.css']) } }),
    chunk('assets/dialog.js', { isDynamicEntry: true, imports: ['assets/shared.js'] }),
  ];
  const map = routeChunkMap(chunks);

  it('lists a lazy chunk, the chunks it imports statically and their styles, by the chunk’s file name', () => {
    expect(map['page.js']).toEqual(['/assets/page.js', '/assets/shared.js', '/assets/common.js', '/assets/page.css', '/assets/shared.css']);
    expect(map['dialog.js']).toEqual(['/assets/dialog.js', '/assets/shared.js', '/assets/common.js', '/assets/shared.css']);
  });

  it('leaves out the entry the page already runs, and chunks nothing imports lazily', () => {
    expect(Object.keys(map).sort()).toEqual(['dialog.js', 'page.js']);
    expect(Object.values(map).flat()).not.toContain('/assets/index-abc.js');
  });
});
