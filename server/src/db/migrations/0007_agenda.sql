DROP INDEX "citas_fec_cita_idx";--> statement-breakpoint
ALTER TABLE "ajustes" ADD COLUMN "horario" jsonb DEFAULT '[{"dia":1,"abierto":true,"abre":"09:00","cierra":"19:00"},{"dia":2,"abierto":true,"abre":"09:00","cierra":"19:00"},{"dia":3,"abierto":true,"abre":"09:00","cierra":"19:00"},{"dia":4,"abierto":true,"abre":"09:00","cierra":"19:00"},{"dia":5,"abierto":true,"abre":"09:00","cierra":"19:00"},{"dia":6,"abierto":true,"abre":"09:00","cierra":"19:00"},{"dia":7,"abierto":false,"abre":"09:00","cierra":"19:00"}]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "empleados" ADD COLUMN "agenda" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "empleados" ADD COLUMN "color" varchar(7) DEFAULT '#1a73e8' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "inicio" text DEFAULT 'dashboard' NOT NULL;--> statement-breakpoint
ALTER TABLE "perros" ADD COLUMN "alertas" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "paquetes" ADD COLUMN "duracion" smallint DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "servicios" ADD COLUMN "duracion" smallint DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "citas" ADD COLUMN "duracion" smallint DEFAULT 60 NOT NULL;--> statement-breakpoint
CREATE INDEX "citas_id_emp_fec_cita_idx" ON "citas" USING btree ("id_emp","fec_cita");--> statement-breakpoint
CREATE INDEX "citas_fec_cita_idx" ON "citas" USING btree ("fec_cita","id_cita");--> statement-breakpoint
ALTER TABLE "citas" ADD CONSTRAINT "citas_duracion_check" CHECK ("citas"."duracion" between 15 and 480);