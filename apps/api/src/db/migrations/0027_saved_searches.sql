CREATE TABLE "saved_search_mails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_search_matches" (
	"saved_search_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"matched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	"mail_id" uuid,
	CONSTRAINT "saved_search_matches_saved_search_id_product_id_pk" PRIMARY KEY("saved_search_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"params" text NOT NULL,
	"query" text DEFAULT '' NOT NULL,
	"words" text[] DEFAULT '{}' NOT NULL,
	"anchor" text,
	"category_id" uuid,
	"condition_type" text,
	"min_price_cents" integer,
	"max_price_cents" integer,
	"location_pattern" text,
	"max_years" integer,
	"ram_min" integer,
	"storage_min" integer,
	"storage_type" text,
	"screen_min" numeric,
	"screen_max" numeric,
	"battery_min" integer,
	"cpu_family" text,
	"frequency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unsubscribed_at" timestamp with time zone,
	"last_digest_at" timestamp with time zone,
	"alerted_until" timestamp with time zone,
	CONSTRAINT "saved_searches_frequency_check" CHECK ("saved_searches"."frequency" in ('instant', 'daily')),
	CONSTRAINT "saved_searches_anchor_check" CHECK (("saved_searches"."anchor" is null) = (cardinality("saved_searches"."words") = 0))
);
--> statement-breakpoint
ALTER TABLE "saved_search_mails" ADD CONSTRAINT "saved_search_mails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_matches" ADD CONSTRAINT "saved_search_matches_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_matches" ADD CONSTRAINT "saved_search_matches_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_matches" ADD CONSTRAINT "saved_search_matches_mail_id_saved_search_mails_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."saved_search_mails"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_search_mails_user_sent_idx" ON "saved_search_mails" USING btree ("user_id","sent_at");--> statement-breakpoint
CREATE INDEX "saved_search_matches_pending_idx" ON "saved_search_matches" USING btree ("user_id","matched_at") WHERE "saved_search_matches"."settled_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_searches_user_params_idx" ON "saved_searches" USING btree ("user_id","params");--> statement-breakpoint
CREATE INDEX "saved_searches_anchor_idx" ON "saved_searches" USING btree ("anchor","category_id");