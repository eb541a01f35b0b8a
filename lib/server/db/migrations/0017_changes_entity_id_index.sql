-- A record's history (`GET /changes/?entityId=…`, the history sections of the user, document and
-- approval pages) asks for its entries by id alone, with or without the type: `entity_id = $1 OR
-- approval_id IN (the approvals about it)`. `changes_entity_idx` leads with the type, so without it
-- the database walked the whole history newest first (7 s at 1,000,000 entries on PGlite, the event
-- loop held all the while); with an index that leads with the id, both sides of the OR are index scans.
CREATE INDEX IF NOT EXISTS "changes_entity_id_idx" ON "changes" USING btree ("entity_id","at");
