-- Searches ignore case and accents (every trigram index is on folded text, DESIGN §6);
-- list order times in milliseconds, as the keyset cursor carries them; the dashboard's
-- summaries kept by triggers. Hand-written parts say so: drizzle-kit has no triggers.
DROP INDEX "clientes_search_trgm_idx";--> statement-breakpoint
DROP INDEX "empleados_search_trgm_idx";--> statement-breakpoint
DROP INDEX "paquetes_search_trgm_idx";--> statement-breakpoint
DROP INDEX "perros_search_trgm_idx";--> statement-breakpoint
DROP INDEX "servicios_search_trgm_idx";--> statement-breakpoint
DROP INDEX "users_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "empleados_search_trgm_idx" ON "empleados" USING gin ((translate(lower(("nom_emp" || ' ' || "ape_emp" || ' ' || "dni_emp" || ' ' || "email_emp")), 'áàâäãéèêëíìîïóòôöõúùûüñçÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇ', 'aaaaaeeeeiiiiooooouuuuncaaaaaeeeeiiiiooooouuuunc')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "paquetes_search_trgm_idx" ON "paquetes" USING gin ((translate(lower(("nom_paq" || ' ' || "desc_paq")), 'áàâäãéèêëíìîïóòôöõúùûüñçÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇ', 'aaaaaeeeeiiiiooooouuuuncaaaaaeeeeiiiiooooouuuunc')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "servicios_search_trgm_idx" ON "servicios" USING gin ((translate(lower(("nom_srv" || ' ' || "desc_srv")), 'áàâäãéèêëíìîïóòôöõúùûüñçÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇ', 'aaaaaeeeeiiiiooooouuuuncaaaaaeeeeiiiiooooouuuunc')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ((translate(lower(("name" || ' ' || "surname" || ' ' || "doc" || ' ' || "login")), 'áàâäãéèêëíìîïóòôöõúùûüñçÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇ', 'aaaaaeeeeiiiiooooouuuuncaaaaaeeeeiiiiooooouuuunc')) gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "citas" ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "citas" ALTER COLUMN "created_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "clientes" ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "clientes" ALTER COLUMN "created_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "empleados" ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "empleados" ALTER COLUMN "created_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "paquetes" ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "paquetes" ALTER COLUMN "created_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "password_resets" ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "password_resets" ALTER COLUMN "created_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "perros" ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "perros" ALTER COLUMN "created_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "reservaciones" ALTER COLUMN "fec_reg" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "reservaciones" ALTER COLUMN "fec_reg" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "servicios" ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "servicios" ALTER COLUMN "created_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "created_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "triajes" ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "triajes" ALTER COLUMN "created_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "created_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "clientes" ADD COLUMN "search_text" text GENERATED ALWAYS AS (translate(lower(("dni_cli" || ' ' || "nom_cli" || ' ' || "ape_cli")), 'áàâäãéèêëíìîïóòôöõúùûüñçÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇ', 'aaaaaeeeeiiiiooooouuuuncaaaaaeeeeiiiiooooouuuunc')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "perros" ADD COLUMN "search_text" text GENERATED ALWAYS AS (translate(lower(("nom_perro" || ' ' || "raza_perro")), 'áàâäãéèêëíìîïóòôöõúùûüñçÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇ', 'aaaaaeeeeiiiiooooouuuuncaaaaaeeeeiiiiooooouuuunc')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "perros" ADD COLUMN "owner_search" text DEFAULT '' NOT NULL--> statement-breakpoint
-- perros.owner_search is the owner's folded text, clientes.search_text: set from the client on
-- insert and on a change of owner, and rewritten on the client's pets when the client's DNI,
-- name or surname changes. With it the pet list searches one table through one index.
CREATE FUNCTION "perros_owner_search"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT c.search_text INTO NEW.owner_search FROM clientes c WHERE c.id_cli = NEW.id_cli;
  RETURN NEW;
