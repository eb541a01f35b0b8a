-- Issue 27: the interface's colour theme each user chose (light, dark, or the system's preference).
ALTER TABLE "users" ADD COLUMN "theme" text DEFAULT 'system' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_theme_check" CHECK ("theme" IN ('light', 'dark', 'system'));
