-- Custom SQL migration file, put your code below! ---- Farmer inputs (#14), distribution save throughput: the DS number of a distribution and the LN
-- number of a loan given with `numberAtCommit` are taken at commit, as GRNs (0032) and journal
-- entries (0015) are, so concurrent saves wait on those counters only while one commits.
-- A row is inserted with a provisional number `~<year>~<id>`; the deferred trigger takes the next
-- gap-free number and puts it where the provisional one was written. A rolled-back save takes none.
-- The triggers run in the order the rows were inserted: a distribution inserts its loan first, so
-- LN is always locked before DS, and both before the journal's JV (postings come last).
CREATE OR REPLACE FUNCTION "farmer_loan_number"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  y int := split_part(NEW.loan_no, '~', 2)::int;
  n bigint;
BEGIN
  INSERT INTO document_sequences AS s (type, year, last_value) VALUES ('LN', y, 1)
  ON CONFLICT (type, year) DO UPDATE SET last_value = s.last_value + 1
  RETURNING last_value INTO n;
  UPDATE farmer_loans SET loan_no = document_number('LN', y, n) WHERE id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "farmer_loans_number" AFTER INSERT ON "farmer_loans" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NEW.loan_no LIKE '~%') EXECUTE FUNCTION "farmer_loan_number"();
--> statement-breakpoint
-- The distribution's number also replaces the provisional one in its stock movements, its loan's
-- reason and its SMS (the outbox row has the distribution's id).
CREATE OR REPLACE FUNCTION "input_distribution_number"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  y int := split_part(NEW.distribution_no, '~', 2)::int;
  n bigint;
  num text;
BEGIN
  INSERT INTO document_sequences AS s (type, year, last_value) VALUES ('DS', y, 1)
  ON CONFLICT (type, year) DO UPDATE SET last_value = s.last_value + 1
  RETURNING last_value INTO n;
  num := document_number('DS', y, n);
  UPDATE input_distributions SET distribution_no = num WHERE id = NEW.id;
  UPDATE stock_movements SET source_no = num WHERE source_type = 'distribution' AND source_id = NEW.id;
  IF NEW.loan_id IS NOT NULL THEN
    UPDATE farmer_loans SET reason = replace(reason, NEW.distribution_no, num) WHERE id = NEW.loan_id;
  END IF;
  UPDATE sms_outbox SET body = replace(body, NEW.distribution_no, num) WHERE id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "input_distributions_number" AFTER INSERT ON "input_distributions" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NEW.distribution_no LIKE '~%') EXECUTE FUNCTION "input_distribution_number"();
--> statement-breakpoint
-- The season totals start from the distributions already issued.
INSERT INTO input_distribution_totals (season_id, amcos_id, farmer_id, item_id, kind, lines, quantity,
  farmer_value, subsidy_value, cost_value)
SELECT d.season_id, d.amcos_id, d.farmer_id, l.item_id, d.kind, count(*), sum(l.quantity), sum(l.farmer_value),
  sum(l.subsidy_value), sum(l.cost_value)
FROM input_distributions d JOIN input_distribution_lines l ON l.distribution_id = d.id
WHERE d.status = 'issued'
GROUP BY 1, 2, 3, 4, 5;
