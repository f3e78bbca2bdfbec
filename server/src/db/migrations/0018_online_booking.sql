CREATE TABLE "ausencias" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_emp" integer NOT NULL,
	"desde" timestamp with time zone NOT NULL,
	"hasta" timestamp with time zone NOT NULL,
	"motivo" varchar(200) DEFAULT '' NOT NULL,
	"id_usu" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ausencias_rango_check" CHECK ("ausencias"."hasta" > "ausencias"."desde")
);
--> statement-breakpoint
CREATE TABLE "citas_enlaces" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"id_cita" integer NOT NULL,
	"vence" timestamp with time zone NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reserva_codigos" (
	"id" serial PRIMARY KEY NOT NULL,
	"dni" varchar(20) NOT NULL,
	"email" varchar(150) NOT NULL,
	"codigo_hash" varchar(64) NOT NULL,
	"intentos" smallint DEFAULT 0 NOT NULL,
	"vence" timestamp with time zone NOT NULL,
	"usado" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consentimientos" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_cli" integer NOT NULL,
	"tipo" varchar(20) NOT NULL,
	"aceptado" boolean NOT NULL,
	"version" varchar(20) NOT NULL,
	"origen" varchar(30) NOT NULL,
	"fecha" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reserva_online" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"modo" varchar(16) DEFAULT 'desactivada' NOT NULL,
	"aviso_horas" smallint DEFAULT 2 NOT NULL,
	"horizonte_dias" smallint DEFAULT 30 NOT NULL,
	"paso_min" smallint DEFAULT 30 NOT NULL,
	"buffer_min" smallint DEFAULT 0 NOT NULL,
	"servicios" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"paquetes" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"politica" varchar(2000) DEFAULT '' NOT NULL,
	"cancelar_horas" smallint DEFAULT 24 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reserva_online_id_check" CHECK (id = 1),
	CONSTRAINT "reserva_online_modo_check" CHECK (modo in ('desactivada', 'con_aprobacion', 'automatica')),
	CONSTRAINT "reserva_online_paso_check" CHECK (paso_min in (15, 30))
);
--> statement-breakpoint
ALTER TABLE "empleados" ADD COLUMN "horario" jsonb;--> statement-breakpoint
ALTER TABLE "perros" ADD COLUMN "talla" varchar(10);--> statement-breakpoint
ALTER TABLE "perros" ADD COLUMN "sexo" varchar(6);--> statement-breakpoint
ALTER TABLE "perros" ADD COLUMN "fec_nac" date;--> statement-breakpoint
ALTER TABLE "perros" ADD COLUMN "pelaje" varchar(60);--> statement-breakpoint
ALTER TABLE "paquetes" ADD COLUMN "minutos_talla" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "servicios" ADD COLUMN "minutos_talla" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "citas" ADD COLUMN "origen" varchar(10) DEFAULT 'mostrador' NOT NULL;--> statement-breakpoint
ALTER TABLE "ausencias" ADD CONSTRAINT "ausencias_id_emp_empleados_id_emp_fk" FOREIGN KEY ("id_emp") REFERENCES "public"."empleados"("id_emp") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ausencias" ADD CONSTRAINT "ausencias_id_usu_users_id_fk" FOREIGN KEY ("id_usu") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "citas_enlaces" ADD CONSTRAINT "citas_enlaces_id_cita_citas_id_cita_fk" FOREIGN KEY ("id_cita") REFERENCES "public"."citas"("id_cita") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consentimientos" ADD CONSTRAINT "consentimientos_id_cli_clientes_id_cli_fk" FOREIGN KEY ("id_cli") REFERENCES "public"."clientes"("id_cli") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ausencias_id_emp_desde_idx" ON "ausencias" USING btree ("id_emp","desde");--> statement-breakpoint
CREATE INDEX "ausencias_hasta_idx" ON "ausencias" USING btree ("hasta");--> statement-breakpoint
CREATE INDEX "citas_enlaces_id_cita_idx" ON "citas_enlaces" USING btree ("id_cita");--> statement-breakpoint
CREATE INDEX "reserva_codigos_dni_email_idx" ON "reserva_codigos" USING btree ("dni",lower("email"));--> statement-breakpoint
CREATE INDEX "consentimientos_id_cli_idx" ON "consentimientos" USING btree ("id_cli","tipo");--> statement-breakpoint
CREATE INDEX "citas_por_confirmar_idx" ON "citas" USING btree ("created_at") WHERE "citas"."id_est" = 10;--> statement-breakpoint
ALTER TABLE "perros" ADD CONSTRAINT "perros_talla_check" CHECK (talla in ('pequeño', 'mediano', 'grande', 'gigante'));--> statement-breakpoint
ALTER TABLE "perros" ADD CONSTRAINT "perros_sexo_check" CHECK (sexo in ('macho', 'hembra'));