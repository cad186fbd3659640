-- The AMCOS stock, kept by the database whoever changes a collection: every insert, status
-- change, weight correction or delete moves its count, bags and kg between the buckets of
-- collection_stock (amcos, season crop, grade, status) in the same transaction.
CREATE FUNCTION "collection_stock_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND OLD.status = NEW.status AND OLD.amcos_id = NEW.amcos_id
     AND OLD.season_crop_id = NEW.season_crop_id AND OLD.grade_id = NEW.grade_id
     AND OLD.bags = NEW.bags AND OLD.net_kg = NEW.net_kg THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    UPDATE collection_stock
       SET collections = collections - 1, bags = bags - OLD.bags, net_kg = net_kg - OLD.net_kg
     WHERE amcos_id = OLD.amcos_id AND season_crop_id = OLD.season_crop_id
       AND grade_id = OLD.grade_id AND status = OLD.status;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO collection_stock (amcos_id, season_crop_id, grade_id, status, collections, bags, net_kg)
    VALUES (NEW.amcos_id, NEW.season_crop_id, NEW.grade_id, NEW.status, 1, NEW.bags, NEW.net_kg)
    ON CONFLICT (amcos_id, season_crop_id, grade_id, status) DO UPDATE
      SET collections = collection_stock.collections + 1,
          bags = collection_stock.bags + EXCLUDED.bags,
          net_kg = collection_stock.net_kg + EXCLUDED.net_kg;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "collections_stock"
  AFTER INSERT OR DELETE OR UPDATE OF status, amcos_id, season_crop_id, grade_id, bags, net_kg
  ON "collections" FOR EACH ROW EXECUTE FUNCTION "collection_stock_apply"();
--> statement-breakpoint
-- Collections already recorded before this migration.
INSERT INTO collection_stock (amcos_id, season_crop_id, grade_id, status, collections, bags, net_kg)
SELECT amcos_id, season_crop_id, grade_id, status, count(*), sum(bags), sum(net_kg)
  FROM collections GROUP BY amcos_id, season_crop_id, grade_id, status;
--> statement-breakpoint
-- The union's list of all collections, newest first.
CREATE INDEX "collections_collected_on_idx" ON "collections" ("collected_on", "id");
