"""
A pytest plugin that runs Potato's server tests against Marginalia.

Potato's tests start its Flask app in-process through tests.helpers.flask_test_setup, and its crowdsourcing tests
through a `SimpleTestServer(config_file, port)` class of their own. Loaded with `-p marginalia_server` (see
run.py), this plugin registers a module of the first name, whose FlaskTestServer launches our server
(`node dist/server/cli.js --config <file> --port <port>`) in a child process instead, and swaps each test module's
SimpleTestServer for a launcher of the same kind as the module loads. Only the launchers are ours: configs, data
files and requests are the tests' own.
"""
import importlib.abc
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import types
from contextlib import contextmanager

import pytest
import requests
import yaml

REPO = os.environ.get('MARGINALIA_ROOT') or os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..'))
CLI = os.path.join(REPO, 'dist', 'server', 'cli.js')
DEFAULT_ADMIN_KEY = 'test-admin-api-key'


def _free_port(preferred=None):
    from tests.helpers.port_manager import find_free_port
    return find_free_port(preferred_port=preferred)


def _test_defaults(data):
    """The settings Potato's harness forces on every test server, as far as they mean anything to us."""
    data = dict(data)
    data['debug'] = False
    data.setdefault('require_password', False)
    data.setdefault('admin_api_key', DEFAULT_ADMIN_KEY)
    return data


def _launch(config, port, data_dir, base_url, debug=False):
    """Starts our server on `config` and waits until it answers; (process, log path), or (None, log path)."""
    log_path = os.path.join(data_dir, 'server.log')
    log = open(log_path, 'w')
    args = ['node', CLI, '--config', config, '--port', str(port), '--data-dir', os.path.join(data_dir, 'data')]
    if debug:
        args.append('--debug')
    process = subprocess.Popen(args, stdout=log, stderr=subprocess.STDOUT, cwd=os.path.dirname(os.path.abspath(config)))
    # generous: on a loaded machine a cold node start can take well over half a minute
    wait = float(os.environ.get('MARGINALIA_START_SECONDS', '120'))
    deadline = time.time() + wait
    while time.time() < deadline:
        if process.poll() is not None:
            sys.stderr.write(f'marginalia server exited ({process.returncode}):\n{open(log_path).read()}\n')
            return None, log_path
        try:
            if requests.get(f'{base_url}/', timeout=1, allow_redirects=False).status_code < 500:
                return process, log_path
        except requests.RequestException:
            pass
        time.sleep(0.1)
    sys.stderr.write(f'marginalia server did not answer within {wait:.0f}s:\n{open(log_path).read()[-2000:]}\n')
    _terminate(process)
    return None, log_path


def _terminate(process):
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


