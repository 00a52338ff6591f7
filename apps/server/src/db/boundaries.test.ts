/**
 * Feature boundaries (decision 021), read from the sources with the TypeScript parser:
 * (a) a file under features/<x>/ imports from db/schema only the tables x owns (table-owners.ts),
 *     apart from the exceptions below, each with its reason;
 * (b) the features import each other without circles, on the server and in the web app;
 * (c) test kits live in test/ folders and no production file imports a test, a test kit or a
 *     test folder; no feature, infra, plugin or db file imports the demo seed (issue 33: the
 *     seed and the tests stand above the product, never below it);
 * (d) the shared rules (packages/shared/src/rules) import neither zod nor a contract, so web
 *     chunks use them without zod.
 * Tests and test kits are left out of (a) and (b): they may arrange rows of any table and use any feature.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as schema from './schema';
import { TABLE_OWNERS } from './table-owners';

const SERVER_SRC = path.resolve(import.meta.dirname, '..');
const WEB_SRC = path.resolve(SERVER_SRC, '../../web/src');
/** @cupido/shared/rules: the zod-free half of the shared package (the contracts are the other). */
const SHARED_RULES = path.resolve(SERVER_SRC, '../../../packages/shared/src/rules');
const SCHEMA_FILE = path.join(SERVER_SRC, 'db/schema.ts');
/** The schema's files, one per owning feature, re-exported by schema.ts: importing one directly counts the same. */
const SCHEMA_DIR = path.join(SERVER_SRC, 'db/schema') + path.sep;

/**
 * Uses of another feature's tables that stay, as `file: [tables]`, each with its reason (decision
 * 021). Only the credits ledger's cached balance on users is left. Anything else goes through the
 * owner: its service, an SQL fragment it exports for one composed query, a port it implements
 * for a feature below it (profiles/for-accounts.ts), or an event it handles in the publisher's
 * transaction. Do not add writes here: publish an event.
 */
const ALLOWED_FOREIGN_TABLES: Record<string, { tables: string[]; why: string }> = {
  // The cached balance is a column of users (issue 10), but only the credits ledger writes it.
  'features/credits/service.ts': {
    tables: ['users'],
    why: 'the cached balance users.credits, written only here in the same transaction as its ledger entry (decision 017)',
  },
  'features/credits/ledger-check.ts': { tables: ['users'], why: 'the nightly check compares every cached balance with its entries' },
};

/**
 * Web imports that close a circle, left out of the web graph while they wait to move: none. The
 * screens that compose several features live in a feature above them (member-settings for
 * /notifications, onboarding for /activate/done), which imports accounts, profiles and the rest
 * and is imported by none of them. Any circle fails, and so does an entry here once its import is gone.
 */
const ALLOWED_WEB_IMPORTS: string[] = [];

function sourceFiles(root: string): string[] {
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts'))
    .map((f) => path.join(root, f));
}

const isTestFile = (file: string) => /\.test\.tsx?$|-test-kit\.tsx?$|[/\\]test-images\.ts$|[/\\]test[/\\]/.test(file);

interface ImportOf {
  /** The imported file, resolved, or the bare module name. */
  target: string;
  names: string[];
}

function importsOf(file: string): ImportOf[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const found: ImportOf[] = [];
  const resolve = (specifier: string) => {
    if (!specifier.startsWith('.')) return specifier;
    const base = path.resolve(path.dirname(file), specifier);
    for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
      if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
    }
    return base;
  };
  const visit = (node: ts.Node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const names: string[] = [];
      const bindings = ts.isImportDeclaration(node) ? node.importClause?.namedBindings : node.exportClause;
      if (bindings && (ts.isNamedImports(bindings) || ts.isNamedExports(bindings))) {
        for (const element of bindings.elements) names.push((element.propertyName ?? element.name).text);
      } else if (bindings) {
        names.push('*');
      }
      found.push({ target: resolve(node.moduleSpecifier.text), names });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteral(argument)) found.push({ target: resolve(argument.text), names: ['*'] });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The specifiers a file imports values from (an `import type`, or one whose names are all types, brings no code). */
