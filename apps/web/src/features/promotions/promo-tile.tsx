import { useTranslation } from 'react-i18next';
import type { TPublicPromoTile } from '@cupido/shared/contracts/promotions';
import { PROMOTIONS_NS, PromotionsTexts } from './promotions-texts';
import './promo-tile.scss';

/**
 * A live-cam or member-resell tile (spec section 1, issue 31) among member cards: always labelled
 * as an advertisement in the member's language, the partner opening in a new tab
 * (rel="noopener sponsored": no access to this page, and search engines told it is paid).
 */
export function PromoTile({ tile }: { tile: TPublicPromoTile }) {
  return (
    <PromotionsTexts>
      <Tile tile={tile} />
    </PromotionsTexts>
  );
}

function Tile({ tile }: { tile: TPublicPromoTile }) {
  const { t } = useTranslation(PROMOTIONS_NS);
  return (
    <a
      id={`promo-tile-${tile.kind}`}
      className="promo-tile card h-100 text-decoration-none shadow-sm"
      href={tile.url}
      target="_blank"
      rel="noopener sponsored"
      data-promo={tile.kind}
    >
      <span className="promo-tile-label badge text-bg-dark">{t('advertisement')}</span>
      <img
        className="card-img-top promo-tile-image"
        src={tile.image_url}
        alt={t(`tiles.${tile.kind}.alt`)}
        loading="lazy"
        decoding="async"
      />
      <span className="card-body p-2">
        <span className="d-block fw-semibold text-body">{t(`tiles.${tile.kind}.title`)}</span>
        <span className="d-block small text-body-secondary">
          {t(`tiles.${tile.kind}.text`)} <span className="visually-hidden">{t('opensInNewTab')}</span>
        </span>
      </span>
    </a>
  );
}

/**
 * `count` cards with the tiles placed among them: tile i after (i + 1) × `every` cards, or at the
 * end when there are fewer. Returns the positions (card index before which a tile goes) by tile.
 */
export function promoPositions(cardCount: number, tileCount: number, every: number): number[] {
  if (cardCount === 0) return [];
  return Array.from({ length: tileCount }, (_, i) => Math.min((i + 1) * every, cardCount));
}
