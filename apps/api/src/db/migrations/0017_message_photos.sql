ALTER TABLE "messages" DROP CONSTRAINT "messages_body_length";--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "image" text;--> statement-breakpoint
CREATE INDEX "messages_image_idx" ON "messages" USING btree ("image") WHERE "messages"."image" is not null;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_body_length" CHECK (char_length("messages"."body") <= 2000 and (char_length("messages"."body") >= 1 or "messages"."image" is not null));