CREATE TABLE "movimientos_caja" (
	"id" serial PRIMARY KEY NOT NULL,
	"fecha" date NOT NULL,
	"tipo" varchar(10) NOT NULL,
	"monto" numeric(10, 2) NOT NULL,
	"motivo" varchar(200) NOT NULL,
	"id_usu" integer,
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "movimientos_caja_tipo_check" CHECK ("movimientos_caja"."tipo" in ('ingreso', 'egreso')),
	CONSTRAINT "movimientos_caja_monto_check" CHECK ("movimientos_caja"."monto" > 0)
);
--> statement-breakpoint
CREATE TABLE "aperturas_caja" (
	"fecha" date PRIMARY KEY NOT NULL,
	"monto" numeric(10, 2) NOT NULL,
	"id_usu" integer,
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "aperturas_caja_monto_check" CHECK ("aperturas_caja"."monto" >= 0)
);
--> statement-breakpoint
ALTER TABLE "movimientos_caja" ADD CONSTRAINT "movimientos_caja_id_usu_users_id_fk" FOREIGN KEY ("id_usu") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aperturas_caja" ADD CONSTRAINT "aperturas_caja_id_usu_users_id_fk" FOREIGN KEY ("id_usu") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "movimientos_caja_fecha_idx" ON "movimientos_caja" USING btree ("fecha","id");