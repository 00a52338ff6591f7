import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

type Tree = { [key: string]: string | Tree };

/** Flattens a nested catalogue to 'a.b.c' -> text; non-string leaves are reported as problems. */
export function flattenCatalogue(tree: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (tree && typeof tree === 'object' && !Array.isArray(tree)) {
    for (const [key, value] of Object.entries(tree as Tree)) {
      const path = prefix ? `${prefix}.${key}` : key;
      if (value && typeof value === 'object' && !Array.isArray(value)) flattenCatalogue(value, path, out);
      else out.set(path, value);
    }
  }
  return out;
}

export function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]!))].sort();
}

const PLURAL_SUFFIX = /^(.+)_(zero|one|two|few|many|other)$/;

/**
 * The source's keys as language `code` must have them. i18next plurals (`key_one`, `key_other`
 * for `t(key, { count })`) need exactly the plural forms of that language, as Intl.PluralRules
 * (which i18next uses) names them: Polish adds `_few` and `_many`, French, Italian and Spanish
 * `_many` (for millions); a missing form would show the bare key. Each form is compared with the
 * source's same form, else its `_other`.
 */
function referenceFor(code: string, source: Map<string, unknown>): Map<string, unknown> {
  const bases = new Set(
    [...source.keys()].map((key) => PLURAL_SUFFIX.exec(key)?.[1]).filter((base) => base && source.has(`${base}_other`)),
  );
  if (bases.size === 0) return source;
  let forms: string[];
  try {
    forms = new Intl.PluralRules(code).resolvedOptions().pluralCategories;
  } catch {
    forms = ['one', 'other'];
  }
  const reference = new Map<string, unknown>();
  for (const [key, value] of source) {
    const base = PLURAL_SUFFIX.exec(key)?.[1];
    if (!base || !bases.has(base)) reference.set(key, value);
    else if (key === `${base}_other`) forms.forEach((form) => reference.set(`${base}_${form}`, source.get(`${base}_${form}`) ?? value));
  }
  return reference;
}

/**
 * Compares every catalogue against the source one: missing keys, extra keys, empty or
 * non-text values, and {{placeholders}} that differ; plural keys by the forms each language
 * needs (referenceFor). Returns readable problems (none = good).
 */
export function checkCatalogues(catalogues: Record<string, unknown>, source = 'en'): string[] {
  const problems: string[] = [];
  const sourceEntries = flattenCatalogue(catalogues[source]);
  if (sourceEntries.size === 0) return [`${source}: the source catalogue is empty or missing`];

  for (const [code, catalogue] of Object.entries(catalogues)) {
    const reference = referenceFor(code, sourceEntries);
    const entries = flattenCatalogue(catalogue);
    for (const [key, value] of entries) {
      if (typeof value !== 'string') problems.push(`${code}: ${key} is not a text`);
      else if (!value.trim()) problems.push(`${code}: ${key} is empty`);
      if (!reference.has(key)) problems.push(`${code}: extra key ${key}`);
    }
    for (const [key, sourceValue] of reference) {
      const value = entries.get(key);
      if (value === undefined) {
        problems.push(`${code}: missing key ${key}`);
        continue;
      }
      if (typeof value !== 'string' || typeof sourceValue !== 'string') continue;
      const expected = placeholders(sourceValue).join(', ');
      const actual = placeholders(value).join(', ');
      if (expected !== actual) problems.push(`${code}: ${key} has placeholders [${actual}], ${source} has [${expected}]`);
    }
  }
  return problems;
}

/** Loads <dir>/<code>.json for every code and checks them; a missing file is a problem too. */
export function checkCatalogueDirectory(dir: string, codes: readonly string[], source = 'en'): string[] {
  if (!existsSync(dir)) return [`${dir} does not exist`];
  const problems: string[] = [];
  const catalogues: Record<string, unknown> = {};
  for (const code of codes) {
    const file = join(dir, `${code}.json`);
    if (!existsSync(file)) {
      problems.push(`${code}: ${file} is missing`);
      continue;
    }
    try {
      catalogues[code] = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      problems.push(`${code}: ${file} is not valid JSON (${(error as Error).message})`);
    }
  }
  const unexpected = readdirSync(dir).filter((f) => f.endsWith('.json') && !codes.includes(f.slice(0, -5)));
  unexpected.forEach((f) => problems.push(`${dir}/${f} is not one of the product's languages`));
  return [...problems, ...checkCatalogues(catalogues, source)];
}
