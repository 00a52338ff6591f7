/** Answers of the operator console's calls for the screen tests, checked against the shared contracts. */
import {
  ZOperatorConversation,
  ZOperatorQueueAnswer,
  type TOperatorConversation,
  type TOperatorQueueItem,
  type TOperatorQueueAnswer,
} from '@cupido/shared/contracts/operator-console';

export const NOW = Date.parse('2026-11-24T12:00:00Z');

const card = (profileId: number, name: string) => ({
  profile_id: profileId,
  name,
  age: 30,
  country: 'NL',
  thumb_url: `/photos/t${profileId}.jpg`,
});

export function queueItem(
  conversationId: number,
  member: string,
  fictional: string,
  waitingSeconds: number,
  extra: Partial<TOperatorQueueItem> = {},
): TOperatorQueueItem {
  return {
    conversation_id: conversationId,
    site_id: 1,
    language: 'en',
    waiting_since: new Date(NOW - waitingSeconds * 1000).toISOString(),
    waiting_seconds: waitingSeconds,
    fictional: card(900 + conversationId, fictional),
    member: card(100 + conversationId, member),
    preview: `Hello from ${member}`,
    claim: null,
    vulnerable: false,
    ...extra,
  };
}

export function queuePage(items: TOperatorQueueItem[], extra: Partial<TOperatorQueueAnswer> = {}): TOperatorQueueAnswer {
  return ZOperatorQueueAnswer.parse({
    items,
    next: null,
    waiting: items.length,
    oldest_waiting_since: items[0]?.waiting_since ?? null,
    ...extra,
  });
}

const profile = (profileId: number, name: string) => ({
  ...card(profileId, name),
  gender: 'woman',
  city: 'Utrecht',
  about: `About ${name}`,
  fields: { smoking: 'never' },
  interests: ['hiking'],
  photos: [{ id: profileId * 10, thumb_url: `/photos/p${profileId}.jpg` }],
});

export const HONEST_EN = 'I’m a fictional profile, written by the staff of this site – not a real person.';

export function conversation(extra: Partial<TOperatorConversation> = {}): TOperatorConversation {
  return ZOperatorConversation.parse({
    conversation_id: 7,
    site_id: 1,
    language: 'en',
    waiting_since: new Date(NOW - 600_000).toISOString(),
    claim: null,
    fictional: profile(907, 'Lena'),
    member: profile(107, 'Rosa'),
    messages: [
      { id: 1, from: 'member', kind: 'text', text: 'Hi Lena!', gift: null, image: null, created_at: '2026-11-24T11:00:00Z', staff: null },
      {
        id: 2,
        from: 'fictional',
        kind: 'text',
        text: 'Hi Rosa, how are you?',
        gift: null,
        image: null,
        created_at: '2026-11-24T11:05:00Z',
        staff: { id: 3, name: 'Anna' },
      },
      {
        id: 3,
        from: 'member',
        kind: 'text',
        text: 'Fine, and you?',
        gift: null,
        image: null,
        created_at: '2026-11-24T11:50:00Z',
        staff: null,
      },
      {
        id: 4,
        from: 'member',
        kind: 'image',
        text: null,
        gift: null,
        image: {
          thumb_url: '/admin/api/operator/conversations/7/images/4?size=thumb',
          url: '/admin/api/operator/conversations/7/images/4?size=full',
        },
        created_at: '2026-11-24T11:51:00Z',
        staff: null,
      },
    ],
    note: null,
    honest_answer_due: false,
    honest_answer: { text: HONEST_EN, translations: { en: HONEST_EN, de: 'Ich bin ein fiktives Profil.' } },
    vulnerable: { flagged: false, signals: [], marked_by_staff: false },
    spending_reminder: 'Only spend what you can easily afford.',
    fictional_notice: { icon: '🎭', singular: 'Fictional profile', warning: 'This profile is run by staff.' },
    ...extra,
  });
}

export const mine = (staffName = 'Me') => ({
  conversation_id: 7,
  staff_id: 1,
  staff_name: staffName,
  mine: true,
  expires_at: '2026-11-24T12:05:00Z',
});
export const others = (staffName: string) => ({
  conversation_id: 7,
  staff_id: 3,
  staff_name: staffName,
  mine: false,
  expires_at: '2026-11-24T12:05:00Z',
});
