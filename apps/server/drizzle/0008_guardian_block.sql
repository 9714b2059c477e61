CREATE TABLE "guardian_block" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"learner_id" text NOT NULL,
	"guardian_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guardian_block_pair_unique" UNIQUE("learner_id","guardian_id")
);
--> statement-breakpoint
ALTER TABLE "guardian_block" ADD CONSTRAINT "guardian_block_learner_id_user_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardian_block" ADD CONSTRAINT "guardian_block_guardian_id_user_id_fk" FOREIGN KEY ("guardian_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guardian_block_guardian_idx" ON "guardian_block" USING btree ("guardian_id");