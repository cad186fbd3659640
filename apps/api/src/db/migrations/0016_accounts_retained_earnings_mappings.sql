-- Year-end close (issue 4): each book's result goes to the account mapped as its retained earnings.
-- Databases seeded before these keys existed get the default chart's accounts, when they exist.
INSERT INTO "account_mappings" ("key", "account_id")
SELECT m.key, a.id
  FROM (VALUES ('collection_retained_earnings', 'collection', '3101'),
               ('operation_retained_earnings', 'operation', '3102')) AS m(key, book, code)
  JOIN "accounts" a ON a.book = m.book AND a.code = m.code
ON CONFLICT ("key") DO NOTHING;
