ALTER TABLE "photo_verifications" DROP CONSTRAINT "photo_verifications_photo_when_submitted";--> statement-breakpoint
ALTER TABLE "photo_verifications" ADD COLUMN "photo_deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "photo_verifications" ADD COLUMN "lapsed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "photo_verifications" ADD CONSTRAINT "photo_verifications_photo_when_submitted" CHECK ("photo_verifications"."status" = 'awaiting-photo' or "photo_verifications"."photo_key" is not null or "photo_verifications"."photo_deleted_at" is not null);--> statement-breakpoint
-- Approvals that lapsed before this have no lapse time: counted from now, each is kept the full time.
UPDATE "photo_verifications" SET "lapsed_at" = now() WHERE "status" = 'lapsed';
