/**
 * Taking in a Potato project's saved annotator states once, at start-up: each annotator's account (no password),
 * list in Potato's order, place in it and phase, and answers, checked as submissions are and written per annotator
 * in one write (all of an annotator's file or nothing of it). A file taken in is remembered by its SHA-256: the same
 * file is not taken in again, and a file changed since (Potato kept running) is reported, not merged, because
 * answers given here since would otherwise be overwritten or mixed with Potato's without anyone deciding.
 */
import { DomainError } from '../errors.js';
import type { Store, StoreOp } from '../ports.js';
import type { Task } from '../task.js';
import type { AnnotationService } from '../annotation/annotation-service.js';
import type { Assignments } from '../annotation/assignment.js';
import { checkUsername, type Accounts } from '../users/users.js';
import type { PhaseService } from '../phases/phase-service.js';
import { cohortSchemeNames, withinView } from '../schemes/cohort-views.js';
import { readUserState, type PotatoUserState, type Problem } from './potato-user-state.js';

/** One annotator's file as read from Potato's output folder. */
export interface SavedUserState {
  path: string;
  sha256: string;
  saved_at: string;
  json: unknown;
  error?: string;
}

/** What was taken in from whose file: the record that keeps a restart from taking it in again. */
interface IntakeRecord {
  username: string;
  path: string;
  sha256: string;
  taken_at: string;
  answers: number;
}

declare module '../ports.js' {
  interface Tables {
    /** username → the Potato user state taken in for them */
    potato_user_states: IntakeRecord;
  }
}

export interface IntakeReport {
  taken: { username: string; path: string; answers: number; listed: number }[];
  /** files taken in at an earlier start and unchanged since */
  unchanged: number;
  /** files changed since they were taken in: not taken in again */
  changed: { username: string; path: string; taken_at: string }[];
  refused: { path: string; username?: string; problems: Problem[] }[];
  /** listed instances the task does not have, left out of the lists */
  unknownListed: { username: string; path: string; instances: string[] }[];
  /** answers to schemes outside the annotator's cohort, left out of what was taken in */
  outsideCohort: { username: string; path: string; instance: string; schemes: string[]; whose: string }[];
}

export interface IntakeDeps {
  store: Store;
  task: Task;
  annotations: AnnotationService;
  assignments: Assignments;
  accounts: Accounts;
  phases: PhaseService;
  /** the cohort (batch group) the annotator is in once `list` is theirs */
  cohortOf(username: string, list: readonly string[]): string | undefined;
  now(): string;
}

/**
 * Leaves the answers to schemes outside the annotator's cohort out of `state` (an answer left with nothing goes
 * whole), as the API refuses them, and says which: the file's other answers are taken in.
 */
function leaveOutOtherCohorts(d: IntakeDeps, path: string, state: PotatoUserState): IntakeReport['outsideCohort'] {
  const { username } = state;
  const cohort = d.cohortOf(username, state.list);
  const outside: IntakeReport['outsideCohort'] = [];
  const whose = `${cohort === undefined ? 'annotators outside a cohort' : `cohort "${cohort}"`} (${cohortSchemeNames(d.task, cohort)})`;
  state.answers = state.answers.filter((answer) => {
    const within = withinView(d.task, cohort, answer.submission);
    if (!within.dropped.length) return true;
    const s = (answer.submission = within.submission);
    outside.push({ username, path, instance: s.instance_id, schemes: within.dropped, whose });
    return (
      Object.keys(s.annotations ?? {}).length +
        (s.span_annotations?.length ?? 0) +
        (s.link_annotations?.length ?? 0) +
        (s.event_annotations?.length ?? 0) >
      0
    );
  });
  return outside;
}

const problemOf = (e: unknown): string => (e instanceof DomainError ? e.message : `${(e as Error).message}`);

