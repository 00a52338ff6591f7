/**
 * The "online now" / "active today" marks of profile cards and pages (issue 28, decision 036),
 * as a port: the lists (search, related profiles, matching, likes, chats, profile pages) sit
 * below the features that know activity (live sockets, active days, operators answering a
 * fictional profile), so the app's context (build-context.ts) hands them this function. It answers only profiles that have a
 * mark to show this viewer: none when the viewer hides their own activity, none for a profile
 * that hides it, 'online' for a fictional profile only while an operator answers it.
 */
import type { Activity } from '@cupido/shared/rules/matching';

export type ActivityViewer = { profileId: number } | null;

export type ActivityMarks = (viewer: ActivityViewer, profileIds: number[]) => Promise<Map<number, Activity>>;

/** Adds each card's mark (if any) from one call for the whole list. */
export async function withActivity<T extends { id: number }>(
  marks: ActivityMarks | undefined,
  viewer: ActivityViewer,
  cards: T[],
): Promise<(T & { activity?: Activity })[]> {
  if (!marks || cards.length === 0) return cards;
  const found = await marks(
    viewer,
    cards.map((card) => card.id),
  );
  return cards.map((card) => {
    const activity = found.get(card.id);
    return activity ? { ...card, activity } : card;
  });
}
