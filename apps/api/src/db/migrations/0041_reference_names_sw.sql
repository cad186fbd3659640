ALTER TABLE "accounts" ADD COLUMN "name_sw" text;--> statement-breakpoint
ALTER TABLE "crops" ADD COLUMN "name_sw" text;--> statement-breakpoint
ALTER TABLE "grades" ADD COLUMN "name_sw" text;--> statement-breakpoint
-- The system's default accounts and crops get their Swahili names where they still carry the default English one.
UPDATE "accounts" SET "name_sw" = 'Fedha taslimu za makusanyo' WHERE "book" = 'collection' AND "code" = '1102' AND "name" = 'Collection cash';--> statement-breakpoint
UPDATE "accounts" SET "name_sw" = 'Madeni ya wanunuzi' WHERE "book" = 'collection' AND "code" = '1201' AND "name" = 'Buyer receivables';--> statement-breakpoint
UPDATE "accounts" SET "name_sw" = 'Mikopo ya pembejeo kwa wakulima' WHERE "book" = 'collection' AND "code" = '1401' AND "name" = 'Farmer input loans';--> statement-breakpoint
UPDATE "accounts" SET "name_sw" = 'Malipo yanayodaiwa na AMCOS' WHERE "book" = 'collection' AND "code" = '2101' AND "name" = 'Payable to AMCOS';--> statement-breakpoint
UPDATE "accounts" SET "name_sw" = 'Malipo yanayodaiwa na wakulima' WHERE "book" = 'collection' AND "code" = '2102' AND "name" = 'Payable to farmers';--> statement-breakpoint
UPDATE "accounts" SET "name_sw" = 'Malipo yanayodaiwa na wanufaika' WHERE "book" = 'collection' AND "code" = '2103' AND "name" = 'Payable to beneficiaries';--> statement-breakpoint
UPDATE "accounts" SET "name_sw" = 'Malipo yanayodaiwa na wasafirishaji' WHERE "book" = 'collection' AND "code" = '2104' AND "name" = 'Payable to transporters';--> statement-breakpoint
UPDATE "accounts" SET "name_sw" = 'Deni kwa daftari la uendeshaji' WHERE "book" = 'collection' AND "code" = '2105' AND "name" = 'Due to Operation book';--> statement-breakpoint
UPDATE "accounts" SET "name_sw" = 'Mapato ya mazao yanayodaiwa' WHERE "book" = 'collection' AND "code" = '2201' AND "name" = 'Crop proceeds payable';--> statement-breakpoint
UPDATE "accounts" SET "name_sw" = 'Dhamana za zabuni za wanunuzi' WHERE "book" = 'collection' AND "code" = '2202' AND "name" = 'Buyer bid securities held';--> statement-breakpoint
UPDATE "accounts" SET "name_sw" = 'Salio la mfuko wa makusanyo' WHERE "book" = 'collection' AND "code" = '3101' AND "name" = 'Collection fund balance';--> statement-breakpoint
UPDATE "accounts" SET "name_sw" = 'Riba ya akaunti ya makusanyo' WHERE "book" = 'collection' AND "code" = '4101' AND "name" = 'Interest on collection account';--> statement-breakpoint
UPDATE "accounts" SET "name_sw" = 'Gharama za benki za makusanyo' WHERE "book" = 'collection' AND "code" = '5301' AND "name" = 'Collection bank charges';--> statement-breakpoint
UPDATE "accounts" SET "name_sw" = 'Akaunti ya benki ya uendeshaji' WHERE "book" = 'operation' AND "code" = '1101' AND "name" = 'Operation bank account';--> statement-breakpoint
UPDATE "accounts" SET "name_sw" = 'Fedha ndogo taslimu' WHERE "book" = 'operation' AND "code" = '1102' AND "name" = 'Petty cash';--> statement-breakpoint
UPDATE "accounts" SET "name_sw" = 'Madeni ya biashara' WHERE "book" = 'operation' AND "code" = '1201' AND "name" = 'Trade receivables';--> statement-breakpoint
UPDATE "accounts" SET "name_sw" = 'Masurufu ya watumishi' WHERE "book" = 'operation' AND "code" = '1202' AND "name" = 'Staff advances';--> statement-breakpoint
UPDATE "accounts" SET "name_sw" = 'VAT ya manunuzi inayorejeshwa' WHERE "book" = 'operation' AND "code" = '1203' AND "name" = 'VAT recoverable (input)';--> statement-breakpoint
UPDATE "accounts" SET "name_sw" = 'Deni kutoka daftari la makusanyo' WHERE "book" = 'operation' AND "code" = '1204' AND "name" = 'Due from Collection book';--> statement-breakpoint
UPDATE "accounts" SET "name_sw" = 'Ruzuku ya pembejeo inayodaiwa' WHERE "book" = 'operation' AND "code" = '1205' AND "name" = 'Input subsidy receivable';--> statement-breakpoint
UPDATE "accounts" SET "name_sw" = 'Hifadhi ya pembejeo za kilimo' WHERE "book" = 'operation' AND "code" = '1301' AND "name" = 'Farm inputs inventory';--> statement-breakpoint
UPDATE "accounts" SET "name_sw" = 'Vifungashio na magunia' WHERE "book" = 'operation' AND "code" = '1302' AND "name" = 'Packaging and gunny bags';--> statement-breakpoint
UPDATE "accounts" SET "name_sw" = 'Magari' WHERE "book" = 'operation' AND "code" = '1501' AND "name" = 'Motor vehicles';--> statement-breakpoint
UPDATE "accounts" SET "name_sw" = 'Samani na vifaa vya ofisi' WHERE "book" = 'operation' AND "code" = '1502' AND "name" = 'Office furniture and equipment';--> statement-breakpoint
UPDATE "accounts" SET "name_sw" = 'Madeni ya wasambazaji' WHERE "book" = 'operation' AND "code" = '2101' AND "name" = 'Supplier payables';--> statement-breakpoint
UPDATE "accounts" SET "name_sw" = 'Bidhaa zilizopokelewa bila ankara' WHERE "book" = 'operation' AND "code" = '2102' AND "name" = 'Goods received not invoiced';--> statement-breakpoint
UPDATE "accounts" SET "name_sw" = 'VAT ya mauzo inayolipwa' WHERE "book" = 'operation' AND "code" = '2301' AND "name" = 'VAT payable (output)';--> statement-breakpoint
UPDATE "accounts" SET "name_sw" = 'PAYE na makato ya kisheria' WHERE "book" = 'operation' AND "code" = '2302' AND "name" = 'PAYE and statutory deductions';--> statement-breakpoint
UPDATE "accounts" SET "name_sw" = 'Mikopo ya benki' WHERE "book" = 'operation' AND "code" = '2401' AND "name" = 'Bank loans';--> statement-breakpoint
UPDATE "accounts" SET "name_sw" = 'Hisa za wanachama' WHERE "book" = 'operation' AND "code" = '3101' AND "name" = 'Members share capital';--> statement-breakpoint
UPDATE "accounts" SET "name_sw" = 'Mapato yaliyobakizwa' WHERE "book" = 'operation' AND "code" = '3102' AND "name" = 'Retained earnings';--> statement-breakpoint
UPDATE "accounts" SET "name_sw" = 'Akiba ya jumla' WHERE "book" = 'operation' AND "code" = '3103' AND "name" = 'General reserve';--> statement-breakpoint
UPDATE "accounts" SET "name_sw" = 'Mapato ya ushuru wa chama kikuu' WHERE "book" = 'operation' AND "code" = '4101' AND "name" = 'Union levy income';--> statement-breakpoint
UPDATE "accounts" SET "name_sw" = 'Kamisheni ya mauzo ya mazao' WHERE "book" = 'operation' AND "code" = '4102' AND "name" = 'Commission on crop sales';--> statement-breakpoint
UPDATE "accounts" SET "name_sw" = 'Mapato ya riba' WHERE "book" = 'operation' AND "code" = '4201' AND "name" = 'Interest income';--> statement-breakpoint
UPDATE "accounts" SET "name_sw" = 'Mapato mengineyo' WHERE "book" = 'operation' AND "code" = '4202' AND "name" = 'Other income';--> statement-breakpoint
UPDATE "accounts" SET "name_sw" = 'Faida ya pembejeo za kilimo' WHERE "book" = 'operation' AND "code" = '4203' AND "name" = 'Margin on farm inputs';--> statement-breakpoint
UPDATE "accounts" SET "name_sw" = 'Kodi ya ofisi' WHERE "book" = 'operation' AND "code" = '5101' AND "name" = 'Office rent';--> statement-breakpoint
UPDATE "accounts" SET "name_sw" = 'Umeme na maji' WHERE "book" = 'operation' AND "code" = '5102' AND "name" = 'Electricity and water';--> statement-breakpoint
UPDATE "accounts" SET "name_sw" = 'Mafuta na usafiri' WHERE "book" = 'operation' AND "code" = '5103' AND "name" = 'Fuel and transport';--> statement-breakpoint
UPDATE "accounts" SET "name_sw" = 'Matengenezo' WHERE "book" = 'operation' AND "code" = '5104' AND "name" = 'Repairs and maintenance';--> statement-breakpoint
UPDATE "accounts" SET "name_sw" = 'Vikao na mkutano mkuu' WHERE "book" = 'operation' AND "code" = '5105' AND "name" = 'Meetings and general assembly';--> statement-breakpoint
UPDATE "accounts" SET "name_sw" = 'Ada za ukaguzi' WHERE "book" = 'operation' AND "code" = '5106' AND "name" = 'Audit fees';--> statement-breakpoint
UPDATE "accounts" SET "name_sw" = 'Mishahara na ujira' WHERE "book" = 'operation' AND "code" = '5201' AND "name" = 'Salaries and wages';--> statement-breakpoint
UPDATE "accounts" SET "name_sw" = 'Posho za watumishi' WHERE "book" = 'operation' AND "code" = '5202' AND "name" = 'Staff allowances';--> statement-breakpoint
UPDATE "accounts" SET "name_sw" = 'Gharama za benki' WHERE "book" = 'operation' AND "code" = '5301' AND "name" = 'Bank charges';--> statement-breakpoint
UPDATE "accounts" SET "name_sw" = 'Riba ya mikopo' WHERE "book" = 'operation' AND "code" = '5302' AND "name" = 'Interest on loans';--> statement-breakpoint
UPDATE "accounts" SET "name_sw" = 'Pembejeo zilizotolewa kwa wakulima' WHERE "book" = 'operation' AND "code" = '5401' AND "name" = 'Inputs issued to farmers';--> statement-breakpoint
UPDATE "crops" SET "name_sw" = 'Korosho' WHERE "name" = 'Cashew nuts';--> statement-breakpoint
UPDATE "crops" SET "name_sw" = 'Ufuta' WHERE "name" = 'Sesame';--> statement-breakpoint
UPDATE "grades" SET "name_sw" = 'Daraja la kawaida' WHERE "code" = 'STD' AND "name" = 'Standard';--> statement-breakpoint
UPDATE "grades" SET "name_sw" = 'Chini ya daraja' WHERE "code" = 'UG' AND "name" = 'Under grade';