class FlaskTestServer:
    """Same constructor and methods as Potato's harness class; the server is a Marginalia child process."""

    live = []

    def __init__(self, app_factory=None, config=None, debug=False, port=None, config_file=None, test_data_file=None):
        self.debug = debug
        self.port = _free_port(port)
        self.base_url = f'http://localhost:{self.port}'
        self.session = requests.Session()
        self.process = None
        self.temp_config_file = None
        self.log_path = None
        self.data_dir = tempfile.mkdtemp(prefix='marginalia-potato-')
        source = config_file if config_file is not None else config
        if source is None:
            self.config = None
            self.admin_api_key = DEFAULT_ADMIN_KEY
            return
        if isinstance(source, dict):
            from tests.helpers.test_utils import create_test_directory, create_test_config, create_test_data_file
            data = _test_defaults(source)
            test_dir = create_test_directory('marginalia_config')
            files = data.pop('data_files', [])
            if data.get('data'):
                files = [create_test_data_file(test_dir, data.pop('data'), 'test_data.jsonl')]
            schemes = data.pop('annotation_schemes', None) or [
                {'name': 'test_scheme', 'annotation_type': 'radio', 'labels': ['option_1', 'option_2'], 'description': 'Test scheme'}
            ]
            if isinstance(schemes, dict):
                schemes = [{'name': n, 'annotation_type': s.get('type'), 'labels': s.get('options'), 'description': s.get('description', n)} for n, s in schemes.items()]
            path = create_test_config(test_dir, schemes, data_files=files, **data)
            self.config = path
        else:
            with open(source) as f:
                data = _test_defaults(yaml.safe_load(f) or {})
            if config is not None and config_file is None:
                data['require_password'] = False
            # Next to the original, so relative data paths resolve as they do for Potato.
            path = os.path.join(os.path.dirname(os.path.abspath(source)), f'marginalia_config_{self.port}.yaml')
            with open(path, 'w') as f:
                yaml.safe_dump(data, f)
            self.config = path
            self.temp_config_file = path
        with open(self.config) as f:
            self.admin_api_key = (yaml.safe_load(f) or {}).get('admin_api_key', DEFAULT_ADMIN_KEY)

    # lifecycle -------------------------------------------------------------------------------------------------

    def start(self):
        return self._start()

    def start_server(self, config_dir=None):
        if config_dir is not None and self.config is None:
            self.config = os.path.join(config_dir, 'test_config.yaml')
            with open(self.config, 'w') as f:
                yaml.safe_dump({'task_dir': config_dir, 'output_annotation_dir': os.path.join(config_dir, 'output'), 'data_files': [],
                                'annotation_schemes': [], 'item_properties': {'id_key': 'id', 'text_key': 'text'},
                                'require_password': False, 'admin_api_key': DEFAULT_ADMIN_KEY}, f)
        return self._start()

    def _start(self):
        if self.config is None:
            return False
        self.process, self.log_path = _launch(self.config, self.port, self.data_dir, self.base_url, self.debug)
        if self.process is None:
            return False
        FlaskTestServer.live.append(self)
        self.session.get(f'{self.base_url}/', timeout=5)
        return True

    def stop_server(self):
        if self in FlaskTestServer.live:
            FlaskTestServer.live.remove(self)
        if self.process is not None:
            _terminate(self.process)
            self.process = None
        try:
            from tests.helpers.port_manager import release_port
            release_port(self.port)
        except Exception:
            pass

    stop = stop_server

    def __del__(self):
        try:
            self.stop_server()
            if self.temp_config_file and os.path.exists(self.temp_config_file):
                os.remove(self.temp_config_file)
            shutil.rmtree(self.data_dir, ignore_errors=True)
        except Exception:
            pass

    @contextmanager
    def server_context(self):
        try:
            self.start()
            yield self
        finally:
            self.stop()

    def _wait_for_server_ready(self, timeout=10):
        # some tests call the harness's own wait after start: ours returns only once the server answers
        if self.process is None or not self.is_server_running():
            raise RuntimeError(f'server did not start on port {self.port}')

    def is_server_running(self):
        try:
            return self.session.get(f'{self.base_url}/', timeout=1).status_code == 200
        except requests.RequestException:
            return False

    @property
    def app(self):
        return None

    # the harness's request helpers ----------------------------------------------------------------------------

    def register_user(self, username, password='test_password'):
        r = self.session.post(f'{self.base_url}/register', data={'action': 'signup', 'email': username, 'pass': password}, timeout=5)
        return r.status_code in (200, 302) and 'error' not in r.text.lower()

    def login_user(self, username, password):
        r = self.session.post(f'{self.base_url}/auth', data={'action': 'login', 'email': username, 'pass': password}, timeout=5)
        return r.status_code in (200, 302) and 'error' not in r.text.lower()

    def get_user_state(self, username):
        r = self.session.get(f'{self.base_url}/admin/user_state/{username}', headers={'X-API-Key': self.admin_api_key}, timeout=5)
        return r.json() if r.status_code == 200 else None

    def _admin_headers(self, path, kwargs):
        if path.startswith('/admin/'):
            kwargs['headers'] = {**kwargs.get('headers', {}), 'X-API-Key': 'admin_api_key'}
        return kwargs

    def get(self, path, **kwargs):
        return self.session.get(f'{self.base_url}{path}', **self._admin_headers(path, kwargs))

    def post(self, path, **kwargs):
        return self.session.post(f'{self.base_url}{path}', **self._admin_headers(path, kwargs))


