import { useId, useMemo } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../locale/use-locale';
import { useInterests, useMemberProfile, useRegions } from '../profiles/profile-calls';
import { CONVERSATION_NS } from './conversation-texts';
import { pickIcebreakers } from './icebreakers';

export interface IcebreakerModalProps {
  show: boolean;
  onHide: () => void;
  /** `fictional`: no opener that leads towards meeting (icebreakers.ts). */
  partner: { id: number; name: string; city: string; fictional?: boolean };
  /** The chosen opener goes into the message box; it is not sent. */
  onChoose: (text: string) => void;
  /** Closed and gone: the screen puts the focus into the message box, where the member writes next. */
  onExited?: () => void;
}

/**
 * Suggested first messages in the member's language (issue 12): a few drawn from the partner's
 * interests (their names as the profile page shows them) and place, the rest generic. Choosing one
 * fills the text box and closes the modal; the member sends it (or changes it) themselves.
 */
export function IcebreakerModal({ show, onHide, partner, onChoose, onExited }: IcebreakerModalProps) {
  const { t } = useTranslation(CONVERSATION_NS);
  const titleId = `${useId()}-title`;
  return (
    <Modal
      show={show}
      onHide={onHide}
      onExited={onExited}
      restoreFocus={!onExited}
      centered
      aria-labelledby={titleId}
      id="icebreaker-modal"
    >
      <Modal.Header closeButton closeLabel={t('icebreakers.close')}>
        <Modal.Title id={titleId} className="h5">
          {t('icebreakers.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="small text-body-secondary">{t('icebreakers.intro')}</p>
        <Suggestions
          partner={partner}
          onChoose={(text) => {
            onChoose(text);
            onHide();
          }}
        />
      </Modal.Body>
    </Modal>
  );
}

/** The openers, once the partner's interests and region are known (asked for only when the modal opens). */
function Suggestions({ partner, onChoose }: Pick<IcebreakerModalProps, 'partner' | 'onChoose'>) {
  const { t } = useTranslation(CONVERSATION_NS);
  const { locale } = useLocale();
  // The partner's profile page call (cached with it): interests and region are not on the chat's card.
  const member = useMemberProfile(String(partner.id));
  const interests = useInterests(locale);
  const regions = useRegions(member.data?.profile.country);
  const profile = member.data?.profile;
  const ready = !member.isPending && (!profile || profile.interests.length === 0 || !interests.isPending);

  const suggestions = useMemo(() => {
    const interestName = (id: string) => interests.data?.find((interest) => interest.id === id)?.name;
    const regionName = profile?.region ? regions.data?.regions.find((region) => region.code === profile.region)?.name : undefined;
    const list = pickIcebreakers({
      name: partner.name,
      interests: (profile?.interests ?? []).map(interestName).filter((name): name is string => !!name),
      city: profile?.city || partner.city,
      region: regionName,
      seed: partner.id,
      fictional: partner.fictional,
    });
    return list.map(({ key, values }) => t(`icebreakers.${key}`, values));
  }, [interests.data, profile, regions.data, partner, t]);

  if (!ready) {
    return (
      <div className="d-flex justify-content-center py-3">
        <div className="spinner-border text-primary" role="status">
          <span className="visually-hidden">{t('icebreakers.loading')}</span>
        </div>
      </div>
    );
  }
  return (
    <ul className="list-unstyled d-grid gap-2 mb-0" id="icebreaker-list">
      {suggestions.map((text) => (
        <li key={text}>
          <button type="button" className="btn btn-outline-primary w-100 text-start icebreaker" onClick={() => onChoose(text)}>
            {text}
          </button>
        </li>
      ))}
    </ul>
  );
}
