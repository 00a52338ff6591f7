import { useSettings } from '../site/use-settings';

/** The site's fictional-profile mark (icon + name). Never hidden wherever fictional profiles appear. */
export function FictionalBadge({ plural = false }: { plural?: boolean }) {
  const settings = useSettings();
  return (
    <span className="badge rounded-pill fictional-badge">
      <span aria-hidden="true">{settings.fictional_icon}</span> {plural ? settings.fictional_plural : settings.fictional_singular}
    </span>
  );
}
