-- The crop on the road (#38): transit_stock holds the collections of dispatched delivery notes, per
-- AMCOS, season crop and grade, kept in the same transaction as each change. A collection counts
-- when its status is in_delivery and its note is dispatched; every change keeps that true:
-- a note entering or leaving 'dispatched' moves its in_delivery collections in or out, and a
-- collection changing moves itself out (as it was) and in (as it is), each by its note's status
-- at that moment. The note is read FOR SHARE, so a concurrent status change of the note waits
-- (every use case locks the note FOR UPDATE before its collections anyway).
CREATE FUNCTION "transit_stock_of_note"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was boolean := CASE WHEN TG_OP = 'INSERT' THEN false ELSE OLD.status = 'dispatched' END;
  now_on boolean := CASE WHEN TG_OP = 'DELETE' THEN false ELSE NEW.status = 'dispatched' END;
  note uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END;
BEGIN
  IF was = now_on THEN
    RETURN NULL;
  END IF;
  IF now_on THEN
    INSERT INTO transit_stock AS t (amcos_id, season_crop_id, grade_id, collections, bags, net_kg)
    SELECT amcos_id, season_crop_id, grade_id, count(*), sum(bags), sum(net_kg)
      FROM collections WHERE delivery_note_id = note AND status = 'in_delivery'
     GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (amcos_id, season_crop_id, grade_id) DO UPDATE
      SET collections = t.collections + excluded.collections, bags = t.bags + excluded.bags,
          net_kg = t.net_kg + excluded.net_kg;
  ELSE
    UPDATE transit_stock AS t
       SET collections = t.collections - c.n, bags = t.bags - c.bags, net_kg = t.net_kg - c.kg
      FROM (SELECT amcos_id, season_crop_id, grade_id, count(*) AS n, sum(bags) AS bags, sum(net_kg) AS kg
              FROM collections WHERE delivery_note_id = note AND status = 'in_delivery'
             GROUP BY 1, 2, 3) c
     WHERE t.amcos_id = c.amcos_id AND t.season_crop_id = c.season_crop_id AND t.grade_id = c.grade_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "delivery_notes_transit"
  AFTER UPDATE OF status OR DELETE ON "delivery_notes"
  FOR EACH ROW EXECUTE FUNCTION "transit_stock_of_note"();
--> statement-breakpoint
CREATE FUNCTION "transit_stock_of_collection"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND OLD.status = NEW.status AND OLD.delivery_note_id IS NOT DISTINCT FROM NEW.delivery_note_id
     AND OLD.amcos_id = NEW.amcos_id AND OLD.season_crop_id = NEW.season_crop_id AND OLD.grade_id = NEW.grade_id
     AND OLD.bags = NEW.bags AND OLD.net_kg = NEW.net_kg THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    IF OLD.status = 'in_delivery' AND OLD.delivery_note_id IS NOT NULL
       AND (SELECT n.status FROM delivery_notes n WHERE n.id = OLD.delivery_note_id FOR SHARE) = 'dispatched' THEN
      UPDATE transit_stock
         SET collections = collections - 1, bags = bags - OLD.bags, net_kg = net_kg - OLD.net_kg
       WHERE amcos_id = OLD.amcos_id AND season_crop_id = OLD.season_crop_id AND grade_id = OLD.grade_id;
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    IF NEW.status = 'in_delivery' AND NEW.delivery_note_id IS NOT NULL
       AND (SELECT n.status FROM delivery_notes n WHERE n.id = NEW.delivery_note_id FOR SHARE) = 'dispatched' THEN
      INSERT INTO transit_stock AS t (amcos_id, season_crop_id, grade_id, collections, bags, net_kg)
      VALUES (NEW.amcos_id, NEW.season_crop_id, NEW.grade_id, 1, NEW.bags, NEW.net_kg)
      ON CONFLICT (amcos_id, season_crop_id, grade_id) DO UPDATE
        SET collections = t.collections + 1, bags = t.bags + excluded.bags, net_kg = t.net_kg + excluded.net_kg;
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Only a collection that is or was in_delivery can be on the road: the weighing save (a new
-- collection is 'recorded') calls no function for it.
CREATE TRIGGER "collections_transit_insert" AFTER INSERT ON "collections"
  FOR EACH ROW WHEN (NEW.status = 'in_delivery') EXECUTE FUNCTION "transit_stock_of_collection"();
--> statement-breakpoint
CREATE TRIGGER "collections_transit_update"
  AFTER UPDATE OF status, delivery_note_id, amcos_id, season_crop_id, grade_id, bags, net_kg ON "collections"
  FOR EACH ROW WHEN (OLD.status = 'in_delivery' OR NEW.status = 'in_delivery')
  EXECUTE FUNCTION "transit_stock_of_collection"();
--> statement-breakpoint
CREATE TRIGGER "collections_transit_delete" AFTER DELETE ON "collections"
  FOR EACH ROW WHEN (OLD.status = 'in_delivery') EXECUTE FUNCTION "transit_stock_of_collection"();
--> statement-breakpoint
-- The notes on the road when this migration runs.
INSERT INTO transit_stock (amcos_id, season_crop_id, grade_id, collections, bags, net_kg)
SELECT c.amcos_id, c.season_crop_id, c.grade_id, count(*), sum(c.bags), sum(c.net_kg)
  FROM collections c JOIN delivery_notes n ON n.id = c.delivery_note_id
 WHERE n.status = 'dispatched' AND c.status = 'in_delivery'
 GROUP BY 1, 2, 3;
