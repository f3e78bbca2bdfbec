CREATE TABLE "auditoria" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"id_usu" integer,
	"login" varchar(100),
	"ip" varchar(64) NOT NULL,
	"accion" varchar(30) NOT NULL,
	"entidad" varchar(30) NOT NULL,
	"entidad_id" integer,
	"cambios" jsonb,
	"detalle" text
);
--> statement-breakpoint
ALTER TABLE "auditoria" ADD CONSTRAINT "auditoria_id_usu_users_id_fk" FOREIGN KEY ("id_usu") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auditoria_at_idx" ON "auditoria" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "auditoria_id_usu_at_idx" ON "auditoria" USING btree ("id_usu","at","id");--> statement-breakpoint
CREATE INDEX "auditoria_login_at_idx" ON "auditoria" USING btree (lower("login"),"at","id");--> statement-breakpoint
CREATE INDEX "auditoria_entidad_at_idx" ON "auditoria" USING btree ("entidad","at","id");--> statement-breakpoint
CREATE INDEX "auditoria_accion_at_idx" ON "auditoria" USING btree ("accion","at","id");