ALTER TABLE "item_stats" ADD COLUMN "residual" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "item_stats" ADD COLUMN "information" double precision DEFAULT 0 NOT NULL;