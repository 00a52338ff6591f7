import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../page-title/use-page-title';
import { MATCHING_NS, MatchingTexts } from './matching-texts';
import { SwipeGame } from './swipe-game';
import './matching.scss';

/** /swipe-game (spec section 2, members area). */
export default function SwipeGamePage() {
  return (
    <MatchingTexts>
      <SwipeGameScreen />
    </MatchingTexts>
  );
}

function SwipeGameScreen() {
  const { t } = useTranslation(MATCHING_NS);
  usePageTitle(t('swipe.title'));
  return (
    <section className="swipe-game-page">
      <div className="container py-3 py-md-4">
        <h1 className="h3 text-center mb-2">{t('swipe.title')}</h1>
        <SwipeGame />
      </div>
    </section>
  );
}
