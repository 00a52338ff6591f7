import { useTranslation } from 'react-i18next';
import { LOCALES, type LocaleCode } from '@cupido/shared/rules/locales';
import { useDisclosure } from '../../ui/use-disclosure';
import { useChooseLocale } from './use-choose-locale';
import { useLocale } from './use-locale';

/** The dropdown itself: plain Bootstrap markup, so it paints with the first screen without react-bootstrap. */
export default function LocaleDropdownMenu({ visible }: { visible: readonly LocaleCode[] }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const chooseLocale = useChooseLocale();
  const menu = useDisclosure();
  const choose = async (code: LocaleCode) => {
    menu.close(true);
    await chooseLocale(code);
  };
  const current = LOCALES.find((l) => l.code === locale) ?? LOCALES[0]!;
  return (
    <div className="dropdown" {...menu.rootProps}>
      <button
        id="locale-dropdown"
        className={`btn btn-outline-secondary dropdown-toggle${menu.open ? ' show' : ''}`}
        aria-label={t('locale.choose', { language: current.nativeName })}
        {...menu.toggleProps}
      >
        {/* On a phone the code alone, so the logo, the language and the account menu share one row (issue 29); the name is in the label. */}
        <span aria-hidden="true">{current.code.toUpperCase()}</span>
        <span className="d-none d-sm-inline"> · {current.nativeName}</span>
      </button>
      {menu.open && (
        <ul id={menu.menuId} className="dropdown-menu dropdown-menu-end show" data-bs-popper="static">
          {LOCALES.filter((l) => visible.includes(l.code)).map((l) => (
            <li key={l.code}>
              <button
                type="button"
                className={`dropdown-item${l.code === locale ? ' active' : ''}`}
                lang={l.code}
                data-locale={l.code}
                aria-current={l.code === locale ? 'true' : undefined}
                onClick={() => void choose(l.code)}
              >
                {l.nativeName}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
