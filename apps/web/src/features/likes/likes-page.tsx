import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import type { LikesPageType } from '@cupido/shared/rules/likes';
import type { TLikedProfileCard } from '@cupido/shared/contracts/likes';
import { routePath } from '@cupido/shared/rules/routes';
import { usePageTitle } from '../page-title/use-page-title';
import { PageFallback } from '../../ui/page-fallback';
import { NotFoundPage } from '../errors/not-found-page';
import { ProfileCard } from '../profile-cards/profile-card';
import { PROFILE_GRID_CLASS, ProfileCardPlaceholders } from '../profile-cards/card-placeholders';
import { useLikesPage } from './like-calls';
import { CardLikeState, LikeButton } from './like-button';
import { LIKES_NS, LikesTexts } from './likes-texts';
import { likesReturnState } from './likes-return';
import './likes.scss';

/** /likes opens on who liked the member: what brings them here from the Likes badge. */
const DEFAULT_TYPE: LikesPageType = 'liked-by';

/**
 * The lists in their tab order: every type of the contract, spelled as a record (a missing or
 * unknown one fails the typecheck) so the page does not pull the contract's zod schemas in.
 */
const TABS: Record<LikesPageType, true> = { liked: true, 'liked-by': true, matches: true };
const LIKES_PAGE_TYPES = Object.keys(TABS) as LikesPageType[];
const isLikesPageType = (type: string): type is LikesPageType => Object.hasOwn(TABS, type);
const tabId = (type: LikesPageType) => `likes-tab-${type}`;
const PANEL_ID = 'likes-panel';

/** The page number of ?page= (from 1; anything else is page 1). */
function pageFrom(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 1 ? page : 1;
}

/**
 * The three lists as tabs (WAI-ARIA tabs pattern, each tab a link to its own URL): the arrow
 * keys, Home and End move between them and open the one they reach; Tab goes on to the list.
 */
function LikesTabs({ current }: { current: LikesPageType }) {
  const { t } = useTranslation(LIKES_NS);
  const navigate = useNavigate();
  const listRef = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    const at = LIKES_PAGE_TYPES.indexOf(current);
    const last = LIKES_PAGE_TYPES.length - 1;
    const next = { ArrowRight: at === last ? 0 : at + 1, ArrowLeft: at === 0 ? last : at - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const type = LIKES_PAGE_TYPES[next]!;
    void navigate(routePath('likes-type', { type }));
    listRef.current?.querySelector<HTMLElement>(`#${tabId(type)}`)?.focus();
  };
  return (
    <div ref={listRef} role="tablist" aria-label={t('page.tabsLabel')} className="nav nav-tabs likes-tabs mb-3" onKeyDown={onKeyDown}>
      {LIKES_PAGE_TYPES.map((type) => (
        <Link
          key={type}
          id={tabId(type)}
          to={routePath('likes-type', { type })}
          role="tab"
          aria-selected={type === current}
          aria-controls={PANEL_ID}
          tabIndex={type === current ? 0 : -1}
          className={`nav-link${type === current ? ' active' : ''}`}
        >
          {t(`page.tab.${type}`)}
        </Link>
      ))}
    </div>
  );
}

function LikedCard({ profile, eager }: { profile: TLikedProfileCard; eager: boolean }) {
  const { t } = useTranslation(LIKES_NS);
  const location = useLocation();
  return (
    <div className="position-relative h-100">
      <ProfileCard
        profile={profile}
        eager={eager}
        linkTo={routePath('likes-m-id', { id: profile.id })}
        linkState={likesReturnState(location)}
        action={<LikeButton compact profileId={profile.id} name={profile.name} source="likes" />}
        footer={<CardLikeState profileId={profile.id} />}
      />
      {profile.like_new && <span className="likes-new badge text-bg-danger">{t('page.new')}</span>}
    </div>
  );
}

function Pager({ page, pages }: { page: number; pages: number }) {
  const { t } = useTranslation(LIKES_NS);
  if (pages <= 1) return null;
  const toTop = () => window.scrollTo({ top: 0 });
  const step = (to: number, rel: 'prev' | 'next', label: string) =>
    to >= 1 && to <= pages ? (
      <Link id={`likes-${rel}`} className="btn btn-outline-primary" to={`?page=${to}`} rel={rel} onClick={toTop}>
        {label}
      </Link>
    ) : (
      <span className="btn btn-outline-secondary disabled" aria-disabled="true">
        {label}
      </span>
    );
  return (
    <nav aria-label={t('page.pagination')} className="d-flex flex-wrap align-items-center justify-content-center gap-3 mt-4">
      {step(page - 1, 'prev', t('page.previous'))}
      <span id="likes-page-number" aria-current="page">
        {t('page.pageOf', { page, pages })}
      </span>
      {step(page + 1, 'next', t('page.next'))}
    </nav>
  );
}

function LikesList({ type, page }: { type: LikesPageType; page: number }) {
  const { t } = useTranslation(LIKES_NS);
  const answer = useLikesPage(type, page);
  if (answer.isPending) return <ProfileCardPlaceholders id="likes-placeholders" />;
  if (answer.isError) {
    return (
      <div id="likes-error" className="alert alert-danger d-flex flex-wrap align-items-center gap-2" role="alert">
        <span className="me-auto">{t('page.error')}</span>
        <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => void answer.refetch()}>
          {t('page.retry')}
        </button>
      </div>
    );
  }
  const { profiles, total, per_page } = answer.data;
  if (profiles.length === 0) {
    return (
      <div id="likes-empty" className="text-center py-4">
        <p className="text-body-secondary">{t(`page.empty.${type}`)}</p>
        <Link to={routePath('members')} className="btn btn-primary">
          {t('page.search')}
        </Link>
      </div>
    );
  }
  return (
    <>
      <ul id="likes-grid" className={PROFILE_GRID_CLASS}>
        {profiles.map((profile, index) => (
          <li key={profile.id} className="col">
            <LikedCard profile={profile} eager={index < 2} />
          </li>
        ))}
      </ul>
      <Pager page={page} pages={Math.max(1, Math.ceil(total / per_page))} />
    </>
  );
}

function LikesOfType({ type }: { type: LikesPageType }) {
  const { t } = useTranslation(LIKES_NS);
  const [params] = useSearchParams();
  usePageTitle(t('page.title'));
  return (
    <div className="container py-4" id="likes-page">
      <h1 className="h3 mb-3">{t('page.title')}</h1>
      <LikesTabs current={type} />
      <div id={PANEL_ID} role="tabpanel" aria-labelledby={tabId(type)}>
        <LikesList type={type} page={pageFrom(params)} />
      </div>
    </div>
  );
}

function Likes() {
  const { type = DEFAULT_TYPE } = useParams();
  return isLikesPageType(type) ? <LikesOfType type={type} /> : <NotFoundPage />;
}

/** /likes and /likes/{type}: whom the member liked, who liked them, and their matches (spec section 2). */
export default function LikesPage() {
  return (
    <LikesTexts fallback={<PageFallback />}>
      <Likes />
    </LikesTexts>
  );
}
