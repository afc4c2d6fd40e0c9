CREATE TABLE "installation_days" (
	"day" text NOT NULL,
	"installation_key" text NOT NULL,
	CONSTRAINT "installation_days_day_installation_key_pk" PRIMARY KEY("day","installation_key")
);
--> statement-breakpoint
CREATE TABLE "installations" (
	"key" text PRIMARY KEY NOT NULL,
	"deployment_id" text NOT NULL,
	"ip_address" text NOT NULL,
	"country" text,
	"country_name" text,
	"city" text,
	"version" text NOT NULL,
	"edition" text,
	"apps_count" integer NOT NULL,
	"users_count" integer NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"license_id" text,
	"license_user_email" text,
	"organization_name" text,
	"instance_user_email" text,
	"is_managed" integer DEFAULT 0 NOT NULL,
	"ping_count" integer DEFAULT 1 NOT NULL,
	"first_seen" timestamp with time zone NOT NULL,
	"last_ping" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ping_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ping_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"installation_key" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"version" text NOT NULL,
	"apps_count" integer NOT NULL,
	"users_count" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "installations_last_ping" ON "installations" USING btree ("last_ping","key");--> statement-breakpoint
CREATE INDEX "installations_version" ON "installations" USING btree ("version");--> statement-breakpoint
CREATE INDEX "installations_country" ON "installations" USING btree ("country");--> statement-breakpoint
CREATE INDEX "ping_history_installation" ON "ping_history" USING btree ("installation_key","at");--> statement-breakpoint
CREATE INDEX "ping_history_at" ON "ping_history" USING btree ("at");