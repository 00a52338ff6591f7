import { z } from 'zod';
import { LOCALE_CODES, type LocaleCode } from '../rules/locales';
import { zText } from './input';
import { zBackOfficeCursor } from './back-office-dates';
import { GUARDRAIL_RULES, VULNERABILITY_SIGNALS } from '../rules/operator-guardrails';

/**
 * The operator console (issue 15, docs/decisions/033-operator-console.md): staff with
 * 'conversations.answer' answer members' conversations with fictional profiles, as the fictional
 * profile, from the back office. Calls live under /admin/api/operator:
 *
 *   GET    /admin/api/operator/queue?site_id=&language=&after=      conversations waiting, oldest first
 *   GET    /admin/api/operator/conversations/:id                    the answer screen (claims nothing)
 *   POST   /admin/api/operator/conversations/:id/claim              take the lock (409 conversation_taken)
 *   DELETE /admin/api/operator/conversations/:id/claim              give it back (leaving the screen)
 *   POST   /admin/api/operator/conversations/:id/messages           send as the fictional profile (credit free)
 *   PUT    /admin/api/operator/conversations/:id/note               the note of this fictional profile about this member
 *   PUT    /admin/api/operator/conversations/:id/vulnerable         mark or unmark the member as vulnerable
 *
 * There is deliberately no call to view a profile, like, or appear online as a fictional profile
 * (trust.md: no invented activity).
 */

/** A page of the queue. */
export const OPERATOR_QUEUE_PAGE_SIZE = 50;
/** A claim ends after this many minutes without a call on it, unless the site sets its own. */
export const OPERATOR_CLAIM_IDLE_MINUTES_DEFAULT = 5;
export const OPERATOR_CLAIM_IDLE_MINUTES_MAX = 120;
/** The note about a member, per pair of fictional profile and member. */
export const OPERATOR_NOTE_MAX = 4_000;
/** The conversation shown on the answer screen: the newest messages, oldest first. */
export const OPERATOR_CONVERSATION_MESSAGES = 200;
/** The queue card shows the start of the member's last message. */
export const OPERATOR_PREVIEW_LENGTH = 140;

const zIso = () => z.string().meta({ description: 'ISO 8601 date-time, UTC' });

/** GET /admin/api/operator/queue. Query parameters arrive as text. */
export const ZOperatorQueueQuery = z.object({
  site_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  language: z.enum(LOCALE_CODES).optional().meta({ description: "The member's language" }),
  after: zBackOfficeCursor(/^\d{4}-\d\d-\d\dT[\d:.]+Z_\d+$/, 'a cursor from the previous page')
    .optional()
    .meta({ description: 'The `next` of the previous page: `<waiting since>_<conversation id>`' }),
});
export type TOperatorQueueQuery = z.infer<typeof ZOperatorQueueQuery>;

export const ZOperatorClaim = z.object({
  conversation_id: z.number().int(),
  staff_id: z.number().int(),
  staff_name: z.string(),
  /** The claim is the caller's own. */
  mine: z.boolean(),
  /** The claim ends then unless the operator keeps working on it (every call on the conversation renews it). */
  expires_at: zIso(),
});
export type TOperatorClaim = z.infer<typeof ZOperatorClaim>;

const ZPersonCard = z.object({
  profile_id: z.number().int(),
  name: z.string(),
  age: z.number().int().nullable(),
  country: z.string().nullable(),
  thumb_url: z.string().nullable(),
});

export const ZOperatorQueueItem = z.object({
  conversation_id: z.number().int(),
  site_id: z.number().int(),
  /** The member's language: the answer is written in it. */
  language: z.enum(LOCALE_CODES),
  waiting_since: zIso(),
  waiting_seconds: z.number().int(),
  fictional: ZPersonCard,
  member: ZPersonCard,
  /** The start of the member's last text message, or null (a gift or an image). */
  preview: z.string().nullable(),
  claim: ZOperatorClaim.nullable(),
  vulnerable: z.boolean(),
});
export type TOperatorQueueItem = z.infer<typeof ZOperatorQueueItem>;

export const ZOperatorQueueAnswer = z.object({
  items: z.array(ZOperatorQueueItem),
  /** The cursor of the next page, or null on the last. */
  next: z.string().nullable(),
  /** Conversations waiting under the filter, and since when the oldest waits. */
  waiting: z.number().int(),
  oldest_waiting_since: zIso().nullable(),
});
export type TOperatorQueueAnswer = z.infer<typeof ZOperatorQueueAnswer>;

