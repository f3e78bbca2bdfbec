import { z } from 'zod';
import { isoDateTime, isoDay, money, successOf } from '../../api';
import { defineEndpoints } from '../../endpoint';
import { IdParamSchema } from '../../list-query';
import { defineResource } from '../../resource';
import { isoDate, moneyAmount, requiredText } from '../../rules';
import { optionalId } from '../agenda/booking';

/**
 * Bonos (DESIGN §11.6): a prepaid pack of visits ('Pack 4 baños'), a catalogue item sold at
 * checkout as a line `{tipo: 'bono', id}` to the sale's client, who then holds a bono of their
 * own (its number, what is left of each service or package, its expiry). Charging a covered
 * service or package uses the client's oldest valid bono on its own: the line is charged
 * S/. 0.00 and says so ('Bono N.º 12 — quedan 3'); a void of that sale gives the use back.
 */

export const BONO_MESSAGES = {
  nameRequired: 'El nombre es requerido',
  nameMin: 'El nombre debe tener al menos 3 caracteres',
  nameMax: 'El nombre no puede exceder los 100 caracteres',
  itemsRequired: 'Agregue al menos un servicio o paquete al bono',
  itemsMax: 'Un bono no puede tener más de 10 servicios o paquetes',
  itemRequired: 'Seleccione un servicio o un paquete',
  itemBoth: 'Cada línea del bono es un servicio o un paquete, no ambos',
  itemRepeated: 'El servicio o paquete ya está en el bono',
  quantityInvalid: 'La cantidad debe ser un número entero entre 1 y 100',
  priceRequired: 'El precio es requerido',
  priceMin: 'El precio debe ser de al menos S/. 1.00',
  priceMax: 'El precio no puede exceder S/. 10000.00',
  validityInvalid: 'La vigencia debe ser un número entero de días entre 1 y 730',
  itemUnavailable: 'Estos servicios o paquetes no existen o no están activos:',
  registered: '¡Bono registrado exitosamente!',
  updated: '¡Bono actualizado exitosamente!',
  status: 'Bono actualizado correctamente',
  inUse: 'No se puede eliminar el bono: ya se vendió. Puede suspenderlo o marcarlo como eliminado',
  notFound: 'Bono no encontrado',
  clientBonoNotFound: 'El cliente no tiene ese bono',
  // Selling and using (checkout).
  saleNeedsClient: 'Un bono se vende a un cliente: seleccione el cliente de la venta',
  onePerLine: 'Venda un bono por línea (cantidad 1)',
  notForSale: 'El bono no existe o no está activo',
  usedBeforeVoid: (numero: number) =>
    `No se puede anular: el bono N.º ${numero} ya se usó. Anule primero las ventas que lo usaron`,
  noReissue: 'Una venta con bonos no se puede reemitir: anúlela y regístrela de nuevo',
  zeroSaleNeedsNote:
    'Todo lo cobrado está cubierto por bonos: registre la venta como nota de venta',
  // Adjusting a client's bono (admin).
  adjustReasonRequired: 'Indique el motivo del ajuste',
  adjustReasonMin: 'El motivo debe tener al menos 5 caracteres',
  adjustReasonMax: 'El motivo no puede exceder los 200 caracteres',
  adjustNothing: 'Cambie la fecha de vencimiento o alguna cantidad',
  adjustBelowUsed: (usados: number) => `La cantidad no puede ser menor que lo ya usado (${usados})`,
  adjustUnknownItem: 'El bono no incluye ese servicio o paquete',
  adjustVoided: 'El bono está anulado: no se puede ajustar',
  adjusted: 'Bono ajustado correctamente',
} as const;
const M = BONO_MESSAGES;

export const BONO_ITEM_KINDS = ['servicio', 'paquete'] as const;
export type BonoItemKind = (typeof BONO_ITEM_KINDS)[number];

/** What a bono covers is a whole number of visits of a service or package. */
const coveredQuantity = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
  z
    .number({ error: M.quantityInvalid })
    .int(M.quantityInvalid)
    .min(1, M.quantityInvalid)
    .max(100, M.quantityInvalid),
);

/** A line of the catalogue's bono as the API takes it (DESIGN §11.6): `{id_srv | id_paq, cantidad}`. */
export const BonoItemInputSchema = z
  .object({
    id_srv: optionalId(M.itemRequired).optional(),
    id_paq: optionalId(M.itemRequired).optional(),
    cantidad: coveredQuantity,
  })
  .superRefine((item, ctx) => {
    if (item.id_srv != null && item.id_paq != null) {
      ctx.addIssue({ code: 'custom', path: ['id_paq'], message: M.itemBoth });
    } else if (item.id_srv == null && item.id_paq == null) {
      ctx.addIssue({ code: 'custom', path: ['id_srv'], message: M.itemRequired });
    }
  })
  .transform(({ id_srv, id_paq, cantidad }) =>
    id_srv != null
      ? { tipo: 'servicio' as const, id: id_srv, cantidad }
      : { tipo: 'paquete' as const, id: id_paq as number, cantidad },
  );
