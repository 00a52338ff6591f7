/**
 * The operator console's queue (/admin/operator, issue 15, 'conversations.answer'): members'
 * conversations waiting for a fictional profile's answer, oldest first, per site and member's
 * language (both kept in the address), with how long each waits, who it is between, the start of
 * the member's last message, the vulnerable flag and who has taken it. Refreshed every 15 s so a
 * claim by someone else or a new conversation shows without a reload; "Load more" follows `next`.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { LOCALE_CODES, type LocaleCode } from '@cupido/shared/rules/locales';
import type { TOperatorQueueItem } from '@cupido/shared/contracts/operator-console';
import { AdminApiError } from '../api';
import { SiteSelect } from '../ui/site-select';
import { useSiteFilter } from '../ui/use-site-filter';
import { SelectField } from '../../ui/form/select-field';
import { useFictionalSites } from '../fictional/fictional-calls';
import { FictionalBadge } from '../fictional/fictional-badge';
import { fetchOperatorQueue, OPERATOR_QUEUE_KEY } from './operator-calls';
import { roughWait } from './format-wait';

export const QUEUE_REFRESH_MS = 15_000;

/** The member's language filter kept in the address (?language=xx), beside the site's. */
function useLanguageFilter(): [LocaleCode | undefined, (language: LocaleCode | undefined) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('language');
  const language = LOCALE_CODES.find((code) => code === raw);
  const set = (next: LocaleCode | undefined) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next) copy.set('language', next);
        else copy.delete('language');
        return copy;
      },
      { replace: true },
    );
  return [language, set];
}

function Thumb({ url }: { url: string | null }) {
  // Decorative: the name is written beside it.
  return url ? (
    <img src={url} alt="" width={40} height={40} className="rounded object-fit-cover flex-shrink-0" />
  ) : (
    <span className="d-inline-block rounded bg-body-secondary flex-shrink-0" style={{ width: 40, height: 40 }} aria-hidden="true" />
  );
}

function QueueRow({ item }: { item: TOperatorQueueItem }) {
  const { t } = useTranslation('operator');
  const wait = roughWait(item.waiting_seconds);
  const claim = item.claim;
  return (
    <li className="list-group-item">
      <div className="d-flex flex-wrap align-items-center gap-2">
        <span className="badge text-bg-secondary">{t('queue.waiting_for', { wait: t(wait.key, wait.values) })}</span>
        {item.vulnerable && (
          <span className="badge text-bg-danger" title={t('queue.vulnerable_title')}>
            {t('queue.vulnerable')}
          </span>
        )}
        {claim && (
          <span className={`badge ${claim.mine ? 'text-bg-success' : 'text-bg-warning'}`}>
            {claim.mine ? t('queue.yours') : t('queue.taken_by', { name: claim.staff_name })}
          </span>
        )}
        <span className="small text-body-secondary">{t(`languages.${item.language}`)}</span>
      </div>
      <div className="d-flex flex-wrap align-items-center gap-2 my-2">
        <span className="d-flex align-items-center gap-2 text-break">
          <Thumb url={item.member.thumb_url} />
          <span>{item.member.name}</span>
        </span>
        <span aria-hidden="true">→</span>
        <span className="d-flex align-items-center gap-2 text-break">
          <Thumb url={item.fictional.thumb_url} />
          <span>
            {item.fictional.name}
            <FictionalBadge />
          </span>
        </span>
      </div>
      <p className="mb-2 text-break">{item.preview ?? <em className="text-body-secondary">{t('queue.no_preview')}</em>}</p>
      <Link
        className="btn btn-primary btn-sm"
        to={`/admin/operator/${item.conversation_id}`}
        aria-label={t('queue.open_label', { member: item.member.name, fictional: item.fictional.name })}
      >
        {t('queue.open')}
      </Link>
    </li>
  );
}

export function Component() {
  const { t } = useTranslation('operator');
  const id = useId();
  const [siteId, setSiteId] = useSiteFilter({ replace: true });
  const [language, setLanguage] = useLanguageFilter();
  const sites = useFictionalSites();
  const filter = { siteId, language };
  const queue = useInfiniteQuery({
    queryKey: [...OPERATOR_QUEUE_KEY, siteId ?? 'all', language ?? 'all'],
    queryFn: ({ pageParam }) => fetchOperatorQueue(filter, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
    refetchInterval: QUEUE_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
  const pages = queue.data?.pages ?? [];
  const first = pages[0];
  const items = pages.flatMap((page) => page.items);
  // How long the oldest has waited, as of the answer (so rendering stays pure).
  const oldest = first?.oldest_waiting_since ? roughWait((queue.dataUpdatedAt - Date.parse(first.oldest_waiting_since)) / 1000) : null;

  return (
    <section aria-labelledby="operator-queue-title">
      <h1 id="operator-queue-title" className="h4">
        {t('queue.title')}
      </h1>
      <p role="status" className="mb-2">
        {first &&
          (first.waiting === 0
            ? t('queue.nothing_waiting')
            : `${t('queue.waiting', { count: first.waiting })}${oldest ? `, ${t('queue.oldest', { wait: t(oldest.key, oldest.values) })}` : ''}`)}
      </p>
      <form className="d-flex flex-wrap align-items-end gap-2 mb-2" aria-label={t('queue.filters')} onSubmit={(e) => e.preventDefault()}>
        <SiteSelect id={`${id}-site`} className="" small sites={sites.data?.sites ?? []} value={siteId} onChange={setSiteId} allSites />
        <SelectField
          id={`${id}-language`}
          className=""
          small
          label={t('queue.language')}
          value={language ?? ''}
          empty={t('queue.all_languages')}
          options={LOCALE_CODES.map((code) => ({ value: code, label: t(`languages.${code}`) }))}
          onChange={(next) => setLanguage(LOCALE_CODES.find((code) => code === next))}
        />
      </form>
      <p className="small text-body-secondary">{t('queue.refresh_note')}</p>
      {queue.isError && (
        <div className="alert alert-danger" role="alert">
          {queue.error instanceof AdminApiError ? queue.error.message : t('queue.load_failed')}
        </div>
      )}
      {queue.isPending && <p role="status">{t('loading', { ns: 'common' })}</p>}
      {items.length > 0 && (
        <ul className="list-group mb-3" aria-label={t('queue.list_label')} aria-busy={queue.isFetching}>
          {items.map((item) => (
            <QueueRow key={item.conversation_id} item={item} />
          ))}
        </ul>
      )}
      {queue.hasNextPage && (
        <button
          type="button"
          className="btn btn-outline-primary btn-sm"
          disabled={queue.isFetchingNextPage}
          onClick={() => void queue.fetchNextPage()}
        >
          {t('queue.load_more')}
        </button>
      )}
    </section>
  );
}
