CREATE TABLE "attempt" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quiz_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"learner_id" text NOT NULL,
	"course_key" text NOT NULL,
	"item_id" text NOT NULL,
	"item_version" text NOT NULL,
	"skill_id" text NOT NULL,
	"answer" text NOT NULL,
	"correct" boolean NOT NULL,
	"predicted" real NOT NULL,
	"mastery_before" real NOT NULL,
	"mastery_after" real NOT NULL,
	"band_after" text NOT NULL,
	"response_ms" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attempt_quiz_position_unique" UNIQUE("quiz_id","position")
);
--> statement-breakpoint
CREATE TABLE "enrolment" (
	"learner_id" text NOT NULL,
	"course_key" text NOT NULL,
	"enrolled_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enrolment_learner_id_course_key_pk" PRIMARY KEY("learner_id","course_key")
);
--> statement-breakpoint
CREATE TABLE "learner_course_state" (
	"learner_id" text NOT NULL,
	"course_key" text NOT NULL,
	"model_state" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "learner_course_state_learner_id_course_key_pk" PRIMARY KEY("learner_id","course_key")
);
--> statement-breakpoint
CREATE TABLE "quiz_question" (
	"quiz_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"item_id" text NOT NULL,
	"item_version" text NOT NULL,
	"skill_id" text NOT NULL,
	"reason" text NOT NULL,
	"predicted" real NOT NULL,
	"served_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quiz_question_quiz_id_position_pk" PRIMARY KEY("quiz_id","position")
);
--> statement-breakpoint
CREATE TABLE "quiz_session" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"learner_id" text NOT NULL,
	"course_key" text NOT NULL,
	"length" smallint NOT NULL,
	"answered" smallint DEFAULT 0 NOT NULL,
	"score" smallint DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "skill_state" (
	"learner_id" text NOT NULL,
	"course_key" text NOT NULL,
	"skill_id" text NOT NULL,
	"model_state" jsonb NOT NULL,
	"mastery" real NOT NULL,
	"band" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"correct" integer DEFAULT 0 NOT NULL,
	"last_practised_at" timestamp with time zone NOT NULL,
	"next_review_at" timestamp with time zone,
	CONSTRAINT "skill_state_learner_id_course_key_skill_id_pk" PRIMARY KEY("learner_id","course_key","skill_id")
);
--> statement-breakpoint
ALTER TABLE "attempt" ADD CONSTRAINT "attempt_quiz_id_quiz_session_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quiz_session"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempt" ADD CONSTRAINT "attempt_learner_id_user_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempt" ADD CONSTRAINT "attempt_course_key_course_key_fk" FOREIGN KEY ("course_key") REFERENCES "public"."course"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolment" ADD CONSTRAINT "enrolment_learner_id_user_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolment" ADD CONSTRAINT "enrolment_course_key_course_key_fk" FOREIGN KEY ("course_key") REFERENCES "public"."course"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_course_state" ADD CONSTRAINT "learner_course_state_learner_id_user_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_course_state" ADD CONSTRAINT "learner_course_state_course_key_course_key_fk" FOREIGN KEY ("course_key") REFERENCES "public"."course"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_question" ADD CONSTRAINT "quiz_question_quiz_id_quiz_session_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quiz_session"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_session" ADD CONSTRAINT "quiz_session_learner_id_user_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_session" ADD CONSTRAINT "quiz_session_course_key_course_key_fk" FOREIGN KEY ("course_key") REFERENCES "public"."course"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill_state" ADD CONSTRAINT "skill_state_learner_id_user_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill_state" ADD CONSTRAINT "skill_state_course_key_course_key_fk" FOREIGN KEY ("course_key") REFERENCES "public"."course"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attempt_learner_course_idx" ON "attempt" USING btree ("learner_id","course_key","created_at");--> statement-breakpoint
CREATE INDEX "quiz_session_learner_course_idx" ON "quiz_session" USING btree ("learner_id","course_key","started_at");