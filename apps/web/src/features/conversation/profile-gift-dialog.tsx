import { useEffect, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { GiftCode } from '@cupido/shared/rules/gifts';
import { routePath } from '@cupido/shared/rules/routes';
import { useSession } from '../session/use-session';
import { useSettings } from '../site/use-settings';
import { useChatMoney } from '../message-prices/chat-prices';
import { ConversationTexts, CONVERSATION_NS } from './conversation-texts';
import { GiftPicker } from './gift-picker';
import { getOutbox, type OutboxRefusal } from './outbox';
import { RefusalAlert } from './refusal-alert';
import { applyCredits } from './use-conversation';

export interface ProfileGiftDialogProps {
  show: boolean;
  onHide: () => void;
  profileId: number;
  name: string;
}

type Sent = { gift: GiftCode; clientId: string; conversation: number | null; stored: boolean };

/**
 * A gift sent from a profile page (issue 12): the gift picker, then the gift goes through the
 * outbox like one sent in the chat (the same client id on a retry, the balance updated), and the
 * dialog says it is on its way, with a link to the conversation; a refusal shows why (not enough
 * credits with Buy credits, the premium-only alert, or the server's words). Its own chunk.
 */
export default function ProfileGiftDialog(props: ProfileGiftDialogProps) {
  return (
    <ConversationTexts>
      <Dialog {...props} />
    </ConversationTexts>
  );
}

function Dialog({ show, onHide, profileId, name }: ProfileGiftDialogProps) {
  const { t } = useTranslation(CONVERSATION_NS);
  const settings = useSettings();
  const { user } = useSession();
  const money = useChatMoney();
  const queryClient = useQueryClient();
  const outbox = getOutbox();
  const entries = useSyncExternalStore(outbox.subscribe, outbox.getSnapshot, outbox.getSnapshot);
  const [sent, setSent] = useState<Sent | null>(null);
  const [refusal, setRefusal] = useState<OutboxRefusal | null>(null);

  useEffect(
    () =>
      outbox.onStored((answer, entry) => {
        if (entry.profileId !== profileId) return;
        applyCredits(queryClient, answer);
        setSent((current) =>
          current && current.clientId === entry.clientId
            ? { ...current, stored: true, conversation: answer.message.conversation.id }
            : current,
        );
      }),
    [outbox, profileId, queryClient],
  );

  // A refusal of this gift: shown here, and out of the outbox (nothing to put back in a text box).
  const refused = sent ? entries.find((entry) => entry.clientId === sent.clientId && entry.status === 'refused') : undefined;
  useEffect(() => {
    if (refused) outbox.dismiss(refused.clientId);
  }, [refused, outbox]);
  const shownRefusal = refusal ?? refused?.refusal ?? null;
  if (refused && !refusal) setRefusal(refused.refusal);

  const close = () => {
    setSent(null);
    setRefusal(null);
    onHide();
  };

  const chatLink = sent?.conversation ? routePath('chats-id', { id: sent.conversation }) : routePath('members-id-chat', { id: profileId });
  const status = shownRefusal ? (
    <RefusalAlert refusal={shownRefusal} onDismiss={() => (setRefusal(null), setSent(null))} />
  ) : sent ? (
    <div id="gift-sent" className="alert alert-success mb-0" role="status">
      <p className="mb-2">{sent.stored ? t('giftPicker.sent', { gift: t(`gifts.${sent.gift}`), name }) : t('giftPicker.sending')}</p>
      <Link to={chatLink} className="btn btn-outline-primary btn-sm">
        {t('giftPicker.openChat')}
      </Link>
    </div>
  ) : undefined;

  return (
    <GiftPicker
      show={show}
      onHide={close}
      partnerName={name}
      price={settings.gift_credits}
      money={money.ofCredits(settings.gift_credits)}
      // While a gift is on its way its credits are already counted; the picker is only told the balance before it.
      balance={sent ? undefined : (user?.credits ?? 0)}
      status={status}
      sending={!!sent && !sent.stored && !shownRefusal}
      onSend={(gift) => {
        setRefusal(null);
        const clientId = outbox.send({ userId: user?.id ?? 0, profileId, kind: 'gift', gift });
        setSent({ gift, clientId, conversation: null, stored: false });
      }}
    />
  );
}
