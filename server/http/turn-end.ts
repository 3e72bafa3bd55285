/**
 * Responses leave at the end of the event loop's turn, together.
 *
 * In one turn Node reads every socket that has a request waiting and runs its handler; left alone, each answer
 * is written the moment its handler finishes, so a client with several connections open (a lab's browsers, a
 * script, the benchmark's load generator) is woken once per answer: write, wake it on the other core, it
 * answers with its next request and sleeps, write again. On a virtual machine every such wake-up is a
 * cross-CPU interrupt through the hypervisor, a large share of the server's CPU under load. Held to the turn's
 * check phase (setImmediate), the answers of one turn go out back to back and the client wakes once for them
 * (docs/performance.md has the figures). A lone request
 * waits only for the rest of its own turn (the other handlers already running in it), never for a timer or
 * more I/O.
 *
 * The turn belongs to the process, not to one server, so the pending turn is module state.
 */
import type { Context, Next } from 'koa';

let pending: Promise<void> | null = null;

/** Resolves in the check phase of the current turn of the event loop; every caller in one turn shares it. */
export function endOfTurn(): Promise<void> {
  return (pending ??= new Promise((resolve) => {
    setImmediate(() => {
      pending = null;
      resolve();
    });
  }));
}

/** Middleware, outermost: lets Koa write the response only once the turn that produced it ends. */
export async function respondAtTurnEnd(_ctx: Context, next: Next): Promise<void> {
  await next();
  await endOfTurn();
}
