-- The global search (issue 27) matches a document by its title and its current file name. The title
-- is stored folded (0012); the file name was folded as read — `search_fold()` lower-cases through
-- ICU, ~28 µs a row on PGlite, so every search paid it once per document (0.5 ms at 17 documents,
-- and linearly more). Now it is stored folded too, like the other searched columns.
ALTER TABLE "document_versions" ADD COLUMN IF NOT EXISTS "search_file_name" text COLLATE "C" GENERATED ALWAYS AS (search_fold("file_name")) STORED;
