-- The glossary (#35): the default accounts' Swahili names where they still read as the system wrote
-- them (a name a union changed stays): receivables are madai, a book is a kitabu, retained earnings
-- ziada iliyolimbikizwa, a levy tozo.
UPDATE "accounts" SET "name_sw" = 'Madai kwa wanunuzi' WHERE "book" = 'collection' AND "code" = '1201' AND "name" = 'Buyer receivables' AND "name_sw" = 'Madeni ya wanunuzi';--> statement-breakpoint
UPDATE "accounts" SET "name_sw" = 'Deni kwa kitabu cha Uendeshaji' WHERE "book" = 'collection' AND "code" = '2105' AND "name" = 'Due to Operation book' AND "name_sw" = 'Deni kwa daftari la uendeshaji';--> statement-breakpoint
UPDATE "accounts" SET "name_sw" = 'Madai ya biashara' WHERE "book" = 'operation' AND "code" = '1201' AND "name" = 'Trade receivables' AND "name_sw" = 'Madeni ya biashara';--> statement-breakpoint
UPDATE "accounts" SET "name_sw" = 'Dai kwa kitabu cha Makusanyo' WHERE "book" = 'operation' AND "code" = '1204' AND "name" = 'Due from Collection book' AND "name_sw" = 'Deni kutoka daftari la makusanyo';--> statement-breakpoint
UPDATE "accounts" SET "name_sw" = 'Madai ya ruzuku ya pembejeo' WHERE "book" = 'operation' AND "code" = '1205' AND "name" = 'Input subsidy receivable' AND "name_sw" = 'Ruzuku ya pembejeo inayodaiwa';--> statement-breakpoint
UPDATE "accounts" SET "name_sw" = 'Ziada iliyolimbikizwa' WHERE "book" = 'operation' AND "code" = '3102' AND "name" = 'Retained earnings' AND "name_sw" = 'Mapato yaliyobakizwa';--> statement-breakpoint
UPDATE "accounts" SET "name_sw" = 'Mapato ya tozo za chama kikuu' WHERE "book" = 'operation' AND "code" = '4101' AND "name" = 'Union levy income' AND "name_sw" = 'Mapato ya ushuru wa chama kikuu';--> statement-breakpoint
-- The default account classes and groups get their Swahili names where they still carry the default English one.
UPDATE "account_classes" SET "name_sw" = 'Mali' WHERE "code" = '1' AND "name" = 'Assets' AND "name_sw" IS NULL;--> statement-breakpoint
UPDATE "account_classes" SET "name_sw" = 'Madeni' WHERE "code" = '2' AND "name" = 'Liabilities' AND "name_sw" IS NULL;--> statement-breakpoint
UPDATE "account_classes" SET "name_sw" = 'Mtaji' WHERE "code" = '3' AND "name" = 'Equity' AND "name_sw" IS NULL;--> statement-breakpoint
UPDATE "account_classes" SET "name_sw" = 'Mapato' WHERE "code" = '4' AND "name" = 'Income' AND "name_sw" IS NULL;--> statement-breakpoint
UPDATE "account_classes" SET "name_sw" = 'Matumizi' WHERE "code" = '5' AND "name" = 'Expenses' AND "name_sw" IS NULL;--> statement-breakpoint
UPDATE "account_groups" SET "name_sw" = 'Fedha taslimu na benki' WHERE "code" = '11' AND "name" = 'Cash and bank' AND "name_sw" IS NULL;--> statement-breakpoint
UPDATE "account_groups" SET "name_sw" = 'Madai' WHERE "code" = '12' AND "name" = 'Receivables' AND "name_sw" IS NULL;--> statement-breakpoint
UPDATE "account_groups" SET "name_sw" = 'Bidhaa zilizopo stoo' WHERE "code" = '13' AND "name" = 'Inventories' AND "name_sw" IS NULL;--> statement-breakpoint
UPDATE "account_groups" SET "name_sw" = 'Mikopo kwa wanachama' WHERE "code" = '14' AND "name" = 'Loans to members' AND "name_sw" IS NULL;--> statement-breakpoint
UPDATE "account_groups" SET "name_sw" = 'Mali za kudumu na vifaa' WHERE "code" = '15' AND "name" = 'Property and equipment' AND "name_sw" IS NULL;--> statement-breakpoint
UPDATE "account_groups" SET "name_sw" = 'Malipo yanayodaiwa' WHERE "code" = '21' AND "name" = 'Payables' AND "name_sw" IS NULL;--> statement-breakpoint
UPDATE "account_groups" SET "name_sw" = 'Mapato ya mazao yanayoshikiliwa kwa ajili ya wanachama' WHERE "code" = '22' AND "name" = 'Crop proceeds held for members' AND "name_sw" IS NULL;--> statement-breakpoint
UPDATE "account_groups" SET "name_sw" = 'Kodi na makato ya kisheria yanayodaiwa' WHERE "code" = '23' AND "name" = 'Taxes and statutory payables' AND "name_sw" IS NULL;--> statement-breakpoint
UPDATE "account_groups" SET "name_sw" = 'Mikopo iliyochukuliwa' WHERE "code" = '24' AND "name" = 'Borrowings' AND "name_sw" IS NULL;--> statement-breakpoint
UPDATE "account_groups" SET "name_sw" = 'Mtaji na akiba' WHERE "code" = '31' AND "name" = 'Capital and reserves' AND "name_sw" IS NULL;--> statement-breakpoint
UPDATE "account_groups" SET "name_sw" = 'Tozo na kamisheni' WHERE "code" = '41' AND "name" = 'Levies and commissions' AND "name_sw" IS NULL;--> statement-breakpoint
UPDATE "account_groups" SET "name_sw" = 'Mapato mengineyo' WHERE "code" = '42' AND "name" = 'Other income' AND "name_sw" IS NULL;--> statement-breakpoint
UPDATE "account_groups" SET "name_sw" = 'Matumizi ya utawala' WHERE "code" = '51' AND "name" = 'Administration expenses' AND "name_sw" IS NULL;--> statement-breakpoint
UPDATE "account_groups" SET "name_sw" = 'Gharama za watumishi' WHERE "code" = '52' AND "name" = 'Staff costs' AND "name_sw" IS NULL;--> statement-breakpoint
UPDATE "account_groups" SET "name_sw" = 'Gharama za fedha' WHERE "code" = '53' AND "name" = 'Finance costs' AND "name_sw" IS NULL;--> statement-breakpoint
UPDATE "account_groups" SET "name_sw" = 'Huduma kwa wanachama' WHERE "code" = '54' AND "name" = 'Member services' AND "name_sw" IS NULL;
