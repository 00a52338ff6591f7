/**
 * The "online now" / "active today" marks (issue 28; decision 036): the ActivityMarks port of
 * profiles (profiles/activity-port.ts) that the app's context (build-context.ts) hands to every list of profiles. A feature of
 * its own on top, composing what its owners export:
 *
 * - online: a member with a fresh member_presence row (a live socket on any server process;
 *   features/live); a fictional profile only while an operator is answering it now (its claims
 *   in features/operator-console), never from a socket;
 * - today: a member whose account made a logged-in request this UTC day (accounts' active-days
 *   record). Never for a fictional profile: an operator's work is no activity of the profile, and
 *   "active today" would say a person was here;
 * - nothing for a profile that hides its activity, and nothing at all for a viewer who hides
 *   their own (they see nobody's, as on the peer sites), nor for a visitor (activity is shown
 *   among members, each of whom shows their own).
 *
 * One query for the members' facts and the hiding (profiles, with live's and accounts' SQL), and a
 * second only when fictional profiles are among the ids.
 */
import type { Activity } from '@cupido/shared/rules/matching';
import type { Database } from '../../db/open';
import type { Clock } from '../../infra/clock';
import { activeDayOf, profileActiveOn } from '../accounts/for-presence';
import { onlineNow } from '../live/presence';
import { fictionalProfilesAnsweredNow } from '../operator-console/for-presence';
import type { ActivityMarks } from '../profiles/activity-port';
import { activityFactsOf } from '../profiles/for-presence';

export function activityMarks(deps: { db: Database; clock: Clock }): ActivityMarks {
  return async (viewer, profileIds) => {
    const marks = new Map<number, Activity>();
    if (!viewer || profileIds.length === 0) return marks;
    const now = deps.clock();
    const day = activeDayOf(now);
    const facts = await activityFactsOf(deps.db, viewer.profileId, profileIds, {
      online: (profileId) => onlineNow(profileId, now),
      activeToday: (profileId) => profileActiveOn(profileId, day),
    });
    const fictional = facts.filter((fact) => fact.fictional).map((fact) => fact.id);
    const answered = fictional.length > 0 ? await fictionalProfilesAnsweredNow(deps.db, fictional, now) : new Set<number>();
    for (const fact of facts) {
      if (fact.fictional ? answered.has(fact.id) : fact.online) marks.set(fact.id, 'online');
      else if (!fact.fictional && fact.today) marks.set(fact.id, 'today');
    }
    return marks;
  };
}
