/** Profile cards: search results, similar and related profiles. */
import { ageOn } from '@cupido/shared/accounts';
import type { TProfileCard } from '@cupido/shared/profiles';
import { photoUrl } from '../../infra/photo-storage';

export interface CardRow {
  id: number;
  name: string;
  birthDate: string;
  city: string;
  country: string;
  isFictional: boolean;
  thumbFilename: string | null;
}

export function toCard(row: CardRow, site: { cdnPrefix: string; fictionalIcon: string }, today: Date): TProfileCard {
  return {
    id: row.id,
    name: row.name,
    age: ageOn(row.birthDate, today) ?? 0,
    city: row.city,
    country: row.country,
    main_image: row.thumbFilename ? photoUrl(row.thumbFilename, site.cdnPrefix) : null,
    is_fictional: row.isFictional,
    ...(row.isFictional ? { fictional_icon: site.fictionalIcon } : {}),
  };
}
