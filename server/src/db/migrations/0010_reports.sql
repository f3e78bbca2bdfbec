CREATE TABLE "appointment_totals" (
	"lima_day" date NOT NULL,
	"dimension" char(1) NOT NULL,
	"ref_id" integer NOT NULL,
	"id_est" smallint NOT NULL,
	"total" integer NOT NULL,
	"minutes" integer NOT NULL,
	"revenue" numeric(14, 2) NOT NULL,
	CONSTRAINT "appointment_totals_lima_day_dimension_ref_id_id_est_pk" PRIMARY KEY("lima_day","dimension","ref_id","id_est")
);
--> statement-breakpoint
CREATE TABLE "client_first_visits" (
	"id_cli" integer PRIMARY KEY NOT NULL,
	"first_day" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reservation_days" (
	"lima_day" date NOT NULL,
	"id_est" smallint NOT NULL,
	"lead_bucket" smallint NOT NULL,
	"converted" boolean NOT NULL,
	"total" integer NOT NULL,
	"lead_days" integer NOT NULL,
	CONSTRAINT "reservation_days_lima_day_id_est_lead_bucket_converted_pk" PRIMARY KEY("lima_day","id_est","lead_bucket","converted")
);
--> statement-breakpoint
ALTER TABLE "reservaciones" ADD COLUMN "id_cita" integer;--> statement-breakpoint
CREATE INDEX "client_first_visits_first_day_idx" ON "client_first_visits" USING btree ("first_day");--> statement-breakpoint
ALTER TABLE "reservaciones" ADD CONSTRAINT "reservaciones_id_cita_citas_id_cita_fk" FOREIGN KEY ("id_cita") REFERENCES "public"."citas"("id_cita") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Hand-written from here (drizzle-kit has no triggers), as the summaries of migration 0004:
-- statement triggers with transition tables, one upsert per key in key order.
CREATE FUNCTION "count_appointment_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO appointment_totals AS a (lima_day, dimension, ref_id, id_est, total, minutes, revenue)
    SELECT lima_day(c.fec_cita), d.dimension, d.ref_id, c.id_est, count(*), sum(c.duracion), sum(c.precio)
    FROM new_rows c
    CROSS JOIN LATERAL (VALUES ('g', coalesce(c.id_emp, 0)), ('s', c.id_srv), ('p', c.id_paq)) AS d (dimension, ref_id)
    WHERE d.ref_id IS NOT NULL
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (lima_day, dimension, ref_id, id_est) DO UPDATE
    SET total = a.total + excluded.total, minutes = a.minutes + excluded.minutes,
      revenue = a.revenue + excluded.revenue;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO appointment_totals AS a (lima_day, dimension, ref_id, id_est, total, minutes, revenue)
    SELECT lima_day(c.fec_cita), d.dimension, d.ref_id, c.id_est, sum(c.n), sum(c.n * c.duracion), sum(c.n * c.precio)
    FROM (
      SELECT fec_cita, id_est, id_emp, id_srv, id_paq, duracion, precio, 1 AS n FROM new_rows
      UNION ALL
      SELECT fec_cita, id_est, id_emp, id_srv, id_paq, duracion, precio, -1 FROM old_rows
    ) AS c
    CROSS JOIN LATERAL (VALUES ('g', coalesce(c.id_emp, 0)), ('s', c.id_srv), ('p', c.id_paq)) AS d (dimension, ref_id)
    WHERE d.ref_id IS NOT NULL
    GROUP BY 1, 2, 3, 4
    HAVING sum(c.n) <> 0 OR sum(c.n * c.duracion) <> 0 OR sum(c.n * c.precio) <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (lima_day, dimension, ref_id, id_est) DO UPDATE
    SET total = a.total + excluded.total, minutes = a.minutes + excluded.minutes,
      revenue = a.revenue + excluded.revenue;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO appointment_totals AS a (lima_day, dimension, ref_id, id_est, total, minutes, revenue)
    SELECT lima_day(c.fec_cita), d.dimension, d.ref_id, c.id_est, -count(*), -sum(c.duracion), -sum(c.precio)
    FROM old_rows c
    CROSS JOIN LATERAL (VALUES ('g', coalesce(c.id_emp, 0)), ('s', c.id_srv), ('p', c.id_paq)) AS d (dimension, ref_id)
    WHERE d.ref_id IS NOT NULL
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (lima_day, dimension, ref_id, id_est) DO UPDATE
    SET total = a.total + excluded.total, minutes = a.minutes + excluded.minutes,
      revenue = a.revenue + excluded.revenue;
  ELSE
    DELETE FROM appointment_totals;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "citas_totals_insert" AFTER INSERT ON "citas" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "count_appointment_totals"();--> statement-breakpoint
