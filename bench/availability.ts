/**
 * Times the online booking's availability (domain `availableSlots`, DESIGN §11.4): 14 days of
 * 10 groomers with 1,000 citas among them, and with 1,000 each, plus time off. The target is
 * well under 50 ms. Run: `npx tsx bench/availability.ts`.
 *
 * The HTTP bench (bench/endpoints.ts) does not measure `GET /api/public/disponibilidad`: its
 * seed leaves online booking off, so the route would only answer 409.
 */
import { performance } from 'node:perf_hooks';
import {
  DEFAULT_OPENING_HOURS,
  availableSlots,
  limaDayStart,
  limaToday,
  type AvailabilityInput,
  type GroomerSchedule,
} from '@app/domain';

const DAYS = 14;
const GROOMERS = 10;
const RUNS = 50;
const MINUTE = 60_000;

/** A fixed pseudo-random sequence, so every run measures the same data. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

function scenario(citasPerGroomer: number): AvailabilityInput {
  const now = new Date();
  const today = limaToday(now);
  const start = limaDayStart(today).getTime();
  const next = random(42);
  const groomers: GroomerSchedule[] = Array.from({ length: GROOMERS }, (_, i) => ({
    id_emp: i + 1,
    horario: DEFAULT_OPENING_HOURS,
    ausencias: [
      { start: start + (2 + i) * 86_400_000, end: start + (2 + i) * 86_400_000 + 4 * 60 * MINUTE },
    ],
    citas: Array.from({ length: citasPerGroomer }, () => {
      const day = Math.floor(next() * DAYS);
      const minute = 9 * 60 + Math.floor(next() * 40) * 15;
      const begin = start + day * 86_400_000 + minute * MINUTE;
      return { start: begin, end: begin + (30 + Math.floor(next() * 4) * 30) * MINUTE };
    }),
  }));
  return {
    now,
    desde: today,
    hasta: limaToday(new Date(now.getTime() + (DAYS - 1) * 86_400_000)),
    duracion: 60,
    paso_min: 15,
    buffer_min: 10,
    aviso_horas: 2,
    horizonte_dias: 30,
    groomers,
  };
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

const SCENARIOS: [label: string, citasPerGroomer: number][] = [
  ['1,000 citas in all', 100],
  ['1,000 citas per groomer', 1000],
];

for (const [label, perGroomer] of SCENARIOS) {
  const input = scenario(perGroomer);
  for (let i = 0; i < 5; i++) availableSlots(input); // warm-up
  const times: number[] = [];
  let slots = 0;
  for (let i = 0; i < RUNS; i++) {
    const begin = performance.now();
    const result = availableSlots(input);
    times.push(performance.now() - begin);
    slots = result.dias.reduce((n, d) => n + d.horas.length, 0);
  }
  console.log(
    `availableSlots, ${DAYS} days × ${GROOMERS} groomers, ${label}: median ${median(times).toFixed(2)} ms, max ${Math.max(...times).toFixed(2)} ms (${RUNS} runs, ${slots} start times offered)`,
  );
}
