CREATE TABLE "fichas_visita" (
	"id_cita" integer PRIMARY KEY NOT NULL,
	"pelaje" varchar(15) NOT NULL,
	"trabajos" jsonb NOT NULL,
	"comportamiento" smallint NOT NULL,
	"notas" varchar(1000),
	"proxima_semanas" smallint NOT NULL,
	"proxima_fecha" date NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"vence" timestamp with time zone NOT NULL,
	"id_usu" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fichas_visita_comportamiento_check" CHECK ("fichas_visita"."comportamiento" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "fichas_visita" ADD CONSTRAINT "fichas_visita_id_cita_citas_id_cita_fk" FOREIGN KEY ("id_cita") REFERENCES "public"."citas"("id_cita") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fichas_visita" ADD CONSTRAINT "fichas_visita_id_usu_users_id_fk" FOREIGN KEY ("id_usu") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fichas_visita_token_hash_key" ON "fichas_visita" USING btree ("token_hash");