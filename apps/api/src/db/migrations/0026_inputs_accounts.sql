-- Farmer inputs (#14): margin on farm inputs (Operation 4203) and input subsidy receivable
-- (Operation 1205), mapped as input_margin_income / input_subsidy_receivable. Only on databases
-- whose chart is already seeded (a new database gets them from the default chart at start), and
-- only where the code is free.
INSERT INTO "accounts" ("id", "code", "name", "book", "group_id", "currency", "is_bank_or_cash")
SELECT gen_random_uuid(), n.code, n.name, n.book, g.id, 'TZS', false
  FROM (VALUES ('4203', 'Margin on farm inputs', 'operation', '42'),
               ('1205', 'Input subsidy receivable', 'operation', '12')) AS n(code, name, book, grp)
  JOIN "account_groups" g ON g.code = n.grp
 WHERE EXISTS (SELECT 1 FROM "accounts")
   AND NOT EXISTS (SELECT 1 FROM "accounts" a WHERE a.book = n.book AND a.code = n.code);
--> statement-breakpoint
INSERT INTO "account_mappings" ("key", "account_id")
SELECT m.key, a.id
  FROM (VALUES ('input_margin_income', 'operation', '4203', 'Margin on farm inputs'),
               ('input_subsidy_receivable', 'operation', '1205', 'Input subsidy receivable')) AS m(key, book, code, name)
  JOIN "accounts" a ON a.book = m.book AND a.code = m.code AND a.name = m.name
ON CONFLICT ("key") DO NOTHING;
