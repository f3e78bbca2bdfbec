CREATE TABLE "reclamos_anios" (
	"anio" smallint PRIMARY KEY NOT NULL,
	"ultimo" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reclamos" (
	"id" serial PRIMARY KEY NOT NULL,
	"anio" smallint NOT NULL,
	"numero" integer NOT NULL,
	"fecha" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"tipo_doc" varchar(12) NOT NULL,
	"doc" varchar(20) NOT NULL,
	"nombres" varchar(100) NOT NULL,
	"apellidos" varchar(100) NOT NULL,
	"direccion" varchar(200) NOT NULL,
	"telefono" varchar(20) NOT NULL,
	"email" varchar(150) NOT NULL,
	"menor" boolean DEFAULT false NOT NULL,
	"apoderado_nombre" varchar(200),
	"apoderado_tipo_doc" varchar(12),
	"apoderado_doc" varchar(20),
	"bien" varchar(10) NOT NULL,
	"monto" numeric(10, 2),
	"descripcion" varchar(500) NOT NULL,
	"tipo" varchar(10) NOT NULL,
	"detalle" varchar(3000) NOT NULL,
	"pedido" varchar(1000) NOT NULL,
	"vence" date NOT NULL,
	"respuesta" text,
	"respondido_at" timestamp (3) with time zone,
	"respondido_por" integer,
	CONSTRAINT "reclamos_numero_check" CHECK ("reclamos"."numero" > 0)
);
--> statement-breakpoint
CREATE TABLE "feriados" (
	"fecha" date PRIMARY KEY NOT NULL,
	"nombre" varchar(100) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reclamos" ADD CONSTRAINT "reclamos_respondido_por_users_id_fk" FOREIGN KEY ("respondido_por") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reclamos_anio_numero_key" ON "reclamos" USING btree ("anio","numero");--> statement-breakpoint
CREATE INDEX "reclamos_fecha_idx" ON "reclamos" USING btree ("fecha","id");--> statement-breakpoint
CREATE INDEX "reclamos_pendientes_idx" ON "reclamos" USING btree ("vence") WHERE "reclamos"."respondido_at" is null;
