CREATE TABLE "signed_out_sessions" (
	"session_key" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "signed_out_sessions" ADD CONSTRAINT "signed_out_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signed_out_sessions_until" ON "signed_out_sessions" USING btree ("until");