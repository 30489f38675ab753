ALTER TABLE "refunds" ADD COLUMN "provider_refunded_at" timestamp with time zone;--> statement-breakpoint
-- Refunds so far were written only after the provider had answered.
UPDATE "refunds" SET "provider_refunded_at" = "created_at";
