import type { FastifyRequest } from 'fastify';
import { AGENDA_PRICE_PERMISSION, can } from '@app/domain';
import { sessionOf } from '../../http/authenticate';

/**
 * Money only for who may charge (issue 30 §5): a groomer's agenda, citas and history carry no
 * price nor sale total.
 */
export const seesPrices = (request: FastifyRequest) =>
  can(sessionOf(request).role, AGENDA_PRICE_PERMISSION);
