/**
 * What the member typed in a conversation, kept in the tab (sessionStorage) so it survives a visit
 * to the shop and back (issue 29: Buy credits keeps the draft). One entry per member and partner (a
 * conversation by profile has no id yet); sending clears it, and another login in the tab never
 * sees it.
 */
const DRAFT_PREFIX = 'cupido.chat-draft';

const draftKey = (userId: number, partnerId: number) => `${DRAFT_PREFIX}:${userId}:${partnerId}`;

export function loadChatDraft(userId: number, partnerId: number): string | null {
  try {
    return sessionStorage.getItem(draftKey(userId, partnerId));
  } catch {
    return null;
  }
}

/** Keeps the text; an empty box removes the entry (what a send leaves). */
export function saveChatDraft(userId: number, partnerId: number, text: string): void {
  try {
    if (text.trim() === '') sessionStorage.removeItem(draftKey(userId, partnerId));
    else sessionStorage.setItem(draftKey(userId, partnerId), text);
  } catch {
    // Without storage (a private window's quota) the draft lives as long as the screen.
  }
}
