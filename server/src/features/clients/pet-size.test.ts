import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { limaToday, oldestPetBirth } from '@app/domain';
import { pets } from '../../db/schema';
import { limaDay, registerOwner, type Owner } from '../../test/agenda';
import { setupTestApp } from '../../test/app';
import { csvRows, download } from '../../test/files';
import { apiClient } from '../../test/http';

/** DESIGN §11.4: a pet's size, sex, birth date and coat; the minutes items add per size. */

const ctx = await setupTestApp();
let token: string;
let api: ReturnType<typeof apiClient>;
let owner: Owner;

beforeAll(async () => {
  token = await ctx.signIn();
  api = apiClient(ctx.app, token);
  owner = await registerOwner(api, 'Rosa', 'Firulais');
});

const pet = (extra: object = {}) => ({
  nombre: 'Rocky',
  raza: 'Labrador',
  dniCliente: owner.dni,
  ...extra,
});

const profileOf = async (id: number) => {
  const res = await api.get(`/mascota/${id}`);
  const { talla, sexo, fec_nac, pelaje } = res.body.data as Record<string, unknown>;
  return { talla, sexo, fec_nac, pelaje };
};

const DESCRIPTION = 'Baño con champú neutro, secado, cepillado y perfume para la mascota';

describe('pet size, sex, birth date and coat', () => {
  it('registers them, answers them in the lists and edits them', async () => {
    const created = await api.post(
      '/mascota/register',
      pet({ talla: 'grande', sexo: 'macho', fec_nac: '2021-05-14', pelaje: ' Corto, doble capa ' }),
    );
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      talla: 'grande',
      sexo: 'macho',
      fec_nac: '2021-05-14',
      pelaje: 'Corto, doble capa',
    });
    const id = created.body.data.id_perro as number;

    const listed = await api.get('/mascotas/?search=rocky');
    expect(listed.body.data.data[0]).toMatchObject({ id_perro: id, talla: 'grande' });
    const ofClient = await api.get(`/mascotas/cliente/${owner.id_cli}`);
    expect(ofClient.body.data).toContainEqual(
      expect.objectContaining({ id_perro: id, talla: 'grande' }),
    );

    // The spec's clients send none of them: an edit without them keeps them.
    const kept = await api.put('/mascota', { ...pet(), id });
    expect(kept.status).toBe(200);
    expect(await profileOf(id)).toEqual({
      talla: 'grande',
      sexo: 'macho',
      fec_nac: '2021-05-14',
      pelaje: 'Corto, doble capa',
    });

    // Blank (the form's empty select) or null clears them.
    const cleared = await api.put('/mascota', {
      ...pet(),
      id,
      talla: 'gigante',
      sexo: '',
      fec_nac: null,
      pelaje: '  ',
    });
    expect(cleared.status).toBe(200);
    expect(await profileOf(id)).toEqual({
      talla: 'gigante',
      sexo: null,
      fec_nac: null,
      pelaje: null,
    });

    const file = await download(ctx.app, token, '/mascotas/export?formato=csv&search=rocky');
    const [header, row] = csvRows(file.rawPayload);
    expect(row[header.indexOf('Tamaño')]).toBe('Gigante');
  });

  it('registers a pet without them as none', async () => {
    const created = await api.post('/mascota/register', pet({ nombre: 'Pelusa' }));
    expect(created.status).toBe(201);
    expect(await profileOf(created.body.data.id_perro as number)).toEqual({
      talla: null,
      sexo: null,
      fec_nac: null,
      pelaje: null,
    });
  });

  it('refuses a wrong size, sex, birth date or coat in Spanish and changes nothing', async () => {
    const cases: [object, string, string][] = [
      [{ talla: 'enorme' }, 'talla', 'Seleccione un tamaño válido'],
      [{ talla: 3 }, 'talla', 'Seleccione un tamaño válido'],
      [{ sexo: 'otro' }, 'sexo', 'Seleccione macho o hembra'],
      [{ fec_nac: '2021-02-30' }, 'fec_nac', 'La fecha de nacimiento no es válida'],
      [{ fec_nac: '14/05/2021' }, 'fec_nac', 'La fecha de nacimiento no es válida'],
      [{ fec_nac: limaDay(1) }, 'fec_nac', 'La fecha de nacimiento no puede ser posterior a hoy'],
      [
        { fec_nac: '1990-01-01' },
        'fec_nac',
        'La fecha de nacimiento no puede ser de hace más de 30 años',
      ],
      [{ pelaje: 'x'.repeat(61) }, 'pelaje', 'El pelaje no puede exceder los 60 caracteres'],
      [{ pelaje: 12 }, 'pelaje', 'Describa el pelaje con texto'],
    ];
    for (const [extra, field, message] of cases) {
      const res = await api.post('/mascota/register', pet({ nombre: 'Bruno', ...extra }));
      expect(res.status, JSON.stringify(extra)).toBe(422);
      expect(res.body.errors[field], JSON.stringify(extra)).toEqual([message]);
    }
    const bruno = await ctx.database.db.select().from(pets).where(eq(pets.nom_perro, 'Bruno'));
    expect(bruno).toEqual([]);

    // Today and exactly 30 years back are the edges that pass.
    for (const fec_nac of [limaToday(), oldestPetBirth()]) {
      const res = await api.post('/mascota/register', pet({ nombre: 'Bruno', fec_nac }));
      expect(res.status, fec_nac).toBe(201);
    }

    const edited = await api.put('/mascota', {
      ...pet({ nombre: 'Firulais' }),
      id: owner.petId,
      talla: 'enorme',
    });
    expect(edited.status).toBe(422);
    expect((await profileOf(owner.petId)).talla).toBeNull();
  });
});

