CREATE TABLE "tutor_conversation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"learner_id" text NOT NULL,
	"title" text,
	"quiz_id" uuid,
	"position" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tutor_message" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"conversation_id" uuid NOT NULL,
	"role" text NOT NULL,
	"text" text NOT NULL,
	"status" text DEFAULT 'complete' NOT NULL,
	"engine" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tutor_conversation" ADD CONSTRAINT "tutor_conversation_learner_id_user_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tutor_conversation" ADD CONSTRAINT "tutor_conversation_quiz_id_quiz_session_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quiz_session"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tutor_message" ADD CONSTRAINT "tutor_message_conversation_id_tutor_conversation_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."tutor_conversation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tutor_conversation_learner_idx" ON "tutor_conversation" USING btree ("learner_id","updated_at");--> statement-breakpoint
CREATE INDEX "tutor_message_conversation_idx" ON "tutor_message" USING btree ("conversation_id","seq");