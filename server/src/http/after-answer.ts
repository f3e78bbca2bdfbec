import type { FastifyInstance } from 'fastify';

/**
 * Work done after an answer has gone (mails): a route hands it over instead of awaiting it, so
 * the answer does not wait for an SMTP server nor tell by its time what the work found. Closing
 * the app waits for what is still running.
 */
export function afterAnswerQueue(app: FastifyInstance) {
  const pending = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...pending]);
  });
  return (work: Promise<void>) => {
    pending.add(work);
    void work.finally(() => pending.delete(work));
  };
}
