/**
 * The frame of every back-office screen after login: the navigation (only what the role may use),
 * who is signed in, logout, and the screen. Without a finished login (password and TOTP) it sends
 * the browser to /admin/login; a screen the role may not use shows a notice instead.
 */
import { Suspense } from 'react';
import { Link, Navigate, NavLink, Outlet, useMatches, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { TStaffPermission } from '@cupido/shared/contracts/staff';
import { adminFetch } from './api';
import { ADMIN_NAV } from './nav';
import { STAFF_ME_KEY, useStaffMe } from './session';

export function AdminLayout() {
  const { t } = useTranslation('common');
  const me = useStaffMe();
  const matches = useMatches();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  if (me.isPending) return <p role="status">{t('loading')}</p>;
  if (me.isError) return <p role="alert">{t('error_generic')}</p>;
  const staff = me.data.staff;
  if (!staff || !staff.second_factor_done) return <Navigate to="/admin/login" replace />;

  const needed = matches.map((m) => (m.handle as { permission?: TStaffPermission } | undefined)?.permission).filter(Boolean);
  const allowed = needed.every((p) => staff.permissions.includes(p!));

  const logout = async () => {
    await adminFetch('/logout', { method: 'POST' }).catch(() => undefined);
    queryClient.clear();
    await queryClient.invalidateQueries({ queryKey: STAFF_ME_KEY });
    void navigate('/admin/login', { replace: true });
  };

  return (
    <>
      <a className="visually-hidden-focusable" href="#admin-main">
        {t('skip_to_content')}
      </a>
      <nav className="navbar navbar-expand-lg navbar-dark bg-dark" aria-label={t('nav.label')}>
        <div className="container-fluid">
          <Link className="navbar-brand" to="/admin">
            {t('app_name')}
          </Link>
          <ul className="navbar-nav flex-row flex-wrap gap-2 me-auto">
            {ADMIN_NAV.filter((item) => staff.permissions.includes(item.permission)).map((item) => (
              <li className="nav-item" key={item.to}>
                <NavLink className="nav-link" to={item.to} end={item.to === '/admin'}>
                  {t(item.label)}
                </NavLink>
              </li>
            ))}
          </ul>
          <span className="navbar-text me-3 small">{t('nav.signed_in_as', { name: staff.name, role: staff.role })}</span>
          <button type="button" className="btn btn-outline-light btn-sm" onClick={() => void logout()}>
            {t('nav.logout')}
          </button>
        </div>
      </nav>
      <main id="admin-main" className="container-fluid py-3" tabIndex={-1}>
        {allowed ? (
          <Suspense fallback={<p role="status">{t('loading')}</p>}>
            <Outlet />
          </Suspense>
        ) : (
          <p role="alert">{t('no_access')}</p>
        )}
      </main>
    </>
  );
}
