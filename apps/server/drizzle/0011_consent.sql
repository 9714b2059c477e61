CREATE TABLE "access_event" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"learner_id" text NOT NULL,
	"actor_id" text,
	"actor_role" text NOT NULL,
	"actor_name" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parental_consent" (
	"learner_id" text PRIMARY KEY NOT NULL,
	"birth_year" smallint NOT NULL,
	"birth_month" smallint NOT NULL,
	"status" text NOT NULL,
	"parent_email" text,
	"token_hash" text,
	"requested_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"parent_id" text,
	"notice_version" text,
	"method" text,
	"granted_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parental_consent_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "safety_alert" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"learner_id" text NOT NULL,
	"message_id" uuid NOT NULL,
	"category" text NOT NULL,
	"severity" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "safety_alert_message_id_unique" UNIQUE("message_id")
);
--> statement-breakpoint
ALTER TABLE "access_event" ADD CONSTRAINT "access_event_learner_id_user_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_event" ADD CONSTRAINT "access_event_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parental_consent" ADD CONSTRAINT "parental_consent_learner_id_user_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parental_consent" ADD CONSTRAINT "parental_consent_parent_id_user_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_alert" ADD CONSTRAINT "safety_alert_learner_id_user_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_alert" ADD CONSTRAINT "safety_alert_message_id_tutor_message_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."tutor_message"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_event_learner_idx" ON "access_event" USING btree ("learner_id","created_at");--> statement-breakpoint
CREATE INDEX "parental_consent_due_idx" ON "parental_consent" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "parental_consent_parent_idx" ON "parental_consent" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "safety_alert_learner_idx" ON "safety_alert" USING btree ("learner_id","created_at");