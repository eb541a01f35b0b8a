-- Issue 24: a document upload held the event loop of the embedded database for seconds. Its bytes
-- were appended to one growing `document_versions.content` in 4 MiB statements, each of which
-- rewrote the whole value so far (0.4–0.8 s apiece in PGlite, which runs on the event loop). Now a
-- version's bytes are rows of 256 KiB (the last one shorter), numbered from 0, written and read one
-- per statement (lib/server/services/documents/version-content.ts). Uncompressed and out of line,
-- as 0007 had the column: the files are mostly compressed already, and PGlite compresses on the
-- event loop too.
CREATE TABLE "document_chunks" (
  "version_id" uuid NOT NULL,
  "seq" integer NOT NULL,
  "data" bytea NOT NULL,
  CONSTRAINT "document_chunks_pkey" PRIMARY KEY("version_id","seq")
);--> statement-breakpoint
ALTER TABLE "document_chunks" ALTER COLUMN "data" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "document_chunks" ADD CONSTRAINT "document_chunks_version_id_document_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."document_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The stored files move into chunks (octet_length and substring read an uncompressed out-of-line
-- value without unpacking it whole); an empty one has none.
INSERT INTO "document_chunks" ("version_id", "seq", "data")
SELECT v."id", s.seq, substring(v."content" FROM s.seq * 262144 + 1 FOR 262144)
FROM "document_versions" v
CROSS JOIN LATERAL generate_series(0, (octet_length(v."content") + 262143) / 262144 - 1) AS s(seq);--> statement-breakpoint
ALTER TABLE "document_versions" DROP COLUMN "content";
