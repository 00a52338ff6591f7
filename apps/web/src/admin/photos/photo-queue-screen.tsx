/**
 * The photo moderation queue (/admin/photos, issue 13): the photos waiting for review as a grid,
 * oldest first, per site or all; approve or reject each (a reason and a note for the member), or
 * select several and decide them at once. Keyboard: arrows or J/K move between photos, A
 * approves, R opens the reject form, Space selects, Shift+A / Shift+R act on the selection.
 * Whatever someone else reviewed first is reported and drops out when the queue reloads.
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPhotoDecision, TPhotoReviewAnswer } from '@cupido/shared/contracts/photo-moderation';
import { AdminApiError } from '../api';
import { useSiteFilter } from '../ui/use-site-filter';
import { ageParts } from './format-age';
import { PhotoCard } from './photo-card';
import { fetchPhotoQueue, PHOTO_QUEUE_KEY, photoQueueKey, reviewPhotos } from './photo-queue-queries';
import { RejectForm, type RejectChoice } from './reject-form';
import { QueueToolbar } from './queue-toolbar';

const NEXT_KEYS = new Set(['ArrowRight', 'ArrowDown', 'j', 'J']);
const PREVIOUS_KEYS = new Set(['ArrowLeft', 'ArrowUp', 'k', 'K']);

type Rejecting = { kind: 'one'; photoId: number } | { kind: 'selected' } | null;
type Notice = { tone: 'success' | 'warning' | 'danger'; text: string } | null;

export function Component() {
  const { t } = useTranslation('photos');
  const queryClient = useQueryClient();
  // A change of site replaces the address rather than adding a history entry.
  const [siteId, setSiteId] = useSiteFilter({ replace: true });
  const [after, setAfter] = useState<string | undefined>(undefined);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [wantedFocus, setFocusIndex] = useState(0);
  const [rejecting, setRejecting] = useState<Rejecting>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const cards = useRef(new Map<number, HTMLElement>());
  const refocus = useRef(false);

  const queue = useQuery({
    queryKey: photoQueueKey({ siteId, after }),
    queryFn: () => fetchPhotoQueue({ siteId, after }),
    placeholderData: keepPreviousData,
  });
  const photos = useMemo(() => queue.data?.photos ?? [], [queue.data]);
  const sites = queue.data?.sites ?? [];
  const siteName = (id: number) => sites.find((s) => s.id === id)?.name ?? `#${id}`;
  // Ages are shown as of the answer (photos exist only once there is one), so rendering stays pure.
  const now = queue.dataUpdatedAt;
  // The focused card stays within the list as it shrinks (derived, not stored twice).
  const focusIndex = Math.min(wantedFocus, Math.max(0, photos.length - 1));

  const review = useMutation({
    mutationFn: reviewPhotos,
    onSuccess: (answer) => setNotice(noticeOf(answer)),
    onError: (error) => setNotice({ tone: 'danger', text: error instanceof AdminApiError ? error.message : t('load_failed') }),
    onSettled: async (_answer, _error, decisions) => {
      const done = new Set(decisions.map((d) => d.photo_id));
      setSelected((current) => new Set([...current].filter((id) => !done.has(id))));
      setRejecting(null);
      await queryClient.invalidateQueries({ queryKey: PHOTO_QUEUE_KEY });
    },
  });

  function noticeOf(answer: TPhotoReviewAnswer): Notice {
    const count = (pick: (r: TPhotoReviewAnswer['reviewed'][number]) => boolean) => answer.reviewed.filter(pick).length;
    const skipped = (reason: string) => answer.skipped.filter((s) => s.reason === reason).length;
    const parts = [
      ['result.approved', count((r) => r.verdict === 'approve')],
      ['result.rejected', count((r) => r.verdict === 'reject')],
      ['result.already_reviewed', skipped('already_reviewed')],
      ['result.not_found', skipped('not_found')],
    ] as const;
    const text = parts
      .filter(([, n]) => n > 0)
      .map(([key, n]) => t(key, { count: n }))
      .join(' ');
    return { tone: answer.skipped.length > 0 ? 'warning' : 'success', text };
  }

  // After a keyboard decision, put focus back on the card that took the reviewed one's place.
  useEffect(() => {
    if (refocus.current && photos[focusIndex]) {
      refocus.current = false;
      cards.current.get(photos[focusIndex].photo_id)?.focus();
    }
  }, [photos, focusIndex]);

  const decide = (decisions: TPhotoDecision[], fromKeyboard = false) => {
    if (decisions.length === 0 || review.isPending) return;
    refocus.current = fromKeyboard;
    setNotice(null);
    review.mutate(decisions);
  };
  const approve = (ids: number[], fromKeyboard = false) =>
    decide(
      ids.map((photo_id) => ({ photo_id, verdict: 'approve' })),
      fromKeyboard,
    );
  const reject = (ids: number[], { reason, note }: RejectChoice) =>
    decide(
      ids.map((photo_id) => ({ photo_id, verdict: 'reject', reason, note })),
      true,
    );
  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const moveFocus = (index: number) => {
    const photo = photos[Math.max(0, Math.min(photos.length - 1, index))];
    if (photo) cards.current.get(photo.photo_id)?.focus();
  };

  const onGridKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    if (event.ctrlKey || event.metaKey || event.altKey || target.closest('[data-no-shortcuts]')) return;
    const photo = photos[focusIndex];
    if (!photo) return;
    const key = event.key;
    if (NEXT_KEYS.has(key) || PREVIOUS_KEYS.has(key)) {
      moveFocus(focusIndex + (NEXT_KEYS.has(key) ? 1 : -1));
    } else if (key === 'a' || key === 'A') {
      if (event.shiftKey) approve([...selected], true);
      else approve([photo.photo_id], true);
    } else if (key === 'r' || key === 'R') {
      setRejecting(event.shiftKey ? (selected.size > 0 ? { kind: 'selected' } : null) : { kind: 'one', photoId: photo.photo_id });
    } else if (key === ' ' && target.tagName === 'ARTICLE') {
      toggle(photo.photo_id);
    } else {
      return;
    }
    event.preventDefault();
  };

  const changeSite = (next: number | undefined) => {
    setAfter(undefined);
    setSelected(new Set());
    setFocusIndex(0);
    setSiteId(next);
  };

  const waiting = queue.data;
  const oldest = waiting?.oldest_age_seconds != null ? ageParts(waiting.oldest_age_seconds) : null;

  return (
    <section aria-labelledby="photo-queue-title">
      <h1 id="photo-queue-title" className="h4">
        {t('title')}
      </h1>
      <p className="mb-2" role="status">
        {waiting &&
          (waiting.total === 0
            ? t('nothing_waiting')
            : `${waiting.total_capped ? t('waiting_capped', { count: waiting.total }) : t('waiting', { count: waiting.total })}${oldest ? `, ${t('oldest', { age: t(`age.${oldest.unit}`, { count: oldest.count }) })}` : ''}`)}
      </p>
      <QueueToolbar
        sites={sites}
        siteId={siteId}
        onSiteChange={changeSite}
        selectedCount={selected.size}
        allSelected={photos.length > 0 && photos.every((p) => selected.has(p.photo_id))}
        onSelectAll={(all) => setSelected(all ? new Set(photos.map((p) => p.photo_id)) : new Set())}
        busy={review.isPending}
        onApproveSelected={() => approve([...selected])}
        onRejectSelected={() => setRejecting({ kind: 'selected' })}
      />
      {rejecting?.kind === 'selected' && selected.size > 0 && (
        <RejectForm
          legend={t('reject_form.legend_bulk', { count: selected.size })}
          busy={review.isPending}
          onSubmit={(choice) => reject([...selected], choice)}
          onCancel={() => setRejecting(null)}
        />
      )}
      <p id="photo-queue-help" className="small text-body-secondary my-2">
        <span className="fw-semibold">{t('help_label')}:</span> {t('help')}
      </p>
      {notice && (
        <div className={`alert alert-${notice.tone} py-2`} role={notice.tone === 'danger' ? 'alert' : 'status'}>
          {notice.text}
        </div>
      )}
      {queue.isError && (
        <div className="alert alert-danger" role="alert">
          {queue.error instanceof AdminApiError ? queue.error.message : t('load_failed')}
        </div>
      )}
      {queue.isPending && <p role="status">{t('loading', { ns: 'common' })}</p>}
      <ul
        className="row row-cols-2 row-cols-md-3 row-cols-lg-4 row-cols-xxl-6 g-2 list-unstyled"
        aria-label={t('grid_label')}
        aria-describedby="photo-queue-help"
        aria-busy={review.isPending || queue.isFetching}
        onKeyDown={onGridKeyDown}
      >
        {photos.map((photo, index) => (
          <li key={photo.photo_id} className="col">
            <PhotoCard
              ref={(element) => {
                if (element) cards.current.set(photo.photo_id, element);
                else cards.current.delete(photo.photo_id);
              }}
              photo={photo}
              siteName={siteName(photo.site_id)}
              now={now}
              focused={index === focusIndex}
              selected={selected.has(photo.photo_id)}
              rejecting={rejecting?.kind === 'one' && rejecting.photoId === photo.photo_id}
              busy={review.isPending}
              onFocus={() => setFocusIndex(index)}
              onToggle={() => toggle(photo.photo_id)}
              onApprove={() => approve([photo.photo_id])}
              onStartReject={() => setRejecting({ kind: 'one', photoId: photo.photo_id })}
              onReject={(choice) => reject([photo.photo_id], choice)}
              onCancelReject={() => {
                setRejecting(null);
                cards.current.get(photo.photo_id)?.focus();
              }}
            />
          </li>
        ))}
      </ul>
      <div className="d-flex flex-wrap gap-2 mt-3">
        {after && (
          <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => setAfter(undefined)}>
            {t('first_page')}
          </button>
        )}
        {waiting?.next_after && (
          <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => setAfter(waiting.next_after ?? undefined)}>
            {t('next_page')}
          </button>
        )}
      </div>
    </section>
  );
}
