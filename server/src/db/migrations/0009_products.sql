CREATE TABLE "productos" (
	"id_prod" serial PRIMARY KEY NOT NULL,
	"sku" varchar(30) NOT NULL,
	"nom_prod" varchar(100) NOT NULL,
	"categoria" varchar(40) NOT NULL,
	"precio" numeric(10, 2) NOT NULL,
	"costo" numeric(10, 2) NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"stock_min" integer DEFAULT 0 NOT NULL,
	"id_est" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text GENERATED ALWAYS AS (translate(lower(("sku" || ' ' || "nom_prod")), 'áàâäãéèêëíìîïóòôöõúùûüñçÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇ', 'aaaaaeeeeiiiiooooouuuuncaaaaaeeeeiiiiooooouuuunc')) STORED NOT NULL,
	CONSTRAINT "productos_stock_check" CHECK ("productos"."stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "movimientos_stock" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"id_prod" integer NOT NULL,
	"tipo" varchar(10) NOT NULL,
	"cantidad" integer NOT NULL,
	"stock" integer NOT NULL,
	"motivo" varchar(200) NOT NULL,
	"id_venta" integer,
	"id_usu" integer,
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "movimientos_stock_stock_check" CHECK ("movimientos_stock"."stock" >= 0)
);
--> statement-breakpoint
ALTER TABLE "productos" ADD CONSTRAINT "productos_id_est_estados_id_est_fk" FOREIGN KEY ("id_est") REFERENCES "public"."estados"("id_est") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimientos_stock" ADD CONSTRAINT "movimientos_stock_id_prod_productos_id_prod_fk" FOREIGN KEY ("id_prod") REFERENCES "public"."productos"("id_prod") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimientos_stock" ADD CONSTRAINT "movimientos_stock_id_venta_ventas_id_venta_fk" FOREIGN KEY ("id_venta") REFERENCES "public"."ventas"("id_venta") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimientos_stock" ADD CONSTRAINT "movimientos_stock_id_usu_users_id_fk" FOREIGN KEY ("id_usu") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "productos_sku_key" ON "productos" USING btree ("sku");--> statement-breakpoint
CREATE INDEX "productos_created_at_idx" ON "productos" USING btree ("created_at","id_prod");--> statement-breakpoint
CREATE INDEX "productos_id_est_created_at_idx" ON "productos" USING btree ("id_est","created_at","id_prod");--> statement-breakpoint
CREATE INDEX "productos_search_trgm_idx" ON "productos" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "productos_low_stock_idx" ON "productos" USING btree ("id_prod") WHERE "productos"."stock" <= "productos"."stock_min" and "productos"."id_est" = 1;--> statement-breakpoint
CREATE INDEX "movimientos_stock_id_prod_at_idx" ON "movimientos_stock" USING btree ("id_prod","at","id");--> statement-breakpoint
CREATE INDEX "movimientos_stock_id_venta_idx" ON "movimientos_stock" USING btree ("id_venta");