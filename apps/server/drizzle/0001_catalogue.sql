CREATE TABLE "course" (
	"key" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"subject" text NOT NULL,
	"sort_order" smallint NOT NULL,
	"source" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item" (
	"id" text NOT NULL,
	"version" text NOT NULL,
	"course_key" text NOT NULL,
	"skill_id" text NOT NULL,
	"kind" text NOT NULL,
	"prompt" text NOT NULL,
	"choices" jsonb,
	"answer" text NOT NULL,
	"answer_form" jsonb,
	"explanation" text NOT NULL,
	"passage_id" text,
	"passage_version" text,
	"difficulty" smallint NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone,
	CONSTRAINT "item_id_version_pk" PRIMARY KEY("id","version")
);
--> statement-breakpoint
CREATE TABLE "item_stats" (
	"item_id" text PRIMARY KEY NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"correct" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "passage" (
	"id" text NOT NULL,
	"version" text NOT NULL,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"retired_at" timestamp with time zone,
	CONSTRAINT "passage_id_version_pk" PRIMARY KEY("id","version")
);
--> statement-breakpoint
CREATE TABLE "skill" (
	"id" text NOT NULL,
	"course_key" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"grade_from" smallint NOT NULL,
	"grade_to" smallint NOT NULL,
	"prerequisites" jsonb NOT NULL,
	"sort_order" smallint NOT NULL,
	CONSTRAINT "skill_course_key_id_pk" PRIMARY KEY("course_key","id")
);
--> statement-breakpoint
ALTER TABLE "item" ADD CONSTRAINT "item_course_key_course_key_fk" FOREIGN KEY ("course_key") REFERENCES "public"."course"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill" ADD CONSTRAINT "skill_course_key_course_key_fk" FOREIGN KEY ("course_key") REFERENCES "public"."course"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_course_skill_live_idx" ON "item" USING btree ("course_key","skill_id") WHERE "item"."retired_at" is null;