END
$$--> statement-breakpoint
CREATE TRIGGER "perros_owner_search" BEFORE INSERT OR UPDATE OF "id_cli", "owner_search" ON "perros"
FOR EACH ROW EXECUTE FUNCTION "perros_owner_search"()--> statement-breakpoint
CREATE FUNCTION "clientes_owner_search"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE perros SET owner_search = NEW.search_text WHERE id_cli = NEW.id_cli;
  RETURN NULL;
END
$$--> statement-breakpoint
CREATE TRIGGER "clientes_owner_search" AFTER UPDATE OF "dni_cli", "nom_cli", "ape_cli" ON "clientes"
FOR EACH ROW
WHEN (OLD.dni_cli IS DISTINCT FROM NEW.dni_cli OR OLD.nom_cli IS DISTINCT FROM NEW.nom_cli
  OR OLD.ape_cli IS DISTINCT FROM NEW.ape_cli)
EXECUTE FUNCTION "clientes_owner_search"()--> statement-breakpoint
UPDATE "perros" p SET "owner_search" = c.search_text FROM "clientes" c WHERE c.id_cli = p.id_cli--> statement-breakpoint
CREATE INDEX "clientes_search_trgm_idx" ON "clientes" USING gin ("search_text" gin_trgm_ops)--> statement-breakpoint
CREATE INDEX "perros_search_trgm_idx" ON "perros" USING gin ("search_text" gin_trgm_ops)--> statement-breakpoint
CREATE INDEX "perros_list_search_trgm_idx" ON "perros" USING gin (("search_text" || ' ' || "owner_search") gin_trgm_ops)--> statement-breakpoint
-- Histograms fine enough for the planner to tell a common word (count a few rows in any
-- order, walk the order index for the page) from a rare one (fetch its matches through the
-- trigram index). About 0.05 ms more planning.
ALTER TABLE "clientes" ALTER COLUMN "search_text" SET STATISTICS 1000--> statement-breakpoint
ALTER TABLE "perros" ALTER COLUMN "search_text" SET STATISTICS 1000--> statement-breakpoint
ALTER INDEX "perros_list_search_trgm_idx" ALTER COLUMN 1 SET STATISTICS 1000--> statement-breakpoint
CREATE TABLE "appointment_days" (
	"lima_day" date NOT NULL,
	"id_est" smallint NOT NULL,
	"total" integer NOT NULL,
	"revenue" numeric(14, 2) NOT NULL,
	CONSTRAINT "appointment_days_lima_day_id_est_pk" PRIMARY KEY("lima_day","id_est")
);--> statement-breakpoint
CREATE TABLE "status_counts" (
	"table_name" varchar(63) NOT NULL,
	"id_est" smallint NOT NULL,
	"total" integer NOT NULL,
	CONSTRAINT "status_counts_table_name_id_est_pk" PRIMARY KEY("table_name","id_est")
);--> statement-breakpoint
-- Hand-written from here (drizzle-kit has no triggers). Statement triggers with transition
-- tables: a bulk load costs one upsert per key, not one per row. Each upsert takes its rows in
-- key order, so two changes running together wait for each other instead of deadlocking.
CREATE FUNCTION "count_statuses"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A transition table exists only for the events that have it: one query per event.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO status_counts AS s (table_name, id_est, total)
    SELECT TG_TABLE_NAME, id_est, count(*) FROM new_rows GROUP BY id_est ORDER BY id_est
    ON CONFLICT (table_name, id_est) DO UPDATE SET total = s.total + excluded.total;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO status_counts AS s (table_name, id_est, total)
    SELECT TG_TABLE_NAME, id_est, sum(n) FROM (
      SELECT id_est, 1 AS n FROM new_rows UNION ALL SELECT id_est, -1 FROM old_rows
    ) AS changes
    GROUP BY id_est HAVING sum(n) <> 0 ORDER BY id_est
    ON CONFLICT (table_name, id_est) DO UPDATE SET total = s.total + excluded.total;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO status_counts AS s (table_name, id_est, total)
    SELECT TG_TABLE_NAME, id_est, -count(*) FROM old_rows GROUP BY id_est ORDER BY id_est
    ON CONFLICT (table_name, id_est) DO UPDATE SET total = s.total + excluded.total;
  ELSE
    DELETE FROM status_counts WHERE table_name = TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "clientes_count_insert" AFTER INSERT ON "clientes" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "count_statuses"();--> statement-breakpoint
