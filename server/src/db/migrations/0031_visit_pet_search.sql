ALTER TABLE "citas" ADD COLUMN "perro_search" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "reservaciones" ADD COLUMN "perro_search" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- citas.perro_search and reservaciones.perro_search are the pet's folded text
-- (perros.search_text: name and breed), kept as cliente_search is (migration 0015): set from the
-- pet on insert and on a change of pet, and rewritten when the pet's name or breed changes. With
-- it the agenda's `pe` filter reads the visit table's own trigram index instead of collecting
-- every matching pet first.
UPDATE "citas" a SET "perro_search" = p.search_text FROM "perros" p WHERE p.id_perro = a.id_perro;
--> statement-breakpoint
UPDATE "reservaciones" r SET "perro_search" = p.search_text FROM "perros" p WHERE p.id_perro = r.id_perro;
--> statement-breakpoint
-- The agenda's deferred change count (migration 0030) has events pending on citas: they run now,
-- so that the table can be indexed below.
SET CONSTRAINTS ALL IMMEDIATE;
--> statement-breakpoint
CREATE INDEX "citas_perro_search_trgm_idx" ON "citas" USING gin ("perro_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "reservaciones_perro_search_trgm_idx" ON "reservaciones" USING gin ("perro_search" gin_trgm_ops);
--> statement-breakpoint
-- Histograms fine enough for the planner to tell a common name from a rare one, as on
-- cliente_search (migration 0015).
ALTER TABLE "citas" ALTER COLUMN "perro_search" SET STATISTICS 1000;
--> statement-breakpoint
ALTER TABLE "reservaciones" ALTER COLUMN "perro_search" SET STATISTICS 1000;
--> statement-breakpoint
CREATE FUNCTION "visit_pet_search"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT p.search_text INTO NEW.perro_search FROM perros p WHERE p.id_perro = NEW.id_perro;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "citas_pet_search" BEFORE INSERT OR UPDATE OF "id_perro", "perro_search" ON "citas"
FOR EACH ROW EXECUTE FUNCTION "visit_pet_search"();
--> statement-breakpoint
CREATE TRIGGER "reservaciones_pet_search" BEFORE INSERT OR UPDATE OF "id_perro", "perro_search"
ON "reservaciones" FOR EACH ROW EXECUTE FUNCTION "visit_pet_search"();
--> statement-breakpoint
CREATE FUNCTION "perros_visit_search"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE citas SET perro_search = NEW.search_text WHERE id_perro = NEW.id_perro;
  UPDATE reservaciones SET perro_search = NEW.search_text WHERE id_perro = NEW.id_perro;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "perros_visit_search" AFTER UPDATE OF "nom_perro", "raza_perro" ON "perros"
FOR EACH ROW
WHEN (OLD.nom_perro IS DISTINCT FROM NEW.nom_perro OR OLD.raza_perro IS DISTINCT FROM NEW.raza_perro)
EXECUTE FUNCTION "perros_visit_search"();
