/**
 * Potato's eval-admin control: handing out new work can be paused and resumed. While paused no annotator's list
 * is created or grown (Assignments holds everyone back); what annotators already hold stays theirs to finish.
 * Stored, so a pause holds across a restart and across the processes of a database project.
 */
import { isoTime, type Clock, type Store } from '../ports.js';

const KEY = 'assignment';

export class AssignmentPause {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {}

  paused(): boolean {
    return this.store.get('eval_control', KEY)?.paused === true;
  }

  async set(paused: boolean, by: string): Promise<boolean> {
    await this.store.write([{ table: 'eval_control', key: KEY, value: { paused, by, at: isoTime(this.clock.now()) } }]);
    return paused;
  }
}
