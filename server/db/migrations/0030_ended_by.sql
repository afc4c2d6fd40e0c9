ALTER TABLE "api_keys" ADD COLUMN "revoked_by" text;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "revoke_reason" text;--> statement-breakpoint
ALTER TABLE "licenses" ADD COLUMN "hidden_by" text;