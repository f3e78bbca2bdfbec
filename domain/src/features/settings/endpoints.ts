import { z } from 'zod';
import { successOf } from '../../api';
import { defineEndpoints } from '../../endpoint';
import { ElectronicSettingsSchema } from './electronic-settings';
import { BrandInfoSchema, LOGO_PATH, SettingsSchema } from './settings';

/** A save answers 201 when it creates the record, 200 when it updates it. */
const saved = { 200: successOf(SettingsSchema), 201: successOf(SettingsSchema) };

/**
 * The company's one settings record (spec §001-2 'Ajustes') and what the login page shows before
 * anyone signs in. A save is multipart (`json` plus an optional `logo` file, read by the
 * handler, so the contract declares no body); the spec's client posts with `_method=put`, and
 * a real PUT is the same call.
 */
export const SETTINGS_ENDPOINTS = defineEndpoints('ajustes', {
  /** Null until the company is set up for the first time. */
  current: {
    method: 'GET',
    path: '/ajustes',
    response: successOf(SettingsSchema.nullable()),
    permission: 'ajustes.escribir',
  },
  save: { method: 'POST', path: '/ajustes', response: saved, permission: 'ajustes.escribir' },
  update: { method: 'PUT', path: '/ajustes', response: saved, permission: 'ajustes.escribir' },
  logo: {
    method: 'GET',
    path: LOGO_PATH.replace(/^\/api/, ''),
    query: z.object({ v: z.string().max(100).optional() }),
    // The image itself, as stored: no JSON answer to describe.
    response: {},
    permission: 'public',
  },
  brand: {
    method: 'GET',
    path: '/app/brand',
    response: successOf(BrandInfoSchema),
    permission: 'public',
  },
  /** Ajustes › 'Facturación electrónica' (DESIGN §11.1): all but the secrets. */
  electronic: {
    method: 'GET',
    path: '/ajustes/facturacion',
    response: successOf(ElectronicSettingsSchema),
    permission: 'ajustes.escribir',
  },
  /**
   * Multipart: `json` (ElectronicSettingsInputSchema) and the optional file `certificado`, read
   * by the handler; a plain JSON body without the file is accepted too.
   */
  updateElectronic: {
    method: 'PUT',
    path: '/ajustes/facturacion',
    response: successOf(ElectronicSettingsSchema),
    permission: 'ajustes.escribir',
  },
});
