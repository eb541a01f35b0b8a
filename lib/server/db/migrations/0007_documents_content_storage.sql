-- Document files are stored out of line and uncompressed (PDF, images and Office files are
-- compressed already): an upload is appended in chunks and a download read in chunks
-- (lib/server/services/documents/version-content.ts), and only uncompressed out-of-line values let
-- PostgreSQL read a part of a value without unpacking all of it.
ALTER TABLE "document_versions" ALTER COLUMN "content" SET STORAGE EXTERNAL;