function valueImportSpecifiers(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue;
    if (!statement.moduleSpecifier || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (clause?.isTypeOnly) continue;
      const bindings = clause?.namedBindings;
      const onlyTypes = clause && !clause.name && bindings && ts.isNamedImports(bindings) && bindings.elements.every((e) => e.isTypeOnly);
      if (onlyTypes) continue;
    } else if (statement.isTypeOnly) {
      continue;
    }
    found.push(statement.moduleSpecifier.text);
  }
  return found;
}

/** Value imports of zod or of a contract in the shared rules (rules/ is what web chunks import without zod). */
function zodInRules(rulesDir: string): string[] {
  return sourceFiles(rulesDir)
    .filter((file) => !isTestFile(file))
    .flatMap((file) =>
      valueImportSpecifiers(file)
        .filter((specifier) => specifier === 'zod' || /(^|\/)contracts\//.test(specifier))
        .map((specifier) => `${path.basename(file)} -> ${specifier}`),
    );
}

/** features/<name>/... -> name, else null. */
function featureOf(featuresRoot: string, file: string): string | null {
  const relative = path.relative(featuresRoot, file);
  if (relative.startsWith('..')) return null;
  const parts = relative.split(path.sep);
  return parts.length > 1 ? parts[0]! : null;
}

/** Cross-feature imports as feature -> feature -> the files that make the edge (minus `skip`). */
function featureGraph(featuresRoot: string, skip = new Set<string>()): Map<string, Map<string, string[]>> {
  const graph = new Map<string, Map<string, string[]>>();
  for (const file of sourceFiles(featuresRoot)) {
    if (isTestFile(file)) continue;
    const from = featureOf(featuresRoot, file);
    if (!from) continue;
    if (!graph.has(from)) graph.set(from, new Map());
    for (const { target } of importsOf(file)) {
      const to = featureOf(featuresRoot, target);
      if (!to || to === from) continue;
      const edge = `${path.relative(featuresRoot, file)} -> ${path.relative(featuresRoot, target)}`.split(path.sep).join('/');
      if (skip.delete(edge)) continue;
      const edges = graph.get(from)!;
      edges.set(to, [...(edges.get(to) ?? []), edge]);
    }
  }
  return graph;
}

/** Strongly connected components of more than one feature (Tarjan): each is an import circle. */
function circles(graph: Map<string, Map<string, string[]>>): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const strongConnect = (node: string) => {
    indexOf.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!indexOf.has(next)) {
        strongConnect(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, indexOf.get(next)!));
      }
    }
    if (low.get(node) === indexOf.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!indexOf.has(node)) strongConnect(node);
  return found;
}

/** The circles with the imports that close them, for a readable failure. */
function describeCircles(graph: Map<string, Map<string, string[]>>): string[] {
  return circles(graph).map((component) => {
    const edges = component.flatMap((from) =>
      [...(graph.get(from) ?? new Map<string, string[]>())].filter(([to]) => component.includes(to)).flatMap(([, files]) => files),
    );
    return `${component.join(' <-> ')}: ${edges.join('; ')}`;
  });
}

/** Test kits outside a test/ folder, as paths relative to `root`. */
function testKitsOutsideTestFolders(root: string): string[] {
  return sourceFiles(root)
    .filter((file) => /-test-kit\.tsx?$/.test(file) && !/[/\\]test[/\\]/.test(path.relative(root, file)))
    .map((file) => path.relative(root, file).split(path.sep).join('/'));
}

/**
 * Production files of `root` that import what is not production: a test, a test kit or a test
 * folder, anywhere; and, from the product's own layers (`productLayers`), the demo seed.
 * Entry points (main.ts, the CLIs, preflight) may use the seed: they start it or refuse it.
 */
