CREATE TABLE "discount_reservations" (
	"code_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"held_until" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "discount_reservations_code_id_user_id_pk" PRIMARY KEY("code_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "discount_valid_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "discount_reservations" ADD CONSTRAINT "discount_reservations_code_id_discount_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."discount_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_reservations" ADD CONSTRAINT "discount_reservations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discount_reservations_payment_unique" ON "discount_reservations" USING btree ("payment_id");--> statement-breakpoint
-- Orders already under way keep their discount: per member and once-per-user code, the paid order,
-- else the pending one, else the newest open one holds it (an open one for the payment window's 30 minutes).
INSERT INTO "discount_reservations" ("code_id", "user_id", "payment_id", "held_until", "created_at")
SELECT DISTINCT ON (p."discount_code_id", p."user_id") p."discount_code_id", p."user_id", p."id",
  CASE WHEN p."status" = 'open' THEN p."created_at" + interval '30 minutes' END, p."created_at"
FROM "payments" p JOIN "discount_codes" c ON c."id" = p."discount_code_id"
WHERE c."validity" = 'once-per-user' AND p."status" IN ('open', 'pending', 'paid')
ORDER BY p."discount_code_id", p."user_id", (p."status" = 'paid') DESC, (p."status" = 'pending') DESC, p."id" DESC;
