/**
 * What the operator console (issue 15) reads of accounts: the member's language (users.language)
 * and account id, as SQL that profiles and the console compose into their queries (decision 021:
 * accounts owns users). Conditions are nested SQL so their columns keep their table names.
 */
import { and, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { LocaleCode } from '@cupido/shared/rules/locales';
import { users } from '../../db/schema';

/** SQL: the language of the profile's account, or null (a fictional profile has none). */
export function languageOfProfile(profileId: SQLWrapper): SQL<string | null> {
  return sql<string | null>`(select ${users.language} from ${users} where ${eq(users.profileId, profileId)})`;
}

/** SQL: the account id of the profile, or null. */
export function userIdOfProfile(profileId: SQLWrapper): SQL<number | null> {
  return sql<number | null>`(select ${users.id} from ${users} where ${eq(users.profileId, profileId)})`;
}

/** SQL condition: the profile's account uses this language. */
export function profileHasLanguage(profileId: SQLWrapper, language: LocaleCode): SQL {
  return sql`exists (select 1 from ${users} where ${and(eq(users.profileId, profileId), eq(users.language, language))})`;
}
