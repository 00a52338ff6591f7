/** A profile on the answer screen: the member's (what they made visible) or the fictional profile's (all of it, with the badge and notice). */
import { useTranslation } from 'react-i18next';
import type { TOperatorConversation, TOperatorProfile } from '@cupido/shared/contracts/operator-console';
import { FictionalBadge } from '../fictional/fictional-badge';
import { optionLabel } from '../fictional/fictional-calls';

/** Fields the panel shows on their own lines already (a profile's fields may repeat them). */
const SHOWN_APART = new Set(['name', 'age', 'gender', 'country', 'region', 'city', 'about', 'interests', 'date_of_birth']);

interface Props {
  title: string;
  profile: TOperatorProfile;
  /** The fictional profile's badge and notice as members see them; absent for the member. */
  notice?: TOperatorConversation['fictional_notice'];
}

export function ProfilePanel({ title, profile, notice }: Props) {
  const { t } = useTranslation('operator');
  const place = [profile.city, profile.country].filter(Boolean).join(', ');
  const facts: [string, string][] = [
    ...(profile.age !== null ? [[t('answer.age'), String(profile.age)] as [string, string]] : []),
    ...(profile.gender ? [[t('answer.gender'), optionLabel(profile.gender)] as [string, string]] : []),
    ...(place ? [[t('answer.lives_in'), place] as [string, string]] : []),
    ...Object.entries(profile.fields)
      .filter(([field]) => !SHOWN_APART.has(field))
      .map(([field, value]) => [optionLabel(field), optionLabel(value)] as [string, string]),
  ];
  const headingId = `profile-${profile.profile_id}`;
  return (
    <section className="card mb-3" aria-labelledby={headingId}>
      <div className="card-body">
        <h2 className="h6 text-body-secondary mb-1">{title}</h2>
        <p id={headingId} className="h5 text-break">
          {profile.name}
          {notice && <FictionalBadge />}
        </p>
        {notice && (
          <div className="small border rounded p-2 mb-2">
            <span className="fw-semibold">{t('answer.notice_title')}: </span>
            <span aria-hidden="true">{notice.icon} </span>
            {notice.singular} – {notice.warning}
          </div>
        )}
        {facts.length > 0 && (
          <dl className="row small mb-2">
            {facts.map(([label, value]) => (
              <div className="col-12 d-flex gap-2" key={label}>
                <dt className="fw-semibold">{label}</dt>
                <dd className="mb-0 text-break">{value}</dd>
              </div>
            ))}
          </dl>
        )}
        {profile.about && (
          <>
            <h3 className="h6 mb-1">{t('answer.about')}</h3>
            <p className="small text-break" style={{ whiteSpace: 'pre-line' }}>
              {profile.about}
            </p>
          </>
        )}
        {profile.interests.length > 0 && (
          <>
            <h3 className="h6 mb-1">{t('answer.interests')}</h3>
            <ul className="list-inline small">
              {profile.interests.map((interest) => (
                <li className="list-inline-item badge text-bg-light border" key={interest}>
                  {optionLabel(interest)}
                </li>
              ))}
            </ul>
          </>
        )}
        {profile.photos.length > 0 && (
          <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0" aria-label={t('answer.photos')}>
            {profile.photos.map((photo) => (
              <li key={photo.id}>
                <img
                  src={photo.thumb_url}
                  alt={t('answer.photo_alt', { name: profile.name })}
                  width={72}
                  height={72}
                  className="rounded object-fit-cover"
                />
              </li>
            ))}
          </ul>
        )}
        {!notice && facts.length === 0 && !profile.about && profile.interests.length === 0 && profile.photos.length === 0 && (
          <p className="small text-body-secondary mb-0">{t('answer.nothing_visible')}</p>
        )}
      </div>
    </section>
  );
}