function importsOfWhatIsNotProduction(root: string, productLayers: string[] = [], seedDir?: string): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(root)) {
    if (isTestFile(file)) continue;
    const relative = path.relative(root, file).split(path.sep).join('/');
    const inProduct = productLayers.some((layer) => relative === layer || relative.startsWith(`${layer}/`));
    for (const { target } of importsOf(file)) {
      if (!path.isAbsolute(target)) continue;
      const to = path.relative(root, target).split(path.sep).join('/');
      if (isTestFile(target)) found.push(`${relative} -> ${to}`);
      else if (inProduct && seedDir && target.startsWith(seedDir + path.sep)) found.push(`${relative} -> ${to} (the demo seed)`);
    }
  }
  return found;
}

describe('feature boundaries', () => {
  const schemaTables = Object.entries(schema)
    .filter(([, value]) => value && typeof value === 'object' && Symbol.for('drizzle:IsDrizzleTable') in value)
    .map(([name]) => name);

  it('names an owning feature for every table of schema.ts', () => {
    expect(schemaTables.length).toBeGreaterThan(10);
    expect(
      schemaTables.filter((table) => !TABLE_OWNERS[table]),
      'add these tables to db/table-owners.ts',
    ).toEqual([]);
  });

  it('lets a feature import only the tables it owns from db/schema', () => {
    const featuresRoot = path.join(SERVER_SRC, 'features');
    const violations: string[] = [];
    const unusedExceptions = new Set(Object.keys(ALLOWED_FOREIGN_TABLES));
    for (const file of sourceFiles(featuresRoot)) {
      if (isTestFile(file)) continue;
      const feature = featureOf(featuresRoot, file);
      const relative = path.relative(SERVER_SRC, file).split(path.sep).join('/');
      for (const { target, names } of importsOf(file)) {
        if (target !== SCHEMA_FILE && !target.startsWith(SCHEMA_DIR)) continue;
        for (const name of names) {
          if (name === '*') {
            violations.push(`${relative} imports the whole schema`);
            continue;
          }
          const owner = TABLE_OWNERS[name];
          if (!owner || owner === feature) continue;
          if (ALLOWED_FOREIGN_TABLES[relative]?.tables.includes(name)) {
            unusedExceptions.delete(relative);
            continue;
          }
          violations.push(`${relative} imports ${name} (owned by ${owner})`);
        }
      }
    }
    expect(violations).toEqual([]);
    // An exception nobody needs any more goes from the list, so the list stays true.
    expect([...unusedExceptions], 'remove these from ALLOWED_FOREIGN_TABLES').toEqual([]);
  });

  it('has no import circle between server features', () => {
    expect(describeCircles(featureGraph(path.join(SERVER_SRC, 'features')))).toEqual([]);
  });

  it('has no import circle between web features', () => {
    const notSeen = new Set(ALLOWED_WEB_IMPORTS);
    const graph = featureGraph(path.join(WEB_SRC, 'features'), notSeen);
    expect(graph.size).toBeGreaterThan(5);
    expect(describeCircles(graph)).toEqual([]);
    expect([...notSeen], 'remove these from ALLOWED_WEB_IMPORTS').toEqual([]);
  });

  it('keeps test kits in test/ folders, on the server and in the web app', () => {
    expect(testKitsOutsideTestFolders(SERVER_SRC)).toEqual([]);
    expect(testKitsOutsideTestFolders(WEB_SRC)).toEqual([]);
    // The kits exist and are found where they belong: the check looks at real files.
    expect(
      sourceFiles(path.join(SERVER_SRC, 'features')).filter((file) => /[/\\]test[/\\][^/\\]+-test-kit\.ts$/.test(file)).length,
    ).toBeGreaterThan(10);
  });

  it('lets no production file import a test, a test kit or the demo seed', () => {
    const productLayers = ['features', 'infra', 'plugins', 'db', 'app.ts', 'config.ts', 'errors.ts', 'i18n'];
    expect(importsOfWhatIsNotProduction(SERVER_SRC, productLayers, path.join(SERVER_SRC, 'seed'))).toEqual([]);
    expect(importsOfWhatIsNotProduction(WEB_SRC)).toEqual([]);
  });

  it('keeps the web app in layers: app/ on top, then features, then ui, api and platform', () => {
    // Each folder may import only from the folders after it in this list (and itself); app/ is
    // the shell and the router, which nothing below it imports (issue 33).
    const layers = ['app', 'features', 'ui', 'api', 'platform'];
    const upward: string[] = [];
    for (const file of sourceFiles(WEB_SRC)) {
      if (isTestFile(file)) continue;
      const from = layers.indexOf(path.relative(WEB_SRC, file).split(path.sep)[0]!);
      if (from === -1) continue;
      for (const { target } of importsOf(file)) {
        if (!path.isAbsolute(target)) continue;
        const to = layers.indexOf(path.relative(WEB_SRC, target).split(path.sep)[0]!);
        if (to !== -1 && to < from) upward.push(path.relative(WEB_SRC, file) + ' -> ' + path.relative(WEB_SRC, target));
      }
    }
    expect(upward).toEqual([]);
    expect(sourceFiles(path.join(WEB_SRC, 'platform')).length).toBeGreaterThan(2);
  });

  it('keeps the shared rules free of zod: no value import of zod or of a contract (issue 33)', () => {
    expect(zodInRules(SHARED_RULES)).toEqual([]);
    expect(sourceFiles(SHARED_RULES).filter((file) => !isTestFile(file)).length).toBeGreaterThan(20);
  });

  it('finds zod or a contract imported as a value in the rules (the check itself works)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rules-check-'));
    try {
      fs.writeFileSync(path.join(dir, 'good.ts'), "import type { TX } from '../contracts/x';\nimport { type TY } from '../contracts/y';\n");
      fs.writeFileSync(path.join(dir, 'bad.ts'), "import { z } from 'zod';\nimport { ZX, type TX } from '../contracts/x';\n");
      expect(zodInRules(dir).sort()).toEqual(['bad.ts -> ../contracts/x', 'bad.ts -> zod']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('finds a production import of a test kit or of the seed (the check itself works)', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'boundaries-'));
    try {
      const files: Record<string, string> = {
        'features/a/service.ts': "import { kit } from './test/a-test-kit';\nimport { place } from '../../seed/demo-places';\n",
        'features/a/test/a-test-kit.ts': 'export const kit = 1;\n',
        'features/b/b-test-kit.ts': 'export const stray = 1;\n',
        'seed/demo-places.ts': 'export const place = 1;\n',
        'main.ts': "import { place } from './seed/demo-places';\n",
      };
      for (const [file, text] of Object.entries(files)) {
        fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
        fs.writeFileSync(path.join(root, file), text);
      }
      expect(importsOfWhatIsNotProduction(root, ['features'], path.join(root, 'seed'))).toEqual([
        'features/a/service.ts -> features/a/test/a-test-kit.ts',
        'features/a/service.ts -> seed/demo-places.ts (the demo seed)',
      ]);
      expect(testKitsOutsideTestFolders(root)).toEqual(['features/b/b-test-kit.ts']);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('finds a circle when there is one (the check itself works)', () => {
    const graph = new Map([
      ['a', new Map([['b', ['a/x.ts -> b/y.ts']]])],
      ['b', new Map([['c', ['b/y.ts -> c/z.ts']]])],
      ['c', new Map([['a', ['c/z.ts -> a/x.ts']]])],
      ['d', new Map([['a', ['d/w.ts -> a/x.ts']]])],
    ]);
    expect(describeCircles(graph)).toEqual(['a <-> b <-> c: a/x.ts -> b/y.ts; b/y.ts -> c/z.ts; c/z.ts -> a/x.ts']);
  });
});
