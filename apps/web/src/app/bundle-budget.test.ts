import { describe, expect, it } from 'vitest';
import {
  budgetError,
  initialChunks,
  INITIAL_JS_BUDGET_BYTES,
  routeCost,
  routeImports,
  type Manifest,
} from '../../scripts/report-bundle-size';

// A manifest shaped like Vite's: the entry, a shared vendor chunk it imports, two lazy routes
// (one sharing a helper chunk), and the Bootstrap extras stylesheet every lazy load brings.
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_runtime.js'],
    dynamicImports: ['src/features/members/members-page.tsx', 'src/features/profiles/member/member-page.tsx', 'src/styles/extras.scss'],
    css: ['assets/index.css'],
  },
  '_runtime.js': { file: 'assets/runtime.js' },
  '_helper.js': { file: 'assets/helper.js', imports: ['_runtime.js', 'index.html'], css: ['assets/helper.css'] },
  'src/features/members/members-page.tsx': { file: 'assets/members-page.js', imports: ['_helper.js', 'index.html'] },
  'src/features/profiles/member/member-page.tsx': { file: 'assets/member-page.js', imports: ['index.html'], css: ['assets/member.css'] },
  'src/styles/extras.scss': { file: 'assets/extras.css' },
};
const SIZES: Record<string, number> = {
  'assets/index.js': 100_000,
  'assets/runtime.js': 400,
  'assets/helper.js': 3_000,
  'assets/helper.css': 500,
  'assets/members-page.js': 10_000,
  'assets/member-page.js': 20_000,
  'assets/member.css': 700,
  'assets/extras.css': 8_000,
  'assets/index.css': 24_000,
};
const sizeOf = (file: string) => SIZES[file]!;

describe('bundle budget report', () => {
  it('counts the entry and its static imports as the initial chunks, not the lazy ones', () => {
    expect(initialChunks(manifest).map((c) => c.file)).toEqual(['assets/index.js', 'assets/runtime.js']);
  });

  it("prices each route by what it adds: its chunks, shared helpers and CSS, never the initial chunk's", () => {
    const extras = ['src/styles/extras.scss'];
    expect(routeCost(manifest, { name: 'MembersPage', src: 'src/features/members/members-page.tsx' }, sizeOf, extras)).toEqual({
      name: 'MembersPage',
      js: 13_000,
      css: 8_500,
    });
    expect(routeCost(manifest, { name: 'MemberPage', src: 'src/features/profiles/member/member-page.tsx' }, sizeOf)).toEqual({
      name: 'MemberPage',
      js: 20_000,
      css: 700,
    });
  });

  it("reads the lazy screens from the router's lazyWithReload imports", () => {
    const source = `const MembersPage = lazyWithReload(() => import('../features/members/members-page'));\nconst x = 1;`;
    expect(routeImports(source)).toEqual([{ name: 'MembersPage', src: 'src/features/members/members-page.tsx' }]);
  });

  it('fails the build above 130 KB gzip and passes at it', () => {
    expect(INITIAL_JS_BUDGET_BYTES).toBe(130_000);
    expect(budgetError(130_000)).toBeNull();
    expect(budgetError(130_001)).toMatch(/Bundle budget exceeded: the home page loads 130\.0 KB .* more than 130\.0 KB/);
  });
});