export type BonoItemInput = z.infer<typeof BonoItemInputSchema>;

export const BonoInputSchema = z.object({
  nombre: requiredText(M.nameRequired).min(3, M.nameMin).max(100, M.nameMax),
  items: z
    .array(BonoItemInputSchema, { error: M.itemsRequired })
    .min(1, M.itemsRequired)
    .max(10, M.itemsMax)
    .superRefine((items, ctx) => {
      const seen = new Set<string>();
      items.forEach((item, index) => {
        const key = `${item.tipo}:${item.id}`;
        if (seen.has(key)) {
          ctx.addIssue({ code: 'custom', path: [index, 'id_srv'], message: M.itemRepeated });
        }
        seen.add(key);
      });
    }),
  precio: moneyAmount(
    M.priceRequired,
    { cents: 100, message: M.priceMin },
    { cents: 1_000_000, message: M.priceMax },
  ),
  vigencia_dias: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z
      .number({ error: M.validityInvalid })
      .int(M.validityInvalid)
      .min(1, M.validityInvalid)
      .max(730, M.validityInvalid),
  ),
});
export type BonoInput = z.infer<typeof BonoInputSchema>;

export const BonoUpdateSchema = BonoInputSchema.extend({ id: IdParamSchema.shape.id });
export type BonoUpdate = z.infer<typeof BonoUpdateSchema>;

/** A covered service or package, named as the catalogue named it when the bono was saved. */
export const BonoItemSchema = z.strictObject({
  tipo: z.enum(BONO_ITEM_KINDS),
  id: z.number().int(),
  nombre: z.string(),
  cantidad: z.number().int(),
});
export type BonoItem = z.infer<typeof BonoItemSchema>;

export const BonoSchema = z.strictObject({
  id_bono: z.number().int(),
  nombre: z.string(),
  precio: money,
  vigencia_dias: z.number().int(),
  items: z.array(BonoItemSchema),
  id_est: z.number().int(),
  created_at: isoDateTime,
});
export type Bono = z.infer<typeof BonoSchema>;

export const bonosResource = defineResource({
  plural: 'bonos',
  exportFile: 'bonos',
  singular: 'bono',
  record: BonoSchema,
  access: { read: 'catalogo.leer', write: 'catalogo.escribir' },
  audit: 'bono',
  rowId: (b) => b.id_bono,
  toInput: (b): z.input<typeof BonoInputSchema> => ({
    nombre: b.nombre,
    items: b.items.map((item) =>
      item.tipo === 'servicio'
        ? { id_srv: item.id, cantidad: item.cantidad }
        : { id_paq: item.id, cantidad: item.cantidad },
    ),
    precio: b.precio,
    vigencia_dias: b.vigencia_dias,
  }),
  crud: { register: BonoInputSchema, update: BonoUpdateSchema, remove: true },
});

/** '2 × Baño completo, 1 × Corte de uñas'. */
export const bonoItemsText = (items: readonly Pick<BonoItem, 'nombre' | 'cantidad'>[]) =>
  items.map((item) => `${item.cantidad} × ${item.nombre}`).join(', ');

export const CLIENT_BONO_STATES = ['vigente', 'agotado', 'vencido', 'anulado'] as const;
export type ClientBonoState = (typeof CLIENT_BONO_STATES)[number];
export const CLIENT_BONO_STATE_NAMES: Record<ClientBonoState, string> = {
  vigente: 'Vigente',
  agotado: 'Agotado',
  vencido: 'Vencido',
  anulado: 'Anulado',
};

/** A client's own bono: what each covered item allows, has used and has left. */
export const ClientBonoSchema = z.strictObject({
  /** Its number ('Bono N.º 12'). */
  id: z.number().int(),
  id_bono: z.number().int(),
  nombre: z.string(),
  precio: money,
  /** The receipt of the sale that sold it ('B001-00000012'). */
  comprobante: z.string(),
  comprado: isoDateTime,
  /** Its last valid day (Lima), inclusive. */
  vence: isoDay,
  estado: z.enum(CLIENT_BONO_STATES),
  items: z.array(
    z.strictObject({
      tipo: z.enum(BONO_ITEM_KINDS),
      id: z.number().int(),
      nombre: z.string(),
      cantidad: z.number().int(),
      usados: z.number().int(),
      quedan: z.number().int(),
    }),
  ),
});
export type ClientBono = z.infer<typeof ClientBonoSchema>;

