-- Issue 45: the global search matched a document by `search_title || ' ' || search_file_name` across a
-- join with its current version, an expression no index holds: every search read every document in
-- reach and joined it to its versions (976 ms of a 1,053 ms "Mueller Bremen" at the scale seed's
-- 20,000 documents, all of it on the event loop with the embedded database). The current version's
-- folded file name now lives on the document as well, kept by triggers whichever row is written first
-- (a new document before its first version, a new version before `current_version` moves), and a
-- trigram index holds the searched text.
ALTER TABLE "documents" ADD COLUMN "search_file_name" text COLLATE "C";--> statement-breakpoint
UPDATE "documents" d SET "search_file_name" = v."search_file_name"
  FROM "document_versions" v
  WHERE v."document_id" = d."id" AND v."number" = d."current_version";--> statement-breakpoint
CREATE FUNCTION documents_current_file_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."search_file_name" := (
    SELECT v."search_file_name" FROM "document_versions" v
    WHERE v."document_id" = NEW."id" AND v."number" = NEW."current_version"
  );
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "documents_current_file_name" BEFORE INSERT OR UPDATE OF "current_version" ON "documents"
  FOR EACH ROW EXECUTE FUNCTION documents_current_file_name();--> statement-breakpoint
CREATE FUNCTION document_versions_current_file_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "documents" SET "search_file_name" = NEW."search_file_name"
  WHERE "id" = NEW."document_id" AND "current_version" = NEW."number"
    AND "search_file_name" IS DISTINCT FROM NEW."search_file_name";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "document_versions_current_file_name" AFTER INSERT OR UPDATE OF "file_name" ON "document_versions"
  FOR EACH ROW EXECUTE FUNCTION document_versions_current_file_name();--> statement-breakpoint
CREATE INDEX "documents_search_text_trgm" ON "documents" USING gin ((("search_title" || ' ' || coalesce("search_file_name", ''))) gin_trgm_ops);
