/**
 * Who holds a data folder, beyond the pid: pids are reused (after a reboot almost surely), so a lock names its
 * process by pid, the process's start time and the machine's boot. A lock whose pid now belongs to a process
 * started at another time, or that was written before the last boot, names a process that is gone.
 *
 * Linux reads /proc (start time in clock ticks since boot, the kernel's boot id). Elsewhere there is no /proc and
 * no native module may be built, so macOS asks `ps` for the start time, Windows asks PowerShell, and the boot is
 * the boot time derived from the uptime (rounded, since it is computed from two clocks). Any step the OS refuses
 * degrades to pid liveness, which is what a lock without these fields gets too.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { hostname, uptime } from 'node:os';

export interface ProcessIdentity {
  pid: number;
  /** opaque start-time token of the process; undefined where the OS would not say */
  start?: string;
  /** opaque token of the machine's current boot */
  boot?: string;
  host: string;
}

function linuxStart(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the command name (field 2) may hold spaces and parentheses: fields are counted after its last ')'
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const state = fields[0];
    // a zombie (killed, not yet reaped by its parent) or dead task holds nothing any more
    if (state === 'Z' || state === 'X' || state === 'x') return 'exited';
    return fields[19]; // field 22 overall: start time in clock ticks after boot
  } catch {
    return undefined;
  }
}

function otherStart(pid: number): string | undefined {
  try {
    if (process.platform === 'darwin') {
      const out = execFileSync('ps', ['-o', 'stat=,lstart=', '-p', String(pid)], {
        encoding: 'utf8',
        timeout: 5000,
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim();
      if (!out) return undefined;
      if (out.startsWith('Z')) return 'exited';
      return out.replace(/^\S+\s+/, '').replace(/\s+/g, ' ');
    }
    if (process.platform === 'win32') {
      const out = execFileSync(
        'powershell.exe',
        [
          '-NoProfile',
          '-NonInteractive',
          '-Command',
          `(Get-Process -Id ${pid} -ErrorAction Stop).StartTime.ToUniversalTime().Ticks`,
        ],
        { encoding: 'utf8', timeout: 10_000, stdio: ['ignore', 'pipe', 'ignore'], windowsHide: true },
      ).trim();
      return /^\d+$/.test(out) ? out : undefined;
    }
  } catch {
    /* the OS would not say: fall back to liveness */
  }
  return undefined;
}

function startOf(pid: number): string | undefined {
  return process.platform === 'linux' ? linuxStart(pid) : otherStart(pid);
}

function bootToken(): string | undefined {
  if (process.platform === 'linux') {
    try {
      return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    } catch {
      /* fall through to the uptime estimate */
    }
  }
  // boot time in seconds, computed from two clocks: compared with a tolerance (sameBoot)
  return `t${Math.round(Date.now() / 1000 - uptime())}`;
}

function sameBoot(a: string, b: string): boolean {
  if (a.startsWith('t') && b.startsWith('t')) return Math.abs(Number(a.slice(1)) - Number(b.slice(1))) < 120;
  return a === b;
}

let self: ProcessIdentity | undefined;

/** The identity of a process running on this machine now (its start time as the OS tells it). */
export function processIdentity(pid: number): ProcessIdentity {
  return { pid, start: startOf(pid), boot: bootToken(), host: hostname() };
}

export function currentProcess(): ProcessIdentity {
  self ??= processIdentity(process.pid);
  return self;
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether the process a lock names still runs. The host is not compared: laptops change their host name with the
 * network, and a data folder is local to one machine.
 */
export function isRunning(holder: ProcessIdentity): boolean {
  const here = currentProcess();
  if (holder.boot && here.boot && !sameBoot(holder.boot, here.boot)) return false;
  if (!pidAlive(holder.pid)) return false;
  const start = startOf(holder.pid);
  if (start === 'exited') return false;
  return !(holder.start && start && holder.start !== start); // another start time: the pid was reused
}
