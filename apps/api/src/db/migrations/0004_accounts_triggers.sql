-- Accounting rules the database enforces, whatever code or SQL writes the rows.
-- 1. Financial years never overlap.
ALTER TABLE "financial_years" ADD CONSTRAINT "financial_years_no_overlap"
  EXCLUDE USING gist (daterange("start_date", "end_date", '[]') WITH &&);
--> statement-breakpoint
-- 2. A posted (or reversed) entry balances: at least two lines, debits = credits > 0, every line
--    posted, on the entry's date, in an account of the entry's book. Checked at commit (deferred),
--    so an entry and its lines can be written in any order inside one transaction.
CREATE FUNCTION "journal_entry_check"() RETURNS trigger LANGUAGE plpgsql AS $$
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
  SELECT id, status, book, entry_date, total INTO e FROM journal_entries WHERE id = e_id;
  IF NOT FOUND THEN
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
CREATE CONSTRAINT TRIGGER "journal_entries_check" AFTER INSERT OR UPDATE ON "journal_entries"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "journal_entry_check"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "journal_lines_check" AFTER INSERT OR UPDATE ON "journal_lines"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "journal_entry_check"();
--> statement-breakpoint
-- 3. Posted entries are immutable; the one change allowed is posted -> reversed, once, naming the reversal.
CREATE FUNCTION "journal_entries_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
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
  IF OLD.status = 'posted' AND NEW.status = 'reversed' AND OLD.reversed_by_id IS NULL AND NEW.reversed_by_id IS NOT NULL
     AND (OLD.id, OLD.number, OLD.entry_date, OLD.book, OLD.financial_year_id, OLD.narration, OLD.reference,
          OLD.source, OLD.source_type, OLD.source_id, OLD.total, OLD.created_by, OLD.approved_by, OLD.approved_at,
          OLD.reversal_of_id, OLD.created_at)
     IS NOT DISTINCT FROM
         (NEW.id, NEW.number, NEW.entry_date, NEW.book, NEW.financial_year_id, NEW.narration, NEW.reference,
          NEW.source, NEW.source_type, NEW.source_id, NEW.total, NEW.created_by, NEW.approved_by, NEW.approved_at,
          NEW.reversal_of_id, NEW.created_at) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'Posted journal entry % cannot be changed; reverse it instead', OLD.number
    USING ERRCODE = 'restrict_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER "journal_entries_guard" BEFORE UPDATE OR DELETE ON "journal_entries"
  FOR EACH ROW EXECUTE FUNCTION "journal_entries_guard"();
--> statement-breakpoint
CREATE FUNCTION "journal_lines_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF EXISTS (SELECT 1 FROM journal_entries WHERE id = NEW.entry_id AND status <> 'draft') THEN
      RAISE EXCEPTION 'Lines cannot be added to a posted journal entry' USING ERRCODE = 'restrict_violation';
    END IF;
    RETURN NEW;
  END IF;
  IF OLD.posted THEN
    RAISE EXCEPTION 'Posted journal lines cannot be changed or deleted' USING ERRCODE = 'restrict_violation';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "journal_lines_guard" BEFORE INSERT OR UPDATE OR DELETE ON "journal_lines"
  FOR EACH ROW EXECUTE FUNCTION "journal_lines_guard"();
--> statement-breakpoint
-- 4. Per-account, per-month balances follow the posted lines in the same transaction. Deferred to
--    commit, so the (hot) balance rows are locked only while the transaction commits; lines are
--    written in account order, so two postings lock shared rows in the same order.
CREATE FUNCTION "journal_lines_balances"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.posted AND (TG_OP = 'INSERT' OR NOT OLD.posted) THEN
    INSERT INTO account_period_balances AS b (account_id, period, debit, credit)
    VALUES (NEW.account_id, date_trunc('month', NEW.entry_date)::date, NEW.debit, NEW.credit)
    ON CONFLICT (account_id, period) DO UPDATE
      SET debit = b.debit + excluded.debit, credit = b.credit + excluded.credit;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "journal_lines_balances" AFTER INSERT OR UPDATE ON "journal_lines"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "journal_lines_balances"();
--> statement-breakpoint
-- 5. A posting writes its lines first and then its entry, already posted, in one transaction: the
--    line -> entry key is checked at commit, like the balance.
ALTER TABLE "journal_lines" ALTER CONSTRAINT "journal_lines_entry_id_journal_entries_id_fk" DEFERRABLE INITIALLY DEFERRED;
--> statement-breakpoint
-- 6. The general ledger index also carries the amounts, so opening balances and part-month
--    edges of one account are read from the index alone (the schema declares it without them).
DROP INDEX "journal_lines_gl_idx";
--> statement-breakpoint
CREATE INDEX "journal_lines_gl_idx" ON "journal_lines" USING btree ("account_id", "entry_date", "id") INCLUDE ("debit", "credit") WHERE posted;
