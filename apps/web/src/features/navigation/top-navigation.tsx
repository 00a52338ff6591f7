import { Suspense } from 'react';
import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import Navbar from 'react-bootstrap/Navbar';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routePath } from '@cupido/shared/routes';
import { lazyWithReload } from '../../app/chunk-reload';
import { useSettings } from '../site/use-settings';
import { useSession } from '../session/use-session';
import { LocaleDropdown } from '../locale/locale-dropdown';

// Members' links, badges and account dropdown: a chunk that visitors never download.
const MemberNavigation = lazyWithReload(() => import('./member-navigation'));

/** Top bar (spec section 2, Navigation): logo, then the member links or, for visitors, locale and Login. */
export function TopNavigation() {
  const { t } = useTranslation();
  const settings = useSettings();
  const { loggedIn, user, status } = useSession();
  return (
    <Navbar expand="md" className="bg-body border-bottom" aria-label={t('navigation.label')}>
      <Container>
        <Navbar.Brand as={Link} to={routePath(loggedIn ? 'members' : 'index')} className="fw-bold text-primary">
          {settings.logo_text || settings.name}
        </Navbar.Brand>
        <Navbar.Toggle aria-controls="main-navigation" aria-label={t('navigation.toggle')} />
        <Navbar.Collapse id="main-navigation">
          {user ? (
            <Suspense fallback={null}>
              <MemberNavigation user={user} />
            </Suspense>
          ) : (
            <Nav className="ms-auto align-items-md-center gap-2 py-2 py-md-0">
              <LocaleDropdown />
              {/* Spec: the logged-out Login button leads to members (which asks to log in). */}
              {status === 'ready' && (
                <Link id="login-link" to={routePath('members')} className="btn btn-primary">
                  {t('navigation.login')}
                </Link>
              )}
            </Nav>
          )}
        </Navbar.Collapse>
      </Container>
    </Navbar>
  );
}
