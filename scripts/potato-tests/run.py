"""
Runs Potato's own server tests against Marginalia: `npm run test:potato [-- test_file.py ...]`.

Potato's checkout (POTATO_DIR, default /work/potato) is never touched: its tests and examples are copied to a
temporary folder (they write their configs next to themselves) and run there, one file at a time with a time
limit, with marginalia_server.py standing in for Potato's in-process test server. Prints the counts per file; the
full results go to POTATO_RESULTS (default: results.json in the temporary folder), rewritten after each file, and
`python3 scripts/potato-tests/classify.py <results.json>` sorts them by reason.
"""
import glob
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
POTATO = os.environ.get('POTATO_DIR', '/work/potato')
PER_FILE_SECONDS = int(os.environ.get('POTATO_FILE_TIMEOUT', '300'))


def _first_line(node):
    """The reason in one line: the message, or for a module that did not import, the import error."""
    text = node.text or ''
    for line in text.splitlines():
        if line.startswith('E   ') and ('ModuleNotFoundError' in line or 'ImportError' in line):
            return line[4:].strip()[:300]
    message = (node.get('message') or text).strip()
    return message.splitlines()[0][:300] if message else ''


def _save(out, results):
    # Written after every file, so a long run stopped half-way still leaves what it measured.
    with open(out, 'w') as f:
        json.dump(results, f, indent=1)


def main(argv):
    work = tempfile.mkdtemp(prefix='potato-tests-')
    out = os.environ.get('POTATO_RESULTS') or os.path.join(work, 'results.json')
    # potato_trace is Potato's tracing SDK, a client package agents install (stdlib only, no server module): scripts
    # that use it are what the trace webhook serves, so it is importable here as it is on a user's machine
    for part in ('tests', 'examples', 'potato_trace'):
        shutil.copytree(os.path.join(POTATO, part), os.path.join(work, part), symlinks=True)
    files = argv or sorted(os.path.basename(p) for p in glob.glob(os.path.join(work, 'tests', 'server', 'test_*.py')))
    env = {**os.environ, 'PYTHONPATH': os.pathsep.join([HERE, work]), 'PYTHONDONTWRITEBYTECODE': '1'}
    results = []
    # One collection pass first: a file that cannot even be imported here (it reaches into Potato's Python
    # modules) is reported with its import error instead of being run.
    collect = subprocess.run([sys.executable, '-m', 'pytest', '-p', 'marginalia_server', '--noconftest', '-p', 'no:cacheprovider',
                              '-q', '-c', os.devnull, '--rootdir', work, '--collect-only'] + [os.path.join('tests', 'server', n) for n in files],
                             cwd=work, env=env, capture_output=True, text=True)
    uncollectable = {}
    current = None
    for line in collect.stdout.splitlines():
        m = re.match(r'_+ ERROR collecting tests/server/(\S+) _+', line)
        if m:
            current = m.group(1)
            uncollectable[current] = 'collection failure'
        elif current and line.startswith('E   ') and uncollectable[current] == 'collection failure':
            uncollectable[current] = line[4:].strip()[:300]
    for name, reason in uncollectable.items():
        results.append({'file': name, 'test': '*', 'outcome': 'error', 'message': reason})
        print(f'{name}: not importable: {reason}', flush=True)
    for name in [n for n in files if n not in uncollectable]:
        xml = os.path.join(work, f'{name}.xml')
        cmd = [sys.executable, '-m', 'pytest', '-p', 'marginalia_server', '--noconftest', '-p', 'no:cacheprovider', '-q',
               '-c', os.devnull, '--rootdir', work, '-o', 'junit_logging=system-err', f'--junitxml={xml}', os.path.join('tests', 'server', name)]
        # its own process group, so a file that runs over its time is stopped with the servers it started
        proc = subprocess.Popen(cmd, cwd=work, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        try:
            proc.wait(timeout=PER_FILE_SECONDS)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
            results.append({'file': name, 'test': '*', 'outcome': 'timeout', 'message': f'over {PER_FILE_SECONDS}s'})
            print(f'{name}: timed out', flush=True)
            continue
        if not os.path.exists(xml):
            results.append({'file': name, 'test': '*', 'outcome': 'error', 'message': 'no report'})
            continue
        counts = {}
        for case in ET.parse(xml).getroot().iter('testcase'):
            outcome, message = 'passed', ''
            for tag in ('failure', 'error', 'skipped'):
                node = case.find(tag)
                if node is not None:
                    outcome = {'failure': 'failed'}.get(tag, tag)
                    message = _first_line(node)
                    break
            test = f"{case.get('classname', '')}::{case.get('name', '')}"
            detail = (node.text or '')[-1500:] if outcome in ('failed', 'error') else ''
            err = case.find('system-err')
            if detail and err is not None and 'marginalia server' in (err.text or ''):
                # why our server did not start (its own log), which the test's message does not say
                detail += '\n' + (err.text or '')[-1500:]
            results.append({'file': name, 'test': test, 'outcome': outcome, 'message': message, 'detail': detail})
            counts[outcome] = counts.get(outcome, 0) + 1
        print(f'{name}: {counts}', flush=True)
        _save(out, results)
    _save(out, results)
    total = {}
    for r in results:
        total[r['outcome']] = total.get(r['outcome'], 0) + 1
    print(f'\ntotal: {total}\nresults: {out}')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
