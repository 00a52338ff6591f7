/**
 * The back office's one site chooser: a labelled select of the sites, each shown as
 * "name (domain)" when the domain is known. With `allSites` the filter may be left empty
 * (value undefined: every site); without it, a site must be chosen.
 */
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../ui/form/select-field';

export interface SiteChoice {
  id: number;
  name: string;
  domain?: string;
}

interface SiteSelectProps<S extends SiteChoice> {
  id: string;
  sites: readonly S[];
  value: number | undefined;
  onChange(siteId: number | undefined): void;
  /** The label; "Site" when absent. */
  label?: string;
  /** Offer "All sites" (the empty choice). */
  allSites?: boolean;
  /** How a site is named in the list, when the screen says more than its name and domain. */
  optionLabel?: (site: S) => string;
  /** The wrapper's classes (spacing, grid column). */
  className?: string;
  /** The compact size, for toolbars. */
  small?: boolean;
}

const nameOf = (site: SiteChoice) => (site.domain ? `${site.name} (${site.domain})` : site.name);

export function SiteSelect<S extends SiteChoice>({
  id,
  sites,
  value,
  onChange,
  label,
  allSites = false,
  optionLabel = nameOf,
  className,
  small,
}: SiteSelectProps<S>) {
  const { t } = useTranslation('common');
  return (
    <SelectField
      id={id}
      label={label ?? t('site_select.label')}
      value={value === undefined ? '' : String(value)}
      options={sites.map((site) => ({ value: String(site.id), label: optionLabel(site) }))}
      empty={allSites ? t('site_select.all_sites') : undefined}
      onChange={(next) => onChange(next ? Number(next) : undefined)}
      className={className}
      small={small}
    />
  );
}
