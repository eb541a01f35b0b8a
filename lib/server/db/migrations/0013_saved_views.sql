-- Saved views and chosen columns (issue 27): per user and list. A view is its URL state (the query
-- string of the list page, page left out); at most one default per user and list.
CREATE TABLE "saved_views" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "list_key" text NOT NULL,
  "name" text NOT NULL,
  "query" text NOT NULL,
  "is_default" boolean DEFAULT false NOT NULL,
  "version" integer DEFAULT 1 NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "saved_views_name_key" ON "saved_views" USING btree ("user_id", "list_key", lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "saved_views_default_key" ON "saved_views" USING btree ("user_id", "list_key") WHERE "is_default";--> statement-breakpoint
-- The columns a person hid in a list (the descriptors' stable column keys); no row: all shown.
CREATE TABLE "list_columns" (
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "list_key" text NOT NULL,
  "hidden" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "list_columns_pkey" PRIMARY KEY ("user_id", "list_key")
);
