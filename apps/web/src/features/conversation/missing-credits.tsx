import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { routePath } from '@cupido/shared/rules/routes';
import { CONVERSATION_NS } from './conversation-texts';

/** How many credits the member lacks for something of `price` (0 when the balance covers it). */
export function missingCredits(price: number, balance: number): number {
  return Math.max(0, price - Math.max(0, balance));
}

/**
 * Said before a paid action, not after the server's 402 (issue 29): how many credits are missing
 * and the way to the packages. The draft stays in the tab (chat-draft.ts), so the shop and back
 * loses nothing.
 */
export function MissingCredits({ id, price, balance, className = '' }: { id: string; price: number; balance: number; className?: string }) {
  const { t } = useTranslation(CONVERSATION_NS);
  const missing = missingCredits(price, balance);
  if (missing === 0) return null;
  return (
    <p id={id} className={`chat-missing-credits small mb-0 ${className}`} role="status">
      <span>{t('missing.need', { count: missing })}</span>{' '}
      <Link id={`${id}-buy`} to={routePath('credits')} className="fw-semibold">
        {t('missing.buy')}
      </Link>
    </p>
  );
}
