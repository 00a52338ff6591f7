/**
 * Which feature owns each table of schema.ts (decision 021). Only the owner's files under
 * features/<owner>/ read or write it; other features call the owner's service or handle its
 * events. `infra` tables belong to a shared module, `seed` writes demo rows into all of them.
 * boundaries.test.ts fails when a table has no entry here or a feature imports a table it does
 * not own (except the listed, explained exceptions).
 */
export const TABLE_OWNERS: Record<string, string> = {
  companies: 'sites',
  sites: 'sites',
  appKeys: 'push',
  profiles: 'profiles',
  profileInterests: 'profiles',
  photos: 'photos',
  users: 'accounts',
  sessions: 'accounts',
  accountTokens: 'accounts',
  consents: 'accounts',
  creditEntries: 'credits',
  rateLimitCounters: 'infra',
  blocks: 'blocks',
  reports: 'reports',
  likes: 'likes',
  likeGrants: 'likes',
  passes: 'likes',
  autoLikes: 'matching',
  conversations: 'chats',
  conversationMembers: 'chats',
  messages: 'chats',
  staffAccounts: 'staff',
  staffSessions: 'staff',
  staffRecoveryCodes: 'staff',
  auditLog: 'audit',
  moderationDecisions: 'moderation',
  appeals: 'moderation',
  memberActiveDays: 'accounts',
  payments: 'payments',
  paymentEvents: 'payments',
  paymentRefunds: 'payments',
  invoiceCounters: 'payments',
  purchaseBlocks: 'payments',
  directDebitRequests: 'payments',
  sandboxPayments: 'payments',
  discountCodes: 'discounts',
  discountRedemptions: 'discounts',
};
