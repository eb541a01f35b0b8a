-- German order for names (DIN 5007-1: ä as a, ö as o, ü as u, ß as ss; case and accents only
-- between otherwise equal names): the columns lists and CSV exports sort by compare with ICU's root
-- collation, which PostgreSQL built with ICU (Debian, the official images) and PGlite both have.
-- Their indexes are rebuilt with it, so a sorted page is still read from an index.
ALTER TABLE "accounts" ALTER COLUMN "name" SET DATA TYPE text COLLATE "und-x-icu";--> statement-breakpoint
ALTER TABLE "accounts" ALTER COLUMN "city" SET DATA TYPE text COLLATE "und-x-icu";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "first_name" SET DATA TYPE text COLLATE "und-x-icu";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "last_name" SET DATA TYPE text COLLATE "und-x-icu";
