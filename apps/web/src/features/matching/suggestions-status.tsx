import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import type { TSuggestionsAnswer } from '@cupido/shared/contracts/likes';
import type { ApiError } from '../../api/client';
import { MATCHING_NS } from './matching-texts';

/**
 * One polite status line above suggestions: loading, how many were found, none, or a failure with
 * a retry. Screen readers hear the count, not the whole grid.
 */
export function SuggestionsStatus({ query, emptyText }: { query: UseQueryResult<TSuggestionsAnswer, ApiError>; emptyText: string }) {
  const { t } = useTranslation(MATCHING_NS);
  if (query.isError) {
    return (
      <div className="alert alert-danger d-flex flex-wrap align-items-center gap-2" role="alert">
        <span className="me-auto">{t('suggestions.loadFailed')}</span>
        <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => void query.refetch()}>
          {t('swipe.retry')}
        </button>
      </div>
    );
  }
  const count = query.data?.profiles.length;
  return (
    <p className="suggestions-status small text-body-secondary" role="status">
      {query.isFetching || count === undefined ? (
        <>
          <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
          {t('suggestions.loading')}
        </>
      ) : count === 0 ? (
        emptyText
      ) : (
        t('suggestions.found', { count })
      )}
    </p>
  );
}
