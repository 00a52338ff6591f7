/**
 * The one database schema (drizzle pg-core), valid on PGlite and PostgreSQL 15+, one file per owning
 * feature under db/schema/ (db/table-owners.ts).
 * Change it, then run `npm run db:generate` to write a new committed SQL migration.
 */
export * from './schema/sites';
export * from './schema/push';
export * from './schema/profiles';
export * from './schema/photos';
export * from './schema/accounts';
export * from './schema/credits';
export * from './schema/rate-limits';
export * from './schema/blocks';
export * from './schema/reports';
export * from './schema/likes';
export * from './schema/matching';
export * from './schema/chats';
export * from './schema/staff';
export * from './schema/audit';
export * from './schema/moderation';
export * from './schema/payments';
export * from './schema/discounts';
export * from './schema/operator-console';
export * from './schema/live';
export * from './schema/notifications';
export * from './schema/campaigns';
export * from './schema/complaints';
export * from './schema/traffic';
export * from './schema/postbacks';
export * from './schema/promotions';
export * from './schema/partner-redirects';
