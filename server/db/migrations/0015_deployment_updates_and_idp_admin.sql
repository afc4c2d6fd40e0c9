ALTER TABLE "deployments" ADD COLUMN "target_version" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "idp_admin" boolean DEFAULT false NOT NULL;