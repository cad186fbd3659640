-- The two books joined (#16): due to Operation (Collection book, 2105) and due from Collection
-- (Operation book, 1204), mapped as due_to_operation / due_from_collection. Only on databases
-- whose chart is already seeded (a new database gets them from the default chart at start), and
-- only where the code is free.
INSERT INTO "accounts" ("id", "code", "name", "book", "group_id", "currency", "is_bank_or_cash")
SELECT gen_random_uuid(), n.code, n.name, n.book, g.id, 'TZS', false
  FROM (VALUES ('2105', 'Due to Operation book', 'collection', '21'),
               ('1204', 'Due from Collection book', 'operation', '12')) AS n(code, name, book, grp)
  JOIN "account_groups" g ON g.code = n.grp
 WHERE EXISTS (SELECT 1 FROM "accounts")
   AND NOT EXISTS (SELECT 1 FROM "accounts" a WHERE a.book = n.book AND a.code = n.code);
--> statement-breakpoint
INSERT INTO "account_mappings" ("key", "account_id")
SELECT m.key, a.id
  FROM (VALUES ('due_to_operation', 'collection', '2105', 'Due to Operation book'),
               ('due_from_collection', 'operation', '1204', 'Due from Collection book')) AS m(key, book, code, name)
  JOIN "accounts" a ON a.book = m.book AND a.code = m.code AND a.name = m.name
ON CONFLICT ("key") DO NOTHING;
