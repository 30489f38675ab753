CREATE TABLE "disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"opened_by" text NOT NULL,
	"reason" text NOT NULL,
	"details" text NOT NULL,
	"photos" text[] DEFAULT '{}'::text[] NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	"settled_by" text,
	"outcome" text,
	"refund_cents" integer,
	"settlement_note" text,
	CONSTRAINT "disputes_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "disputes_reason_known" CHECK ("disputes"."reason" in ('not-as-described', 'does-not-work', 'locked', 'missing-parts', 'no-show', 'other')),
	CONSTRAINT "disputes_settled_whole" CHECK (("disputes"."settled_at" is null and "disputes"."outcome" is null and "disputes"."settled_by" is null)
        or ("disputes"."settled_at" is not null and "disputes"."outcome" in ('refund', 'refund-part', 'release')
          and "disputes"."refund_cents" is not null and "disputes"."refund_cents" >= 0))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fee_bps" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "handover_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "release_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "release_reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "released_by" text;--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD COLUMN "refunded_cents" integer;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_settled_by_users_id_fk" FOREIGN KEY ("settled_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "disputes_open_idx" ON "disputes" USING btree ("opened_at") WHERE "disputes"."settled_at" is null;--> statement-breakpoint
CREATE INDEX "orders_release_due_idx" ON "orders" USING btree ("release_due_at") WHERE "orders"."paid" and "orders"."completed_at" is null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_released_by_known" CHECK ("orders"."released_by" is null or "orders"."released_by" in ('handover-code', 'buyer', 'automatic', 'dispute'));--> statement-breakpoint
-- Deals paid before protected payments: no fee was promised, and the money is released
-- by the automatic release (due three days after the payment, most of them long past).
UPDATE "orders" SET
  "fee_bps" = 0,
  "handover_code" = lpad(floor(random() * 1000000)::int::text, 6, '0'),
  "release_due_at" = coalesce("paid_at", "created_at") + interval '72 hours'
WHERE "paid";
