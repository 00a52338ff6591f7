import { createContext, Suspense, useCallback, useContext, useState, type MouseEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { routePath } from '@cupido/shared/rules/routes';
import { lazyWithReload } from '../../platform/chunk-reload';
import { useSession } from '../session/use-session';

// Main-bundle part of signup: only the launcher; the modal, its form and texts are a lazy chunk.
const SignupModal = lazyWithReload(() => import('./signup/signup-modal'));

export interface SignupOptions {
  /** Signup started from a profile: the form offers a first message to it. */
  profileId?: number;
}

/** Bootstrap's sm breakpoint (spec: 576 px): below it signup is a page, not a modal. */
export function isSmartphone(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(max-width: 575.98px)').matches;
}

const SignupContext = createContext<((options?: SignupOptions) => void) | null>(null);

/** Holds the signup modal of a layout (spec: default and empty layouts). Logged-in members never see it. SignupLink opens it. */
export function SignupLauncher({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const { loggedIn } = useSession();
  const [options, setOptions] = useState<SignupOptions | null>(null);
  const open = useCallback((next: SignupOptions = {}) => (isSmartphone() ? navigate(routePath('signup')) : setOptions(next)), [navigate]);
  return (
    <SignupContext.Provider value={open}>
      {children}
      {options && !loggedIn && (
        <Suspense fallback={null}>
          <SignupModal profileId={options.profileId} onClose={() => setOptions(null)} />
        </Suspense>
      )}
    </SignupContext.Provider>
  );
}

/** A real link to /signup (works in a new tab, on phones) that opens the modal on desktop. */
export function SignupLink({ className, id, children }: { className?: string; id?: string; children: ReactNode }) {
  const open = useContext(SignupContext);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!open || isSmartphone() || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    open();
  };
  return (
    <Link to={routePath('signup')} className={className} id={id} onClick={onClick}>
      {children}
    </Link>
  );
}
