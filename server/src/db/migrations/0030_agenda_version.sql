CREATE TABLE "agenda_version" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "agenda_version_one_row" CHECK ("agenda_version"."id")
);
--> statement-breakpoint
-- Counts agenda_version up once per transaction. It runs deferred, at commit, so the row is locked
-- only while the transaction commits: taken earlier, two transactions each holding a lock the
-- other wants next could deadlock on it. The setting is the transaction's own (is_local). The
-- row is made by the first change, not here: a restored backup brings its own.
CREATE FUNCTION "count_agenda_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('groomer.agenda_counted', true) IS DISTINCT FROM 'yes' THEN
    INSERT INTO agenda_version AS v (id, version) VALUES (true, 1)
      ON CONFLICT (id) DO UPDATE SET version = v.version + 1;
    PERFORM set_config('groomer.agenda_counted', 'yes', true);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The tables the agenda's answer reads (features/agenda/agenda.ts; agenda.test.ts checks the list).
-- A constraint trigger cannot watch TRUNCATE, so a statement trigger counts that at once. A later
-- migration (or load) that writes one of these tables and then alters or indexes it in the same
-- transaction runs `SET CONSTRAINTS ALL IMMEDIATE` in between: a table with trigger events still
-- pending cannot be altered.
DO $$
DECLARE watched text;
BEGIN
  FOREACH watched IN ARRAY ARRAY['citas', 'clientes', 'perros', 'servicios', 'paquetes', 'triajes',
    'ventas', 'plantillas_consentimiento', 'firmas_consentimiento', 'empleados', 'ausencias']
  LOOP
    EXECUTE format('CREATE CONSTRAINT TRIGGER agenda_changed AFTER INSERT OR UPDATE OR DELETE ON %I
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION count_agenda_change()', watched);
    EXECUTE format('CREATE TRIGGER agenda_truncated AFTER TRUNCATE ON %I
      FOR EACH STATEMENT EXECUTE FUNCTION count_agenda_change()', watched);
  END LOOP;
END
$$;
