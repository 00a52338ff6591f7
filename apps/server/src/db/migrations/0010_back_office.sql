CREATE TABLE "appeals" (
	"id" serial PRIMARY KEY NOT NULL,
	"decision_id" integer NOT NULL,
	"user_id" integer,
	"text" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"decided_by_staff_id" integer,
	"decided_at" timestamp with time zone,
	"outcome_note" text,
	CONSTRAINT "appeals_status_known" CHECK ("appeals"."status" IN ('open', 'upheld', 'reversed')),
	CONSTRAINT "appeals_decided" CHECK (("appeals"."status" = 'open') = ("appeals"."decided_at" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"staff_id" integer,
	"action" text NOT NULL,
	"item_type" text NOT NULL,
	"item_id" text NOT NULL,
	"site_id" integer,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_active_days" (
	"user_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "member_active_days_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "moderation_decisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"source" text NOT NULL,
	"action" text NOT NULL,
	"ground" text NOT NULL,
	"facts" text NOT NULL,
	"user_id" integer,
	"profile_id" integer,
	"report_id" integer,
	"photo_id" integer,
	"message_id" bigint,
	"suspended_until" timestamp with time zone,
	"decided_by_staff_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"statement_sent_at" timestamp with time zone,
	"reporter_notified_at" timestamp with time zone,
	CONSTRAINT "moderation_decisions_source_known" CHECK ("moderation_decisions"."source" IN ('report', 'photo_review')),
	CONSTRAINT "moderation_decisions_action_known" CHECK ("moderation_decisions"."action" IN ('dismiss', 'remove_content', 'warn', 'suspend', 'terminate')),
	CONSTRAINT "moderation_decisions_ground_known" CHECK ("moderation_decisions"."ground" IN ('fake_profile', 'nudity_or_sexual_content', 'not_a_photo_of_the_member', 'poor_quality_photo', 'contact_details', 'harassment', 'scam_spam', 'underage', 'illegal_content', 'other_terms_breach', 'no_breach')),
	CONSTRAINT "moderation_decisions_suspend_until" CHECK (("moderation_decisions"."action" = 'suspend') = ("moderation_decisions"."suspended_until" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "staff_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"password_hash" text NOT NULL,
	"totp_secret" text,
	"totp_confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"disabled_at" timestamp with time zone,
	CONSTRAINT "staff_accounts_role_known" CHECK ("staff_accounts"."role" IN ('admin', 'moderator', 'operator', 'support', 'finance'))
);
--> statement-breakpoint
CREATE TABLE "staff_recovery_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "staff_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"second_factor_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_status_known";--> statement-breakpoint
ALTER TABLE "credit_entries" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "reviewed_by_staff_id" integer;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "decision_id" integer;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "photo_moderation" text DEFAULT 'pre' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_decision_id_moderation_decisions_id_fk" FOREIGN KEY ("decision_id") REFERENCES "public"."moderation_decisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_decided_by_staff_id_staff_accounts_id_fk" FOREIGN KEY ("decided_by_staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_active_days" ADD CONSTRAINT "member_active_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_active_days" ADD CONSTRAINT "member_active_days_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_decisions" ADD CONSTRAINT "moderation_decisions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_decisions" ADD CONSTRAINT "moderation_decisions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_decisions" ADD CONSTRAINT "moderation_decisions_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_decisions" ADD CONSTRAINT "moderation_decisions_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_decisions" ADD CONSTRAINT "moderation_decisions_decided_by_staff_id_staff_accounts_id_fk" FOREIGN KEY ("decided_by_staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_recovery_codes" ADD CONSTRAINT "staff_recovery_codes_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appeals_decision_unique" ON "appeals" USING btree ("decision_id");--> statement-breakpoint
CREATE INDEX "appeals_open_idx" ON "appeals" USING btree ("created_at") WHERE "appeals"."status" = 'open';--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_staff_idx" ON "audit_log" USING btree ("staff_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_item_idx" ON "audit_log" USING btree ("item_type","item_id","created_at");--> statement-breakpoint
CREATE INDEX "member_active_days_site_day_idx" ON "member_active_days" USING btree ("site_id","day");--> statement-breakpoint
CREATE INDEX "moderation_decisions_user_idx" ON "moderation_decisions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_accounts_email_unique" ON "staff_accounts" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_recovery_codes_unique" ON "staff_recovery_codes" USING btree ("staff_id","code_hash");--> statement-breakpoint
CREATE INDEX "staff_sessions_staff_idx" ON "staff_sessions" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "photos_review_queue_idx" ON "photos" USING btree ("created_at","id") WHERE "photos"."reviewed_at" is null;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_photo_moderation_known" CHECK ("sites"."photo_moderation" IN ('pre', 'post'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_suspended_until" CHECK (("users"."status" = 'suspended') = ("users"."suspended_until" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_status_known" CHECK ("users"."status" IN ('not_confirmed', 'active', 'pending_deletion', 'erased', 'suspended', 'terminated'));--> statement-breakpoint
-- Written by hand. Photos already approved or rejected count as reviewed; only pending ones wait in the queue.
UPDATE "photos" SET "reviewed_at" = "created_at" WHERE "status" <> 'pending';--> statement-breakpoint
-- The audit log is append-only (issue 13): no row is ever changed or removed, whoever asks.
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_no_update_delete" BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();
