CREATE TABLE "operator_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"conversation_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"message_id" bigint NOT NULL,
	"waited_since" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone NOT NULL,
	CONSTRAINT "operator_answers_waited_before_answer" CHECK ("operator_answers"."waited_since" <= "operator_answers"."answered_at")
);
--> statement-breakpoint
CREATE TABLE "operator_claims" (
	"conversation_id" integer PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operator_notes" (
	"fictional_profile_id" integer NOT NULL,
	"member_profile_id" integer NOT NULL,
	"body" text NOT NULL,
	"updated_by_staff_id" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "operator_notes_fictional_profile_id_member_profile_id_pk" PRIMARY KEY("fictional_profile_id","member_profile_id"),
	CONSTRAINT "operator_notes_body_length" CHECK (char_length("operator_notes"."body") <= 4000)
);
--> statement-breakpoint
CREATE TABLE "vulnerable_members" (
	"member_profile_id" integer PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"signals" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"marked_by_staff_id" integer,
	"flagged_at" timestamp with time zone NOT NULL,
	CONSTRAINT "vulnerable_members_signals_known" CHECK (jsonb_typeof("vulnerable_members"."signals") = 'array' AND "vulnerable_members"."signals" <@ '["money_trouble","lonely","spending_too_much"]'::jsonb)
);
--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "honest_answer" jsonb DEFAULT '{"en":"I’m a fictional profile, written by the staff of this site – not a real person, so we can’t meet. I’m happy to keep chatting if you like.","nl":"Ik ben een fictief profiel, geschreven door medewerkers van deze site – geen echt persoon, dus we kunnen elkaar niet ontmoeten. Ik chat graag verder als je wilt.","de":"Ich bin ein fiktives Profil, geschrieben vom Team dieser Seite – keine echte Person, deshalb können wir uns nicht treffen. Wenn du magst, schreibe ich gern weiter mit dir.","it":"Sono un profilo fittizio, scritto dallo staff di questo sito: non una persona reale, quindi non possiamo incontrarci. Se ti va, continuo volentieri a chattare con te.","fr":"Je suis un profil fictif, rédigé par l’équipe de ce site : pas une vraie personne, nous ne pouvons donc pas nous rencontrer. Si tu veux, je continue volontiers à discuter avec toi.","es":"Soy un perfil ficticio, escrito por el equipo de este sitio: no una persona real, así que no podemos quedar. Si quieres, sigo charlando contigo con gusto.","pl":"Jestem fikcyjnym profilem prowadzonym przez zespół tej strony – nie prawdziwą osobą, więc nie możemy się spotkać. Jeśli chcesz, chętnie porozmawiam dalej."}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "spending_reminder" jsonb DEFAULT '{"en":"Chatting here costs credits. Only spend what you can easily afford. You can see everything you have bought under Settings › Orders and receipts, and our support team is happy to help if you want to take a break or close your account.","nl":"Chatten kost hier credits. Geef alleen uit wat je makkelijk kunt missen. Onder Instellingen › Bestellingen en bonnen zie je alles wat je hebt gekocht, en onze klantenservice helpt je graag als je een pauze wilt nemen of je account wilt sluiten.","de":"Chatten kostet hier Credits. Gib nur aus, was du dir problemlos leisten kannst. Unter Einstellungen › Bestellungen und Belege siehst du alles, was du gekauft hast, und unser Support hilft dir gern, wenn du eine Pause einlegen oder dein Konto schließen möchtest.","it":"Chattare qui costa crediti. Spendi solo ciò che puoi permetterti senza problemi. In Impostazioni › Ordini e ricevute trovi tutto ciò che hai acquistato, e il nostro supporto ti aiuta volentieri se vuoi prenderti una pausa o chiudere il tuo account.","fr":"Discuter ici coûte des crédits. Ne dépense que ce que tu peux te permettre sans difficulté. Tu retrouves tous tes achats dans Paramètres › Commandes et reçus, et notre assistance t’aide volontiers si tu veux faire une pause ou fermer ton compte.","es":"Chatear aquí cuesta créditos. Gasta solo lo que te puedas permitir sin problemas. En Ajustes › Pedidos y recibos ves todo lo que has comprado, y nuestro equipo de soporte te ayuda con gusto si quieres tomarte un descanso o cerrar tu cuenta.","pl":"Czatowanie kosztuje tu kredyty. Wydawaj tylko tyle, na ile możesz sobie spokojnie pozwolić. W Ustawieniach › Zamówienia i potwierdzenia znajdziesz wszystkie swoje zakupy, a nasz zespół wsparcia chętnie pomoże, jeśli chcesz zrobić sobie przerwę lub zamknąć konto."}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "operator_claim_idle_minutes" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "operator_answers" ADD CONSTRAINT "operator_answers_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_answers" ADD CONSTRAINT "operator_answers_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_claims" ADD CONSTRAINT "operator_claims_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_claims" ADD CONSTRAINT "operator_claims_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_notes" ADD CONSTRAINT "operator_notes_fictional_profile_id_profiles_id_fk" FOREIGN KEY ("fictional_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_notes" ADD CONSTRAINT "operator_notes_member_profile_id_profiles_id_fk" FOREIGN KEY ("member_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_notes" ADD CONSTRAINT "operator_notes_updated_by_staff_id_staff_accounts_id_fk" FOREIGN KEY ("updated_by_staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vulnerable_members" ADD CONSTRAINT "vulnerable_members_member_profile_id_profiles_id_fk" FOREIGN KEY ("member_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vulnerable_members" ADD CONSTRAINT "vulnerable_members_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vulnerable_members" ADD CONSTRAINT "vulnerable_members_marked_by_staff_id_staff_accounts_id_fk" FOREIGN KEY ("marked_by_staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "operator_answers_message_unique" ON "operator_answers" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "operator_answers_answered_idx" ON "operator_answers" USING btree ("answered_at");--> statement-breakpoint
CREATE INDEX "operator_answers_site_answered_idx" ON "operator_answers" USING btree ("site_id","answered_at");--> statement-breakpoint
CREATE INDEX "operator_answers_conversation_idx" ON "operator_answers" USING btree ("conversation_id","answered_at");--> statement-breakpoint
CREATE INDEX "operator_claims_staff_idx" ON "operator_claims" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "conversations_site_awaiting_staff_idx" ON "conversations" USING btree ("site_id","awaiting_staff_since","id") WHERE "conversations"."awaiting_staff_since" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_operator_claim_idle_minutes_range" CHECK ("sites"."operator_claim_idle_minutes" BETWEEN 1 AND 120);