CREATE TRIGGER "citas_totals_update" AFTER UPDATE ON "citas"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "count_appointment_totals"();--> statement-breakpoint
CREATE TRIGGER "citas_totals_delete" AFTER DELETE ON "citas" REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "count_appointment_totals"();--> statement-breakpoint
CREATE TRIGGER "citas_totals_truncate" AFTER TRUNCATE ON "citas"
FOR EACH STATEMENT EXECUTE FUNCTION "count_appointment_totals"();--> statement-breakpoint
CREATE FUNCTION "refresh_client_first_visits"(clients integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO client_first_visits AS f (id_cli, first_day)
  SELECT c.id_cli, min(lima_day(c.fec_cita)) FROM citas c
  WHERE c.id_cli = ANY (clients) AND c.id_est <> 8
  GROUP BY c.id_cli ORDER BY c.id_cli
  ON CONFLICT (id_cli) DO UPDATE SET first_day = excluded.first_day;
  DELETE FROM client_first_visits f
  WHERE f.id_cli = ANY (clients)
    AND NOT EXISTS (SELECT 1 FROM citas c WHERE c.id_cli = f.id_cli AND c.id_est <> 8);
$$;--> statement-breakpoint
-- A new cita can only bring a client's first day earlier (least() also holds when two are
-- booked at once: the second upsert waits for the first's row and sees it). A change or a
-- delete reads the client's citas again, on their id_cli index.
CREATE FUNCTION "track_client_first_visits"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO client_first_visits AS f (id_cli, first_day)
    SELECT id_cli, min(lima_day(fec_cita)) FROM new_rows WHERE id_est <> 8
    GROUP BY id_cli ORDER BY id_cli
    ON CONFLICT (id_cli) DO UPDATE SET first_day = least(f.first_day, excluded.first_day);
  ELSIF TG_OP = 'TRUNCATE' THEN
    DELETE FROM client_first_visits;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM refresh_client_first_visits(ARRAY(SELECT id_cli FROM old_rows UNION SELECT id_cli FROM new_rows));
  ELSE
    PERFORM refresh_client_first_visits(ARRAY(SELECT DISTINCT id_cli FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "citas_first_visits_insert" AFTER INSERT ON "citas" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "track_client_first_visits"();--> statement-breakpoint
CREATE TRIGGER "citas_first_visits_update" AFTER UPDATE ON "citas"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "track_client_first_visits"();--> statement-breakpoint
CREATE TRIGGER "citas_first_visits_delete" AFTER DELETE ON "citas" REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "track_client_first_visits"();--> statement-breakpoint
CREATE TRIGGER "citas_first_visits_truncate" AFTER TRUNCATE ON "citas"
FOR EACH STATEMENT EXECUTE FUNCTION "track_client_first_visits"();--> statement-breakpoint
INSERT INTO "appointment_totals" (lima_day, dimension, ref_id, id_est, total, minutes, revenue)
SELECT lima_day(c.fec_cita), d.dimension, d.ref_id, c.id_est, count(*), sum(c.duracion), sum(c.precio)
FROM "citas" c
CROSS JOIN LATERAL (VALUES ('g', coalesce(c.id_emp, 0)), ('s', c.id_srv), ('p', c.id_paq)) AS d (dimension, ref_id)
WHERE d.ref_id IS NOT NULL
GROUP BY 1, 2, 3, 4;--> statement-breakpoint
INSERT INTO "client_first_visits" (id_cli, first_day)
SELECT id_cli, min(lima_day(fec_cita)) FROM "citas" WHERE id_est <> 8 GROUP BY id_cli;
--> statement-breakpoint
-- The clients seen in a range (Reporte Citas' returning clients): an index-only scan.
CREATE INDEX "citas_visits_idx" ON "citas" ("fec_cita") INCLUDE ("id_cli") WHERE "id_est" <> 8;--> statement-breakpoint
-- The sales in force by time, with what the dashboard's income adds up: an index-only scan.
CREATE INDEX "ventas_in_force_fecha_idx" ON "ventas" ("fecha") INCLUDE ("total", "id_cita") WHERE "anulada_at" IS NULL;--> statement-breakpoint
CREATE INDEX "reservaciones_id_cita_idx" ON "reservaciones" ("id_cita") WHERE "id_cita" IS NOT NULL;--> statement-breakpoint
-- A reservation turned into a cita when a cita (not deleted) is booked for its pet on its day,
-- whichever is written first. Once linked it stays so, as the cita was booked.
CREATE FUNCTION "link_reservations_to_citas"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'citas' THEN
    UPDATE reservaciones r SET id_cita = c.id_cita
    FROM new_rows c
    WHERE r.id_perro = c.id_perro AND r.fec_cita = lima_day(c.fec_cita) AND c.id_est <> 8
      AND r.id_cita IS NULL;
  ELSE
    UPDATE reservaciones r SET id_cita = c.id_cita
    FROM new_rows n JOIN citas c ON c.id_perro = n.id_perro AND lima_day(c.fec_cita) = n.fec_cita
    WHERE r.id_res = n.id_res AND c.id_est <> 8 AND r.id_cita IS NULL;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "citas_link_reservations_insert" AFTER INSERT ON "citas" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "link_reservations_to_citas"();--> statement-breakpoint
CREATE TRIGGER "citas_link_reservations_update" AFTER UPDATE ON "citas" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "link_reservations_to_citas"();--> statement-breakpoint
CREATE TRIGGER "reservaciones_link_citas" AFTER INSERT ON "reservaciones" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "link_reservations_to_citas"();--> statement-breakpoint
-- Reservations already linked before their days are counted (the count reads the link).
UPDATE "reservaciones" r SET "id_cita" = c.id_cita
FROM "citas" c
WHERE c.id_perro = r.id_perro AND lima_day(c.fec_cita) = r.fec_cita AND c.id_est <> 8;--> statement-breakpoint
-- Days booked ahead, bucketed as LEAD_TIME_RANGES (domain/src/resources/reports.ts) lists them.
CREATE FUNCTION "lead_bucket"(days integer) RETURNS smallint LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN (CASE WHEN days <= 0 THEN 0 WHEN days <= 3 THEN 1 WHEN days <= 7 THEN 2
  WHEN days <= 14 THEN 3 ELSE 4 END)::smallint;--> statement-breakpoint
CREATE FUNCTION "count_reservation_days"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO reservation_days AS s (lima_day, id_est, lead_bucket, converted, total, lead_days)
    SELECT lima_day(fec_reg), id_est, lead_bucket(fec_cita - lima_day(fec_reg)), id_cita IS NOT NULL,
      count(*), sum(greatest(fec_cita - lima_day(fec_reg), 0))
    FROM new_rows GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (lima_day, id_est, lead_bucket, converted) DO UPDATE
    SET total = s.total + excluded.total, lead_days = s.lead_days + excluded.lead_days;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO reservation_days AS s (lima_day, id_est, lead_bucket, converted, total, lead_days)
    SELECT lima_day(fec_reg), id_est, lead_bucket(fec_cita - lima_day(fec_reg)), id_cita IS NOT NULL,
      sum(n), sum(n * greatest(fec_cita - lima_day(fec_reg), 0))
    FROM (
      SELECT fec_reg, fec_cita, id_est, id_cita, 1 AS n FROM new_rows
      UNION ALL
      SELECT fec_reg, fec_cita, id_est, id_cita, -1 FROM old_rows
    ) AS changes
    GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (lima_day, id_est, lead_bucket, converted) DO UPDATE
    SET total = s.total + excluded.total, lead_days = s.lead_days + excluded.lead_days;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO reservation_days AS s (lima_day, id_est, lead_bucket, converted, total, lead_days)
    SELECT lima_day(fec_reg), id_est, lead_bucket(fec_cita - lima_day(fec_reg)), id_cita IS NOT NULL,
      -count(*), -sum(greatest(fec_cita - lima_day(fec_reg), 0))
    FROM old_rows GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (lima_day, id_est, lead_bucket, converted) DO UPDATE
    SET total = s.total + excluded.total, lead_days = s.lead_days + excluded.lead_days;
  ELSE
    DELETE FROM reservation_days;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "reservaciones_days_insert" AFTER INSERT ON "reservaciones" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "count_reservation_days"();--> statement-breakpoint
CREATE TRIGGER "reservaciones_days_update" AFTER UPDATE ON "reservaciones"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "count_reservation_days"();--> statement-breakpoint
CREATE TRIGGER "reservaciones_days_delete" AFTER DELETE ON "reservaciones" REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "count_reservation_days"();--> statement-breakpoint
CREATE TRIGGER "reservaciones_days_truncate" AFTER TRUNCATE ON "reservaciones"
FOR EACH STATEMENT EXECUTE FUNCTION "count_reservation_days"();--> statement-breakpoint
INSERT INTO "reservation_days" (lima_day, id_est, lead_bucket, converted, total, lead_days)
SELECT lima_day(fec_reg), id_est, lead_bucket(fec_cita - lima_day(fec_reg)), id_cita IS NOT NULL,
  count(*), sum(greatest(fec_cita - lima_day(fec_reg), 0))
FROM "reservaciones" GROUP BY 1, 2, 3, 4;
