CREATE TABLE "clientes" (
	"id_cli" serial PRIMARY KEY NOT NULL,
	"nom_cli" varchar(100) NOT NULL,
	"ape_cli" varchar(100) NOT NULL,
	"dni_cli" varchar(8) NOT NULL,
	"tel1_cli" varchar(9) NOT NULL,
	"tel2_cli" varchar(9),
	"email_cli" varchar(150) NOT NULL,
	"dir_cli" varchar(200) NOT NULL,
	"id_est" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "perros" (
	"id_perro" serial PRIMARY KEY NOT NULL,
	"nom_perro" varchar(60) NOT NULL,
	"raza_perro" varchar(60) NOT NULL,
	"id_cli" integer NOT NULL,
	"id_est" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clientes" ADD CONSTRAINT "clientes_id_est_estados_id_est_fk" FOREIGN KEY ("id_est") REFERENCES "public"."estados"("id_est") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "perros" ADD CONSTRAINT "perros_id_cli_clientes_id_cli_fk" FOREIGN KEY ("id_cli") REFERENCES "public"."clientes"("id_cli") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "perros" ADD CONSTRAINT "perros_id_est_estados_id_est_fk" FOREIGN KEY ("id_est") REFERENCES "public"."estados"("id_est") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "clientes_dni_key" ON "clientes" USING btree ("dni_cli");--> statement-breakpoint
CREATE INDEX "clientes_search_trgm_idx" ON "clientes" USING gin ((("dni_cli" || ' ' || "nom_cli" || ' ' || "ape_cli")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clientes_created_at_idx" ON "clientes" USING btree ("created_at" DESC NULLS LAST,"id_cli" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "clientes_id_est_created_at_idx" ON "clientes" USING btree ("id_est","created_at" DESC NULLS LAST,"id_cli" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "perros_id_cli_idx" ON "perros" USING btree ("id_cli");--> statement-breakpoint
CREATE INDEX "perros_search_trgm_idx" ON "perros" USING gin ((("nom_perro" || ' ' || "raza_perro")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "perros_created_at_idx" ON "perros" USING btree ("created_at" DESC NULLS LAST,"id_perro" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "perros_id_est_created_at_idx" ON "perros" USING btree ("id_est","created_at" DESC NULLS LAST,"id_perro" DESC NULLS LAST);