ALTER TABLE "profiles" ADD COLUMN "looking_for_gender" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "looking_for_min_age" smallint;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "looking_for_max_age" smallint;