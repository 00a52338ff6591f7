CREATE TABLE "direct_debit_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"details" jsonb NOT NULL,
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sends" integer DEFAULT 1 NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"payment_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "direct_debit_requests_attempts" CHECK ("direct_debit_requests"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "discount_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"site_id" integer,
	"country" text,
	"user_id" integer,
	"expires_at" timestamp with time zone,
	"value_percentage" integer NOT NULL,
	"currency" text,
	"minimum_order_value" integer,
	"status" text DEFAULT 'active' NOT NULL,
	"validity" text DEFAULT 'once-per-user' NOT NULL,
	"payment_methods" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"signup_window_seconds" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_code_upper" CHECK ("discount_codes"."code" = upper("discount_codes"."code") AND char_length("discount_codes"."code") BETWEEN 1 AND 40),
	CONSTRAINT "discount_codes_value_range" CHECK ("discount_codes"."value_percentage" BETWEEN 1 AND 100),
	CONSTRAINT "discount_codes_status_known" CHECK ("discount_codes"."status" IN ('active', 'inactive')),
	CONSTRAINT "discount_codes_validity_known" CHECK ("discount_codes"."validity" IN ('once-per-user', 'unlimited')),
	CONSTRAINT "discount_codes_methods_known" CHECK (jsonb_typeof("discount_codes"."payment_methods") = 'array' AND "discount_codes"."payment_methods" <@ '["sdd","prezelewy24","blik","sct","giropay","mastercard","visa","creditcard","cartebancaire","nexi","ideal","bancontact","applepay","paysafecard","maestro","paypal","sofort","eps"]'::jsonb),
	CONSTRAINT "discount_codes_minimum_positive" CHECK ("discount_codes"."minimum_order_value" IS NULL OR "discount_codes"."minimum_order_value" > 0),
	CONSTRAINT "discount_codes_window_positive" CHECK ("discount_codes"."signup_window_seconds" IS NULL OR "discount_codes"."signup_window_seconds" > 0)
);
--> statement-breakpoint
CREATE TABLE "discount_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"code_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"once_per_user" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"company_id" integer NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "invoice_counters_company_id_year_pk" PRIMARY KEY("company_id","year"),
	CONSTRAINT "invoice_counters_last_positive" CHECK ("invoice_counters"."last" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"provider_payment_id" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"processed_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"credits_taken" integer NOT NULL,
	"credits_spent" integer NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"staff_user_id" integer,
	"provider_refund_id" text,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_refunds_kind_known" CHECK ("payment_refunds"."kind" IN ('refund', 'chargeback')),
	CONSTRAINT "payment_refunds_amount_positive" CHECK ("payment_refunds"."amount" > 0),
	CONSTRAINT "payment_refunds_credits_taken" CHECK ("payment_refunds"."credits_taken" >= 0),
	CONSTRAINT "payment_refunds_credits_spent" CHECK ("payment_refunds"."credits_spent" >= 0),
	CONSTRAINT "payment_refunds_reason_length" CHECK (char_length("payment_refunds"."reason") <= 500)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"package_id" text NOT NULL,
	"credits" integer NOT NULL,
	"currency" text NOT NULL,
	"list_amount" integer NOT NULL,
	"discount_code_id" integer,
	"discount_percentage" integer DEFAULT 0 NOT NULL,
	"amount" integer NOT NULL,
	"method" text NOT NULL,
	"country" text NOT NULL,
	"provider" text NOT NULL,
	"provider_payment_id" text,
	"checkout_url" text,
	"status" text DEFAULT 'open' NOT NULL,
	"recurring" boolean DEFAULT false NOT NULL,
	"idempotency_key" text NOT NULL,
	"withdrawal_consent_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"invoice_number" text,
	"vat_rate_bp" integer,
	"vat_amount" integer,
	"receipt_sent_at" timestamp with time zone,
	"refunded_amount" integer DEFAULT 0 NOT NULL,
	"charged_back_at" timestamp with time zone,
	CONSTRAINT "payments_status_known" CHECK ("payments"."status" IN ('open', 'pending', 'paid', 'failed', 'cancelled', 'expired')),
	CONSTRAINT "payments_method_known" CHECK ("payments"."method" IN ('sdd', 'prezelewy24', 'blik', 'sct', 'giropay', 'mastercard', 'visa', 'creditcard', 'cartebancaire', 'nexi', 'ideal', 'bancontact', 'applepay', 'paysafecard', 'maestro', 'paypal', 'sofort', 'eps')),
	CONSTRAINT "payments_package_known" CHECK ("payments"."package_id" IN ('p0', 'p1', 'p2', 'p3')),
	CONSTRAINT "payments_credits_positive" CHECK ("payments"."credits" > 0),
	CONSTRAINT "payments_amount_not_negative" CHECK ("payments"."amount" >= 0),
	CONSTRAINT "payments_amount_not_above_list" CHECK ("payments"."amount" <= "payments"."list_amount"),
	CONSTRAINT "payments_discount_percentage_range" CHECK ("payments"."discount_percentage" BETWEEN 0 AND 100),
	CONSTRAINT "payments_refunded_range" CHECK ("payments"."refunded_amount" BETWEEN 0 AND "payments"."amount"),
	CONSTRAINT "payments_paid_fields" CHECK (("payments"."status" = 'paid') = ("payments"."paid_at" IS NOT NULL AND "payments"."invoice_number" IS NOT NULL)),
	CONSTRAINT "payments_currency_code" CHECK ("payments"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
CREATE TABLE "purchase_blocks" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"payment_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"lifted_at" timestamp with time zone,
	"lifted_by_staff_id" integer,
	CONSTRAINT "purchase_blocks_kind_known" CHECK ("purchase_blocks"."kind" IN ('card', 'direct_debit')),
	CONSTRAINT "purchase_blocks_reason_known" CHECK ("purchase_blocks"."reason" IN ('chargeback', 'staff'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"method" text NOT NULL,
	"description" text NOT NULL,
	"return_url" text NOT NULL,
	"webhook_url" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"refunded_amount" integer DEFAULT 0 NOT NULL,
	"charged_back" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_payments_status_known" CHECK ("sandbox_payments"."status" IN ('open', 'pending', 'paid', 'failed', 'cancelled', 'expired'))
);
--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "currency" text DEFAULT 'EUR' NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "credit_packages" jsonb DEFAULT '[{"id":"p0","credits":50,"amount":995,"popular":false},{"id":"p1","credits":120,"amount":1995,"popular":true},{"id":"p2","credits":300,"amount":3995,"popular":false},{"id":"p3","credits":800,"amount":8995,"popular":false}]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "payment_methods" jsonb DEFAULT '["sdd","prezelewy24","blik","sct","mastercard","visa","creditcard","cartebancaire","nexi","ideal","bancontact","applepay","paysafecard","maestro","paypal","eps"]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "direct_debit_limit" integer DEFAULT 15000 NOT NULL;--> statement-breakpoint
ALTER TABLE "direct_debit_requests" ADD CONSTRAINT "direct_debit_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_debit_requests" ADD CONSTRAINT "direct_debit_requests_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_code_id_discount_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."discount_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_counters" ADD CONSTRAINT "invoice_counters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_staff_user_id_staff_accounts_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_blocks" ADD CONSTRAINT "purchase_blocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_blocks" ADD CONSTRAINT "purchase_blocks_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_blocks" ADD CONSTRAINT "purchase_blocks_lifted_by_staff_id_staff_accounts_id_fk" FOREIGN KEY ("lifted_by_staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "direct_debit_requests_user_idx" ON "direct_debit_requests" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_code_unique" ON "discount_codes" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "discount_redemptions_payment_unique" ON "discount_redemptions" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "discount_redemptions_once_unique" ON "discount_redemptions" USING btree ("code_id","user_id") WHERE "discount_redemptions"."once_per_user";--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_provider_event_unique" ON "payment_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE INDEX "payment_events_unprocessed_idx" ON "payment_events" USING btree ("received_at") WHERE "payment_events"."processed_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_key_unique" ON "payment_refunds" USING btree ("payment_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "payment_refunds_payment_idx" ON "payment_refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_user_key_unique" ON "payments" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_id_unique" ON "payments" USING btree ("provider","provider_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_invoice_number_unique" ON "payments" USING btree ("invoice_number");--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "payments_paid_idx" ON "payments" USING btree ("paid_at") WHERE "payments"."paid_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "payments_site_created_idx" ON "payments" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_receipt_outbox_idx" ON "payments" USING btree ("paid_at") WHERE "payments"."status" = 'paid' AND "payments"."receipt_sent_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_blocks_open_unique" ON "purchase_blocks" USING btree ("user_id","kind") WHERE "purchase_blocks"."lifted_at" IS NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_currency_code" CHECK ("sites"."currency" ~ '^[A-Z]{3}$');--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_payment_methods_known" CHECK (jsonb_typeof("sites"."payment_methods") = 'array' AND "sites"."payment_methods" <@ '["sdd","prezelewy24","blik","sct","giropay","mastercard","visa","creditcard","cartebancaire","nexi","ideal","bancontact","applepay","paysafecard","maestro","paypal","sofort","eps"]'::jsonb);--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_credit_packages_array" CHECK (jsonb_typeof("sites"."credit_packages") = 'array' AND jsonb_array_length("sites"."credit_packages") = 4);--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_direct_debit_limit_not_negative" CHECK ("sites"."direct_debit_limit" >= 0);--> statement-breakpoint
-- The welcome discount (spec section 9): TIMEBONUS25, 25 percent, once per member, within 4 hours of signup, on every site.
INSERT INTO "discount_codes" ("code", "value_percentage", "status", "validity", "signup_window_seconds") VALUES ('TIMEBONUS25', 25, 'active', 'once-per-user', 14400) ON CONFLICT ("code") DO NOTHING;
