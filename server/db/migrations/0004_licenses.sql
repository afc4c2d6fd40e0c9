CREATE TABLE "licenses" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"email" text NOT NULL,
	"type" text NOT NULL,
	"organization_name" text NOT NULL,
	"users_limit" integer,
	"gpus_limit" integer,
	"support_level" text DEFAULT 'none' NOT NULL,
	"status" text NOT NULL,
	"payment_status" text NOT NULL,
	"license_key" text,
	"key_hash" text,
	"duration_weeks" integer,
	"perpetual" integer DEFAULT 0 NOT NULL,
	"activated_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"created_by_admin" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "licenses_user" ON "licenses" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "licenses_email" ON "licenses" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "licenses_key_hash" ON "licenses" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "licenses_created" ON "licenses" USING btree ("created_at");