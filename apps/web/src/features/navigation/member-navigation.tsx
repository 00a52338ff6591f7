import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import type { TUser } from '@cupido/shared/contracts/accounts';
import { badgeLabel, creditsBadgeVariant } from '@cupido/shared/rules/site-shell';
import { routePath, type RouteName } from '@cupido/shared/rules/routes';
import { useDisclosure } from '../../ui/use-disclosure';
import { MemberAvatar } from '../../ui/member-avatar';
import { ACCOUNTS_NS, AccountsTexts } from '../accounts/accounts-texts';
import { useLogout } from '../accounts/account-calls';
import { LocaleDropdown } from '../locale/locale-dropdown';
import { useActivityCounts } from '../session/activity-counts';
import { useSettings } from '../site/use-settings';

/**
 * The logged-in navigation of spec section 2, its own chunk: Search members, Messages and Likes
 * with their badges (99+ cap), then Credits (paid users; badge at 10 or fewer) or Get Premium,
 * and the account dropdown with thumbnail and name. Below Bootstrap's md breakpoint the main
 * places are a bottom tab bar instead (issue 29: where every dating app has them, within the
 * thumb's reach), and the top bar keeps only the logo and the account menu.
 */
export default function MemberNavigation({ user }: { user: TUser }) {
  return (
    <AccountsTexts fallback={null}>
      <MemberLinks user={user} />
    </AccountsTexts>
  );
}

function CountBadge({ count, label, variant = 'primary' }: { count: string | null; label: string; variant?: string }) {
  if (!count) return null;
  return (
    <>
      <span className={`badge rounded-pill text-bg-${variant} ms-1`} aria-hidden="true">
        {count}
      </span>
      <span className="visually-hidden">({label})</span>
    </>
  );
}

function NavItem({ id, route, children }: { id: string; route: RouteName; children: ReactNode }) {
  return (
    <li className="nav-item">
      <NavLink id={id} to={routePath(route)} className="nav-link" end>
        {children}
      </NavLink>
    </li>
  );
}

function MemberLinks({ user }: { user: TUser }) {
  const { t } = useTranslation(ACCOUNTS_NS);
  const settings = useSettings();
  const { unreadMessages, newLikes } = useActivityCounts();
  const logout = useLogout();
  const creditsVariant = creditsBadgeVariant(user.credits);
  const account = useDisclosure();

  return (
    <>
      <ul className="navbar-nav me-auto d-none d-md-flex">
        <NavItem id="nav-members" route="members">
          {t('common.searchMembers')}
        </NavItem>
        <NavItem id="nav-chats" route="chats">
          {t('nav.messages')}
          <CountBadge count={badgeLabel(unreadMessages)} label={t('nav.unreadMessages', { number: unreadMessages })} />
        </NavItem>
        <NavItem id="nav-likes" route="likes">
          {t('nav.likes')}
          <CountBadge count={badgeLabel(newLikes)} label={t('nav.newLikes', { number: newLikes })} />
        </NavItem>
        {user.paid_user ? (
          <NavItem id="nav-credits" route="credits">
            {t('nav.credits')}
            {creditsVariant && (
              <CountBadge count={String(user.credits)} variant={creditsVariant} label={t('nav.creditsLeft', { number: user.credits })} />
            )}
          </NavItem>
        ) : (
          <NavItem id="nav-premium" route="premium">
            {t('nav.getPremium')}
          </NavItem>
        )}
      </ul>
      <div className="navbar-nav flex-row align-items-center gap-2 ms-auto">
        <LocaleDropdown />
        {/* A menu of links and one button: the disclosure pattern, closed by Escape or a click outside. */}
        <div className="dropdown" {...account.rootProps}>
          <button
            id="account-dropdown"
            className={`btn btn-light border dropdown-toggle d-inline-flex align-items-center gap-2${account.open ? ' show' : ''}`}
            aria-label={`${t('nav.account')}: ${user.profile.name}`}
            {...account.toggleProps}
          >
            <span aria-hidden="true" className="d-inline-flex">
              <MemberAvatar profile={user.profile} cdnPrefix={settings.cdn_prefix} size={28} />
            </span>
            <span className="text-truncate account-dropdown__name">{user.profile.name}</span>
          </button>
          {account.open && (
            <ul id={account.menuId} className="dropdown-menu dropdown-menu-end show position-absolute end-0" data-bs-popper="static">
              <li>
                <Link to={routePath('profile')} id="profile-link" className="dropdown-item" onClick={() => account.close()}>
                  {t('nav.myProfile')}
                </Link>
              </li>
              <li>
                <Link to={routePath('notifications')} id="settings-link" className="dropdown-item" onClick={() => account.close()}>
                  {t('nav.settings')}
                </Link>
              </li>
              <li>
                <hr className="dropdown-divider" />
              </li>
              <li>
                <button
                  type="button"
                  id="logout-link"
                  className="dropdown-item"
                  disabled={logout.isPending}
                  onClick={() => logout.mutate()}
                >
                  {t('nav.logout')}
                </button>
              </li>
            </ul>
          )}
        </div>
      </div>
      <BottomTabBar user={user} unreadMessages={unreadMessages} newLikes={newLikes} />
    </>
  );
}

function TabItem({ id, route, label, children }: { id: string; route: RouteName; label: string; children?: ReactNode }) {
  return (
    <li>
      {/* NavLink sets aria-current="page" on the active place. */}
      <NavLink id={id} to={routePath(route)} className="bottom-tab-bar__link">
        <span className="bottom-tab-bar__label">{label}</span>
        {children}
      </NavLink>
    </li>
  );
}

/**
 * The phone's bottom tab bar: real links in a list (Tab reaches each, Enter follows it), at least
 * 44 px tall, above the home indicator (safe-area inset). While it is there, the page reserves its
 * height at the bottom (--bottom-tab-bar-height on <html>, app.scss), so no content and no other
 * fixed bar (the welcome offer) ends up behind it.
 */
function BottomTabBar({ user, unreadMessages, newLikes }: { user: TUser; unreadMessages: number; newLikes: number }) {
  const { t } = useTranslation(ACCOUNTS_NS);
  const creditsVariant = creditsBadgeVariant(user.credits);
  useEffect(() => {
    const root = document.documentElement;
    root.classList.add('has-bottom-tab-bar');
    return () => root.classList.remove('has-bottom-tab-bar');
  }, []);
  return (
    <nav id="bottom-tab-bar" className="bottom-tab-bar d-md-none" aria-label={t('nav.tabBar')}>
      <ul className="bottom-tab-bar__list">
        <TabItem id="tab-members" route="members" label={t('nav.tabSearch')} />
        <TabItem id="tab-likes" route="likes" label={t('nav.likes')}>
          <CountBadge count={badgeLabel(newLikes)} label={t('nav.newLikes', { number: newLikes })} />
        </TabItem>
        <TabItem id="tab-chats" route="chats" label={t('nav.messages')}>
          <CountBadge count={badgeLabel(unreadMessages)} label={t('nav.unreadMessages', { number: unreadMessages })} />
        </TabItem>
        {user.paid_user ? (
          <TabItem id="tab-credits" route="credits" label={t('nav.credits')}>
            {creditsVariant && (
              <CountBadge count={String(user.credits)} variant={creditsVariant} label={t('nav.creditsLeft', { number: user.credits })} />
            )}
          </TabItem>
        ) : (
          <TabItem id="tab-premium" route="premium" label={t('nav.tabPremium')} />
        )}
        <TabItem id="tab-profile" route="profile" label={t('nav.tabProfile')} />
      </ul>
    </nav>
  );
}
