DROP INDEX "empleados_created_at_idx";--> statement-breakpoint
DROP INDEX "clientes_created_at_idx";--> statement-breakpoint
DROP INDEX "perros_created_at_idx";--> statement-breakpoint
DROP INDEX "paquetes_created_at_idx";--> statement-breakpoint
DROP INDEX "servicios_created_at_idx";--> statement-breakpoint
DROP INDEX "citas_created_at_idx";--> statement-breakpoint
DROP INDEX "citas_fec_cita_idx";--> statement-breakpoint
DROP INDEX "productos_created_at_idx";--> statement-breakpoint
ALTER TABLE "citas" ADD COLUMN "motivo_cancelacion" varchar(200);--> statement-breakpoint
CREATE INDEX "clientes_phones_trgm_idx" ON "clientes" USING gin (("tel1_cli" || ' ' || coalesce("tel2_cli", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "empleados_created_at_idx" ON "empleados" USING btree ("created_at","id_emp","id_est");--> statement-breakpoint
CREATE INDEX "clientes_created_at_idx" ON "clientes" USING btree ("created_at","id_cli","id_est");--> statement-breakpoint
CREATE INDEX "perros_created_at_idx" ON "perros" USING btree ("created_at","id_perro","id_est");--> statement-breakpoint
CREATE INDEX "paquetes_created_at_idx" ON "paquetes" USING btree ("created_at","id_paq","id_est");--> statement-breakpoint
CREATE INDEX "servicios_created_at_idx" ON "servicios" USING btree ("created_at","id_srv","id_est");--> statement-breakpoint
CREATE INDEX "citas_created_at_idx" ON "citas" USING btree ("created_at","id_cita","id_est");--> statement-breakpoint
CREATE INDEX "citas_fec_cita_idx" ON "citas" USING btree ("fec_cita","id_cita","id_est");--> statement-breakpoint
CREATE INDEX "productos_created_at_idx" ON "productos" USING btree ("created_at","id_prod","id_est");
