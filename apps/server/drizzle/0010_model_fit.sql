CREATE TABLE "job_lease" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "model_fit" (
	"version" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "model_fit_version_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer NOT NULL,
	"parameters" jsonb NOT NULL,
	"item_priors" jsonb NOT NULL,
	"fit_ms" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "item_stats" ADD COLUMN "prior_difficulty" double precision;--> statement-breakpoint
ALTER TABLE "attempt" ADD COLUMN "model_version" integer;