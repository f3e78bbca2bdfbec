CREATE TABLE "espacios_liberados" (
	"id_cita" integer PRIMARY KEY NOT NULL,
	"canal" varchar(20) NOT NULL,
	"liberado_en" timestamp with time zone DEFAULT now() NOT NULL,
	"atendido_en" timestamp with time zone,
	"id_usu" integer,
	CONSTRAINT "espacios_liberados_canal_check" CHECK (canal in ('enlace', 'mi_cuenta', 'whatsapp'))
);
--> statement-breakpoint
ALTER TABLE "espacios_liberados" ADD CONSTRAINT "espacios_liberados_id_cita_citas_id_cita_fk" FOREIGN KEY ("id_cita") REFERENCES "public"."citas"("id_cita") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "espacios_liberados" ADD CONSTRAINT "espacios_liberados_id_usu_users_id_fk" FOREIGN KEY ("id_usu") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;