-- Roles (DESIGN §10.1): every existing account becomes 'recepcion' but the seeded admin,
-- recepcion and groomer (ids 1–3), who get the role of their name. The UPDATE is hand-written.
ALTER TABLE "users" ADD COLUMN "rol" text DEFAULT 'recepcion' NOT NULL;--> statement-breakpoint
CREATE INDEX "users_admins_idx" ON "users" USING btree ("id_est") WHERE "users"."rol" = 'admin';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_rol_check" CHECK ("users"."rol" in ('admin', 'recepcion', 'groomer'));--> statement-breakpoint
UPDATE "users" SET "rol" = lower("login") WHERE "id" BETWEEN 1 AND 3 AND lower("login") IN ('admin', 'recepcion', 'groomer');
