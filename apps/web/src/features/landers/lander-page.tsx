import { useEffect, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { resolveLander, type LanderName } from '@cupido/shared/rules/landers';
import { routePath } from '@cupido/shared/rules/routes';
import { PageFallback } from '../../ui/page-fallback';
import { usePageTitle } from '../page-title/use-page-title';
import { useSession } from '../session/use-session';
import { useSettings } from '../site/use-settings';
import { rememberLandingPage } from '../tracking/landing-page';
import { useFeaturedProfile } from './lander-calls';
import { EmptyLayout, LanderLayout } from './lander-layouts';
import type { LanderProps } from './lander-props';
import { LanderSignupProvider } from './lander-signup';
import { LANDERS_NS, LandersTexts } from './landers-texts';
import { MapLander } from './map-lander';
import { TinderSwipeLander } from './tinderswipe-lander';
import {
  AdultOnlyLander,
  AloneTonightLander,
  CollageLander,
  GalleryLander,
  IconsLander,
  SocialNetworkLander,
  WhoNeedsStringsLander,
} from './variants';
import { VideoLander } from './video-lander';
import './landers.scss';

/** Each lander's page, and whether it has the empty layout (the signup modal alone) instead of the lander layout. */
export const LANDER_PAGES: Record<LanderName, { page: ComponentType<LanderProps>; layout: 'lander' | 'empty' }> = {
  adultonly: { page: AdultOnlyLander, layout: 'lander' },
  // A full-screen game that ends in the signup modal: nothing else belongs on its screen.
  tinderswipe: { page: TinderSwipeLander, layout: 'empty' },
  whoneedsstrings: { page: WhoNeedsStringsLander, layout: 'lander' },
  alonetonight: { page: AloneTonightLander, layout: 'lander' },
  collagelanding: { page: CollageLander, layout: 'lander' },
  gallery: { page: GalleryLander, layout: 'lander' },
  iconslanding: { page: IconsLander, layout: 'lander' },
  maplanding: { page: MapLander, layout: 'lander' },
  socialnetwork: { page: SocialNetworkLander, layout: 'lander' },
  transitionsvideolanding: { page: VideoLander, layout: 'lander' },
  video: { page: VideoLander, layout: 'lander' },
};

/**
 * /landers/{name}/{slug?} (spec section 2, issue 31; decision 052): the lander of that name in its
 * layout, with the slug's theme or featured profile; an unknown name, or a slug on a lander that
 * takes none, is the app's 404 page in its default layout, which the router passes as `notFound`
 * (the shell's layout is the router's, not a feature's; the server answered 404 for it too). Members go to the
 * members page, as from the home page.
 */
export default function LanderPage({ notFound }: { notFound: ReactNode }) {
  const { name = '', slug } = useParams();
  const lander = resolveLander(name, slug);
  const { loggedIn } = useSession();
  if (!lander) return notFound;
  if (loggedIn) return <Navigate to={routePath('members')} replace />;
  return (
    <LandersTexts fallback={<PageFallback />}>
      <LanderSignupProvider>
        <Lander name={lander.name} theme={lander.theme} featuredProfileId={lander.featuredProfileId} path={lander.path} />
      </LanderSignupProvider>
    </LandersTexts>
  );
}

function Lander({ name, theme, featuredProfileId, path }: NonNullable<ReturnType<typeof resolveLander>>) {
  const { t } = useTranslation(LANDERS_NS);
  const settings = useSettings();
  usePageTitle(t(`${name}.title`), t(`${name}.lead`, { site: settings.name, age: settings.minimum_age }));
  // The signup of this visit reports the lander it came in by (without an unknown slug).
  useEffect(() => rememberLandingPage(path), [path]);
  const featured = useFeaturedProfile(featuredProfileId);
  const { page: Page, layout } = LANDER_PAGES[name];
  const Layout = layout === 'empty' ? EmptyLayout : LanderLayout;
  return (
    <Layout>
      <Page name={name} theme={theme} featured={featured} />
    </Layout>
  );
}
