/**
 * Nothing but features/credits writes a member's balance (issue 10, decision 017): a file that
 * sets users.credits through drizzle (`.update(users).set({ credits })`,
 * `.insert(users).values({ credits })`) or in SQL text (`UPDATE users SET credits ...`) fails
 * here. Read with the TypeScript parser, over the server, the end-to-end scenarios and the bench.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SERVER_SRC = path.resolve(import.meta.dirname, '../..');
const REPO = path.resolve(SERVER_SRC, '../../..');
const ROOTS = [SERVER_SRC, path.join(REPO, 'e2e'), path.join(REPO, 'bench'), path.join(REPO, 'scripts')];
const OWNER = path.join(SERVER_SRC, 'features/credits') + path.sep;

const SQL_WRITE = [/\bupdate\s+"?users"?\s[\s\S]*?\bset\b[\s\S]*\bcredits\b/i, /\binsert\s+into\s+"?users"?\s*\([^)]*\bcredits\b/i];

/** Whether a drizzle chain `x.update(users)` / `x.insert(users)` leads to this .set()/.values(). */
function targetsUsers(call: ts.CallExpression): boolean {
  let node: ts.Expression = call.expression;
  while (ts.isPropertyAccessExpression(node) || ts.isCallExpression(node)) {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const [first] = node.arguments;
      if (
        ts.isPropertyAccessExpression(callee) &&
        ['update', 'insert'].includes(callee.name.text) &&
        first &&
        ts.isIdentifier(first) &&
        first.text === 'users'
      ) {
        return true;
      }
      node = callee;
    } else {
      node = node.expression;
    }
  }
  return false;
}

function hasCreditsProperty(argument: ts.Expression | undefined): boolean {
  if (!argument) return false;
  if (ts.isArrayLiteralExpression(argument)) return argument.elements.some((element) => hasCreditsProperty(element));
  if (!ts.isObjectLiteralExpression(argument)) return false;
  return argument.properties.some((property) => {
    const name = property.name;
    return !!name && (ts.isIdentifier(name) || ts.isStringLiteral(name)) && name.text === 'credits';
  });
}

/** The places in one source text that write users.credits, as `line: code`. */
export function balanceWritesIn(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const report = (node: ts.Node) => {
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    found.push(`${line}: ${node.getText(source).replace(/\s+/g, ' ').slice(0, 120)}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      if ((method === 'set' || method === 'values') && hasCreditsProperty(node.arguments[0]) && targetsUsers(node)) report(node);
    }
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) {
      const sqlText = node.getText(source).replace(/\$\{|\}/g, ' ');
      if (SQL_WRITE.some((pattern) => pattern.test(sqlText))) report(node);
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function sourceFiles(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((f) => /\.(ts|tsx|mts|js|mjs)$/.test(f) && !f.endsWith('.d.ts') && !f.split(path.sep).includes('node_modules'))
    .map((f) => path.join(root, f));
}

describe('the balance has one writer', () => {
  it('recognises every form of writing users.credits (and leaves reads and other tables alone)', () => {
    const writes = balanceWritesIn(
      'sample.ts',
      [
        'await tx.update(users).set({ credits: sql`${users.credits} + 5` }).where(eq(users.id, 1));',
        "await db.insert(users).values([{ email: 'a@b.c', credits: 10 }]);",
        "await db.update(users).set({ 'credits': 3 });",
        'await client.query(`UPDATE "users" SET "credits" = 0 WHERE id = $1`, [id]);',
        'await db.execute(sql`update ${users} set ${users.credits} = 7`);',
        "await pool.query('INSERT INTO users (site_id, email, credits) VALUES (1, $1, 5)');",
        // Not writes of the balance:
        'const [row] = await db.select({ credits: users.credits }).from(users);',
        'await tx.insert(payments).values({ credits: 100, amount: 999 });',
        'await tx.update(users).set({ status: "active" });',
        "const text = 'Update your users settings to get credits';",
      ].join('\n'),
    );
    expect(writes.map((write) => Number(write.split(':')[0]))).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('finds no write of users.credits outside features/credits', () => {
    const files = ROOTS.flatMap(sourceFiles).filter((file) => !file.startsWith(OWNER));
    expect(files.length).toBeGreaterThan(100);
    const writes = files.flatMap((file) =>
      balanceWritesIn(file, fs.readFileSync(file, 'utf8')).map((write) => `${path.relative(REPO, file)}:${write}`),
    );
    expect(writes, 'change credits only with changeCredits (features/credits/service.ts)').toEqual([]);
  });
});
