-- One document number format (issue 12): `<type>-<year>-<value>` with the value padded to `width`
-- digits (6 unless said) and never cut (lpad alone would cut a seventh digit). platform/numbering.ts,
-- the statements that number inside a larger CTE and the journal's at-commit trigger all call it.
CREATE OR REPLACE FUNCTION "document_number"(type text, year int, value bigint, width int DEFAULT 6)
  RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT type || '-' || year::text || '-' || lpad(value::text, greatest(width, length(value::text)), '0') $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "journal_entry_number"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  y int := split_part(NEW.number, '~', 2)::int;
  n bigint;
BEGIN
  INSERT INTO document_sequences AS s (type, year, last_value) VALUES ('JV', y, 1)
  ON CONFLICT (type, year) DO UPDATE SET last_value = s.last_value + 1
  RETURNING last_value INTO n;
  UPDATE journal_entries SET number = document_number('JV', y, n) WHERE id = NEW.id;
  RETURN NULL;
END $$;