class SimpleTestServer:
    """Stands in for the `SimpleTestServer(config_file, port)` of Potato's crowdsourcing tests: our server on that
    config and port, the config's own data settings kept (the data folder is a fresh temporary one)."""

    def __init__(self, config_file, port):
        self.config_file = config_file
        self.port = port
        self.base_url = f'http://127.0.0.1:{port}'
        self.process = None
        self.app = None
        self.data_dir = tempfile.mkdtemp(prefix='marginalia-potato-')

    def start(self, timeout=15):
        # the test's own time limit is for an in-process Flask app; a cold node start on a loaded machine needs more
        self.process, _ = _launch(self.config_file, self.port, self.data_dir, self.base_url)
        if self.process is None:
            return False
        FlaskTestServer.live.append(self)
        return True

    def stop(self):
        if self in FlaskTestServer.live:
            FlaskTestServer.live.remove(self)
        if self.process is not None:
            _terminate(self.process)
            self.process = None

    stop_server = stop

    def __del__(self):
        try:
            self.stop()
            shutil.rmtree(self.data_dir, ignore_errors=True)
        except Exception:
            pass


class _SwapSimpleTestServer(importlib.abc.MetaPathFinder):
    """As a test module of tests/server loads, its SimpleTestServer (its own class, or the one it imported) is
    replaced by ours; the tests look the name up in their module when they run."""

    def find_spec(self, name, path, target=None):
        if not name.startswith('tests.server.test_'):
            return None
        for finder in sys.meta_path:
            if finder is self or not hasattr(finder, 'find_spec'):
                continue
            spec = finder.find_spec(name, path, target)
            if spec is not None:
                if spec.loader is not None:
                    spec.loader = _SwappingLoader(spec.loader)
                return spec
        return None


class _SwappingLoader(importlib.abc.Loader):
    def __init__(self, inner):
        self.inner = inner

    def create_module(self, spec):
        return self.inner.create_module(spec)

    def exec_module(self, module):
        self.inner.exec_module(module)
        if isinstance(getattr(module, 'SimpleTestServer', None), type):
            module.SimpleTestServer = SimpleTestServer


class FlaskTestBase:
    def __init__(self, port=9001, debug=False, config_file=None):
        self.server = FlaskTestServer(port=port, debug=debug, config_file=config_file)
        self.server_started = False

    def setUp(self):
        if not self.server_started:
            self.server_started = self.server.start()
            if not self.server_started:
                raise RuntimeError('Failed to start test server')

    def tearDown(self):
        if self.server_started:
            self.server.stop()
            self.server_started = False

    @contextmanager
    def server_context(self):
        try:
            self.setUp()
            yield self.server
        finally:
            self.tearDown()


def create_test_server(port=9001, debug=False, config_file=None):
    return FlaskTestServer(port=port, debug=debug, config_file=config_file)


def clear_all_global_state():
    """Our servers are separate processes: there is no shared state to clear."""


@pytest.fixture(autouse=True)
def reset_state_managers():
    cwd = os.getcwd()
    yield
    try:
        os.chdir(cwd)
    except OSError:
        pass


def _install():
    module = types.ModuleType('tests.helpers.flask_test_setup')
    module.__file__ = __file__
    for name in ('FlaskTestServer', 'FlaskTestBase', 'create_test_server', 'clear_all_global_state', 'reset_state_managers'):
        setattr(module, name, globals()[name])
    sys.modules['tests.helpers.flask_test_setup'] = module
    sys.meta_path.insert(0, _SwapSimpleTestServer())


_install()


def pytest_sessionfinish(session, exitstatus):
    for server in list(FlaskTestServer.live):
        server.stop_server()
