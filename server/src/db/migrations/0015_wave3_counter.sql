CREATE TABLE "client_visit_years" (
	"id_cli" integer NOT NULL,
	"year" smallint NOT NULL,
	"days" bit(366) NOT NULL,
	CONSTRAINT "client_visit_years_id_cli_year_pk" PRIMARY KEY("id_cli","year")
);
--> statement-breakpoint
ALTER TABLE "citas" ADD COLUMN "cliente_search" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "reservaciones" ADD COLUMN "cliente_search" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "client_visit_years_year_idx" ON "client_visit_years" USING btree ("year");--> statement-breakpoint
CREATE INDEX "citas_cliente_search_trgm_idx" ON "citas" USING gin ("cliente_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "reservaciones_cliente_search_trgm_idx" ON "reservaciones" USING gin ("cliente_search" gin_trgm_ops);
--> statement-breakpoint
-- citas.cliente_search and reservaciones.cliente_search are the client's folded text
-- (clientes.search_text), kept as perros.owner_search is (migration 0004): set from the client on
-- insert and on a change of client, and rewritten when the client's DNI, name or surname changes.
-- With it the agenda's `cli` filter reads the visit table's own trigram index instead of
-- collecting every matching client first.
UPDATE "citas" a SET "cliente_search" = c.search_text FROM "clientes" c WHERE c.id_cli = a.id_cli;
--> statement-breakpoint
UPDATE "reservaciones" r SET "cliente_search" = c.search_text FROM "clientes" c WHERE c.id_cli = r.id_cli;
--> statement-breakpoint
CREATE FUNCTION "visit_client_search"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT c.search_text INTO NEW.cliente_search FROM clientes c WHERE c.id_cli = NEW.id_cli;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "citas_client_search" BEFORE INSERT OR UPDATE OF "id_cli", "cliente_search" ON "citas"
FOR EACH ROW EXECUTE FUNCTION "visit_client_search"();
--> statement-breakpoint
CREATE TRIGGER "reservaciones_client_search" BEFORE INSERT OR UPDATE OF "id_cli", "cliente_search"
ON "reservaciones" FOR EACH ROW EXECUTE FUNCTION "visit_client_search"();
--> statement-breakpoint
CREATE FUNCTION "clientes_visit_search"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE citas SET cliente_search = NEW.search_text WHERE id_cli = NEW.id_cli;
  UPDATE reservaciones SET cliente_search = NEW.search_text WHERE id_cli = NEW.id_cli;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "clientes_visit_search" AFTER UPDATE OF "dni_cli", "nom_cli", "ape_cli" ON "clientes"
FOR EACH ROW
WHEN (OLD.dni_cli IS DISTINCT FROM NEW.dni_cli OR OLD.nom_cli IS DISTINCT FROM NEW.nom_cli
  OR OLD.ape_cli IS DISTINCT FROM NEW.ape_cli)
EXECUTE FUNCTION "clientes_visit_search"();
--> statement-breakpoint
-- Histograms fine enough for the planner to tell a common surname from a rare one, as on
-- clientes.search_text (migration 0004).
ALTER TABLE "citas" ALTER COLUMN "cliente_search" SET STATISTICS 1000;
--> statement-breakpoint
ALTER TABLE "reservaciones" ALTER COLUMN "cliente_search" SET STATISTICS 1000;
--> statement-breakpoint
-- The citas and reservaciones lists' totals when only the status filters them (every list's
-- first page) come from status_counts too, kept as the clients' and pets' are (migration 0004).
CREATE TRIGGER "citas_count_insert" AFTER INSERT ON "citas" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "count_statuses"();
--> statement-breakpoint
CREATE TRIGGER "citas_count_update" AFTER UPDATE ON "citas"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "count_statuses"();
--> statement-breakpoint
CREATE TRIGGER "citas_count_delete" AFTER DELETE ON "citas" REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "count_statuses"();
--> statement-breakpoint
CREATE TRIGGER "citas_count_truncate" AFTER TRUNCATE ON "citas"
FOR EACH STATEMENT EXECUTE FUNCTION "count_statuses"();
--> statement-breakpoint
CREATE TRIGGER "reservaciones_count_insert" AFTER INSERT ON "reservaciones"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_statuses"();
--> statement-breakpoint
CREATE TRIGGER "reservaciones_count_update" AFTER UPDATE ON "reservaciones"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "count_statuses"();
--> statement-breakpoint
CREATE TRIGGER "reservaciones_count_delete" AFTER DELETE ON "reservaciones"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_statuses"();
--> statement-breakpoint
CREATE TRIGGER "reservaciones_count_truncate" AFTER TRUNCATE ON "reservaciones"
FOR EACH STATEMENT EXECUTE FUNCTION "count_statuses"();
--> statement-breakpoint
INSERT INTO "status_counts" ("table_name", "id_est", "total")
SELECT 'citas', id_est, count(*) FROM "citas" GROUP BY id_est
UNION ALL
SELECT 'reservaciones', id_est, count(*) FROM "reservaciones" GROUP BY id_est;
--> statement-breakpoint
-- (h4) client_visit_years: each client's Lima days with a cita (deleted ones aside), a bit per day
-- of the year, kept by statement triggers on citas like client_first_visits (migration 0010).
-- Reporte Citas counts the distinct clients of a range over these rows, not the range's citas.
CREATE FUNCTION "visit_day_bit"(day date) RETURNS bit(366) LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN set_bit(repeat('0', 366)::bit(366), day - make_date(extract(year FROM day)::int, 1, 1), 1);
--> statement-breakpoint
CREATE FUNCTION "refresh_client_visit_years"(clients integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO client_visit_years AS v (id_cli, year, days)
  SELECT c.id_cli, extract(year FROM lima_day(c.fec_cita))::smallint, bit_or(visit_day_bit(lima_day(c.fec_cita)))
  FROM citas c
  WHERE c.id_cli = ANY (clients) AND c.id_est <> 8
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (id_cli, year) DO UPDATE SET days = excluded.days;
  DELETE FROM client_visit_years v
  WHERE v.id_cli = ANY (clients)
    AND NOT EXISTS (
      SELECT 1 FROM citas c
      WHERE c.id_cli = v.id_cli AND c.id_est <> 8
        AND c.fec_cita >= (make_date(v.year, 1, 1) + interval '5 hours') AT TIME ZONE 'UTC'
        AND c.fec_cita < (make_date(v.year + 1, 1, 1) + interval '5 hours') AT TIME ZONE 'UTC');
$$;
--> statement-breakpoint
-- A new cita only adds its day. A change reads again the citas of the clients whose (day,
-- deleted or not) set changed among the rows the statement touched; a status change between two
-- live statuses, the most common update, touches nothing here.
CREATE FUNCTION "track_client_visit_years"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO client_visit_years AS v (id_cli, year, days)
    SELECT id_cli, extract(year FROM lima_day(fec_cita))::smallint, bit_or(visit_day_bit(lima_day(fec_cita)))
    FROM new_rows WHERE id_est <> 8
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (id_cli, year) DO UPDATE SET days = v.days | excluded.days;
  ELSIF TG_OP = 'TRUNCATE' THEN
    DELETE FROM client_visit_years;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM refresh_client_visit_years(ARRAY(
      SELECT id_cli FROM (
        (SELECT id_cli, lima_day(fec_cita), id_est = 8 FROM old_rows
         EXCEPT SELECT id_cli, lima_day(fec_cita), id_est = 8 FROM new_rows)
        UNION
        (SELECT id_cli, lima_day(fec_cita), id_est = 8 FROM new_rows
         EXCEPT SELECT id_cli, lima_day(fec_cita), id_est = 8 FROM old_rows)
      ) AS changed (id_cli, day, deleted)
      GROUP BY id_cli ORDER BY id_cli));
  ELSE
    PERFORM refresh_client_visit_years(ARRAY(
      SELECT DISTINCT id_cli FROM old_rows WHERE id_est <> 8 ORDER BY id_cli));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "citas_visit_years_insert" AFTER INSERT ON "citas" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "track_client_visit_years"();
--> statement-breakpoint
CREATE TRIGGER "citas_visit_years_update" AFTER UPDATE ON "citas"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "track_client_visit_years"();
--> statement-breakpoint
CREATE TRIGGER "citas_visit_years_delete" AFTER DELETE ON "citas" REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "track_client_visit_years"();
--> statement-breakpoint
CREATE TRIGGER "citas_visit_years_truncate" AFTER TRUNCATE ON "citas"
FOR EACH STATEMENT EXECUTE FUNCTION "track_client_visit_years"();
--> statement-breakpoint
INSERT INTO "client_visit_years" (id_cli, year, days)
SELECT id_cli, extract(year FROM lima_day(fec_cita))::smallint, bit_or(visit_day_bit(lima_day(fec_cita)))
FROM "citas" WHERE id_est <> 8
GROUP BY 1, 2;
--> statement-breakpoint
-- The visits index served only that count.
DROP INDEX IF EXISTS "citas_visits_idx";
