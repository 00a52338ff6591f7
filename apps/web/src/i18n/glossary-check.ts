import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { flattenCatalogue } from './catalogue-check';

/**
 * A form that must not appear in a language's texts. A plain string is matched as a whole word
 * (no letter or digit right before or after it) and case-sensitively, so "Lei" (formal Italian
 * "you") is caught while "lei" ("she") is not. An object can ignore case, or give a regular
 * expression (Unicode mode) for rules that words alone cannot express, such as a capitalised
 * pronoun in the middle of a sentence.
 */
export type ForbiddenForm =
  string | { text: string; ignoreCase?: boolean; why?: string } | { pattern: string; ignoreCase?: boolean; why?: string };

export interface GlossaryTerm {
  /** The English term, for the reader of the glossary. */
  en: string;
  /** The one form this language uses for the concept. */
  use: string;
  /** Forms that must not appear in any catalogue of this language. */
  avoid?: ForbiddenForm[];
  note?: string;
}

export interface Glossary {
  locale: string;
  address: {
    /** The form of address every text uses, e.g. "vous", "du", "tu". */
    form: string;
    note?: string;
    /** Tell-tale words of the other register; one of them in a text means the address is mixed. */
    wrongRegister: ForbiddenForm[];
  };
  terms: Record<string, GlossaryTerm>;
  /** Typographic rules of the language, e.g. French spaces before ; : ! ? or Spanish ¿ ¡. */
  typography?: ForbiddenForm[];
}

const letterOrDigit = '[\\p{L}\\p{N}]';
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function forbiddenRegExp(form: ForbiddenForm): RegExp {
  if (typeof form === 'string') return new RegExp(`(?<!${letterOrDigit})${escape(form)}(?!${letterOrDigit})`, 'u');
  const flags = form.ignoreCase ? 'iu' : 'u';
  if ('pattern' in form) return new RegExp(form.pattern, flags);
  return new RegExp(`(?<!${letterOrDigit})${escape(form.text)}(?!${letterOrDigit})`, flags);
}

export const describeForm = (form: ForbiddenForm) => (typeof form === 'string' ? form : 'text' in form ? form.text : `/${form.pattern}/`);

/** Placeholders ({{premium_limit}}) and markup (<1>, <strong>) are not words of the language. */
export const proseOf = (text: string) => text.replace(/\{\{[^}]*\}\}/g, ' ').replace(/<\/?[\w-]+[^>]*>/g, ' ');

/** Every text of one language, web and server, as file:key -> text. */
export function loadLanguageTexts(catalogueDirs: readonly string[], code: string): Map<string, string> {
  const texts = new Map<string, string>();
  for (const dir of catalogueDirs) {
    const file = join(dir, `${code}.json`);
    if (!existsSync(file)) continue;
    const label = file.includes('/apps/') ? file.slice(file.lastIndexOf('/apps/') + 6) : file;
    for (const [key, value] of flattenCatalogue(JSON.parse(readFileSync(file, 'utf8')))) {
      if (typeof value === 'string') texts.set(`${label}: ${key}`, value);
    }
  }
  return texts;
}

/** Lists every forbidden term and wrong-register word found, as readable problems (none = good). */
export function checkGlossary(glossary: Glossary, texts: Map<string, string>): string[] {
  const rules: { form: ForbiddenForm; reason: string }[] = [
    ...glossary.address.wrongRegister.map((form) => ({ form, reason: `wrong register (this language uses "${glossary.address.form}")` })),
    ...Object.values(glossary.terms).flatMap((term) =>
      (term.avoid ?? []).map((form) => ({ form, reason: `use "${term.use}" (${term.en})` })),
    ),
    ...(glossary.typography ?? []).map((form) => ({
      form,
      reason: typeof form === 'object' && form.why ? `typography: ${form.why}` : 'typography',
    })),
  ];
  const problems: string[] = [];
  for (const { form, reason } of rules) {
    const regExp = forbiddenRegExp(form);
    for (const [where, text] of texts) {
      const found = regExp.exec(proseOf(text));
      if (found) problems.push(`${glossary.locale}: ${where}: "${found[0]}" (${describeForm(form)}): ${reason}`);
    }
  }
  return problems;
}

/** The folders of per-language catalogues: the web shell, every feature's texts, the server. */
export function catalogueDirectories(webSrc: string, serverSrc: string): string[] {
  const features = join(webSrc, 'features');
  const featureDirs = readdirSync(features)
    .map((feature) => join(features, feature, 'texts'))
    .filter((dir) => existsSync(dir));
  return [join(webSrc, 'i18n', 'locales'), ...featureDirs, join(serverSrc, 'i18n', 'locales')];
}
