CREATE TABLE "tarjetas_regalo_movimientos" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_tarjeta" integer NOT NULL,
	"tipo" varchar(12) NOT NULL,
	"monto" numeric(10, 2) NOT NULL,
	"id_venta" integer NOT NULL,
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tarjetas_regalo" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo_hash" varchar(64) NOT NULL,
	"ultimos" varchar(4) NOT NULL,
	"monto" numeric(10, 2) NOT NULL,
	"saldo" numeric(10, 2) NOT NULL,
	"id_venta" integer NOT NULL,
	"anulada_at" timestamp with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tarjetas_regalo_codigo_hash_unique" UNIQUE("codigo_hash"),
	CONSTRAINT "tarjetas_regalo_saldo_check" CHECK ("tarjetas_regalo"."saldo" >= 0 and "tarjetas_regalo"."saldo" <= "tarjetas_regalo"."monto")
);
--> statement-breakpoint
ALTER TABLE "venta_items" ALTER COLUMN "tipo" SET DATA TYPE varchar(20);--> statement-breakpoint
ALTER TABLE "venta_pagos" ADD COLUMN "id_tarjeta" integer;--> statement-breakpoint
ALTER TABLE "tarjetas_regalo_movimientos" ADD CONSTRAINT "tarjetas_regalo_movimientos_id_tarjeta_tarjetas_regalo_id_fk" FOREIGN KEY ("id_tarjeta") REFERENCES "public"."tarjetas_regalo"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tarjetas_regalo_movimientos" ADD CONSTRAINT "tarjetas_regalo_movimientos_id_venta_ventas_id_venta_fk" FOREIGN KEY ("id_venta") REFERENCES "public"."ventas"("id_venta") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tarjetas_regalo" ADD CONSTRAINT "tarjetas_regalo_id_venta_ventas_id_venta_fk" FOREIGN KEY ("id_venta") REFERENCES "public"."ventas"("id_venta") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tarjetas_regalo_movimientos_tarjeta_idx" ON "tarjetas_regalo_movimientos" USING btree ("id_tarjeta","id");--> statement-breakpoint
ALTER TABLE "venta_pagos" ADD CONSTRAINT "venta_pagos_id_tarjeta_tarjetas_regalo_id_fk" FOREIGN KEY ("id_tarjeta") REFERENCES "public"."tarjetas_regalo"("id") ON DELETE no action ON UPDATE no action;