/** A profile on the answer screen: what the member has made visible (the fictional profile shows all). */
export const ZOperatorProfile = ZPersonCard.extend({
  gender: z.string().nullable(),
  city: z.string().nullable(),
  about: z.string().nullable(),
  /** Profile fields the profile shows (field -> option code or text). */
  fields: z.record(z.string(), z.string()),
  interests: z.array(z.string()),
  photos: z.array(z.object({ id: z.number().int(), thumb_url: z.string() })),
});
export type TOperatorProfile = z.infer<typeof ZOperatorProfile>;

export const ZOperatorMessage = z.object({
  id: z.number().int(),
  from: z.enum(['member', 'fictional']),
  kind: z.enum(['text', 'gift', 'image']),
  text: z.string().nullable(),
  gift: z.string().nullable(),
  /**
   * An image message's picture for the staff answering (issue 29), through the back office's own
   * call (GET /admin/api/operator/conversations/:id/images/:message); null for other kinds.
   */
  image: z.object({ thumb_url: z.string(), url: z.string() }).nullable(),
  created_at: zIso(),
  /** Who of the staff wrote a fictional message (back office only; members never see it). */
  staff: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type TOperatorMessage = z.infer<typeof ZOperatorMessage>;

export const ZOperatorNote = z.object({
  body: z.string(),
  updated_at: zIso(),
  updated_by: z.object({ id: z.number().int(), name: z.string() }),
});
export type TOperatorNote = z.infer<typeof ZOperatorNote>;

export const ZVulnerabilitySignal = z.enum(VULNERABILITY_SIGNALS);
export const ZGuardrailRule = z.enum(GUARDRAIL_RULES);

/** GET /admin/api/operator/conversations/:id: everything the answer screen shows. */
export const ZOperatorConversation = z.object({
  conversation_id: z.number().int(),
  site_id: z.number().int(),
  language: z.enum(LOCALE_CODES),
  waiting_since: zIso().nullable(),
  claim: ZOperatorClaim.nullable(),
  fictional: ZOperatorProfile,
  member: ZOperatorProfile,
  /** Oldest first; the newest OPERATOR_CONVERSATION_MESSAGES. */
  messages: z.array(ZOperatorMessage),
  note: ZOperatorNote.nullable(),
  /**
   * The member asked whether the profile is real (a bot, fake, run by staff) after the fictional
   * profile's last message: the honest answer must be sent before any other reply.
   */
  honest_answer_due: z.boolean(),
  /** The site's honest answer in the member's language, and in every language the site has it. */
  honest_answer: z.object({ text: z.string(), translations: z.partialRecord(z.enum(LOCALE_CODES), z.string()) }),
  vulnerable: z.object({
    flagged: z.boolean(),
    /** Signals found in the member's messages. */
    signals: z.array(ZVulnerabilitySignal),
    /** Marked by staff (not only by signals). */
    marked_by_staff: z.boolean(),
  }),
  /** The site's reminder of its spending limits, in the member's language (shown when flagged). */
  spending_reminder: z.string(),
  /** The fictional badge and notice the member sees (settings), for the operator's reference. */
  fictional_notice: z.object({ icon: z.string(), singular: z.string(), warning: z.string() }),
});
export type TOperatorConversation = z.infer<typeof ZOperatorConversation>;

/** POST /admin/api/operator/conversations/:id/messages. */
export const ZOperatorSendRequest = z
  .object({
    text: zText(10_000),
    /** One id per reply the console writes: a retry of the same id sends once. */
    client_id: z.uuid(),
  })
  .strict();
export type TOperatorSendRequest = z.infer<typeof ZOperatorSendRequest>;

export const ZOperatorSendAnswer = z.object({
  message: ZOperatorMessage,
  /** The conversation left the queue (it waits again when the member writes). */
  waiting_since: zIso().nullable(),
});
export type TOperatorSendAnswer = z.infer<typeof ZOperatorSendAnswer>;

/** PUT /admin/api/operator/conversations/:id/note. An empty body deletes the note. */
export const ZOperatorNoteRequest = z.object({ body: zText(OPERATOR_NOTE_MAX).trim().max(OPERATOR_NOTE_MAX) }).strict();
export const ZOperatorNoteAnswer = z.object({ note: ZOperatorNote.nullable() });

/** PUT /admin/api/operator/conversations/:id/vulnerable. */
export const ZOperatorVulnerableRequest = z.object({ vulnerable: z.boolean() }).strict();
export const ZOperatorVulnerableAnswer = z.object({ vulnerable: ZOperatorConversation.shape.vulnerable });

/** The dashboard's operator figures (issue 15), for the dashboard's period and site. */
export const ZOperatorFigures = z.object({
  /** Conversations answered per operator and day (UTC days of the period; days without answers left out). */
  answered: z.array(z.object({ staff_id: z.number().int(), staff_name: z.string(), day: z.string(), count: z.number().int() })),
  /** Time from the member's first unanswered message to the answer, over the period; null without answers. */
  answer_seconds: z.object({ median: z.number(), p90: z.number(), count: z.number().int() }).nullable(),
  /** Now: conversations waiting per site and since when the oldest waits. */
  queues: z.array(z.object({ site_id: z.number().int(), count: z.number().int(), oldest_at: zIso().nullable() })),
});
export type TOperatorFigures = z.infer<typeof ZOperatorFigures>;

/**
 * The site's default honest answer (site setting `honest_answer`): what staff send when a member
 * asks whether a fictional profile is real. It says so plainly and rules out meeting.
 */
export const DEFAULT_HONEST_ANSWER: Record<LocaleCode, string> = {
  en: 'I’m a fictional profile, written by the staff of this site – not a real person, so we can’t meet. I’m happy to keep chatting if you like.',
  nl: 'Ik ben een fictief profiel, geschreven door medewerkers van deze site – geen echt persoon, dus we kunnen elkaar niet ontmoeten. Ik chat graag verder als je wilt.',
  de: 'Ich bin ein fiktives Profil, geschrieben vom Team dieser Seite – keine echte Person, deshalb können wir uns nicht treffen. Wenn du magst, schreibe ich gern weiter mit dir.',
  it: 'Sono un profilo fittizio, scritto dallo staff di questo sito: non una persona reale, quindi non possiamo incontrarci. Se ti va, continuo volentieri a chattare con te.',
  fr: 'Je suis un profil fictif, rédigé par l’équipe de ce site\u202f: pas une vraie personne, nous ne pouvons donc pas nous rencontrer. Si tu veux, je continue volontiers à discuter avec toi.',
  es: 'Soy un perfil ficticio, escrito por el equipo de este sitio: no una persona real, así que no podemos quedar. Si quieres, sigo charlando contigo con gusto.',
  pl: 'Jestem fikcyjnym profilem prowadzonym przez zespół tej strony – nie prawdziwą osobą, więc nie możemy się spotkać. Jeśli chcesz, chętnie porozmawiam dalej.',
};

/** The site's default reminder of its spending limits (site setting `spending_reminder`), shown to vulnerable members. */
export const DEFAULT_SPENDING_REMINDER: Record<LocaleCode, string> = {
  en: 'Chatting here costs credits. Only spend what you can easily afford. You can see everything you have bought under Settings › Orders and receipts, and our support team is happy to help if you want to take a break or close your account.',
  nl: 'Chatten kost hier credits. Geef alleen uit wat je makkelijk kunt missen. Onder Instellingen › Bestellingen en bonnen zie je alles wat je hebt gekocht, en onze klantenservice helpt je graag als je een pauze wilt nemen of je account wilt sluiten.',
  de: 'Chatten kostet hier Credits. Gib nur aus, was du dir problemlos leisten kannst. Unter Einstellungen › Bestellungen und Belege siehst du alles, was du gekauft hast, und unser Support hilft dir gern, wenn du eine Pause einlegen oder dein Konto schließen möchtest.',
  it: 'Chattare qui costa crediti. Spendi solo ciò che puoi permetterti senza problemi. In Impostazioni › Ordini e ricevute trovi tutto ciò che hai acquistato, e il nostro supporto ti aiuta volentieri se vuoi prenderti una pausa o chiudere il tuo account.',
  fr: 'Discuter ici coûte des crédits. Ne dépense que ce que tu peux te permettre sans difficulté. Tu retrouves tous tes achats dans Paramètres › Commandes et reçus, et notre assistance t’aide volontiers si tu veux faire une pause ou fermer ton compte.',
  es: 'Chatear aquí cuesta créditos. Gasta solo lo que te puedas permitir sin problemas. En Ajustes › Pedidos y recibos ves todo lo que has comprado, y nuestro equipo de soporte te ayuda con gusto si quieres tomarte un descanso o cerrar tu cuenta.',
  pl: 'Czatowanie kosztuje tu kredyty. Wydawaj tylko tyle, na ile możesz sobie spokojnie pozwolić. W Ustawieniach › Zamówienia i potwierdzenia znajdziesz wszystkie swoje zakupy, a nasz zespół wsparcia chętnie pomoże, jeśli chcesz zrobić sobie przerwę lub zamknąć konto.',
};
