CREATE TABLE "notas_credito" (
	"id_nota" serial PRIMARY KEY NOT NULL,
	"id_venta" integer NOT NULL,
	"fecha" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"serie" varchar(4) NOT NULL,
	"numero" integer NOT NULL,
	"cod_motivo" varchar(2) NOT NULL,
	"motivo" varchar(200) NOT NULL,
	"id_usu" integer,
	"cpe_estado" varchar(20),
	"cpe_hash" varchar(100),
	"cpe_qr" text,
	"cpe_xml" text,
	"cpe_cdr" text,
	"cpe_siguiente" timestamp (3) with time zone,
	"cpe_reclamado" timestamp (3) with time zone,
	"cpe_intentos" smallint DEFAULT 0 NOT NULL,
	"cpe_codigo" integer,
	"cpe_mensaje" text,
	CONSTRAINT "notas_credito_numero_check" CHECK ("notas_credito"."numero" > 0)
);
--> statement-breakpoint
CREATE TABLE "facturacion" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"modo" varchar(12) DEFAULT 'desactivado' NOT NULL,
	"usuario_sol" varchar(30),
	"clave_sol" text,
	"certificado" text,
	"clave_certificado" text,
	"cert_titular" varchar(300),
	"cert_ruc" varchar(11),
	"cert_vence" timestamp with time zone,
	"pse_url" varchar(300),
	"pse_token" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "facturacion_id_check" CHECK (id = 1)
);
--> statement-breakpoint
CREATE TABLE "cpe_envios" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_venta" integer,
	"id_nota" integer,
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"estado" varchar(20) NOT NULL,
	"codigo" integer,
	"mensaje" text,
	CONSTRAINT "cpe_envios_document_check" CHECK (("cpe_envios"."id_venta" is null) <> ("cpe_envios"."id_nota" is null))
);
--> statement-breakpoint
ALTER TABLE "ventas" ADD COLUMN "cpe_siguiente" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "ventas" ADD COLUMN "cpe_reclamado" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "ventas" ADD COLUMN "cpe_intentos" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ventas" ADD COLUMN "cpe_codigo" integer;--> statement-breakpoint
ALTER TABLE "ventas" ADD COLUMN "cpe_mensaje" text;--> statement-breakpoint
ALTER TABLE "notas_credito" ADD CONSTRAINT "notas_credito_id_venta_ventas_id_venta_fk" FOREIGN KEY ("id_venta") REFERENCES "public"."ventas"("id_venta") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notas_credito" ADD CONSTRAINT "notas_credito_id_usu_users_id_fk" FOREIGN KEY ("id_usu") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cpe_envios" ADD CONSTRAINT "cpe_envios_id_venta_ventas_id_venta_fk" FOREIGN KEY ("id_venta") REFERENCES "public"."ventas"("id_venta") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cpe_envios" ADD CONSTRAINT "cpe_envios_id_nota_notas_credito_id_nota_fk" FOREIGN KEY ("id_nota") REFERENCES "public"."notas_credito"("id_nota") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notas_credito_id_venta_key" ON "notas_credito" USING btree ("id_venta");--> statement-breakpoint
CREATE INDEX "notas_credito_cpe_sin_aceptar_idx" ON "notas_credito" USING btree ("fecha") WHERE "notas_credito"."cpe_estado" in ('pendiente', 'error', 'rechazado');--> statement-breakpoint
CREATE INDEX "notas_credito_cpe_siguiente_idx" ON "notas_credito" USING btree ("cpe_siguiente") WHERE "notas_credito"."cpe_siguiente" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "notas_credito_serie_numero_key" ON "notas_credito" USING btree ("serie","numero");--> statement-breakpoint
CREATE INDEX "cpe_envios_id_venta_idx" ON "cpe_envios" USING btree ("id_venta");--> statement-breakpoint
CREATE INDEX "cpe_envios_id_nota_idx" ON "cpe_envios" USING btree ("id_nota");--> statement-breakpoint
CREATE INDEX "ventas_cpe_sin_aceptar_idx" ON "ventas" USING btree ("fecha") WHERE "ventas"."cpe_estado" in ('pendiente', 'error', 'rechazado');--> statement-breakpoint
CREATE INDEX "ventas_cpe_siguiente_idx" ON "ventas" USING btree ("cpe_siguiente") WHERE "ventas"."cpe_siguiente" is not null;