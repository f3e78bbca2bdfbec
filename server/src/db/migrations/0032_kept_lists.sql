-- The lists' pages are kept by the server that built them while nothing they show has changed
-- (crud/kept-pages.ts, issue 30 §15), as the agenda's week is (migration 0030): agenda_version
-- now counts a change to every table but those below, so that a page, whatever it joins, is
-- served again only while no table it reads has changed. The name stays: backups carry the table.
-- Left out, since no kept answer reads them and they change on reads or on every call: sessions,
-- rate limits, the audit log, one-time codes and links, the counter itself; and the summaries
-- that triggers keep from tables counted here (a change to them comes with a counted change).
DO $$
DECLARE watched text;
BEGIN
  FOR watched IN
    SELECT c.relname FROM pg_class c
    WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p')
      AND c.relname NOT IN ('agenda_version', 'sessions', 'portal_sesiones', 'limites',
        'auditoria', 'password_resets', 'reserva_codigos', 'appointment_days',
        'appointment_totals', 'client_first_visits', 'client_visit_years', 'reservation_days',
        'status_counts')
      AND NOT EXISTS (SELECT 1 FROM pg_trigger t WHERE t.tgrelid = c.oid AND t.tgname = 'agenda_changed')
    ORDER BY c.relname
  LOOP
    EXECUTE format('CREATE CONSTRAINT TRIGGER agenda_changed AFTER INSERT OR UPDATE OR DELETE ON %I
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION count_agenda_change()', watched);
    EXECUTE format('CREATE TRIGGER agenda_truncated AFTER TRUNCATE ON %I
      FOR EACH STATEMENT EXECUTE FUNCTION count_agenda_change()', watched);
  END LOOP;
END
$$;
