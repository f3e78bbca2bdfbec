ALTER TABLE "perros" ADD COLUMN "vacunas_vence" date;--> statement-breakpoint
-- perros.vacunas_vence: the earliest of the pet's vaccines' latest expiries (a renewed vaccine's
-- older doses do not count: only each name's latest does), null without vaccines. Every row that
-- shows a pet (the agenda's thousand cards of a week, the pet list) reads its vaccine state from
-- it instead of grouping the pet's vaccines once per row.
CREATE FUNCTION "pet_vaccine_expiry"(pet integer) RETURNS date LANGUAGE sql STABLE AS $$
  SELECT min(latest) FROM (
    SELECT max(fecha_vence) AS latest FROM vacunas WHERE id_perro = pet GROUP BY lower(nombre)
  ) AS latest_doses;
$$;
--> statement-breakpoint
UPDATE "perros" p SET "vacunas_vence" = pet_vaccine_expiry(p.id_perro)
WHERE EXISTS (SELECT 1 FROM vacunas v WHERE v.id_perro = p.id_perro);
--> statement-breakpoint
CREATE FUNCTION "track_pet_vaccine_expiry"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE perros SET vacunas_vence = pet_vaccine_expiry(OLD.id_perro) WHERE id_perro = OLD.id_perro;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE perros SET vacunas_vence = pet_vaccine_expiry(NEW.id_perro) WHERE id_perro = NEW.id_perro;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "vacunas_pet_expiry" AFTER INSERT OR DELETE OR UPDATE OF "id_perro", "nombre", "fecha_vence"
ON "vacunas" FOR EACH ROW EXECUTE FUNCTION "track_pet_vaccine_expiry"();
