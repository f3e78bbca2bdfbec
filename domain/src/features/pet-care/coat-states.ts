/**
 * How a pet's coat arrived, as a report card says it (DESIGN §11.8). A module of its own: the
 * public pages read these names without the report cards' endpoints and schemas.
 */
export const COAT_STATES = ['bueno', 'enredado', 'muy_enredado', 'con_pulgas', 'sucio'] as const;
export type CoatState = (typeof COAT_STATES)[number];
export const COAT_STATE_NAMES: Record<CoatState, string> = {
  bueno: 'En buen estado',
  enredado: 'Con algunos nudos',
  muy_enredado: 'Muy enredado',
  con_pulgas: 'Con pulgas o garrapatas',
  sucio: 'Muy sucio',
};
