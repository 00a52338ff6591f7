import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TCreditHistoryAnswer } from '@cupido/shared/contracts/credits';
import { ApiError, apiGet } from '../../api/client';
import { useLocale } from '../locale/use-locale';
import { CREDITS_NS, CreditsTexts } from './credits-texts';
import './credits.scss';

export const CREDIT_HISTORY_QUERY_KEY = ['credits-history'] as const;

/** GET /api/credits-history.php, a page at a time (newest first); "Show older entries" fetches the next. */
export default function CreditHistoryTable() {
  return (
    <CreditsTexts>
      <History />
    </CreditsTexts>
  );
}

function History() {
  const { t } = useTranslation(CREDITS_NS);
  const { locale } = useLocale();
  const history = useInfiniteQuery<TCreditHistoryAnswer, ApiError>({
    queryKey: CREDIT_HISTORY_QUERY_KEY,
    queryFn: ({ pageParam }) =>
      apiGet<TCreditHistoryAnswer>('/api/credits-history.php', typeof pageParam === 'number' ? { before: String(pageParam) } : undefined),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next_before,
  });
  const pages = history.data?.pages ?? [];
  const entries = pages.flatMap((page) => page.entries);
  const balance = pages[0]?.balance;
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const signed = new Intl.NumberFormat(locale, { signDisplay: 'exceptZero' });
  const plain = new Intl.NumberFormat(locale);

  return (
    <section className="mb-5" aria-labelledby="settings-credits-title" id="credit-history">
      <h2 id="settings-credits-title" className="h5">
        {t('history.title')}
      </h2>
      {balance !== undefined && <p id="credit-balance">{t('history.balance', { balance: plain.format(balance) })}</p>}
      {history.error && (
        <p id="credit-history-error" className="alert alert-danger py-2" role="alert">
          {t('history.error')}
        </p>
      )}
      {history.data && entries.length === 0 && <p id="credit-history-none">{t('history.none')}</p>}
      {entries.length > 0 && (
        <div className="table-responsive">
          <table id="credit-history-table" className="table table-sm align-middle credit-history">
            <caption className="visually-hidden">{t('history.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('history.columns.date')}</th>
                <th scope="col">{t('history.columns.kind')}</th>
                <th scope="col" className="text-end">
                  {t('history.columns.amount')}
                </th>
                <th scope="col" className="text-end">
                  {t('history.columns.balanceAfter')}
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id} data-entry-id={entry.id}>
                  <td>
                    <time dateTime={entry.created_at}>{date.format(new Date(entry.created_at))}</time>
                  </td>
                  <td>{t(`history.kinds.${entry.kind}`)}</td>
                  <td className={`text-end text-nowrap ${entry.amount > 0 ? 'text-success' : 'text-danger'}`}>
                    {signed.format(entry.amount)}
                  </td>
                  <td className="text-end text-nowrap">{plain.format(entry.balance_after)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {history.hasNextPage && (
        <button
          type="button"
          id="credit-history-more"
          className="btn btn-outline-secondary btn-sm"
          disabled={history.isFetchingNextPage}
          onClick={() => void history.fetchNextPage()}
        >
          {t('history.more')}
        </button>
      )}
    </section>
  );
}
