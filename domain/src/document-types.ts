import { z } from 'zod';

export const DocumentTypeSchema = z.strictObject({ id: z.number().int(), nom: z.string() });
export type DocumentType = z.infer<typeof DocumentTypeSchema>;

export const DocumentTypeId = { RUC: 1, DNI: 2, CarneExtranjeria: 3, Pasaporte: 4 } as const;

export const DOCUMENT_TYPES: readonly DocumentType[] = [
  { id: 1, nom: 'RUC' },
  { id: 2, nom: 'DNI' },
  { id: 3, nom: 'Carné de extranjería' },
  { id: 4, nom: 'Pasaporte' },
];
