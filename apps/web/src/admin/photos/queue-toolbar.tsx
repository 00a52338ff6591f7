/** The queue's controls above the grid: the site filter, select all, and the bulk decisions. */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TPhotoQueueSite } from '@cupido/shared/contracts/photo-moderation';
import { SiteSelect } from '../ui/site-select';

interface Props {
  sites: TPhotoQueueSite[];
  siteId: number | undefined;
  onSiteChange(siteId: number | undefined): void;
  selectedCount: number;
  allSelected: boolean;
  onSelectAll(all: boolean): void;
  busy: boolean;
  onApproveSelected(): void;
  onRejectSelected(): void;
}

export function QueueToolbar(props: Props) {
  const { t } = useTranslation('photos');
  const id = useId();
  const none = props.selectedCount === 0;
  return (
    <div className="d-flex flex-wrap align-items-end gap-2 gap-md-3">
      <SiteSelect
        id={`${id}-site`}
        className=""
        small
        sites={props.sites}
        value={props.siteId}
        onChange={props.onSiteChange}
        allSites
        optionLabel={(site) => (site.photo_moderation === 'post' ? t('site_post', { name: site.name }) : site.name)}
      />
      <div className="form-check mb-1">
        <input
          id={`${id}-all`}
          type="checkbox"
          className="form-check-input"
          checked={props.allSelected}
          onChange={(e) => props.onSelectAll(e.target.checked)}
        />
        <label className="form-check-label small" htmlFor={`${id}-all`}>
          {t('select_all')}
        </label>
      </div>
      <div className="d-flex flex-wrap align-items-center gap-2">
        <span className="small" aria-live="polite">
          {t('selected', { count: props.selectedCount })}
        </span>
        <button type="button" className="btn btn-success btn-sm" disabled={none || props.busy} onClick={props.onApproveSelected}>
          {t('approve_selected')}
        </button>
        <button type="button" className="btn btn-outline-danger btn-sm" disabled={none || props.busy} onClick={props.onRejectSelected}>
          {t('reject_selected')}
        </button>
      </div>
    </div>
  );
}
