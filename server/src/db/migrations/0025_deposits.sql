CREATE TABLE "adelantos" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_cita" integer NOT NULL,
	"id_cli" integer NOT NULL,
	"monto" numeric(10, 2) NOT NULL,
	"metodo" varchar(15) NOT NULL,
	"operacion" varchar(30),
	"comprobante" varchar(100),
	"verificado_at" timestamp with time zone,
	"verificado_por" integer,
	"estado" varchar(10) DEFAULT 'recibido' NOT NULL,
	"id_venta" integer,
	"resuelto_at" timestamp with time zone,
	"motivo" varchar(200),
	"id_usu" integer,
	"fecha" date NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "adelantos_monto_check" CHECK ("adelantos"."monto" > 0),
	CONSTRAINT "adelantos_estado_check" CHECK ("adelantos"."estado" in ('recibido', 'aplicado', 'retenido', 'credito', 'anulado'))
);
--> statement-breakpoint
ALTER TABLE "paquetes" ADD COLUMN "adelanto" jsonb;--> statement-breakpoint
ALTER TABLE "servicios" ADD COLUMN "adelanto" jsonb;--> statement-breakpoint
ALTER TABLE "adelantos" ADD CONSTRAINT "adelantos_id_cita_citas_id_cita_fk" FOREIGN KEY ("id_cita") REFERENCES "public"."citas"("id_cita") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adelantos" ADD CONSTRAINT "adelantos_id_cli_clientes_id_cli_fk" FOREIGN KEY ("id_cli") REFERENCES "public"."clientes"("id_cli") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adelantos" ADD CONSTRAINT "adelantos_verificado_por_users_id_fk" FOREIGN KEY ("verificado_por") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adelantos" ADD CONSTRAINT "adelantos_id_venta_ventas_id_venta_fk" FOREIGN KEY ("id_venta") REFERENCES "public"."ventas"("id_venta") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adelantos" ADD CONSTRAINT "adelantos_id_usu_users_id_fk" FOREIGN KEY ("id_usu") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "adelantos_id_cita_idx" ON "adelantos" USING btree ("id_cita");--> statement-breakpoint
CREATE INDEX "adelantos_id_cli_estado_idx" ON "adelantos" USING btree ("id_cli","estado");--> statement-breakpoint
CREATE INDEX "adelantos_fecha_idx" ON "adelantos" USING btree ("fecha");--> statement-breakpoint
CREATE INDEX "adelantos_id_venta_idx" ON "adelantos" USING btree ("id_venta");--> statement-breakpoint
-- A deposit follows its cita (DESIGN §11.6), whoever changes the status (staff, the client's link,
-- the portal, WhatsApp): a no-show keeps it as a fee; a cancellation keeps it when it comes inside
-- the policy's window (reserva_online.cancelar_horas before the visit, 24 until saved) and turns it
-- into the client's credit before; a deletion turns it into credit. A cita brought back holds
-- again what it had kept; credit stays credit (the client may have spent it).
CREATE FUNCTION "deposits_follow_appointment"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  window_hours integer := coalesce((SELECT cancelar_horas FROM reserva_online LIMIT 1), 24);
BEGIN
  IF NEW.id_est = 4 OR (NEW.id_est = 11 AND now() >= NEW.fec_cita - make_interval(hours => window_hours)) THEN
    UPDATE adelantos SET estado = 'retenido', resuelto_at = now()
    WHERE id_cita = NEW.id_cita AND estado = 'recibido';
  ELSIF NEW.id_est IN (8, 11) THEN
    UPDATE adelantos SET estado = 'credito', resuelto_at = now()
    WHERE id_cita = NEW.id_cita AND estado = 'recibido';
  ELSIF OLD.id_est IN (4, 8, 11) THEN
    UPDATE adelantos SET estado = 'recibido', resuelto_at = NULL
    WHERE id_cita = NEW.id_cita AND estado = 'retenido';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "citas_deposits" AFTER UPDATE OF "id_est" ON "citas"
FOR EACH ROW WHEN (OLD.id_est IS DISTINCT FROM NEW.id_est) EXECUTE FUNCTION "deposits_follow_appointment"();
