/**
 * Starting servers the way `npm start` does: a separate Node process running the built CLI, on loopback with
 * --port 0, ready when it prints "listening on". Start-up time is from spawn to that line (Node's own boot,
 * module loading, reading the project, opening the store, building indexes). Memory is read from /proc.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface ServerProcess {
  url: string;
  pid: number;
  startup_ms: number;
  /** resident set size now and at its peak, in MB (null where /proc is missing) */
  memory(): { rss_mb: number | null; peak_rss_mb: number | null };
  /** CPU time (user + system) the process has used so far, in ms; null where /proc is missing */
  cpuMs(): number | null;
  output(): string;
  stop(): Promise<void>;
}

/**
 * The Node flags `npm start` runs the server with, read from package.json's start script so the benchmark
 * starts it exactly so.
 */
export function startFlags(root: string): string[] {
  const start: string = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts.start;
  const m = /\bnode((?:\s+--\S+)*)\s+dist\/server\/cli\.js/.exec(start);
  if (!m) throw new Error(`package.json's start script does not run dist/server/cli.js with node: ${start}`);
  return m[1].split(/\s+/).filter(Boolean);
}

/**
 * Builds the server as `npm run build` does (vite.server.config.ts) into a private folder (never dist/, which
 * other work uses), so the benchmark always measures the working tree. The folder sits under node_modules so the
 * built files resolve the project's dependencies.
 */
export function buildServer(root: string, log: (m: string) => void): string[] {
  const out = join(root, 'node_modules', '.cache', 'marginalia-bench', 'build');
  log(`building the server (vite.server.config.ts) into ${out}…`);
  try {
    execFileSync(
      process.execPath,
      [
        join(root, 'node_modules', 'vite', 'bin', 'vite.js'),
        'build',
        '--config',
        'vite.server.config.ts',
        '--outDir',
        join(out, 'server'),
        '--emptyOutDir',
        '--logLevel',
        'error',
      ],
      { cwd: root, stdio: 'pipe' },
    );
  } catch (e) {
    throw new Error(`the server did not build:\n${(e as { stderr?: Buffer }).stderr?.toString() ?? e}`, { cause: e });
  }
  // `npm start` serves the built UI too (its layers sit in front of the API's), and the server finds it in
  // dist/renderer of the folder it runs in: build what npm start would build, so the benchmark measures that server
  execFileSync(process.execPath, [join(root, 'scripts', 'build-if-needed.mjs')], { cwd: root, stdio: 'pipe' });
  return [...startFlags(root), join(out, 'server', 'cli.js')];
}

/** `node --import tsx server/cli.ts`: no build step; each start compiles the server's ~500 modules again. */
export const tsxServer = (root: string) => [...startFlags(root), '--import', 'tsx', join(root, 'server', 'cli.ts')];

/**
 * What `npm start` runs: dist/server/cli.js, brought up to date first as `npm start` does (a build only when a
 * source is newer). The smoke mode's server, where nothing is timed: a start there loads a few built files
 * instead of compiling the sources through tsx (about half the start's CPU, three starts per smoke run), and the
 * test suite has built dist/ already.
 */
export function distServer(root: string): string[] {
  execFileSync(process.execPath, [join(root, 'scripts', 'build-if-needed.mjs')], { cwd: root, stdio: 'pipe' });
  return [...startFlags(root), join(root, 'dist', 'server', 'cli.js')];
}

/** utime + stime from /proc/<pid>/stat (fields 14 and 15, in clock ticks of 10 ms on Linux). */
function cpuMsOf(pid: number): number | null {
  return statCpuMs(`/proc/${pid}/stat`);
}

/** utime + stime in ms from a /proc stat file (a process's or one thread's); null where it cannot be read. */
function statCpuMs(file: string): number | null {
  const split = statUserSystemMs(file);
  return split && split.user + split.system;
}

/** CPU ms so far of a process in its own code (user) and in the kernel on its behalf (system: syscalls). */
export function userSystemMsOf(pid: number): { user: number; system: number } | null {
  return statUserSystemMs(`/proc/${pid}/stat`);
}

function statUserSystemMs(file: string): { user: number; system: number } | null {
  try {
    const stat = readFileSync(file, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { user: Number(fields[11]) * 10, system: Number(fields[12]) * 10 };
  } catch {
    return null;
  }
}

/** CPU ms so far of each thread of a process, by thread id (the main thread's id is the pid). */
export function threadCpuMs(pid: number): Map<number, number> {
  const out = new Map<number, number>();
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return out;
  }
  for (const tid of tids) {
    const ms = statCpuMs(`/proc/${pid}/task/${tid}/stat`);
    if (ms !== null) out.set(Number(tid), ms);
  }
  return out;
}

function procStatus(pid: number, field: string): number | null {
  try {
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 102.4) / 10 : null;
  } catch {
    return null;
  }
}

export function startProcess(
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; timeoutMs?: number },
): Promise<ServerProcess> {
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let ready = false;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no "listening on" within ${options.timeoutMs ?? 120_000} ms:\n${out}`));
    }, options.timeoutMs ?? 120_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (!m || ready) return;
      ready = true;
      const startup_ms = performance.now() - started;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolve({
        url: m[1],
        pid: child.pid!,
        startup_ms,
        memory: () => ({ rss_mb: procStatus(child.pid!, 'VmRSS'), peak_rss_mb: procStatus(child.pid!, 'VmHWM') }),
        cpuMs: () => cpuMsOf(child.pid!),
        output: () => out,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null || child.signalCode !== null) return done();
            const kill = setTimeout(() => child.kill('SIGKILL'), 30_000);
            child.once('exit', () => {
              clearTimeout(kill);
              done();
            });
            child.kill('SIGTERM');
          }),
      });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before listening:\n${out}`));
    });
  });
}
