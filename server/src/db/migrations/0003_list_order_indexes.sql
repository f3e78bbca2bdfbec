DROP INDEX "citas_created_at_idx";--> statement-breakpoint
DROP INDEX "citas_id_est_created_at_idx";--> statement-breakpoint
DROP INDEX "clientes_created_at_idx";--> statement-breakpoint
DROP INDEX "clientes_id_est_created_at_idx";--> statement-breakpoint
DROP INDEX "empleados_created_at_idx";--> statement-breakpoint
DROP INDEX "empleados_id_est_created_at_idx";--> statement-breakpoint
DROP INDEX "paquetes_created_at_idx";--> statement-breakpoint
DROP INDEX "paquetes_id_est_created_at_idx";--> statement-breakpoint
DROP INDEX "perros_created_at_idx";--> statement-breakpoint
DROP INDEX "perros_id_est_created_at_idx";--> statement-breakpoint
DROP INDEX "reservaciones_fec_reg_idx";--> statement-breakpoint
DROP INDEX "reservaciones_id_est_fec_reg_idx";--> statement-breakpoint
DROP INDEX "servicios_created_at_idx";--> statement-breakpoint
DROP INDEX "servicios_id_est_created_at_idx";--> statement-breakpoint
CREATE INDEX "citas_created_at_idx" ON "citas" USING btree ("created_at","id_cita");--> statement-breakpoint
CREATE INDEX "citas_id_est_created_at_idx" ON "citas" USING btree ("id_est","created_at","id_cita");--> statement-breakpoint
CREATE INDEX "clientes_created_at_idx" ON "clientes" USING btree ("created_at","id_cli");--> statement-breakpoint
CREATE INDEX "clientes_id_est_created_at_idx" ON "clientes" USING btree ("id_est","created_at","id_cli");--> statement-breakpoint
CREATE INDEX "empleados_created_at_idx" ON "empleados" USING btree ("created_at","id_emp");--> statement-breakpoint
CREATE INDEX "empleados_id_est_created_at_idx" ON "empleados" USING btree ("id_est","created_at","id_emp");--> statement-breakpoint
CREATE INDEX "paquetes_created_at_idx" ON "paquetes" USING btree ("created_at","id_paq");--> statement-breakpoint
CREATE INDEX "paquetes_id_est_created_at_idx" ON "paquetes" USING btree ("id_est","created_at","id_paq");--> statement-breakpoint
CREATE INDEX "perros_created_at_idx" ON "perros" USING btree ("created_at","id_perro");--> statement-breakpoint
CREATE INDEX "perros_id_est_created_at_idx" ON "perros" USING btree ("id_est","created_at","id_perro");--> statement-breakpoint
CREATE INDEX "reservaciones_fec_reg_idx" ON "reservaciones" USING btree ("fec_reg","id_res");--> statement-breakpoint
CREATE INDEX "reservaciones_id_est_fec_reg_idx" ON "reservaciones" USING btree ("id_est","fec_reg","id_res");--> statement-breakpoint
CREATE INDEX "servicios_created_at_idx" ON "servicios" USING btree ("created_at","id_srv");--> statement-breakpoint
CREATE INDEX "servicios_id_est_created_at_idx" ON "servicios" USING btree ("id_est","created_at","id_srv");