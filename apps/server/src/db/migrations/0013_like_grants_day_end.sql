-- A Like counts until the end of the local day it was given in (issue 27, decision 027). Grants
-- given before this migration get their own instant as that end: they count only by the rule
-- "given in the member's current local day", exactly as every grant did until now.
DROP INDEX "like_grants_from_given_idx";--> statement-breakpoint
ALTER TABLE "like_grants" ADD COLUMN "day_end" timestamp with time zone;--> statement-breakpoint
UPDATE "like_grants" SET "day_end" = "given_at";--> statement-breakpoint
ALTER TABLE "like_grants" ALTER COLUMN "day_end" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "like_grants_from_day_end_idx" ON "like_grants" USING btree ("from_profile_id","day_end","given_at");
