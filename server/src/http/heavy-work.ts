import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sessionOf } from './authenticate';
import { HttpError } from './errors';

/**
 * Exports, reports and imports read or write thousands of rows: a few at once would hold the
 * database and the memory of the server. Each user runs one at a time, the server a few; the
 * slot is held until the answer has been sent (a download is written while it is read).
 */

export type HeavyKind = 'exportacion' | 'reporte' | 'importacion';

/** What a user is told while one of its own runs, by the kind of the one running. */
export const BUSY_MESSAGES: Readonly<Record<HeavyKind, string>> = {
  exportacion: 'Ya hay una exportación en curso; espere a que termine',
  reporte: 'Ya hay un reporte en curso; espere a que termine',
  importacion: 'Ya hay una importación en curso; espere a que termine',
};
export const SERVER_BUSY =
  'El sistema está atendiendo otras exportaciones, reportes o importaciones; intente de nuevo en unos segundos';

/** How many run at once in one server process. */
export const HEAVY_WORK_PER_SERVER = 3;
/** Seconds a caller refused for a full server is told to wait. */
const RETRY_AFTER_SECONDS = 5;

/** A slot taken (give it back with `release`), or why none was given. */
export type HeavySlot =
  | { release: () => void }
  | {
      refused: string;
      /** Seconds worth waiting, when others' work fills the server. */
      retryAfter?: number;
    };

export class HeavyWork {
  /** The kind each user is running now, by user id. */
  private readonly running = new Map<number, HeavyKind>();

  constructor(private readonly perServer = HEAVY_WORK_PER_SERVER) {}

  start(userId: number, kind: HeavyKind): HeavySlot {
    const own = this.running.get(userId);
    if (own) return { refused: BUSY_MESSAGES[own] };
    if (this.running.size >= this.perServer) {
      return { refused: SERVER_BUSY, retryAfter: RETRY_AFTER_SECONDS };
    }
    this.running.set(userId, kind);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      this.running.delete(userId);
    };
    return { release };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    heavyWork: HeavyWork;
  }
}

/** One limiter for the whole app: call it on the root instance, before the routes. */
export function registerHeavyWork(app: FastifyInstance) {
  app.decorate('heavyWork', new HeavyWork());
}

/**
 * Holds a slot of `kind` for the signed-in user until the answer has gone (or the client left),
 * or refuses the call with a 429 in Spanish.
 */
export function holdHeavySlot(request: FastifyRequest, reply: FastifyReply, kind: HeavyKind) {
  const slot = request.server.heavyWork.start(sessionOf(request).userId, kind);
  if ('refused' in slot) {
    if (slot.retryAfter) void reply.header('retry-after', String(slot.retryAfter));
    throw new HttpError(429, slot.refused);
  }
  reply.raw.once('close', slot.release);
}