describe('minutes per size of services and packages', () => {
  it('keeps the minutes a service adds per size, and refuses wrong ones in Spanish', async () => {
    const created = await api.post('/servicio/register', {
      nombre: 'Baño medicado',
      descripcion: DESCRIPTION,
      precio: '40',
      duracion: 60,
      // The form sends text, blank for none.
      minutos_talla: { pequeño: '', grande: '15', gigante: 30 },
    });
    expect(created.status).toBe(201);
    expect(created.body.data.minutos_talla).toEqual({ grande: 15, gigante: 30 });
    const id = created.body.data.id_srv as number;

    const available = await api.get('/servicios/disponibles');
    expect(available.body.data).toContainEqual(
      expect.objectContaining({ id_srv: id, minutos_talla: { grande: 15, gigante: 30 } }),
    );

    const cases: [unknown, string, string][] = [
      [{ grande: '10,5' }, 'minutos_talla.grande', 'Ingrese minutos enteros'],
      [{ grande: 'diez' }, 'minutos_talla.grande', 'Ingrese minutos enteros'],
      [{ mediano: -5 }, 'minutos_talla.mediano', 'Ingrese 0 o más minutos'],
      [{ gigante: 481 }, 'minutos_talla.gigante', 'Como máximo 480 minutos'],
      [
        { enorme: 10 },
        'minutos_talla',
        'Indique minutos solo para pequeño, mediano, grande o gigante',
      ],
      [[10], 'minutos_talla', 'Indique minutos solo para pequeño, mediano, grande o gigante'],
    ];
    for (const [minutos_talla, field, message] of cases) {
      const res = await api.put('/servicio', {
        id,
        nombre: 'Baño medicado',
        descripcion: DESCRIPTION,
        precio: '40',
        minutos_talla,
      });
      expect(res.status, JSON.stringify(minutos_talla)).toBe(422);
      expect(res.body.errors[field], JSON.stringify(minutos_talla)).toEqual([message]);
    }
    const stored = await api.get(`/servicio/${id}`);
    expect(stored.body.data.minutos_talla).toEqual({ grande: 15, gigante: 30 });

    // Absent on edit: kept.
    const edited = await api.put('/servicio', {
      id,
      nombre: 'Baño medicado',
      descripcion: DESCRIPTION,
      precio: '42',
    });
    expect(edited.body.data.minutos_talla).toEqual({ grande: 15, gigante: 30 });
  });

  it('books a cita without a duration for the pet size: the item adds its minutes', async () => {
    const service = await api.post('/servicio/register', {
      nombre: 'Baño completo',
      descripcion: DESCRIPTION,
      precio: '45',
      duracion: 60,
      minutos_talla: { grande: 30, gigante: 45 },
    });
    const pack = await api.post('/paquete/register', {
      nombre: 'Paquete Spa',
      descripcion: DESCRIPTION,
      precio: '120',
      duracion: 90,
      minutos_talla: { grande: 20 },
    });
    const big = await api.post(
      '/mascota/register',
      pet({ nombre: 'Thor', raza: 'Golden Retriever', talla: 'grande' }),
    );
    const small = await api.post('/mascota/register', pet({ nombre: 'Mota', talla: 'pequeño' }));
    const book = (petId: number, item: object, at: string) =>
      api.post('/cita/register', {
        fec_cita: `${limaDay(3)}T${at}`,
        dni_cli: owner.dni,
        id_cliente: owner.id_cli,
        id_perro: petId,
        id_paquete: '',
        fech_reg: limaDay(0),
        ...item,
      });

    const srv = { id_servicio: service.body.data.id_srv as number };
    const paq = { id_servicio: '', id_paquete: pack.body.data.id_paq as number };
    const bigId = big.body.data.id_perro as number;
    const cases: [number, object, string, number][] = [
      [bigId, srv, '09:00', 90],
      [bigId, paq, '11:00', 110],
      // A size the item adds nothing for, and a pet without a size: the item's own.
      [small.body.data.id_perro as number, srv, '13:00', 60],
      [owner.petId, srv, '15:00', 60],
      // A duration the user gave is kept.
      [bigId, { ...srv, duracion: 45 }, '17:00', 45],
    ];
    for (const [petId, item, at, minutes] of cases) {
      const res = await book(petId, item, at);
      expect(res.status, at).toBe(201);
      expect(res.body.data.duracion, at).toBe(minutes);
    }
  });
});