/** `POST /api/bono-cliente/{id}/ajuste` (admin): a new expiry, new quantities, and why. */
export const ClientBonoAdjustSchema = z.object({
  vence: isoDate().optional(),
  items: z
    .array(
      z.object({
        tipo: z.enum(BONO_ITEM_KINDS, { error: M.adjustUnknownItem }),
        id: IdParamSchema.shape.id,
        cantidad: coveredQuantity,
      }),
    )
    .max(10, M.itemsMax)
    .optional(),
  motivo: requiredText(M.adjustReasonRequired)
    .min(5, M.adjustReasonMin)
    .max(200, M.adjustReasonMax),
});
export type ClientBonoAdjust = z.infer<typeof ClientBonoAdjustSchema>;

export const BONO_ENDPOINTS = defineEndpoints(bonosResource.plural, {
  /** The active bonos checkout offers. */
  available: {
    method: 'GET',
    path: '/bonos/disponibles',
    response: successOf(z.array(BonoSchema)),
    permission: 'catalogo.leer',
  },
  /** The client's bonos, newest first, with what is left of each. */
  ofClient: {
    method: 'GET',
    path: '/cliente/:id/bonos',
    params: IdParamSchema,
    response: successOf(z.array(ClientBonoSchema)),
    permission: 'clientes.leer',
  },
  adjust: {
    method: 'POST',
    path: '/bono-cliente/:id/ajuste',
    params: IdParamSchema,
    body: ClientBonoAdjustSchema,
    response: successOf(ClientBonoSchema),
    permission: 'caja.administrar',
  },
});

/** A client bono's state on `today` (Lima): anulado and agotado before vencido. */
export function clientBonoState(
  bono: { anulado: boolean; vence: string; items: readonly { quedan: number }[] },
  today: string,
): ClientBonoState {
  if (bono.anulado) return 'anulado';
  if (bono.items.every((item) => item.quedan <= 0)) return 'agotado';
  return bono.vence < today ? 'vencido' : 'vigente';
}

/** The bonos a sale may use on `today` (Lima): vigentes and not past their last day. */
export const usableBonos = (bonos: readonly ClientBono[], today: string) =>
  bonos.filter((bono) => bono.estado === 'vigente' && bono.vence >= today);

/** A sale line a bono may cover: a service or a package, the bono not declined. */
interface CoverableLine {
  tipo: string;
  id: number | null;
  cantidad: number;
  /** The cashier chose to charge it even though a bono covers it. */
  sin_bono?: boolean;
}

/** A part of a sale line: `cantidad` of it, covered by bono `bono` (then `quedan` after) or not. */
export interface BonoCoverPart {
  /** The index of the line in the sale's items. */
  line: number;
  cantidad: number;
  bono: { id: number; quedan: number } | null;
}

/**
 * Which of a sale's lines the client's bonos cover (DESIGN §11.6), as checkout shows it and the
 * server charges it: each service or package line, in order, is covered by the client's oldest
 * valid bono (vigente on `today`, something left of that item) as far as it has uses left, then by
 * the next; what no bono covers is charged. A line is split into parts when bonos cover only
 * some of its quantity. `bonos` are the client's as `GET /api/cliente/{id}/bonos` answers them.
 */
export function coverWithBonos(
  lines: readonly CoverableLine[],
  bonos: readonly ClientBono[],
  today: string,
): BonoCoverPart[] {
  const left = new Map<string, number>();
  const usable = usableBonos(bonos, today).sort((a, b) => a.id - b.id);
  for (const bono of usable) {
    for (const item of bono.items) left.set(`${bono.id}:${item.tipo}:${item.id}`, item.quedan);
  }
  return lines.flatMap((line, index) => {
    if (
      (line.tipo !== 'servicio' && line.tipo !== 'paquete') ||
      line.id === null ||
      line.sin_bono
    ) {
      return [{ line: index, cantidad: line.cantidad, bono: null }];
    }
    const parts: BonoCoverPart[] = [];
    let wanted = line.cantidad;
    for (const bono of usable) {
      if (wanted === 0) break;
      const key = `${bono.id}:${line.tipo}:${line.id}`;
      const quedan = left.get(key) ?? 0;
      if (quedan <= 0) continue;
      const used = Math.min(quedan, wanted);
      left.set(key, quedan - used);
      wanted -= used;
      parts.push({ line: index, cantidad: used, bono: { id: bono.id, quedan: quedan - used } });
    }
    if (wanted > 0) parts.push({ line: index, cantidad: wanted, bono: null });
    return parts;
  });
}

/** The description of a line a bono covers: 'Baño completo — Bono N.º 12 — quedan 3'. */
export const bonoUseLine = (item: string, bono: { id: number; quedan: number }) =>
  `${item} — Bono N.º ${bono.id} — quedan ${bono.quedan}`;

/** The description of a bono's sale line: 'Pack 4 baños — Bono N.º 12'. */
export const bonoSoldLine = (nombre: string, numero: number) => `${nombre} — Bono N.º ${numero}`;
