CREATE TABLE "photo_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"seller_id" text NOT NULL,
	"code" text NOT NULL,
	"status" text DEFAULT 'awaiting-photo' NOT NULL,
	"photo_key" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"reject_reason" text,
	CONSTRAINT "photo_verifications_status_known" CHECK ("photo_verifications"."status" in ('awaiting-photo', 'waiting-for-review', 'approved', 'rejected', 'lapsed')),
	CONSTRAINT "photo_verifications_photo_when_submitted" CHECK ("photo_verifications"."status" = 'awaiting-photo' or "photo_verifications"."photo_key" is not null)
);
--> statement-breakpoint
ALTER TABLE "photo_verifications" ADD CONSTRAINT "photo_verifications_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_verifications" ADD CONSTRAINT "photo_verifications_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_verifications" ADD CONSTRAINT "photo_verifications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "photo_verifications_one_open_idx" ON "photo_verifications" USING btree ("product_id") WHERE "photo_verifications"."status" in ('awaiting-photo', 'waiting-for-review');--> statement-breakpoint
CREATE INDEX "photo_verifications_product_idx" ON "photo_verifications" USING btree ("product_id","requested_at");--> statement-breakpoint
CREATE INDEX "photo_verifications_waiting_idx" ON "photo_verifications" USING btree ("submitted_at") WHERE "photo_verifications"."status" = 'waiting-for-review';