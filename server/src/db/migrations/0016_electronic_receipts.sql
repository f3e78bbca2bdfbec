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
ALTER TABLE "notas_credito" ADD CONSTRAINT "notas_credito_id_venta_ventas_id_venta_fk" FOREIGN KEY ("id_venta") REFERENCES "public"."ventas"("id_venta") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notas_credito" ADD CONSTRAINT "notas_credito_id_usu_users_id_fk" FOREIGN KEY ("id_usu") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notas_credito_id_venta_key" ON "notas_credito" USING btree ("id_venta");--> statement-breakpoint
CREATE UNIQUE INDEX "notas_credito_serie_numero_key" ON "notas_credito" USING btree ("serie","numero");