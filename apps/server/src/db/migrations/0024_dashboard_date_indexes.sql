CREATE INDEX "member_active_days_day_idx" ON "member_active_days" USING btree ("day");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "users_activated_idx" ON "users" USING btree ("activated_at") WHERE "users"."activated_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "credit_entries_spent_created_idx" ON "credit_entries" USING btree ("created_at") WHERE "credit_entries"."amount" < 0;--> statement-breakpoint
CREATE INDEX "payment_refunds_created_idx" ON "payment_refunds" USING btree ("created_at");