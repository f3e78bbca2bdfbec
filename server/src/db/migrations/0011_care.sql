CREATE TABLE "fotos_cita" (
	"id_foto" serial PRIMARY KEY NOT NULL,
	"id_cita" integer NOT NULL,
	"momento" varchar(7) NOT NULL,
	"archivo" text NOT NULL,
	"id_usu" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fotos_cita_momento_check" CHECK ("fotos_cita"."momento" in ('antes', 'despues'))
);
--> statement-breakpoint
CREATE TABLE "series_citas" (
	"id_serie" serial PRIMARY KEY NOT NULL,
	"cada_semanas" smallint NOT NULL,
	"veces" smallint NOT NULL,
	"id_usu" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "series_citas_cada_check" CHECK ("series_citas"."cada_semanas" between 1 and 12),
	CONSTRAINT "series_citas_veces_check" CHECK ("series_citas"."veces" between 2 and 26)
);
--> statement-breakpoint
CREATE TABLE "recordatorios" (
	"id_rec" serial PRIMARY KEY NOT NULL,
	"id_cita" integer NOT NULL,
	"canal" varchar(10) NOT NULL,
	"automatico" boolean DEFAULT false NOT NULL,
	"id_usu" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recordatorios_canal_check" CHECK ("recordatorios"."canal" in ('whatsapp', 'email'))
);
--> statement-breakpoint
CREATE TABLE "vacunas" (
	"id_vac" serial PRIMARY KEY NOT NULL,
	"id_perro" integer NOT NULL,
	"nombre" varchar(60) NOT NULL,
	"fecha_aplicacion" date NOT NULL,
	"fecha_vence" date NOT NULL,
	"comprobante" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vacunas_fechas_check" CHECK ("vacunas"."fecha_vence" >= "vacunas"."fecha_aplicacion")
);
--> statement-breakpoint
CREATE TABLE "lista_espera" (
	"id_esp" serial PRIMARY KEY NOT NULL,
	"id_cli" integer NOT NULL,
	"id_perro" integer NOT NULL,
	"id_srv" integer,
	"id_paq" integer,
	"dias" smallint[] NOT NULL,
	"hora_desde" time NOT NULL,
	"hora_hasta" time NOT NULL,
	"notas" varchar(300) DEFAULT '' NOT NULL,
	"id_est" smallint DEFAULT 1 NOT NULL,
	"id_cita" integer,
	"id_usu" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lista_espera_item_check" CHECK (("lista_espera"."id_srv" is null) <> ("lista_espera"."id_paq" is null)),
	CONSTRAINT "lista_espera_horas_check" CHECK ("lista_espera"."hora_hasta" > "lista_espera"."hora_desde"),
	CONSTRAINT "lista_espera_estado_check" CHECK ("lista_espera"."id_est" in (1, 2, 3))
);
--> statement-breakpoint
ALTER TABLE "ajustes" ADD COLUMN "plantilla_recordatorio" varchar(500);--> statement-breakpoint
ALTER TABLE "ajustes" ADD COLUMN "hora_recordatorio" smallint;--> statement-breakpoint
ALTER TABLE "perros" ADD COLUMN "notas_cuidado" varchar(500) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "citas" ADD COLUMN "id_serie" integer;--> statement-breakpoint
ALTER TABLE "fotos_cita" ADD CONSTRAINT "fotos_cita_id_cita_citas_id_cita_fk" FOREIGN KEY ("id_cita") REFERENCES "public"."citas"("id_cita") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fotos_cita" ADD CONSTRAINT "fotos_cita_id_usu_users_id_fk" FOREIGN KEY ("id_usu") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_citas" ADD CONSTRAINT "series_citas_id_usu_users_id_fk" FOREIGN KEY ("id_usu") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recordatorios" ADD CONSTRAINT "recordatorios_id_cita_citas_id_cita_fk" FOREIGN KEY ("id_cita") REFERENCES "public"."citas"("id_cita") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recordatorios" ADD CONSTRAINT "recordatorios_id_usu_users_id_fk" FOREIGN KEY ("id_usu") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacunas" ADD CONSTRAINT "vacunas_id_perro_perros_id_perro_fk" FOREIGN KEY ("id_perro") REFERENCES "public"."perros"("id_perro") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lista_espera" ADD CONSTRAINT "lista_espera_id_cli_clientes_id_cli_fk" FOREIGN KEY ("id_cli") REFERENCES "public"."clientes"("id_cli") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lista_espera" ADD CONSTRAINT "lista_espera_id_perro_perros_id_perro_fk" FOREIGN KEY ("id_perro") REFERENCES "public"."perros"("id_perro") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lista_espera" ADD CONSTRAINT "lista_espera_id_srv_servicios_id_srv_fk" FOREIGN KEY ("id_srv") REFERENCES "public"."servicios"("id_srv") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lista_espera" ADD CONSTRAINT "lista_espera_id_paq_paquetes_id_paq_fk" FOREIGN KEY ("id_paq") REFERENCES "public"."paquetes"("id_paq") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lista_espera" ADD CONSTRAINT "lista_espera_id_cita_citas_id_cita_fk" FOREIGN KEY ("id_cita") REFERENCES "public"."citas"("id_cita") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lista_espera" ADD CONSTRAINT "lista_espera_id_usu_users_id_fk" FOREIGN KEY ("id_usu") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fotos_cita_id_cita_idx" ON "fotos_cita" USING btree ("id_cita");--> statement-breakpoint
CREATE INDEX "recordatorios_id_cita_idx" ON "recordatorios" USING btree ("id_cita","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "recordatorios_automatico_key" ON "recordatorios" USING btree ("id_cita") WHERE "recordatorios"."automatico";--> statement-breakpoint
CREATE INDEX "vacunas_id_perro_idx" ON "vacunas" USING btree ("id_perro","fecha_vence");--> statement-breakpoint
CREATE INDEX "vacunas_fecha_vence_idx" ON "vacunas" USING btree ("fecha_vence");--> statement-breakpoint
CREATE INDEX "lista_espera_pendientes_idx" ON "lista_espera" USING btree ("id_est","created_at","id_esp");--> statement-breakpoint
CREATE INDEX "lista_espera_id_cli_idx" ON "lista_espera" USING btree ("id_cli");--> statement-breakpoint
ALTER TABLE "citas" ADD CONSTRAINT "citas_id_serie_series_citas_id_serie_fk" FOREIGN KEY ("id_serie") REFERENCES "public"."series_citas"("id_serie") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "citas_id_serie_idx" ON "citas" USING btree ("id_serie","fec_cita") WHERE "citas"."id_serie" is not null;--> statement-breakpoint
-- The alerts' names follow DESIGN §10.5 (Muerde, Nervioso, Alérgico, Cardiópata, Senior, Otro).
UPDATE "perros" SET "alertas" = array(
  SELECT DISTINCT CASE a WHEN 'alergias' THEN 'alergico' WHEN 'cardiaco' THEN 'cardiopata'
    WHEN 'piel' THEN 'otro' ELSE a END
  FROM unnest("alertas") AS a
) WHERE "alertas" && ARRAY['alergias', 'cardiaco', 'piel'];--> statement-breakpoint
-- A client's no-show count and last visit (clients list, booking lookup): an index-only scan.
CREATE INDEX "citas_client_history_idx" ON "citas" ("id_cli", "fec_cita") INCLUDE ("id_est");
