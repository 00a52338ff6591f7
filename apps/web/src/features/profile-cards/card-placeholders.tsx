import { useTranslation } from 'react-i18next';
import './profile-cards.scss';

/** The grid of search results and the likes pages: 2 cards a row on a phone, up to 5 on a desktop. */
export const PROFILE_GRID_CLASS = 'profile-grid row row-cols-2 row-cols-sm-3 row-cols-md-4 row-cols-lg-5 g-2 g-sm-3 list-unstyled mb-0';

/**
 * While a list of profiles loads (issue 29): grey cards of the final size in the list's own grid,
 * so the page does not jump when the cards arrive and a phone shows where they will be, instead of
 * a bare spinner. Screen readers hear "Loading" once; the shapes themselves are hidden from them.
 */
export function ProfileCardPlaceholders({
  count = 10,
  gridClassName = PROFILE_GRID_CLASS,
  id,
}: {
  count?: number;
  gridClassName?: string;
  id?: string;
}) {
  const { t } = useTranslation();
  return (
    <div id={id} className="profile-card-placeholders" aria-busy="true">
      <span className="visually-hidden" role="status">
        {t('common.loading')}
      </span>
      <ul className={`${gridClassName} placeholder-pulse`} aria-hidden="true">
        {Array.from({ length: count }, (_, index) => (
          <li key={index} className="col">
            <div className="profile-card profile-card--placeholder card h-100">
              <div className="ratio ratio-1x1 profile-card__photo placeholder-shape" />
              <div className="card-body p-2">
                <span className="profile-card__placeholder-line profile-card__placeholder-line--name placeholder-shape" />
                <span className="profile-card__placeholder-line small placeholder-shape" />
              </div>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
