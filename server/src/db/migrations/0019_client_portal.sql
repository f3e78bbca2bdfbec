CREATE TABLE "mensajes" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_cli" integer,
	"telefono" varchar(20) NOT NULL,
	"direccion" varchar(8) NOT NULL,
	"texto" varchar(4096) NOT NULL,
	"wa_id" varchar(160),
	"estado" varchar(10) NOT NULL,
	"id_cita" integer,
	"id_usu" integer,
	"fecha" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mensajes_direccion_check" CHECK (direccion in ('entrante', 'saliente'))
);
--> statement-breakpoint
CREATE TABLE "portal_enlaces" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"id_cli" integer NOT NULL,
	"vence" timestamp with time zone NOT NULL,
	"usado_en" timestamp with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal_sesiones" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"id_cli" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"agente" varchar(300),
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vacunas_propuestas" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_perro" integer NOT NULL,
	"nombre" varchar(60) NOT NULL,
	"fecha_aplicacion" date NOT NULL,
	"fecha_vence" date NOT NULL,
	"comprobante" text NOT NULL,
	"estado" varchar(10) DEFAULT 'pendiente' NOT NULL,
	"motivo" varchar(200),
	"id_vac" integer,
	"id_usu" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vacunas_propuestas_estado_check" CHECK (estado in ('pendiente', 'aceptada', 'rechazada'))
);
--> statement-breakpoint
CREATE TABLE "whatsapp" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"activo" boolean DEFAULT false NOT NULL,
	"phone_number_id" varchar(40),
	"token" text,
	"app_secret" text,
	"verify_token" text,
	"plantilla_recordatorio" varchar(100),
	"idioma" varchar(10) DEFAULT 'es' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_id_check" CHECK (id = 1)
);
--> statement-breakpoint
ALTER TABLE "clientes" ADD COLUMN "recordatorios" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "clientes" ADD COLUMN "marketing" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "citas" ADD COLUMN "confirmada_en" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mensajes" ADD CONSTRAINT "mensajes_id_cli_clientes_id_cli_fk" FOREIGN KEY ("id_cli") REFERENCES "public"."clientes"("id_cli") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mensajes" ADD CONSTRAINT "mensajes_id_cita_citas_id_cita_fk" FOREIGN KEY ("id_cita") REFERENCES "public"."citas"("id_cita") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mensajes" ADD CONSTRAINT "mensajes_id_usu_users_id_fk" FOREIGN KEY ("id_usu") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_enlaces" ADD CONSTRAINT "portal_enlaces_id_cli_clientes_id_cli_fk" FOREIGN KEY ("id_cli") REFERENCES "public"."clientes"("id_cli") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_sesiones" ADD CONSTRAINT "portal_sesiones_id_cli_clientes_id_cli_fk" FOREIGN KEY ("id_cli") REFERENCES "public"."clientes"("id_cli") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacunas_propuestas" ADD CONSTRAINT "vacunas_propuestas_id_perro_perros_id_perro_fk" FOREIGN KEY ("id_perro") REFERENCES "public"."perros"("id_perro") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacunas_propuestas" ADD CONSTRAINT "vacunas_propuestas_id_vac_vacunas_id_vac_fk" FOREIGN KEY ("id_vac") REFERENCES "public"."vacunas"("id_vac") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacunas_propuestas" ADD CONSTRAINT "vacunas_propuestas_id_usu_users_id_fk" FOREIGN KEY ("id_usu") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mensajes_telefono_fecha_idx" ON "mensajes" USING btree ("telefono","fecha");--> statement-breakpoint
CREATE INDEX "mensajes_id_cli_fecha_idx" ON "mensajes" USING btree ("id_cli","fecha");--> statement-breakpoint
CREATE UNIQUE INDEX "mensajes_wa_id_key" ON "mensajes" USING btree ("wa_id") WHERE "mensajes"."wa_id" is not null;--> statement-breakpoint
CREATE INDEX "portal_enlaces_id_cli_idx" ON "portal_enlaces" USING btree ("id_cli");--> statement-breakpoint
CREATE INDEX "portal_sesiones_id_cli_idx" ON "portal_sesiones" USING btree ("id_cli");--> statement-breakpoint
CREATE INDEX "vacunas_propuestas_pendientes_idx" ON "vacunas_propuestas" USING btree ("created_at") WHERE "vacunas_propuestas"."estado" = 'pendiente';--> statement-breakpoint
CREATE INDEX "vacunas_propuestas_id_perro_idx" ON "vacunas_propuestas" USING btree ("id_perro");