CREATE TABLE "favourite_alert_mails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favourites" (
	"user_id" text NOT NULL,
	"product_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"saved_price_cents" integer NOT NULL,
	"told_price_cents" integer NOT NULL,
	"sold_soon_emailed_at" timestamp with time zone,
	CONSTRAINT "favourites_user_id_product_id_pk" PRIMARY KEY("user_id","product_id"),
	CONSTRAINT "favourites_saved_price_positive" CHECK ("favourites"."saved_price_cents" > 0),
	CONSTRAINT "favourites_told_price_positive" CHECK ("favourites"."told_price_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "favourite_emails" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "favourite_alert_mails" ADD CONSTRAINT "favourite_alert_mails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "favourite_alert_mails_user_sent_idx" ON "favourite_alert_mails" USING btree ("user_id","sent_at");--> statement-breakpoint
CREATE INDEX "favourites_user_created_idx" ON "favourites" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "favourites_product_idx" ON "favourites" USING btree ("product_id");