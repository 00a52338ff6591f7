export interface Session {
  loggedIn: boolean;
  /** The logged-in member; its shape arrives with accounts. */
  user: null;
}

const LOGGED_OUT: Session = { loggedIn: false, user: null };

/**
 * Every visitor is logged out for now: accounts (GET /api/user.php) land in the next issue,
 * and this hook then returns the real session. Do not call user.php before that.
 */
export function useSession(): Session {
  return LOGGED_OUT;
}

