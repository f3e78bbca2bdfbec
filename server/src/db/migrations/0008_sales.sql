CREATE TABLE "cierres_caja" (
	"fecha" date PRIMARY KEY NOT NULL,
	"esperado" numeric(10, 2) NOT NULL,
	"contado" numeric(10, 2) NOT NULL,
	"diferencia" numeric(10, 2) NOT NULL,
	"nota" varchar(200),
	"id_usu" integer,
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "series" (
	"serie" varchar(4) PRIMARY KEY NOT NULL,
	"tipo_comp" varchar(1) NOT NULL,
	"ultimo" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "venta_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_venta" integer NOT NULL,
	"linea" smallint NOT NULL,
	"tipo" varchar(10) NOT NULL,
	"id_item" integer,
	"descripcion" varchar(200) NOT NULL,
	"cantidad" integer NOT NULL,
	"unidad" varchar(3) NOT NULL,
	"afectacion_igv" varchar(2) NOT NULL,
	"precio_unitario" numeric(10, 2) NOT NULL,
	"valor_unitario" numeric(10, 2) NOT NULL,
	"base" numeric(10, 2) NOT NULL,
	"igv" numeric(10, 2) NOT NULL,
	"total" numeric(10, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "venta_pagos" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_venta" integer NOT NULL,
	"metodo" varchar(15) NOT NULL,
	"monto" numeric(10, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ventas" (
	"id_venta" serial PRIMARY KEY NOT NULL,
	"fecha" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"tipo_comp" varchar(1) NOT NULL,
	"serie" varchar(4) NOT NULL,
	"numero" integer NOT NULL,
	"cod_sunat" varchar(2),
	"moneda" varchar(3) NOT NULL,
	"tipo_operacion" varchar(4) NOT NULL,
	"id_cita" integer,
	"id_cli" integer,
	"cliente_doc_tipo" varchar(1) NOT NULL,
	"cliente_doc" varchar(20) NOT NULL,
	"cliente_nombre" varchar(200) NOT NULL,
	"emisor_ruc" varchar(11) NOT NULL,
	"emisor_nombre" varchar(150) NOT NULL,
	"emisor_direccion" varchar(200) NOT NULL,
	"gravadas" numeric(10, 2) NOT NULL,
	"descuento" numeric(10, 2) NOT NULL,
	"igv" numeric(10, 2) NOT NULL,
	"total" numeric(10, 2) NOT NULL,
	"propina" numeric(10, 2) NOT NULL,
	"pagado" numeric(10, 2) NOT NULL,
	"vuelto" numeric(10, 2) NOT NULL,
	"monto_letras" varchar(300) NOT NULL,
	"id_usu" integer NOT NULL,
	"anulada_at" timestamp (3) with time zone,
	"anulada_por" integer,
	"motivo_anulacion" varchar(200),
	"cpe_estado" varchar(20),
	"cpe_hash" varchar(100),
	"cpe_qr" text,
	"cpe_xml" text,
	"cpe_cdr" text,
	"search_text" text GENERATED ALWAYS AS (translate(lower(("serie" || '-' || lpad("numero"::text, 8, '0') || ' ' || "cliente_doc" || ' ' || "cliente_nombre")), 'áàâäãéèêëíìîïóòôöõúùûüñçÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇ', 'aaaaaeeeeiiiiooooouuuuncaaaaaeeeeiiiiooooouuuunc')) STORED NOT NULL,
	CONSTRAINT "ventas_numero_check" CHECK ("ventas"."numero" > 0)
);
--> statement-breakpoint
ALTER TABLE "cierres_caja" ADD CONSTRAINT "cierres_caja_id_usu_users_id_fk" FOREIGN KEY ("id_usu") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venta_items" ADD CONSTRAINT "venta_items_id_venta_ventas_id_venta_fk" FOREIGN KEY ("id_venta") REFERENCES "public"."ventas"("id_venta") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venta_pagos" ADD CONSTRAINT "venta_pagos_id_venta_ventas_id_venta_fk" FOREIGN KEY ("id_venta") REFERENCES "public"."ventas"("id_venta") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ventas" ADD CONSTRAINT "ventas_id_cita_citas_id_cita_fk" FOREIGN KEY ("id_cita") REFERENCES "public"."citas"("id_cita") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ventas" ADD CONSTRAINT "ventas_id_cli_clientes_id_cli_fk" FOREIGN KEY ("id_cli") REFERENCES "public"."clientes"("id_cli") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ventas" ADD CONSTRAINT "ventas_id_usu_users_id_fk" FOREIGN KEY ("id_usu") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ventas" ADD CONSTRAINT "ventas_anulada_por_users_id_fk" FOREIGN KEY ("anulada_por") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "venta_items_id_venta_linea_key" ON "venta_items" USING btree ("id_venta","linea");--> statement-breakpoint
CREATE INDEX "venta_items_item_idx" ON "venta_items" USING btree ("tipo","id_item");--> statement-breakpoint
CREATE INDEX "venta_pagos_id_venta_idx" ON "venta_pagos" USING btree ("id_venta");--> statement-breakpoint
CREATE UNIQUE INDEX "ventas_serie_numero_key" ON "ventas" USING btree ("serie","numero");--> statement-breakpoint
CREATE UNIQUE INDEX "ventas_id_cita_key" ON "ventas" USING btree ("id_cita") WHERE "ventas"."anulada_at" is null;--> statement-breakpoint
CREATE INDEX "ventas_fecha_idx" ON "ventas" USING btree ("fecha","id_venta");--> statement-breakpoint
CREATE INDEX "ventas_tipo_fecha_idx" ON "ventas" USING btree ("tipo_comp","fecha","id_venta");--> statement-breakpoint
CREATE INDEX "ventas_id_cli_idx" ON "ventas" USING btree ("id_cli");--> statement-breakpoint
CREATE INDEX "ventas_id_usu_idx" ON "ventas" USING btree ("id_usu");--> statement-breakpoint
CREATE INDEX "ventas_search_trgm_idx" ON "ventas" USING gin ("search_text" gin_trgm_ops);