CREATE TRIGGER "clientes_count_update" AFTER UPDATE ON "clientes"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "count_statuses"();--> statement-breakpoint
CREATE TRIGGER "clientes_count_delete" AFTER DELETE ON "clientes" REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "count_statuses"();--> statement-breakpoint
CREATE TRIGGER "clientes_count_truncate" AFTER TRUNCATE ON "clientes"
FOR EACH STATEMENT EXECUTE FUNCTION "count_statuses"();--> statement-breakpoint
CREATE TRIGGER "perros_count_insert" AFTER INSERT ON "perros" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "count_statuses"();--> statement-breakpoint
CREATE TRIGGER "perros_count_update" AFTER UPDATE ON "perros"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "count_statuses"();--> statement-breakpoint
CREATE TRIGGER "perros_count_delete" AFTER DELETE ON "perros" REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "count_statuses"();--> statement-breakpoint
CREATE TRIGGER "perros_count_truncate" AFTER TRUNCATE ON "perros"
FOR EACH STATEMENT EXECUTE FUNCTION "count_statuses"();--> statement-breakpoint
INSERT INTO "status_counts" ("table_name", "id_est", "total")
SELECT 'clientes', id_est, count(*) FROM "clientes" GROUP BY id_est
UNION ALL
SELECT 'perros', id_est, count(*) FROM "perros" GROUP BY id_est;--> statement-breakpoint
-- The Lima day of an appointment: Peru is UTC-5 all year (DESIGN §1), whatever the session's zone.
CREATE FUNCTION "lima_day"(at timestamptz) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN ((at AT TIME ZONE 'UTC') - interval '5 hours')::date;--> statement-breakpoint
CREATE FUNCTION "count_appointment_days"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO appointment_days AS a (lima_day, id_est, total, revenue)
    SELECT lima_day(fec_cita), id_est, count(*), sum(precio) FROM new_rows
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (lima_day, id_est) DO UPDATE
    SET total = a.total + excluded.total, revenue = a.revenue + excluded.revenue;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO appointment_days AS a (lima_day, id_est, total, revenue)
    SELECT lima_day(fec_cita), id_est, sum(n), sum(price) FROM (
      SELECT fec_cita, id_est, 1 AS n, precio AS price FROM new_rows
      UNION ALL
      SELECT fec_cita, id_est, -1, -precio FROM old_rows
    ) AS changes
    GROUP BY 1, 2 HAVING sum(n) <> 0 OR sum(price) <> 0 ORDER BY 1, 2
    ON CONFLICT (lima_day, id_est) DO UPDATE
    SET total = a.total + excluded.total, revenue = a.revenue + excluded.revenue;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO appointment_days AS a (lima_day, id_est, total, revenue)
    SELECT lima_day(fec_cita), id_est, -count(*), -sum(precio) FROM old_rows
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (lima_day, id_est) DO UPDATE
    SET total = a.total + excluded.total, revenue = a.revenue + excluded.revenue;
  ELSE
    DELETE FROM appointment_days;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "citas_days_insert" AFTER INSERT ON "citas" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "count_appointment_days"();--> statement-breakpoint
CREATE TRIGGER "citas_days_update" AFTER UPDATE ON "citas"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "count_appointment_days"();--> statement-breakpoint
CREATE TRIGGER "citas_days_delete" AFTER DELETE ON "citas" REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "count_appointment_days"();--> statement-breakpoint
CREATE TRIGGER "citas_days_truncate" AFTER TRUNCATE ON "citas"
FOR EACH STATEMENT EXECUTE FUNCTION "count_appointment_days"();--> statement-breakpoint
INSERT INTO "appointment_days" ("lima_day", "id_est", "total", "revenue")
SELECT lima_day(fec_cita), id_est, count(*), sum(precio) FROM "citas" GROUP BY 1, 2;
