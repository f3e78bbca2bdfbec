import { and, arrayContains, asc, eq } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type ClientPet,
  PET_ENDPOINTS,
  type Pet,
  PET_ALERTS,
  PET_MESSAGES,
  PET_SEX_LABELS,
  PET_SIZE_LABELS,
  type PetListQuery,
  type PetInput,
  petsResource,
  RECORD_STATUSES,
  Status,
  statusName,
} from '@app/domain';
import type { Db, Tx } from '../../db/client';
import { clients, pets, petListSearchSql } from '../../db/schema';
import { route } from '../../http/endpoint';
import { ok } from '../../http/envelope';
import { invalid } from '../../http/errors';
import type { ListDefinition } from '../../crud/list';
import { resourceModule } from '../../crud/resource';
import { findActiveClientByDni } from './clients';
import type { ExportDefinition } from '../../crud/export';
import { petCareFields } from './pet-care-fields';

export const petList: ListDefinition = {
  table: pets,
  fields: {
    id_perro: pets.id_perro,
    nom_perro: pets.nom_perro,
    raza_perro: pets.raza_perro,
    id_cli: pets.id_cli,
    id_est: pets.id_est,
    created_at: pets.created_at,
    talla: pets.talla,
    sexo: pets.sexo,
    fec_nac: pets.fec_nac,
    pelaje: pets.pelaje,
    cliente: {
      id_cli: clients.id_cli,
      dni_cli: clients.dni_cli,
      nom_cli: clients.nom_cli,
      ape_cli: clients.ape_cli,
    },
    estado: { id_est: pets.id_est },
    ...petCareFields,
  },
  join: (query: PgSelect) => query.innerJoin(clients, eq(clients.id_cli, pets.id_cli)),
  // Every pet has exactly one owner and no filter looks at the owner's columns.
  joinsFilter: false,
  id: pets.id_perro,
  createdAt: pets.created_at,
  status: pets.id_est,
  // The pet's words and its owner's (perros.owner_search, kept by triggers) in one folded text
  // with one trigram index: no join in the search, so a rare word (a DNI) is an index lookup
  // and a common one stops at its first matches, at any size of the tables.
  search: [petListSearchSql(pets)],
  hiddenStatuses: [Status.Eliminado],
};

async function toValues(input: PetInput, tx: Tx) {
  const owner = await findActiveClientByDni(tx, input.dniCliente);
  if (!owner) throw invalid('dniCliente', PET_MESSAGES.ownerNotFound);
  return {
    nom_perro: input.nombre,
    raza_perro: input.raza,
    id_cli: owner.id_cli,
    alertas: input.alertas,
    notas_cuidado: input.notas_cuidado,
    // Absent: none on register, the stored value on edit (drizzle skips it).
    talla: input.talla,
    sexo: input.sexo,
    fec_nac: input.fec_nac,
    pelaje: input.pelaje,
  };
}

const petExport: ExportDefinition<Pet> = {
  sheet: 'Mascotas',
  columns: [
    { header: 'Nombre', value: (p) => p.nom_perro },
    { header: 'Raza', value: (p) => p.raza_perro },
    { header: 'Tamaño', value: (p) => (p.talla ? PET_SIZE_LABELS[p.talla] : '') },
    { header: 'Sexo', value: (p) => (p.sexo ? PET_SEX_LABELS[p.sexo] : '') },
    { header: 'Fecha de nacimiento', value: (p) => p.fec_nac, kind: 'day' },
    { header: 'Pelaje', value: (p) => p.pelaje },
    { header: 'DNI del dueño', value: (p) => p.cliente.dni_cli },
    { header: 'Dueño', value: (p) => `${p.cliente.nom_cli} ${p.cliente.ape_cli}` },
    {
      header: 'Alertas',
      value: (p) => p.alertas.map((id) => PET_ALERTS.find((a) => a.id === id)?.nombre).join(', '),
    },
    { header: 'Notas de cuidado', value: (p) => p.notas_cuidado },
    { header: 'Estado', value: (p) => statusName(p.id_est) },
    { header: 'Registrado', value: (p) => p.created_at, kind: 'time' },
  ],
};

export const petsModule: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  await app.register(
    resourceModule({
      resource: petsResource,
      table: pets,
      id: pets.id_perro,
      list: petList,
      export: petExport,
      filters: (query) => {
        const { alerta } = query as Pick<PetListQuery, 'alerta'>;
        return [alerta ? arrayContains(pets.alertas, [alerta]) : undefined];
      },
      create: { toValues, message: PET_MESSAGES.registered },
      update: { toValues, message: PET_MESSAGES.updated },
      status: {
        allowed: RECORD_STATUSES.map((s) => s.id_est),
        column: pets.id_est,
        message: PET_MESSAGES.status,
      },
      remove: { inUse: PET_MESSAGES.inUse },
      notFound: PET_MESSAGES.notFound,
    }),
    { db },
  );

  route(app, PET_ENDPOINTS.ofClient, async (request) => {
    const rows: ClientPet[] = await db
      .select({
        id_perro: pets.id_perro,
        nom_perro: pets.nom_perro,
        talla: pets.talla,
        ...petCareFields,
      })
      .from(pets)
      .where(and(eq(pets.id_cli, request.params.id), eq(pets.id_est, Status.Activo)))
      .orderBy(asc(pets.nom_perro));
    return ok(rows);
  });
};
