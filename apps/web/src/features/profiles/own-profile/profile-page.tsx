import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../page-title/use-page-title';
import { PageFallback } from '../../../ui/page-fallback';
import { AccountsTexts } from '../../accounts/accounts-texts';
import { ServerError } from '../../session/server-error';
import { useSession } from '../../session/use-session';
import { PhotosSection } from '../photos/photos-section';
import { useOwnProfile } from '../profile-calls';
import { PROFILES_NS, ProfilesTexts } from '../profiles-texts';
import { InvisibleMode } from './invisible-mode';
import { ProfileForm } from './profile-form';
import '../profiles.scss';

/** /profile, the member's own profile: photos, every attribute of spec section 3, invisible mode. */
export default function ProfilePage() {
  return (
    <AccountsTexts>
      <ProfilesTexts>
        <OwnProfile />
      </ProfilesTexts>
    </AccountsTexts>
  );
}

function OwnProfile() {
  const { t } = useTranslation(PROFILES_NS);
  usePageTitle(t('profile.title'));
  const { user } = useSession();
  const profile = useOwnProfile();
  if (!user) return null; // the members-area guard sends visitors to /login

  return (
    <div className="container py-4 profile-page">
      <h1 className="h3 mb-4">{t('profile.title')}</h1>
      <PhotosSection user={user} />
      {profile.isPending && <PageFallback />}
      <ServerError error={profile.error} id="profile-load-error" />
      {profile.data && (
        <>
          <ProfileForm profile={profile.data} user={user} />
          <hr className="my-5" />
          <InvisibleMode profile={profile.data} />
        </>
      )}
    </div>
  );
}
