ALTER TABLE "saved_searches" ADD COLUMN "device_specs" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "serial_checked" boolean DEFAULT false NOT NULL;