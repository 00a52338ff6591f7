import { useQueryClient } from '@tanstack/react-query';
import type { TUser } from '@cupido/shared/contracts/accounts';
import type { LocaleCode } from '@cupido/shared/rules/locales';
import { request } from '../../api/client';
import { SESSION_QUERY_KEY, useSession } from '../session/use-session';
import { useLocale } from './use-locale';

/**
 * Switches the site's language (the locale cookie, the texts) and, for a member, stores the choice
 * on the account (spec section 7), so mails and the next login use it too. The dropdown and the
 * language page (/lang-config) both choose through this.
 */
export function useChooseLocale(): (code: LocaleCode) => Promise<void> {
  const { setLocale } = useLocale();
  const { loggedIn } = useSession();
  const queryClient = useQueryClient();
  return async (code: LocaleCode) => {
    await setLocale(code);
    if (!loggedIn) return;
    request<{ user: TUser }>('/api/user.php', { method: 'PUT', body: { language: code } }).then(
      ({ user }) => queryClient.setQueryData(SESSION_QUERY_KEY, user),
      () => {}, // the page has switched already; the stored language follows next time
    );
  };
}
