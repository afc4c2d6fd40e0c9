ALTER TABLE "licenses" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "licenses" ADD COLUMN "revoke_reason" text;--> statement-breakpoint
ALTER TABLE "licenses" ADD COLUMN "replaced_by" text;