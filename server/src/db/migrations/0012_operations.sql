CREATE TABLE "archivos" (
	"nombre" text PRIMARY KEY NOT NULL,
	"tipo" text NOT NULL,
	"datos" "bytea" NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "limites" (
	"clave" text PRIMARY KEY NOT NULL,
	"fallos" integer NOT NULL,
	"desde" bigint NOT NULL,
	"ultimo" bigint NOT NULL,
	"vence" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "limites_vence_idx" ON "limites" USING btree ("vence");