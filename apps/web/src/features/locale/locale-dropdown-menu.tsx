import Dropdown from 'react-bootstrap/Dropdown';
import { useTranslation } from 'react-i18next';
import { LOCALES, type LocaleCode } from '@cupido/shared/locales';
import { useQueryClient } from '@tanstack/react-query';
import type { TUser } from '@cupido/shared/accounts';
import { request } from '../../api/client';
import { SESSION_QUERY_KEY, useSession } from '../session/use-session';
import { useLocale } from './use-locale';

/** The dropdown itself, in its own chunk (Dropdown pulls in Popper), loaded only when shown. */
export default function LocaleDropdownMenu({ visible }: { visible: readonly LocaleCode[] }) {
  const { t } = useTranslation();
  const { locale, setLocale } = useLocale();
  const { loggedIn } = useSession();
  const queryClient = useQueryClient();
  const choose = async (code: LocaleCode) => {
    await setLocale(code);
    if (!loggedIn) return;
    // Spec section 7: a member's choice is stored, so mails and the next login use it too.
    request<{ user: TUser }>('/api/user.php', { method: 'PUT', body: { language: code } }).then(
      ({ user }) => queryClient.setQueryData(SESSION_QUERY_KEY, user),
      () => {}, // the page has switched already; the stored language follows next time
    );
  };
  const current = LOCALES.find((l) => l.code === locale) ?? LOCALES[0]!;
  return (
    <Dropdown align="end">
      <Dropdown.Toggle id="locale-dropdown" variant="outline-secondary" aria-label={t('locale.choose', { language: current.nativeName })}>
        <span aria-hidden="true">{current.code.toUpperCase()} · </span>
        {current.nativeName}
      </Dropdown.Toggle>
      <Dropdown.Menu>
        {LOCALES.filter((l) => visible.includes(l.code)).map((l) => (
          <Dropdown.Item
            key={l.code}
            as="button"
            type="button"
            lang={l.code}
            data-locale={l.code}
            active={l.code === locale}
            aria-current={l.code === locale ? 'true' : undefined}
            onClick={() => void choose(l.code)}
          >
            {l.nativeName}
          </Dropdown.Item>
        ))}
      </Dropdown.Menu>
    </Dropdown>
  );
}
