import type { LanderName, LanderTheme } from '@cupido/shared/rules/landers';
import type { TProfileCard } from '@cupido/shared/contracts/profiles';

/** What every lander variant gets: its name, the slug's theme, and the slug's featured profile (or null). */
export interface LanderProps {
  name: LanderName;
  theme: LanderTheme | null;
  featured?: TProfileCard | null;
}
