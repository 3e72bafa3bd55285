"""
Sorts the results of `npm run test:potato` by why each test failed:
`python3 scripts/potato-tests/classify.py results.json [--files]`.

Prints the counts by outcome and by reason class, then (with --files) one line per test file: its counts and the
classes of its failures. The classes are read from the failure's text with the rules below, first match wins;
a class is a guess from the message, so `other` is worth reading by hand.
"""
import json
import re
import sys
from collections import Counter, defaultdict

# Features of Potato that this project does not have (or that another part of the project builds under
# Potato's names): a test of them fails on a missing endpoint, not on the dialect.
FEATURE_PATHS = {
    'adjudication': r'adjudicat',
    'MACE': r'/mace|mace_',
    'chat / agents': r'/chat|agent|/api/web_agent|ollama|langchain|/trace',
    'memos': r'memo',
    'arena': r'arena',
    'codebooks': r'codebook',
    'telemetry / integrity / behavioral': r'telemetry|integrity|behavioral|keystroke|thinkaloud',
    'rooms / sessions / pocket': r'/rooms|/sessions|pocket',
    'password reset / oauth': r'password|reset|oauth',
    'datasets / publish / search': r'/datasets|publish|/search|curation',
    'rollouts / judges / eval': r'rollout|judge|/eval|rubric|critique|prm|icl|grounding|psychometric|truth_serum|significance|triage',
    'media tracking / tiles / web proxy': r'video|tile|proxy|propagat',
    'questions / crowdsourcing dashboard': r'/admin/api/questions|/admin/api/crowdsourcing|/admin/api/suspicious|/admin/api/annotation_history',
    'export API': r'/admin/api/export|export',
    'data sources / live ingestion': r'data_source|/admin/api/sources|ingest',
}

RULES = [
    ('potato-internals', r"ModuleNotFoundError|ImportError|No module named|'NoneType' object has no attribute '(app|test_client)'|get_user_state_manager|get_item_state_manager|\.app\b.*None|app_context|init_config|flask_server\.app"),
    ('config-refused', r'Failed to start|marginalia server exited|server failed to start|Could not start'),
    ('ruling-401-not-403', r'assert 401 == 403|got 401|401 == 403|\b401\b.*\b403\b'),
    ('ruling-403-outside-list', r'assert 403 == 200.*updateinstance|updateinstance.*403'),
    ('potato-html', r"<!doctype html|<!DOCTYPE html|BeautifulSoup|bs4|in response\.text|in resp\.text|\.text\.lower\(\)|in html\b|soup\.|\bid=\\?\"|class=\\?\""),
    ('admin-field-names', r"/admin/api/(overview|annotators|instances|config)|KeyError: '(overview|pagination|total_annotators|summary|user_id)'"),
    ('missing-endpoint', r'assert 404 == 200|404 == 20[01]|assert 405 ==|405 == 200|status_code == 200.*404|Response \[404\]|Response \[405\]'),
]


def feature_of(text):
    for name, pattern in FEATURE_PATHS.items():
        if re.search(pattern, text, re.I):
            return name
    return 'unnamed feature'


def classify(result):
    text = f"{result.get('message', '')}\n{result.get('detail', '')}"
    for name, pattern in RULES:
        if re.search(pattern, text, re.I | re.S):
            if name == 'missing-endpoint':
                return f'missing-endpoint: {feature_of(result["file"] + " " + text)}'
            return name
    return 'other'


def main(argv):
    if not argv:
        print(__doc__)
        return 2
    results = json.load(open(argv[0]))
    by_outcome = Counter(r['outcome'] for r in results)
    by_class = Counter()
    files = defaultdict(lambda: {'counts': Counter(), 'classes': Counter()})
    for r in results:
        f = files[r['file']]
        f['counts'][r['outcome']] += 1
        if r['outcome'] in ('failed', 'error', 'timeout'):
            c = classify(r)
            by_class[c] += 1
            f['classes'][c] += 1
    print(f"files: {len(files)}  tests: {dict(by_outcome)}")
    print('\nfailures and errors by reason:')
    for name, n in sorted(by_class.items(), key=lambda kv: (-kv[1], kv[0])):
        print(f'  {n:5d}  {name}')
    if '--files' in argv:
        print('\nby file:')
        for name in sorted(files):
            f = files[name]
            counts = ', '.join(f'{k} {v}' for k, v in sorted(f['counts'].items()))
            classes = ', '.join(f'{k} {v}' for k, v in f['classes'].most_common())
            print(f'  {name}: {counts}' + (f'  [{classes}]' if classes else ''))
    if '--other' in argv:
        print('\nunclassified:')
        for r in results:
            if r['outcome'] in ('failed', 'error') and classify(r) == 'other':
                print(f"  {r['file']} {r['test'].split('::')[-1]}: {r['message'][:200]}")
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
