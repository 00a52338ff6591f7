import { FictionalIcon } from '../../ui/fictional-icon';
import { useSettings } from '../site/use-settings';

/** The site's fictional-profile mark (the app's own icon + the site's name for it). Never hidden wherever fictional profiles appear. */
export function FictionalBadge({ plural = false }: { plural?: boolean }) {
  const settings = useSettings();
  return (
    <span className="badge rounded-pill fictional-badge">
      <FictionalIcon /> {plural ? settings.fictional_plural : settings.fictional_singular}
    </span>
  );
}
