-- Decision 020. First repair what older code could leave and the new unique indexes refuse.
-- Several main photos of one profile: the oldest stays main.
UPDATE "photos" p SET "is_main" = false
WHERE p."is_main" AND EXISTS (SELECT 1 FROM "photos" o WHERE o."profile_id" = p."profile_id" AND o."is_main" AND o."id" < p."id");--> statement-breakpoint
-- Several standing consents of one member and kind: the newest stands; the older ones count as
-- withdrawn when it was given.
UPDATE "consents" c SET "revoked_at" = (
  SELECT max(n."granted_at") FROM "consents" n
  WHERE n."user_id" = c."user_id" AND n."kind" = c."kind" AND n."revoked_at" IS NULL AND n."id" > c."id"
)
WHERE c."revoked_at" IS NULL
  AND EXISTS (SELECT 1 FROM "consents" n WHERE n."user_id" = c."user_id" AND n."kind" = c."kind" AND n."revoked_at" IS NULL AND n."id" > c."id");--> statement-breakpoint
CREATE UNIQUE INDEX "consents_one_open_per_kind" ON "consents" USING btree ("user_id","kind") WHERE "consents"."revoked_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "photos_one_main_per_profile" ON "photos" USING btree ("profile_id") WHERE "photos"."is_main";--> statement-breakpoint
ALTER TABLE "account_tokens" ADD CONSTRAINT "account_tokens_purpose_known" CHECK ("account_tokens"."purpose" IN ('activation', 'password_reset', 'mail_change', 'reactivation', 'security_undo'));--> statement-breakpoint
ALTER TABLE "account_tokens" ADD CONSTRAINT "account_tokens_new_email_length" CHECK (char_length("account_tokens"."new_email") <= 254);--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_delete_discount_percent" CHECK ("companies"."delete_discount" BETWEEN 0 AND 100);--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_kind_known" CHECK ("consents"."kind" IN ('terms', 'orientation_data', 'ad_tracking'));--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_status_known" CHECK ("photos"."status" IN ('pending', 'approved', 'rejected'));--> statement-breakpoint
ALTER TABLE "profile_interests" ADD CONSTRAINT "profile_interests_interest_id_known" CHECK ("profile_interests"."interest_id" IN ('relationship', 'sex', 'music', 'travelling', 'cooking', 'dining_out', 'wine', 'coffee', 'movies', 'series', 'theatre', 'concerts', 'festivals', 'dancing', 'reading', 'writing', 'art', 'photography', 'fashion', 'shopping', 'fitness', 'running', 'cycling', 'swimming', 'yoga', 'hiking', 'camping', 'skiing', 'football', 'tennis', 'golf', 'sailing', 'beach', 'nature', 'animals', 'dogs', 'cats', 'gardening', 'diy', 'cars', 'motorcycles', 'gaming', 'technology', 'science', 'history', 'politics', 'languages', 'volunteering', 'spirituality', 'meditation', 'board_games', 'karaoke'));--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_status_known" CHECK ("profiles"."status" IN ('active', 'disabled'));--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_gender_known" CHECK ("profiles"."gender" IN ('male', 'female'));--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_sexuality_known" CHECK ("profiles"."sexuality" IN ('hetero', 'gay', 'lesbian', 'bi'));--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_hair_color_known" CHECK ("profiles"."hair_color" IN ('black', 'brown', 'blonde', 'red', 'grey', 'bald', 'other'));--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_eye_color_known" CHECK ("profiles"."eye_color" IN ('brown', 'blue', 'green', 'grey', 'hazel'));--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_body_type_known" CHECK ("profiles"."body_type" IN ('slim', 'athletic', 'average', 'curvy', 'muscular', 'large'));--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_relationship_status_known" CHECK ("profiles"."relationship_status" IN ('single', 'divorced', 'widowed', 'separated', 'in_relationship', 'married'));--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_tattoos_known" CHECK ("profiles"."tattoos" IN ('none', 'one', 'some', 'many'));--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_signup_reason_known" CHECK ("profiles"."signup_reason" IN ('relationship', 'friendship', 'dating', 'chat', 'adventure'));--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_looking_for_gender_known" CHECK ("profiles"."looking_for_gender" IN ('male', 'female', 'both'));--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_looking_for_min_age_range" CHECK ("profiles"."looking_for_min_age" BETWEEN 18 AND 99);--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_looking_for_max_age_range" CHECK ("profiles"."looking_for_max_age" BETWEEN 18 AND 99);--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_looking_for_ages_ordered" CHECK ("profiles"."looking_for_min_age" <= "profiles"."looking_for_max_age");--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_country_code" CHECK ("profiles"."country" ~ '^[A-Z]{2}$');--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_name_length" CHECK (char_length("profiles"."name") <= 30);--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_city_length" CHECK (char_length("profiles"."city") <= 100);--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_about_length" CHECK (char_length("profiles"."about") <= 2000);--> statement-breakpoint
ALTER TABLE "rate_limit_counters" ADD CONSTRAINT "rate_limit_counters_count_not_negative" CHECK ("rate_limit_counters"."count" >= 0);--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_status_known" CHECK ("reports"."status" IN ('open', 'closed'));--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reason_known" CHECK ("reports"."reason" IN ('fake_profile', 'inappropriate_photos', 'harassment', 'scam_spam', 'underage', 'other'));--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_text_length" CHECK (char_length("reports"."text") <= 1000);--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_domain_language_known" CHECK ("sites"."domain_language" IN ('en', 'nl', 'de', 'it', 'fr', 'es', 'pl'));--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_theme_color_hex" CHECK ("sites"."theme_color" ~ '^#[0-9a-fA-F]{6}$');--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_signups_word" CHECK ("sites"."signups" ~ '^[a-z][a-z_]{0,39}$');--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_logged_out_search_word" CHECK ("sites"."logged_out_search" ~ '^[a-z][a-z_]{0,39}$');--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_logged_out_search_trafficsource_word" CHECK ("sites"."logged_out_search_trafficsource" ~ '^[a-z][a-z_]{0,39}$');--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_enable_site_entry_popup_word" CHECK ("sites"."enable_site_entry_popup" ~ '^[a-z][a-z_]{0,39}$');--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_search_fields_known" CHECK (jsonb_typeof("sites"."search_fields") = 'array' AND "sites"."search_fields" <@ '["gender","country","countryregion","min_age","max_age"]'::jsonb);--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_message_credits_not_negative" CHECK ("sites"."message_credits" >= 0);--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_signup_credits_not_negative" CHECK ("sites"."signup_credits" >= 0);--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_photo_credits_not_negative" CHECK ("sites"."photo_credits" >= 0);--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_gift_credits_not_negative" CHECK ("sites"."gift_credits" >= 0);--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_refund_days_not_negative" CHECK ("sites"."refund_days" >= 0);--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_message_length_positive" CHECK ("sites"."message_length" > 0);--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_minimum_age_adult" CHECK ("sites"."minimum_age" >= 18);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_status_known" CHECK ("users"."status" IN ('not_confirmed', 'active', 'pending_deletion', 'erased'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_known" CHECK ("users"."language" IN ('en', 'nl', 'de', 'it', 'fr', 'es', 'pl'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_delete_reason_known" CHECK ("users"."delete_reason" IN ('price', 'found_someone', 'not_looking', 'site_problems', 'no_members', 'time', 'other'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_notifications_disabled_known" CHECK (jsonb_typeof("users"."notifications_disabled") = 'array' AND "users"."notifications_disabled" <@ '["fbl","bounce","listunsubscribe"]'::jsonb);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_email_length" CHECK (char_length("users"."email") <= 254);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_pending_email_length" CHECK (char_length("users"."pending_email") <= 254);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_delete_remarks_length" CHECK (char_length("users"."delete_remarks") <= 1000);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_signup_message_length" CHECK (char_length("users"."signup_message") <= 5000);