ALTER TABLE "credit_entries" RENAME COLUMN "reason" TO "kind";--> statement-breakpoint
ALTER TABLE "credit_entries" ADD COLUMN "reference" text;--> statement-breakpoint
-- Added nullable, filled below, then made NOT NULL (drizzle-kit wrote it NOT NULL at once, which fails on a table with rows).
ALTER TABLE "credit_entries" ADD COLUMN "balance_after" integer;--> statement-breakpoint
-- Existing entries: the running sum of the member's entries in posting order.
UPDATE "credit_entries" AS "entry" SET "balance_after" = "running"."total"
FROM (SELECT "id", SUM("amount") OVER (PARTITION BY "user_id" ORDER BY "id") AS "total" FROM "credit_entries") AS "running"
WHERE "entry"."id" = "running"."id";--> statement-breakpoint
-- Opening balances: where a balance differs from the sum of its entries (balances written before the
-- ledger), one entry for the difference, so that afterwards every balance is the sum of its entries.
INSERT INTO "credit_entries" ("user_id", "amount", "kind", "idempotency_key", "reference", "balance_after", "created_at")
SELECT "users"."id", "users"."credits" - COALESCE("sums"."total", 0), 'opening_balance', 'opening_balance', NULL, "users"."credits", now()
FROM "users" LEFT JOIN (SELECT "user_id", SUM("amount") AS "total" FROM "credit_entries" GROUP BY "user_id") AS "sums" ON "sums"."user_id" = "users"."id"
WHERE "users"."credits" <> COALESCE("sums"."total", 0)
ORDER BY "users"."id";--> statement-breakpoint
ALTER TABLE "credit_entries" ALTER COLUMN "balance_after" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "credit_entries_user_history_idx" ON "credit_entries" USING btree ("user_id","id");--> statement-breakpoint
ALTER TABLE "credit_entries" ADD CONSTRAINT "credit_entries_amount_not_zero" CHECK ("credit_entries"."amount" <> 0);--> statement-breakpoint
ALTER TABLE "credit_entries" ADD CONSTRAINT "credit_entries_balance_after_not_negative" CHECK ("credit_entries"."balance_after" >= 0);--> statement-breakpoint
ALTER TABLE "credit_entries" ADD CONSTRAINT "credit_entries_kind_known" CHECK ("kind" IN ('opening_balance', 'signup_credits', 'manual_correction', 'message', 'image', 'gift', 'purchase', 'refund'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_credits_not_negative" CHECK ("users"."credits" >= 0);
