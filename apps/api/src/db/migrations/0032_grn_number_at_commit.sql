-- Stores (#13): a GRN is numbered at commit, like a journal entry saved with numberAtCommit, so
-- concurrent GRN saves wait on the GRN counter only while one commits. The GRN is inserted with a
-- provisional number `~<year>~<id>`; this deferred trigger takes the next gap-free number and puts
-- it on the GRN and its stock movements. A rolled-back save takes no number.
CREATE OR REPLACE FUNCTION "grn_number"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  y int := split_part(NEW.grn_no, '~', 2)::int;
  n bigint;
  num text;
BEGIN
  INSERT INTO document_sequences AS s (type, year, last_value) VALUES ('GRN', y, 1)
  ON CONFLICT (type, year) DO UPDATE SET last_value = s.last_value + 1
  RETURNING last_value INTO n;
  num := document_number('GRN', y, n);
  UPDATE grns SET grn_no = num WHERE id = NEW.id;
  UPDATE stock_movements SET source_no = num WHERE source_type = 'grn' AND source_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "grns_number" AFTER INSERT ON "grns" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NEW.grn_no LIKE '~%') EXECUTE FUNCTION "grn_number"();
