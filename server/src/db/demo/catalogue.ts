import { inArray } from 'drizzle-orm';
import { CatalogueItemInputSchema } from '@app/domain';
import type { Db } from '../client';
import { packages, packageServices, services } from '../schema';

/**
 * A grooming salon's price list in soles and minutes; every entry passes the form's own rules.
 */
const SERVICES = [
  {
    nombre: 'Baño completo',
    descripcion:
      'Baño con champú neutro, enjuague con acondicionador, secado con soplador y cepillado final.',
    precio: '45',
    duracion: 60,
  },
  {
    nombre: 'Baño medicado',
    descripcion:
      'Baño con champú medicado indicado por el veterinario, para perros con dermatitis, hongos o alergias.',
    precio: '60',
    duracion: 60,
  },
  {
    nombre: 'Corte de pelo',
    descripcion:
      'Corte a máquina y tijera según la raza o al gusto del dueño, con perfilado de cara, patas y cola.',
    precio: '55',
    duracion: 90,
  },
  {
    nombre: 'Corte de uñas',
    descripcion:
      'Corte y limado de uñas con cuidado de no lastimar la parte viva, en las cuatro patas.',
    precio: '15',
    duracion: 15,
  },
  {
    nombre: 'Limpieza de oídos',
    descripcion:
      'Limpieza externa de oídos con solución especial y retiro del exceso de pelo del canal.',
    precio: '15',
    duracion: 15,
  },
  {
    nombre: 'Desparasitación',
    descripcion:
      'Desparasitación interna con tableta según el peso del perro, con registro de la fecha de la próxima dosis.',
    precio: '25',
    duracion: 15,
  },
  {
    nombre: 'Deslanado',
    descripcion:
      'Retiro del subpelo muerto con rastrillo y soplador, ideal para razas de doble capa en época de muda.',
    precio: '70',
    duracion: 90,
  },
  {
    nombre: 'Limpieza dental',
    descripcion:
      'Cepillado de dientes con pasta enzimática canina y revisión del estado de las encías.',
    precio: '30',
    duracion: 30,
  },
  {
    nombre: 'Vaciado de glándulas',
    descripcion:
      'Vaciado manual de glándulas perianales para evitar molestias, malos olores e infecciones.',
    precio: '20',
    duracion: 15,
  },
  {
    nombre: 'Baño antipulgas',
    descripcion:
      'Baño con champú antipulgas y garrapatas, con revisión del pelaje y retiro manual de parásitos visibles.',
    precio: '50',
    duracion: 60,
  },
];

/** Packages priced below the sum of their services, as a salon sells them. */
const PACKAGES = [
  {
    nombre: 'Baño y corte',
    descripcion:
      'Baño completo con corte de pelo según la raza, el servicio más pedido de la casa.',
    precio: '90',
    duracion: 120,
    servicios: ['Baño completo', 'Corte de pelo'],
  },
  {
    nombre: 'Higiene básica',
    descripcion: 'Corte de uñas, limpieza de oídos y vaciado de glándulas en una sola visita.',
    precio: '40',
    duracion: 45,
    servicios: ['Corte de uñas', 'Limpieza de oídos', 'Vaciado de glándulas'],
  },
  {
    nombre: 'Spa canino',
    descripcion:
      'Baño completo, corte de pelo, corte de uñas, limpieza de oídos y limpieza dental, para consentir a su mascota.',
    precio: '135.50',
    duracion: 150,
    servicios: [
      'Baño completo',
      'Corte de pelo',
      'Corte de uñas',
      'Limpieza de oídos',
      'Limpieza dental',
    ],
  },
  {
    nombre: 'Cuidado de piel',
    descripcion:
      'Baño medicado con baño antipulgas y desparasitación, para perros con problemas de piel.',
    precio: '115',
    duracion: 120,
    servicios: ['Baño medicado', 'Baño antipulgas', 'Desparasitación'],
  },
  {
    nombre: 'Temporada de muda',
    descripcion: 'Deslanado con baño completo y corte de uñas, pensado para razas de doble capa.',
    precio: '110',
    duracion: 150,
    servicios: ['Deslanado', 'Baño completo', 'Corte de uñas'],
  },
];

/**
 * Adds the demo catalogue: services, packages and their links. Entries whose name already
 * exists are left alone, so running it twice adds nothing.
 */
export async function seedCatalogue(db: Db): Promise<{ services: number; packages: number }> {
  const serviceRows = SERVICES.map((s) => CatalogueItemInputSchema.parse(s));
  const packageRows = PACKAGES.map((p) => ({
    ...CatalogueItemInputSchema.parse(p),
    servicios: p.servicios,
  }));

  return db.transaction(async (tx) => {
    const existingServices = await tx
      .select({ id_srv: services.id_srv, nom_srv: services.nom_srv })
      .from(services)
      .where(
        inArray(
          services.nom_srv,
          serviceRows.map((s) => s.nombre),
        ),
      );
    const known = new Set(existingServices.map((s) => s.nom_srv));
    const newServices = serviceRows.filter((s) => !known.has(s.nombre));
    const insertedServices = newServices.length
      ? await tx
          .insert(services)
          .values(
            newServices.map((s) => ({
              nom_srv: s.nombre,
              desc_srv: s.descripcion,
              precio_srv: s.precio,
              duracion: s.duracion,
            })),
          )
          .returning({ id_srv: services.id_srv, nom_srv: services.nom_srv })
      : [];
    const serviceId = new Map(
      [...existingServices, ...insertedServices].map((s) => [s.nom_srv, s.id_srv] as const),
    );

    const existingPackages = await tx
      .select({ nom_paq: packages.nom_paq })
      .from(packages)
      .where(
        inArray(
          packages.nom_paq,
          packageRows.map((p) => p.nombre),
        ),
      );
    const knownPackages = new Set(existingPackages.map((p) => p.nom_paq));
    const newPackages = packageRows.filter((p) => !knownPackages.has(p.nombre));
    for (const p of newPackages) {
      const [inserted] = await tx
        .insert(packages)
        .values({
          nom_paq: p.nombre,
          desc_paq: p.descripcion,
          precio_paq: p.precio,
          duracion: p.duracion,
        })
        .returning({ id_paq: packages.id_paq });
      await tx.insert(packageServices).values(
        p.servicios.map((name) => {
          const id_srv = serviceId.get(name);
          if (id_srv === undefined)
            throw new Error(`Demo package ${p.nombre} names unknown service ${name}`);
          return { id_paq: inserted.id_paq, id_srv };
        }),
      );
    }
    return { services: insertedServices.length, packages: newPackages.length };
  });
}
