import { eq } from 'drizzle-orm';
import { limaToday } from '@app/domain';
import type { Db } from '../db/client';
import { packages, services } from '../db/schema';
import type { apiClient } from './http';

type Api = ReturnType<typeof apiClient>;

/** A Lima calendar day `days` from today, `YYYY-MM-DD`. */
export function limaDay(days: number): string {
  const [y, m, d] = limaToday().split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

let dniSeed = 40_100_000;

/** A fresh valid DNI: not all equal, not consecutive. */
export function nextDni(): string {
  dniSeed += 37;
  return String(dniSeed);
}

export interface Owner {
  dni: string;
  id_cli: number;
  nom_cli: string;
  ape_cli: string;
  petId: number;
}

/** A client with one pet, registered through the API. */
export async function registerOwner(api: Api, name = 'Rosa', pet = 'Firulais'): Promise<Owner> {
  const dni = nextDni();
  const client = await api.post('/cliente/register', {
    dni,
    name,
    surname: 'Huamán Torres',
    tel1: '987654321',
    email: `${dni}@correo.pe`,
    direccion: 'Av. Arequipa 1234, Lince',
  });
  if (client.status !== 201) throw new Error(`client: ${JSON.stringify(client.body)}`);
  const dog = await api.post('/mascota/register', {
    nombre: pet,
    raza: 'Mestizo',
    dniCliente: dni,
  });
  if (dog.status !== 201) throw new Error(`pet: ${JSON.stringify(dog.body)}`);
  return {
    dni,
    id_cli: client.body.data.id_cli as number,
    nom_cli: name,
    ape_cli: 'Huamán Torres',
    petId: dog.body.data.id_perro as number,
  };
}

let groomerDni = 47_310_000;

/** A bookable employee (decisions §agenda), registered through the API. */
export async function registerGroomer(api: Api, nom: string, extra: object = {}) {
  groomerDni += 173;
  const res = await api.post('/empleado/register', {
    idtDoc: 2,
    dni: String(groomerDni),
    nom,
    ape: 'Quispe Rojas',
    fecnac: '1992-03-08',
    email: `groomer${groomerDni}@huellitas.pe`,
    telef: '987654321',
    agenda: true,
    ...extra,
  });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body.data as { id_emp: number; agenda: boolean; color: string };
}

/** Another pet of an owner. */
export async function addPet(api: Api, owner: Owner, nombre: string): Promise<number> {
  const dog = await api.post('/mascota/register', {
    nombre,
    raza: 'Shih Tzu',
    dniCliente: owner.dni,
  });
  if (dog.status !== 201) throw new Error(`pet: ${JSON.stringify(dog.body)}`);
  return dog.body.data.id_perro as number;
}

const DESCRIPTION = 'Servicio completo con productos de calidad para el cuidado de su mascota';

/**
 * A service or a package, written straight to the tables: this file tests the agenda, not the
 * catalogue's API.
 */
export async function createService(db: Db, nom_srv: string, precio_srv: string, id_est = 1) {
  const [row] = await db
    .insert(services)
    .values({ nom_srv, desc_srv: DESCRIPTION, precio_srv, id_est })
    .returning({ id: services.id_srv });
  return row.id;
}

export async function createPackage(db: Db, nom_paq: string, precio_paq: string, id_est = 1) {
  const [row] = await db
    .insert(packages)
    .values({ nom_paq, desc_paq: DESCRIPTION, precio_paq, id_est })
    .returning({ id: packages.id_paq });
  return row.id;
}

/**
 * A cita for the owner's pet with a service, in two days at `time` (HH:mm), through the API: the
 * row answered.
 */
export async function bookAppointment(
  api: Api,
  owner: Owner,
  service: number,
  time: string,
): Promise<Record<string, unknown> & { id_cita: number }> {
  const booked = await api.post('/cita/register', {
    fec_cita: `${limaDay(2)}T${time}`,
    dni_cli: owner.dni,
    id_perro: owner.petId,
    id_cliente: owner.id_cli,
    id_servicio: service,
    id_paquete: '',
    fech_reg: limaDay(0),
    obs: 'Sin observaciones',
  });
  if (booked.status !== 201) throw new Error(`cita: ${JSON.stringify(booked.body)}`);
  return booked.body.data as Record<string, unknown> & { id_cita: number };
}

export async function setServicePrice(db: Db, id: number, precio_srv: string) {
  await db.update(services).set({ precio_srv }).where(eq(services.id_srv, id));
}
