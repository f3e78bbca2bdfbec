/**
 * Peru's national holidays (Decreto Legislativo 713 and the laws that added days since), of the
 * current year and the next: the complaints book's due dates skip them. Seeded once into the
 * `feriados` table, which the admin keeps from then on (regional holidays, new years).
 */
export const PERU_NATIONAL_HOLIDAYS: readonly { fecha: string; nombre: string }[] = [
  { fecha: '2026-01-01', nombre: 'Año Nuevo' },
  { fecha: '2026-04-02', nombre: 'Jueves Santo' },
  { fecha: '2026-04-03', nombre: 'Viernes Santo' },
  { fecha: '2026-05-01', nombre: 'Día del Trabajo' },
  { fecha: '2026-06-07', nombre: 'Batalla de Arica y Día de la Bandera' },
  { fecha: '2026-06-29', nombre: 'San Pedro y San Pablo' },
  { fecha: '2026-07-23', nombre: 'Día de la Fuerza Aérea del Perú' },
  { fecha: '2026-07-28', nombre: 'Fiestas Patrias' },
  { fecha: '2026-07-29', nombre: 'Fiestas Patrias' },
  { fecha: '2026-08-06', nombre: 'Batalla de Junín' },
  { fecha: '2026-08-30', nombre: 'Santa Rosa de Lima' },
  { fecha: '2026-10-08', nombre: 'Combate de Angamos' },
  { fecha: '2026-11-01', nombre: 'Día de Todos los Santos' },
  { fecha: '2026-12-08', nombre: 'Inmaculada Concepción' },
  { fecha: '2026-12-09', nombre: 'Batalla de Ayacucho' },
  { fecha: '2026-12-25', nombre: 'Navidad' },
  { fecha: '2027-01-01', nombre: 'Año Nuevo' },
  { fecha: '2027-03-25', nombre: 'Jueves Santo' },
  { fecha: '2027-03-26', nombre: 'Viernes Santo' },
  { fecha: '2027-05-01', nombre: 'Día del Trabajo' },
  { fecha: '2027-06-07', nombre: 'Batalla de Arica y Día de la Bandera' },
  { fecha: '2027-06-29', nombre: 'San Pedro y San Pablo' },
  { fecha: '2027-07-23', nombre: 'Día de la Fuerza Aérea del Perú' },
  { fecha: '2027-07-28', nombre: 'Fiestas Patrias' },
  { fecha: '2027-07-29', nombre: 'Fiestas Patrias' },
  { fecha: '2027-08-06', nombre: 'Batalla de Junín' },
  { fecha: '2027-08-30', nombre: 'Santa Rosa de Lima' },
  { fecha: '2027-10-08', nombre: 'Combate de Angamos' },
  { fecha: '2027-11-01', nombre: 'Día de Todos los Santos' },
  { fecha: '2027-12-08', nombre: 'Inmaculada Concepción' },
  { fecha: '2027-12-09', nombre: 'Batalla de Ayacucho' },
  { fecha: '2027-12-25', nombre: 'Navidad' },
];
