// zod compiles object parsers with `new Function` once it has probed that eval is allowed, and it
// probes when a schema is built (the shared contracts build theirs when a form's chunk loads). The
// site's Content-Security-Policy forbids eval, so the probe itself is reported as a violation
// (Chrome's Issues panel; Lighthouse's best-practices audit on /login). The interpreted parsers are
// fast enough for forms, so the app opts out before any schema exists: main.tsx imports this first.
//
// zod keeps its global config on `globalThis.__zod_globalConfig` (shared by every copy of zod) and
// adopts an object already there. Setting it here costs no bytes; `z.config()` from 'zod/v4/core'
// would pull 3.7 KB gzip of zod into the initial chunk. The browser scenario "the login form parses
// its input without breaking the Content-Security-Policy" fails if zod stops reading it.
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };
