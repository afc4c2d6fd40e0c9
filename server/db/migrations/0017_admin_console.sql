CREATE TABLE "admin_alert_conditions" (
	"user_id" uuid NOT NULL,
	"condition_key" text NOT NULL,
	"active" boolean NOT NULL,
	"episode" integer NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "admin_alert_conditions_user_id_condition_key_pk" PRIMARY KEY("user_id","condition_key")
);
--> statement-breakpoint
CREATE TABLE "admin_alert_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"enabled" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"email" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"transfer_pending_days" integer DEFAULT 3 NOT NULL,
	"minor_versions_behind" integer DEFAULT 2 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_ins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"session_id" text NOT NULL,
	"ip_address" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "licenses" ADD COLUMN "renewed_by" text;--> statement-breakpoint
ALTER TABLE "admin_alert_conditions" ADD CONSTRAINT "admin_alert_conditions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_alert_preferences" ADD CONSTRAINT "admin_alert_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_ins" ADD CONSTRAINT "sign_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sign_ins_user_session" ON "sign_ins" USING btree ("user_id","session_id");--> statement-breakpoint
CREATE INDEX "sign_ins_user_at" ON "sign_ins" USING btree ("user_id","at");