-- Posting throughput (issue 4): the two rows every posting shares, the gap-free JV counter and the
-- account's month balance, are locked only while the posting transaction commits, never across a
-- client round trip.
-- 1. A posting may be saved with a provisional number '~<year>~<entry id>'; a deferred trigger,
--    the last one to run at commit, takes the next JV number of that year and writes it. A rolled
--    back transaction takes no number, so the numbers stay gap-free.
CREATE FUNCTION "journal_entry_number"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  y int := split_part(NEW.number, '~', 2)::int;
  n bigint;
BEGIN
  INSERT INTO document_sequences AS s (type, year, last_value) VALUES ('JV', y, 1)
  ON CONFLICT (type, year) DO UPDATE SET last_value = s.last_value + 1
  RETURNING last_value INTO n;
  UPDATE journal_entries SET number = 'JV-' || y::text || '-' || lpad(n::text, greatest(6, length(n::text)), '0')
   WHERE id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Deferred triggers of one row run in name order: "..._check", then "..._number", then "..._post_balances".
-- Every posting thus locks the counter before the balance rows (numbered now, it locked the counter in
-- its insert statement), so two postings cannot deadlock on them.
CREATE CONSTRAINT TRIGGER "journal_entries_number" AFTER INSERT ON "journal_entries"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (left(NEW.number, 1) = '~')
  EXECUTE FUNCTION "journal_entry_number"();
--> statement-breakpoint
-- 2. The immutability guard also lets a provisional number become the real one (nothing else changes).
CREATE OR REPLACE FUNCTION "journal_entries_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.status <> 'draft' THEN
      RAISE EXCEPTION 'Posted journal entry % cannot be deleted', OLD.number USING ERRCODE = 'restrict_violation';
    END IF;
    RETURN OLD;
  END IF;
  IF OLD.status = 'draft' THEN
    IF NEW.status = 'reversed' THEN
      RAISE EXCEPTION 'A draft cannot be reversed' USING ERRCODE = 'check_violation';
    END IF;
    RETURN NEW;
  END IF;
  IF ((OLD.status = 'posted' AND NEW.status = 'reversed' AND OLD.reversed_by_id IS NULL AND NEW.reversed_by_id IS NOT NULL
       AND OLD.number = NEW.number)
      OR (left(OLD.number, 1) = '~' AND left(NEW.number, 1) <> '~' AND OLD.status = NEW.status
          AND OLD.reversed_by_id IS NOT DISTINCT FROM NEW.reversed_by_id))
     AND (OLD.id, OLD.entry_date, OLD.book, OLD.financial_year_id, OLD.narration, OLD.reference,
          OLD.source, OLD.source_type, OLD.source_id, OLD.total, OLD.created_by, OLD.approved_by, OLD.approved_at,
          OLD.reversal_of_id, OLD.created_at)
     IS NOT DISTINCT FROM
         (NEW.id, NEW.entry_date, NEW.book, NEW.financial_year_id, NEW.narration, NEW.reference,
          NEW.source, NEW.source_type, NEW.source_id, NEW.total, NEW.created_by, NEW.approved_by, NEW.approved_at,
          NEW.reversal_of_id, NEW.created_at) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'Posted journal entry % cannot be changed; reverse it instead', OLD.number
    USING ERRCODE = 'restrict_violation';
END $$;
--> statement-breakpoint
-- 3. The balance check runs once per entry: a line's event is skipped when the entry itself was
--    written (inserted or updated) by this transaction, whose own event checks all its lines at
--    commit. Replacing a provisional number is not checked again (the insert's event checks it).
CREATE OR REPLACE FUNCTION "journal_entry_check"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  e_id uuid;
  e record;
  t record;
BEGIN
  IF TG_TABLE_NAME = 'journal_entries' THEN
    e_id := NEW.id;
  ELSE
    e_id := NEW.entry_id;
  END IF;
  SELECT id, status, book, entry_date, total, xmin = pg_current_xact_id()::xid AS mine INTO e
    FROM journal_entries WHERE id = e_id;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME = 'journal_lines' AND e.mine THEN
    RETURN NULL;
  END IF;
  SELECT count(*) AS n,
         coalesce(sum(l.debit), 0) AS debit,
         coalesce(sum(l.credit), 0) AS credit,
         count(*) FILTER (WHERE l.posted) AS posted,
         count(*) FILTER (WHERE l.entry_date <> e.entry_date OR a.book <> e.book) AS misplaced
    INTO t
    FROM journal_lines l JOIN accounts a ON a.id = l.account_id
   WHERE l.entry_id = e_id;
  IF e.status = 'draft' THEN
    IF t.posted > 0 THEN
      RAISE EXCEPTION 'Journal entry % is a draft but has posted lines', e_id USING ERRCODE = 'check_violation';
    END IF;
    RETURN NULL;
  END IF;
  IF t.n < 2 OR t.debit <> t.credit OR t.debit <= 0 THEN
    RAISE EXCEPTION 'Journal entry % does not balance: debits % and credits % over % lines', e_id, t.debit, t.credit, t.n
      USING ERRCODE = 'check_violation';
  END IF;
  IF t.posted <> t.n OR t.misplaced > 0 OR t.debit <> e.total THEN
    RAISE EXCEPTION 'Journal entry % has lines that do not match it', e_id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER "journal_entries_check" ON "journal_entries";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "journal_entries_check" AFTER INSERT ON "journal_entries"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "journal_entry_check"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "journal_entries_check_update" AFTER UPDATE ON "journal_entries"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (left(OLD.number, 1) <> '~')
  EXECUTE FUNCTION "journal_entry_check"();
--> statement-breakpoint
-- 4. Month balances: one statement per entry when it becomes posted (lines are posted exactly when
--    their entry is: the check above), instead of one per line; rows in account order, so two
--    postings lock shared balance rows in the same order and cannot deadlock.
DROP TRIGGER "journal_lines_balances" ON "journal_lines";
--> statement-breakpoint
DROP FUNCTION "journal_lines_balances"();
--> statement-breakpoint
CREATE FUNCTION "journal_entry_balances"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO account_period_balances AS b (account_id, period, debit, credit)
  SELECT account_id, date_trunc('month', entry_date)::date, sum(debit), sum(credit)
    FROM journal_lines WHERE entry_id = NEW.id AND posted
   GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (account_id, period) DO UPDATE
    SET debit = b.debit + excluded.debit, credit = b.credit + excluded.credit;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "journal_entries_post_balances" AFTER INSERT ON "journal_entries"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.status <> 'draft')
  EXECUTE FUNCTION "journal_entry_balances"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "journal_entries_post_balances_update" AFTER UPDATE OF "status" ON "journal_entries"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.status = 'draft' AND NEW.status <> 'draft')
  EXECUTE FUNCTION "journal_entry_balances"();
