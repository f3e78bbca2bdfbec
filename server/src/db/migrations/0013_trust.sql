CREATE TABLE "claves" (
	"nombre" text PRIMARY KEY NOT NULL,
	"valor" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ajustes" ADD COLUMN "descuento_max" numeric(5, 2) DEFAULT '10' NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "ip" varchar(64);--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "agente" varchar(300);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "debe_cambiar_clave" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_secreto" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_activo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_ultimo_paso" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "codigos_recuperacion" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "auditoria" ADD COLUMN "veces" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "auditoria" ADD COLUMN "minuto" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cierres_caja" ADD COLUMN "reabierta_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cierres_caja" ADD COLUMN "motivo_reapertura" varchar(200);--> statement-breakpoint
ALTER TABLE "cierres_caja" ADD COLUMN "esperado_original" numeric(10, 2);--> statement-breakpoint
CREATE UNIQUE INDEX "auditoria_denegado_minuto_idx" ON "auditoria" USING btree ("accion",coalesce("id_usu", 0),"ip","detalle","minuto") WHERE "auditoria"."minuto" is not null;