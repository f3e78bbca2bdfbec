CREATE TABLE "firmas_consentimiento" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_consentimiento" integer NOT NULL,
	"version" smallint NOT NULL,
	"titulo" varchar(120) NOT NULL,
	"texto" text NOT NULL,
	"id_perro" integer NOT NULL,
	"id_cli" integer NOT NULL,
	"firmante" varchar(120) NOT NULL,
	"pdf" varchar(100) NOT NULL,
	"ip" varchar(45),
	"id_usu" integer,
	"firmado_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plantillas_consentimiento" (
	"id_consentimiento" serial PRIMARY KEY NOT NULL,
	"titulo" varchar(120) NOT NULL,
	"texto" text NOT NULL,
	"aplica" varchar(15) NOT NULL,
	"servicios" integer[] DEFAULT '{}' NOT NULL,
	"paquetes" integer[] DEFAULT '{}' NOT NULL,
	"version" smallint DEFAULT 1 NOT NULL,
	"id_est" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "firmas_consentimiento" ADD CONSTRAINT "firmas_consentimiento_id_consentimiento_plantillas_consentimiento_id_consentimiento_fk" FOREIGN KEY ("id_consentimiento") REFERENCES "public"."plantillas_consentimiento"("id_consentimiento") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmas_consentimiento" ADD CONSTRAINT "firmas_consentimiento_id_perro_perros_id_perro_fk" FOREIGN KEY ("id_perro") REFERENCES "public"."perros"("id_perro") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmas_consentimiento" ADD CONSTRAINT "firmas_consentimiento_id_cli_clientes_id_cli_fk" FOREIGN KEY ("id_cli") REFERENCES "public"."clientes"("id_cli") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmas_consentimiento" ADD CONSTRAINT "firmas_consentimiento_id_usu_users_id_fk" FOREIGN KEY ("id_usu") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plantillas_consentimiento" ADD CONSTRAINT "plantillas_consentimiento_id_est_estados_id_est_fk" FOREIGN KEY ("id_est") REFERENCES "public"."estados"("id_est") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "firmas_consentimiento_id_perro_idx" ON "firmas_consentimiento" USING btree ("id_perro","id_consentimiento");--> statement-breakpoint
CREATE INDEX "firmas_consentimiento_id_consentimiento_idx" ON "firmas_consentimiento" USING btree ("id_consentimiento");--> statement-breakpoint
CREATE INDEX "plantillas_consentimiento_created_at_idx" ON "plantillas_consentimiento" USING btree ("created_at","id_consentimiento","id_est");--> statement-breakpoint
CREATE INDEX "plantillas_consentimiento_id_est_created_at_idx" ON "plantillas_consentimiento" USING btree ("id_est","created_at","id_consentimiento");--> statement-breakpoint
-- A changed text is a new version: a signature names the version it signed, and a pet's
-- signature of an older one no longer counts (DESIGN §11.8).
CREATE FUNCTION "consent_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.version := OLD.version + 1;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "plantillas_consentimiento_version" BEFORE UPDATE OF "texto" ON "plantillas_consentimiento"
FOR EACH ROW WHEN (OLD.texto IS DISTINCT FROM NEW.texto) EXECUTE FUNCTION "consent_version"();
