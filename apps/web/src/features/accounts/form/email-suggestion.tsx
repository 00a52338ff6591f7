import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNTS_NS } from '../accounts-texts';

/**
 * Mail providers common in the product's countries, added to the library's mostly American
 * list so that e.g. libero.it or ziggo.nl are not "corrected" to a look-alike.
 */
const EUROPEAN_DOMAINS = [
  'gmail.com',
  'googlemail.com',
  'hotmail.com',
  'outlook.com',
  'live.com',
  'icloud.com',
  'me.com',
  'yahoo.com',
  'proton.me',
  'protonmail.com',
  'hotmail.nl',
  'live.nl',
  'outlook.nl',
  'ziggo.nl',
  'kpnmail.nl',
  'planet.nl',
  'home.nl',
  'xs4all.nl',
  'telenet.be',
  'skynet.be',
  'hotmail.be',
  'gmx.de',
  'gmx.net',
  'gmx.at',
  'gmx.ch',
  'web.de',
  't-online.de',
  'freenet.de',
  'hotmail.de',
  'outlook.de',
  'yahoo.de',
  'bluewin.ch',
  'libero.it',
  'virgilio.it',
  'tiscali.it',
  'alice.it',
  'hotmail.it',
  'live.it',
  'yahoo.it',
  'orange.fr',
  'free.fr',
  'sfr.fr',
  'laposte.net',
  'wanadoo.fr',
  'hotmail.fr',
  'live.fr',
  'outlook.fr',
  'yahoo.fr',
  'telefonica.net',
  'hotmail.es',
  'outlook.es',
  'yahoo.es',
  'wp.pl',
  'o2.pl',
  'onet.pl',
  'interia.pl',
  'op.pl',
  'hotmail.co.uk',
  'yahoo.co.uk',
  'btinternet.com',
  'sky.com',
  'eircom.net',
];

type SpellChecker = typeof import('@zootools/email-spell-checker');
let checker: Promise<SpellChecker> | null = null;

/** The library is its own chunk, loaded the first time an address is checked. */
function loadChecker(): Promise<SpellChecker> {
  checker ??= import('@zootools/email-spell-checker');
  return checker;
}

/** 'anna@gmial.com' -> 'anna@gmail.com'; null when the address looks right or is too short to tell. */
export async function suggestEmail(email: string): Promise<string | null> {
  const value = email.trim();
  if (!/^[^\s@]+@[^\s@]+$/.test(value)) return null;
  const module = await loadChecker();
  const run = module.run ?? (module as unknown as { default: SpellChecker }).default.run;
  const suggestion = run({ email: value, domains: [...new Set([...module.POPULAR_DOMAINS, ...EUROPEAN_DOMAINS])] });
  return suggestion && suggestion.full !== value ? suggestion.full : null;
}

/**
 * The suggestion for an address once it was left (checked is true): null when there is none (or
 * the address was not left yet), undefined while the check of this address is still running.
 */
export function useEmailSuggestion(email: string, checked: boolean): string | null | undefined {
  const [result, setResult] = useState<{ email: string; suggestion: string | null } | null>(null);
  useEffect(() => {
    if (!checked) return;
    let current = true;
    suggestEmail(email).then(
      (suggestion) => current && setResult({ email, suggestion }),
      () => current && setResult({ email, suggestion: null }), // no suggestion is better than an error
    );
    return () => {
      current = false;
    };
  }, [email, checked]);
  if (!checked) return null;
  return result?.email === email ? result.suggestion : undefined;
}

/**
 * "Did you mean anna@gmail.com?" as one button that takes the suggestion. `suggestion` is
 * undefined while the check runs: the live region is then aria-busy (id <id>-suggestion-status).
 */
export function EmailSuggestion({
  id,
  suggestion,
  onAccept,
}: {
  id: string;
  suggestion: string | null | undefined;
  onAccept: (email: string) => void;
}) {
  const { t } = useTranslation(ACCOUNTS_NS);
  // The live region stays in place so screen readers announce a suggestion when it appears.
  return (
    <div
      id={`${id}-suggestion-status`}
      className={suggestion ? 'form-text' : undefined}
      aria-live="polite"
      aria-busy={suggestion === undefined}
    >
      {suggestion && (
        <button
          type="button"
          id={`${id}-suggestion`}
          className="btn btn-link p-0 align-baseline text-start"
          onClick={() => onAccept(suggestion)}
        >
          {t('emailSuggestion', { email: suggestion })}
        </button>
      )}
    </div>
  );
}
