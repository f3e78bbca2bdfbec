CREATE TABLE "bonos" (
	"id_bono" serial PRIMARY KEY NOT NULL,
	"nombre" varchar(100) NOT NULL,
	"precio" numeric(10, 2) NOT NULL,
	"vigencia_dias" smallint NOT NULL,
	"items" jsonb NOT NULL,
	"id_est" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bonos_cliente_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_bono_cliente" integer NOT NULL,
	"tipo" varchar(10) NOT NULL,
	"id_item" integer NOT NULL,
	"nombre" varchar(100) NOT NULL,
	"cantidad" smallint NOT NULL,
	"usados" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "bonos_cliente_items_usados_check" CHECK ("bonos_cliente_items"."usados" >= 0 and "bonos_cliente_items"."usados" <= "bonos_cliente_items"."cantidad")
);
--> statement-breakpoint
CREATE TABLE "bonos_usos" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_bono_cliente" integer NOT NULL,
	"id_venta" integer NOT NULL,
	"linea" smallint NOT NULL,
	"tipo" varchar(10) NOT NULL,
	"id_item" integer NOT NULL,
	"cantidad" smallint NOT NULL,
	"anulado" boolean DEFAULT false NOT NULL,
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bonos_cliente" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_bono" integer NOT NULL,
	"id_cli" integer NOT NULL,
	"id_venta" integer NOT NULL,
	"nombre" varchar(100) NOT NULL,
	"precio" numeric(10, 2) NOT NULL,
	"vence" date NOT NULL,
	"anulado" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bonos" ADD CONSTRAINT "bonos_id_est_estados_id_est_fk" FOREIGN KEY ("id_est") REFERENCES "public"."estados"("id_est") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonos_cliente_items" ADD CONSTRAINT "bonos_cliente_items_id_bono_cliente_bonos_cliente_id_fk" FOREIGN KEY ("id_bono_cliente") REFERENCES "public"."bonos_cliente"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonos_usos" ADD CONSTRAINT "bonos_usos_id_bono_cliente_bonos_cliente_id_fk" FOREIGN KEY ("id_bono_cliente") REFERENCES "public"."bonos_cliente"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonos_usos" ADD CONSTRAINT "bonos_usos_id_venta_ventas_id_venta_fk" FOREIGN KEY ("id_venta") REFERENCES "public"."ventas"("id_venta") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonos_cliente" ADD CONSTRAINT "bonos_cliente_id_bono_bonos_id_bono_fk" FOREIGN KEY ("id_bono") REFERENCES "public"."bonos"("id_bono") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonos_cliente" ADD CONSTRAINT "bonos_cliente_id_cli_clientes_id_cli_fk" FOREIGN KEY ("id_cli") REFERENCES "public"."clientes"("id_cli") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonos_cliente" ADD CONSTRAINT "bonos_cliente_id_venta_ventas_id_venta_fk" FOREIGN KEY ("id_venta") REFERENCES "public"."ventas"("id_venta") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bonos_created_at_idx" ON "bonos" USING btree ("created_at","id_bono","id_est");--> statement-breakpoint
CREATE INDEX "bonos_id_est_created_at_idx" ON "bonos" USING btree ("id_est","created_at","id_bono");--> statement-breakpoint
CREATE UNIQUE INDEX "bonos_cliente_items_key" ON "bonos_cliente_items" USING btree ("id_bono_cliente","tipo","id_item");--> statement-breakpoint
CREATE INDEX "bonos_usos_id_venta_idx" ON "bonos_usos" USING btree ("id_venta");--> statement-breakpoint
CREATE INDEX "bonos_usos_id_bono_cliente_idx" ON "bonos_usos" USING btree ("id_bono_cliente");--> statement-breakpoint
CREATE INDEX "bonos_usos_at_idx" ON "bonos_usos" USING btree ("at");--> statement-breakpoint
CREATE INDEX "bonos_cliente_id_cli_idx" ON "bonos_cliente" USING btree ("id_cli","id");--> statement-breakpoint
CREATE INDEX "bonos_cliente_id_venta_idx" ON "bonos_cliente" USING btree ("id_venta");