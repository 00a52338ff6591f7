import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import type { TUser } from '@cupido/shared/accounts';
import { badgeLabel, creditsBadgeVariant } from '@cupido/shared/rules';
import { routePath, type RouteName } from '@cupido/shared/routes';
import { useDisclosure } from '../../app/use-disclosure';
import { MemberAvatar } from '../../ui/member-avatar';
import { ACCOUNTS_NS, AccountsTexts } from '../accounts/accounts-texts';
import { useLogout } from '../accounts/account-calls';
import { LocaleDropdown } from '../locale/locale-dropdown';
import { useActivityCounts } from '../session/activity-counts';
import { useSettings } from '../site/use-settings';

/**
 * The logged-in navigation of spec section 2, its own chunk: Search members, Messages and Likes
 * with their badges (99+ cap), then Credits (paid users; badge at 10 or fewer) or Get Premium,
 * and the account dropdown with thumbnail and name.
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
      <ul className="navbar-nav me-auto">
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
      <div className="navbar-nav align-items-md-center gap-2 pb-2 pb-md-0">
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
            <ul id={account.menuId} className="dropdown-menu dropdown-menu-end show" data-bs-popper="static">
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
                <button type="button" id="logout-link" className="dropdown-item" disabled={logout.isPending} onClick={() => logout.mutate()}>
                  {t('nav.logout')}
                </button>
              </li>
            </ul>
          )}
        </div>
      </div>
    </>
  );
}