export async function takeInUserStates(d: IntakeDeps, files: SavedUserState[]): Promise<IntakeReport> {
  const report: IntakeReport = {
    taken: [],
    unchanged: 0,
    changed: [],
    refused: [],
    unknownListed: [],
    outsideCohort: [],
  };
  for (const file of files) {
    const refuse = (problems: Problem[], username?: string) =>
      report.refused.push({ path: file.path, ...(username ? { username } : {}), problems });
    if (file.error) {
      refuse([{ problem: file.error }]);
      continue;
    }
    const read = readUserState(d.task, file.json, file.saved_at);
    if (!('state' in read)) {
      refuse(read.problems);
      continue;
    }
    const { state } = read;
    const { username } = state;
    const earlier = d.store.get('potato_user_states', username);
    if (earlier) {
      if (earlier.sha256 === file.sha256) report.unchanged++;
      else report.changed.push({ username, path: file.path, taken_at: earlier.taken_at });
      continue;
    }
    const problems = [...read.problems];
    try {
      checkUsername(username);
    } catch (e) {
      refuse([{ problem: `user_id "${username}": ${problemOf(e)}` }]);
      continue;
    }
    if (d.accounts.get(username) || d.assignments.listOf(username))
      problems.push({
        problem: `"${username}" already has an account or a list in this project: their Potato state is not merged into it`,
      });
    const outside = leaveOutOtherCohorts(d, file.path, state);
    for (const answer of state.answers) {
      try {
        d.annotations.check(username, answer.submission);
      } catch (e) {
        problems.push({ instance: answer.submission.instance_id, problem: problemOf(e) });
      }
    }
    if (problems.length) {
      refuse(problems, username);
      continue;
    }
    const now = d.now();
    const ops: StoreOp[] = [];
    try {
      // admin names get their password through the setup link, which creates the account
      if (!d.accounts.isAdminName(username)) ops.push(...d.accounts.passwordlessOps(username));
      ops.push(d.assignments.replaceOp(username, state.list), d.assignments.cursorOp(username, state.cursor));
      const placed = d.phases.placeOp(username, state.phase, now);
      if (placed) ops.push(placed);
      ops.push({
        table: 'potato_user_states',
        key: username,
        value: { username, path: file.path, sha256: file.sha256, taken_at: now, answers: state.answers.length },
      });
      await d.annotations.takeIn(
        state.answers.map((a) => ({ username, ...a })),
        ops,
      );
    } catch (e) {
      d.assignments.recount();
      refuse([{ problem: `not written: ${problemOf(e)}` }], username);
      continue;
    }
    report.taken.push({ username, path: file.path, answers: state.answers.length, listed: state.list.length });
    report.outsideCohort.push(...outside);
    if (state.unknownListed.length)
      report.unknownListed.push({ username, path: file.path, instances: state.unknownListed });
  }
  return report;
}

/** The start-up lines: what was taken in (counts), what was refused and why, what changed since. */
export function intakeMessages(report: IntakeReport): { info: string[]; warn: string[] } {
  const info: string[] = [];
  const warn: string[] = [];
  if (report.taken.length) {
    const answers = report.taken.reduce((n, t) => n + t.answers, 0);
    info.push(
      `took in ${report.taken.length} annotator(s) from Potato's user states with ${answers} answer(s): ` +
        report.taken.map((t) => `${t.username} (${t.answers} answers, ${t.listed} listed)`).join(', ') +
        '; they have no password here: they log in as the project allows, or with a reset link from the admin',
    );
  }
  if (report.unchanged) info.push(`${report.unchanged} Potato user state(s) were taken in before and are unchanged`);
  for (const c of report.changed)
    warn.push(
      `${c.path} changed since it was taken in for "${c.username}" at ${c.taken_at}: not taken in again (what was taken in then stays, with any answers given here since)`,
    );
  for (const r of report.refused)
    for (const p of r.problems)
      warn.push(
        `${r.path}${r.username ? ` (user "${r.username}")` : ''}${p.instance ? `, instance "${p.instance}"` : ''}: ${p.problem}` +
          ` — nothing of this file was taken in`,
      );
  for (const o of report.outsideCohort)
    warn.push(
      `${o.path} (user "${o.username}"), instance "${o.instance}": the answers to ${o.schemes.map((n) => `"${n}"`).join(', ')} were left out: not among the schemes of ${o.whose}; the file's other answers were taken in`,
    );
  for (const u of report.unknownListed)
    warn.push(
      `${u.path} (user "${u.username}") lists ${u.instances.length} instance(s) the task does not have, left out of their list: ${u.instances.slice(0, 5).join(', ')}${u.instances.length > 5 ? ', …' : ''}`,
    );
  return { info, warn };
}
