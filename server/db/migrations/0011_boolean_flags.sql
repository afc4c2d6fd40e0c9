ALTER TABLE "installations" ALTER COLUMN "is_managed" DROP DEFAULT;
--> statement-breakpoint
ALTER TABLE "installations" ALTER COLUMN "is_managed" SET DATA TYPE boolean USING "is_managed" <> 0;
--> statement-breakpoint
ALTER TABLE "installations" ALTER COLUMN "is_managed" SET DEFAULT false;
--> statement-breakpoint
ALTER TABLE "licenses" ALTER COLUMN "perpetual" DROP DEFAULT;
--> statement-breakpoint
ALTER TABLE "licenses" ALTER COLUMN "perpetual" SET DATA TYPE boolean USING "perpetual" <> 0;
--> statement-breakpoint
ALTER TABLE "licenses" ALTER COLUMN "perpetual" SET DEFAULT false;
--> statement-breakpoint
ALTER TABLE "test_artifacts" ALTER COLUMN "conversation_log" DROP DEFAULT;
--> statement-breakpoint
ALTER TABLE "test_artifacts" ALTER COLUMN "conversation_log" SET DATA TYPE boolean USING "conversation_log" <> 0;
--> statement-breakpoint
ALTER TABLE "test_artifacts" ALTER COLUMN "conversation_log" SET DEFAULT false;
