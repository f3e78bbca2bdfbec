CREATE TABLE "cierres_comision" (
	"id" serial PRIMARY KEY NOT NULL,
	"desde" date NOT NULL,
	"hasta" date NOT NULL,
	"groomers" jsonb NOT NULL,
	"id_usu" integer,
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cierres_comision_rango_check" CHECK ("cierres_comision"."desde" <= "cierres_comision"."hasta")
);
--> statement-breakpoint
CREATE TABLE "comisiones_empleado" (
	"id_emp" integer PRIMARY KEY NOT NULL,
	"pct_servicios" numeric(5, 2) DEFAULT '0' NOT NULL,
	"pct_productos" numeric(5, 2) DEFAULT '0' NOT NULL,
	"propinas" varchar(10) DEFAULT 'groomer' NOT NULL,
	"descuento_reduce" boolean DEFAULT true NOT NULL,
	"por_item" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comisiones_empleado_pct_check" CHECK ("comisiones_empleado"."pct_servicios" between 0 and 100 and "comisiones_empleado"."pct_productos" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "cierres_comision" ADD CONSTRAINT "cierres_comision_id_usu_users_id_fk" FOREIGN KEY ("id_usu") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comisiones_empleado" ADD CONSTRAINT "comisiones_empleado_id_emp_empleados_id_emp_fk" FOREIGN KEY ("id_emp") REFERENCES "public"."empleados"("id_emp") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cierres_comision_desde_idx" ON "cierres_comision" USING btree ("desde");