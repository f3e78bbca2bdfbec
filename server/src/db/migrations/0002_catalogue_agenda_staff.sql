CREATE TABLE "citas" (
	"id_cita" serial PRIMARY KEY NOT NULL,
	"fec_cita" timestamp with time zone NOT NULL,
	"id_cli" integer NOT NULL,
	"id_perro" integer NOT NULL,
	"id_srv" integer,
	"id_paq" integer,
	"precio" numeric(10, 2) NOT NULL,
	"id_usu" integer NOT NULL,
	"id_emp" integer,
	"obs_perro" varchar(500) NOT NULL,
	"fech_reg" date NOT NULL,
	"id_est" smallint DEFAULT 9 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "citas_one_item_check" CHECK (("citas"."id_srv" is null) <> ("citas"."id_paq" is null))
);
--> statement-breakpoint
CREATE TABLE "empleados" (
	"id_emp" serial PRIMARY KEY NOT NULL,
	"nom_emp" varchar(100) NOT NULL,
	"ape_emp" varchar(100) NOT NULL,
	"id_tipoDoc" smallint NOT NULL,
	"dni_emp" varchar(13) NOT NULL,
	"fec_nac" date NOT NULL,
	"email_emp" varchar(150) NOT NULL,
	"tel_emp" varchar(9) NOT NULL,
	"picture" text,
	"id_est" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paquete_servicio" (
	"id_paq" integer NOT NULL,
	"id_srv" integer NOT NULL,
	CONSTRAINT "paquete_servicio_id_paq_id_srv_pk" PRIMARY KEY("id_paq","id_srv")
);
--> statement-breakpoint
CREATE TABLE "paquetes" (
	"id_paq" serial PRIMARY KEY NOT NULL,
	"nom_paq" varchar(100) NOT NULL,
	"desc_paq" varchar(500) NOT NULL,
	"precio_paq" numeric(10, 2) NOT NULL,
	"id_est" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reservaciones" (
	"id_res" serial PRIMARY KEY NOT NULL,
	"fec_reg" timestamp with time zone DEFAULT now() NOT NULL,
	"fec_cita" date NOT NULL,
	"id_cli" integer NOT NULL,
	"id_perro" integer NOT NULL,
	"id_usu" integer NOT NULL,
	"id_est" smallint DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "servicios" (
	"id_srv" serial PRIMARY KEY NOT NULL,
	"nom_srv" varchar(100) NOT NULL,
	"desc_srv" varchar(500) NOT NULL,
	"precio_srv" numeric(10, 2) NOT NULL,
	"id_est" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ajustes" (
	"id" serial PRIMARY KEY NOT NULL,
	"nomEmp" varchar(150) NOT NULL,
	"sloganEmp" varchar(200),
	"logoEmp" text,
	"dirEmp" varchar(200) NOT NULL,
	"fonoEmp" varchar(20) NOT NULL,
	"emailEmp" varchar(150) NOT NULL,
	"rucEmp" varchar(11) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "triajes" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_cita" integer NOT NULL,
	"edad" numeric(5, 2) NOT NULL,
	"peso" numeric(6, 2) NOT NULL,
	"temperatura" numeric(5, 2) NOT NULL,
	"nota" varchar(100) DEFAULT '' NOT NULL,
	"id_est" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "triajes_id_cita_key" UNIQUE("id_cita")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "id_emp" integer;--> statement-breakpoint
ALTER TABLE "citas" ADD CONSTRAINT "citas_id_cli_clientes_id_cli_fk" FOREIGN KEY ("id_cli") REFERENCES "public"."clientes"("id_cli") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "citas" ADD CONSTRAINT "citas_id_perro_perros_id_perro_fk" FOREIGN KEY ("id_perro") REFERENCES "public"."perros"("id_perro") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "citas" ADD CONSTRAINT "citas_id_srv_servicios_id_srv_fk" FOREIGN KEY ("id_srv") REFERENCES "public"."servicios"("id_srv") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "citas" ADD CONSTRAINT "citas_id_paq_paquetes_id_paq_fk" FOREIGN KEY ("id_paq") REFERENCES "public"."paquetes"("id_paq") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "citas" ADD CONSTRAINT "citas_id_usu_users_id_fk" FOREIGN KEY ("id_usu") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "citas" ADD CONSTRAINT "citas_id_emp_empleados_id_emp_fk" FOREIGN KEY ("id_emp") REFERENCES "public"."empleados"("id_emp") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "citas" ADD CONSTRAINT "citas_id_est_estados_id_est_fk" FOREIGN KEY ("id_est") REFERENCES "public"."estados"("id_est") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "empleados" ADD CONSTRAINT "empleados_id_tipoDoc_tipo_doc_id_fk" FOREIGN KEY ("id_tipoDoc") REFERENCES "public"."tipo_doc"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "empleados" ADD CONSTRAINT "empleados_id_est_estados_id_est_fk" FOREIGN KEY ("id_est") REFERENCES "public"."estados"("id_est") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paquete_servicio" ADD CONSTRAINT "paquete_servicio_id_paq_paquetes_id_paq_fk" FOREIGN KEY ("id_paq") REFERENCES "public"."paquetes"("id_paq") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paquete_servicio" ADD CONSTRAINT "paquete_servicio_id_srv_servicios_id_srv_fk" FOREIGN KEY ("id_srv") REFERENCES "public"."servicios"("id_srv") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paquetes" ADD CONSTRAINT "paquetes_id_est_estados_id_est_fk" FOREIGN KEY ("id_est") REFERENCES "public"."estados"("id_est") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservaciones" ADD CONSTRAINT "reservaciones_id_cli_clientes_id_cli_fk" FOREIGN KEY ("id_cli") REFERENCES "public"."clientes"("id_cli") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservaciones" ADD CONSTRAINT "reservaciones_id_perro_perros_id_perro_fk" FOREIGN KEY ("id_perro") REFERENCES "public"."perros"("id_perro") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservaciones" ADD CONSTRAINT "reservaciones_id_usu_users_id_fk" FOREIGN KEY ("id_usu") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservaciones" ADD CONSTRAINT "reservaciones_id_est_estados_id_est_fk" FOREIGN KEY ("id_est") REFERENCES "public"."estados"("id_est") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "servicios" ADD CONSTRAINT "servicios_id_est_estados_id_est_fk" FOREIGN KEY ("id_est") REFERENCES "public"."estados"("id_est") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "triajes" ADD CONSTRAINT "triajes_id_cita_citas_id_cita_fk" FOREIGN KEY ("id_cita") REFERENCES "public"."citas"("id_cita") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "triajes" ADD CONSTRAINT "triajes_id_est_estados_id_est_fk" FOREIGN KEY ("id_est") REFERENCES "public"."estados"("id_est") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "citas_created_at_idx" ON "citas" USING btree ("created_at" DESC NULLS LAST,"id_cita" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "citas_id_est_created_at_idx" ON "citas" USING btree ("id_est","created_at" DESC NULLS LAST,"id_cita" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "citas_fec_cita_idx" ON "citas" USING btree ("fec_cita");--> statement-breakpoint
CREATE INDEX "citas_id_cli_idx" ON "citas" USING btree ("id_cli");--> statement-breakpoint
CREATE INDEX "citas_id_perro_idx" ON "citas" USING btree ("id_perro");--> statement-breakpoint
CREATE INDEX "citas_id_usu_idx" ON "citas" USING btree ("id_usu");--> statement-breakpoint
CREATE INDEX "citas_id_srv_idx" ON "citas" USING btree ("id_srv");--> statement-breakpoint
CREATE INDEX "citas_id_paq_idx" ON "citas" USING btree ("id_paq");--> statement-breakpoint
CREATE UNIQUE INDEX "empleados_dni_key" ON "empleados" USING btree ("dni_emp");--> statement-breakpoint
CREATE INDEX "empleados_search_trgm_idx" ON "empleados" USING gin ((("nom_emp" || ' ' || "ape_emp" || ' ' || "dni_emp" || ' ' || "email_emp")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "empleados_created_at_idx" ON "empleados" USING btree ("created_at" DESC NULLS LAST,"id_emp" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "empleados_id_est_created_at_idx" ON "empleados" USING btree ("id_est","created_at" DESC NULLS LAST,"id_emp" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "paquete_servicio_id_srv_idx" ON "paquete_servicio" USING btree ("id_srv");--> statement-breakpoint
CREATE INDEX "paquetes_search_trgm_idx" ON "paquetes" USING gin ((("nom_paq" || ' ' || "desc_paq")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "paquetes_created_at_idx" ON "paquetes" USING btree ("created_at" DESC NULLS LAST,"id_paq" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "paquetes_id_est_created_at_idx" ON "paquetes" USING btree ("id_est","created_at" DESC NULLS LAST,"id_paq" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "password_resets_user_id_idx" ON "password_resets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "reservaciones_fec_reg_idx" ON "reservaciones" USING btree ("fec_reg" DESC NULLS LAST,"id_res" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reservaciones_id_est_fec_reg_idx" ON "reservaciones" USING btree ("id_est","fec_reg" DESC NULLS LAST,"id_res" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reservaciones_id_cli_idx" ON "reservaciones" USING btree ("id_cli");--> statement-breakpoint
CREATE INDEX "reservaciones_id_perro_idx" ON "reservaciones" USING btree ("id_perro");--> statement-breakpoint
CREATE INDEX "reservaciones_id_usu_idx" ON "reservaciones" USING btree ("id_usu");--> statement-breakpoint
CREATE INDEX "reservaciones_pending_fec_cita_idx" ON "reservaciones" USING btree ("fec_cita") WHERE "reservaciones"."id_est" = 1;--> statement-breakpoint
CREATE INDEX "servicios_search_trgm_idx" ON "servicios" USING gin ((("nom_srv" || ' ' || "desc_srv")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "servicios_created_at_idx" ON "servicios" USING btree ("created_at" DESC NULLS LAST,"id_srv" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "servicios_id_est_created_at_idx" ON "servicios" USING btree ("id_est","created_at" DESC NULLS LAST,"id_srv" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_id_emp_empleados_id_emp_fk" FOREIGN KEY ("id_emp") REFERENCES "public"."empleados"("id_emp") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_id_emp_key" ON "users" USING btree ("id_emp");--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ((("name" || ' ' || "surname" || ' ' || "doc" || ' ' || "login")) gin_trgm_ops);