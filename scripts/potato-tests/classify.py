"""
Sorts the results of `npm run test:potato` by why each test failed:
`python3 scripts/potato-tests/classify.py results.json [--files] [--list CLASS]`.

Every failure falls in one class, read from its text with the rules below (first match wins):

- `internals`: the test reaches into Potato's Python modules, its in-process app or its files on disk;
- `html`: the test reads Potato's HTML (its templates' ids, classes and text); our UI is one page drawn in the browser;
- `ruled: <rule>`: we answer differently on purpose, by a rule written in our docs;
- `not built: <feature>`: a Potato feature outside the dialect that this project does not have;
- `defect`: one of ours, known and not fixed yet (read by hand, in MANUAL);
- `other`: none of the above, to be read by hand.

Prints the counts by outcome and by class; --files adds a line per test file, --list CLASS the failures of a class.
"""
import json
import re
import sys
from collections import Counter, defaultdict

INTERNALS = (
    r"ModuleNotFoundError|ImportError|No module named|'NoneType' object has no attribute '(app|test_client)'|"
    r"get_user_state_manager|get_item_state_manager|app_context|init_config|flask_server\.app|"
    r"FileNotFoundError: \[Errno 2\] No such file or directory: 'potato/|user_state\.json|typing_sessions row|sqlite|"
    r"has no attribute 'get_all_annotations'|object has no attribute '_rooms_test|tests/output/\S+/output'"
)

HTML = (
    r"<!doctype html|<!DOCTYPE html|BeautifulSoup|bs4|in response\.text|in resp\.text|\.text\.lower\(\)|in html\b|soup\.|"
    r"\bid=\\?\"|class=\\?\"|must render|anchor input|data-key attributes|annotation-data-input"
)

# (rule as the docs state it, pattern on the failure's text)
RULED = [
    ('admin endpoints: no credentials is 401, wrong ones 403 (Potato: 403 for both; an open admin API without a key)',
     r"assert 401 == 403|got 401|401 == 403|\b401\b.*\b403\b|assert 401 in \[200, 404\]|(admin|rbac).*assert 401 == 200|assert 401 == 200.*admin"),
    ("QDA mode's codebook view (/qda/codebook) needs a session like /api/codebook (Potato shows it to anyone)",
     r"test_qda_codebook_route_200_when_enabled"),
    ('annotation endpoints need a session, /api/schemas too (401 without)', r"/api/schemas.*401|401 == 200.*schemas|assert 401 == 200"),
    ("an update to an instance outside the annotator's list is 403 (Potato: 200 with an error status)",
     r"assert 403 == 200.*updateinstance|updateinstance.*403"),
    ('duplicate registration is 409 with our message (Potato: 200 and its own text)', r"assert 409 == 200|'Duplicate user' in"),
    ('media scheme types (image and video regions, tiers over audio or video, grounding on images, rollouts on a video timeline) are refused at start-up, naming the type',
     r"is not supported: (media|binding referring expressions|tiers of time-aligned|judging video streams|marking the cells)"),
    ('debug mode never opens the admin endpoints',
     r"test_debug_opens_admin|is not an admin of this project|assert 403 == 400"),
    ('a refused submission is a 400 naming the field (Potato: 200 with an error status, or stored unchecked)',
     r"assert 400 == 200|assert 400 in \[200, 302\]|assert 400 in \(200, 302\)|non_dict_annotations|empty_instance_id"),
    ('/get_annotations gives spans as a list of objects', r"'list' object has no attribute 'values'"),
    ('a MACE read-out for a scheme that does not exist or has no results is a 404 naming schema (Potato: 200 with an error field)',
     r"test_(mace_)?predictions_unknown_schema"),
    ('web agent endpoints without a session are 401 like every API path (Potato: a 302 to its login page)', r"assert 401 == 302"),
]

# Features of Potato that this project does not have: a test of them fails on a missing endpoint or field.
FEATURES = {
    'adjudication (Potato\'s queue fields and demo data)': r'adjudicat',
    'MACE': r'/mace|mace_|annotator_competence',
    'agents, chat, web agent and proxy': r'/chat|agent|/api/web_agent|ollama|langchain|/trace|web_proxy|automation',
    'memos': r'memo',
    'arena': r'arena',
    'QDA cases (units of analysis)': r'/api/cases',
    'codebooks and QDA': r'codebook|qda',
    'think-aloud (speech capture and transcription), metric induction': r'thinkaloud|induce',
    'rooms, sessions, pocket (mobile) mode': r'/rooms|rooms_api|/sessions|sessions_api|pocket',
    'password reset': r'password|reset',
    'datasets, publish, curation': r'/datasets|datasets_api|publish|curation',
    'rollouts, judges, eval, ICL': r'rollout|judge|/eval|eval_|rubric|critique|prm|icl|grounding|significance',
    'media: video tracking, tiles, audio dialogue, bounding boxes': r'video|tile|propagat|audio|bbox|bounding',
    "the admin dashboard's question, crowd and behavioral panels": r'/admin/api/questions|/admin/api/crowdsourcing|/admin/api/suspicious|/admin/api/annotation_history|KeyError: \'questions\'|KeyError: \'users\'',
    'the export API (POST /admin/api/export, formats list)': r'/admin/api/export|export_api|export',
    'the crowd platforms\' admin API (/admin/api/crowd/*: study management over the network)': r'/admin/api/crowd|crowd_admin',
    'per-turn dialogue annotation (_data answers)': r'turn_annotation|per_turn',
    'review workflow, embedding map, annotator dashboard, localization, cohorts': r'review_workflow|embedding|annotator_dashboard|localization|cohort|bws',
}

MISSING = r"assert 404 == 200|404 == 20[01]|assert 405 ==|405 == 200|status_code == 200.*404|Response \[404\]|Response \[405\]|no such endpoint|404 != |KeyError"


ICL_KEY_RULE = "ruled: admin endpoints need the configured admin key; a wrong one is 403 (Potato's ICL read-outs take any key)"
POCKET_PAGE_RULE = "ruled: GET /annotate leads to the UI with a 302 (to /, or to /pocket for a phone), never a 200 page (Potato draws its page there)"

# Read by hand: (file, test name part) → class. `defect: ...` are ours, known and not fixed yet.
MANUAL = {
    ('test_required_annotation.py', 'test_next_blocked_without_required_annotation'): 'ruled: every error is {"error": "..."} (Potato: {"status", "message"})',
    # its anchors and the link between them are kept (our span-ids test), but its span names a field ("document")
    # its item does not hold and its link a scheme ("pdf_links") its config does not have: each a 400 naming it
    ('test_format_span_annotation.py', 'test_anchor_geometry_and_link_persist'): 'ruled: a refused submission is a 400 naming the field (Potato: 200 with an error status, or stored unchecked)',
    # the demo's annotators are taken in from its user_state files; what adjudicators see of each annotator's
    # behaviour on the item (time, fast-decision and excessive-changes flags) is not shown here
    ('test_adjudication_demo.py', 'test_annotator_signals_have_metrics'): 'not built: annotator signals for adjudicators (time, fast-decision and excessive-changes flags)',
    ('test_adjudication_demo.py', 'test_fast_decision_flag_fires'): 'not built: annotator signals for adjudicators (time, fast-decision and excessive-changes flags)',
    ('test_adjudication_demo.py', 'test_excessive_changes_flag_fires'): 'not built: annotator signals for adjudicators (time, fast-decision and excessive-changes flags)',
    ('test_adjudication_api.py', 'test_api_submit_with_span_decisions'):
        'ruled: a decision for an item that is not in the task is 404 (Potato: 200 or 500)',
    ('test_admin_export_api_server.py', 'test_formats_include_known_exporters'):
        'ruled: export formats for media (coco, yolo, ...) and parquet are not written: a 400 says why and what is (Potato lists and writes them)',
    ('test_admin_export_api_server.py', 'test_export_no_annotations_returns_failure'):
        'ruled: export formats for media (coco, yolo, ...) and parquet are not written: a 400 says why and what is (Potato lists and writes them)',
    ('test_admin_export_api_server.py', 'test_export_result_structure'):
        'ruled: export formats for media (coco, yolo, ...) and parquet are not written: a 400 says why and what is (Potato lists and writes them)',
    ('test_admin_export_api_server.py', 'test_parquet_export_succeeds_with_annotations'):
        'ruled: export formats for media (coco, yolo, ...) and parquet are not written: a 400 says why and what is (Potato lists and writes them)',
    ('test_admin_export_api_server.py', 'test_export_result_has_stats'):
        'ruled: export formats for media (coco, yolo, ...) and parquet are not written: a 400 says why and what is (Potato lists and writes them)',
    ('test_admin_export_api_server.py', 'test_export_unknown_format_returns_500'):
        'ruled: a refused submission is a 400 naming the field (Potato: 200 with an error status, or stored unchecked)',
    ('test_search_api.py', 'test_annotator_search_403_when_claim_off'):
        "ruled: an annotator's search (GET /api/search) covers their own list and is always open (Potato: only with annotator_claim)",
    # its user posts an item's answer while still on the consent page
    ('test_multi_phase_workflow.py', 'test_multi_item_workflow'):
        'ruled: annotation is closed (403) until the phases before it are done (Potato: 200, kept with the phase page)',
    ('test_conditional_schema_server.py', 'test_admin_overview_with_conditional_annotations'):
        'ruled: admin endpoints: no credentials is 401, wrong ones 403 (Potato: 403 for both; an open admin API without a key)',
    # Potato's debug mode opens its admin API to any key; the test sends one the config does not set
    ('test_conditional_schema_server.py', 'test_admin_questions_api_shows_conditional_schemas'):
        'ruled: admin endpoints: no credentials is 401, wrong ones 403 (Potato: 403 for both; an open admin API without a key)',
    # its user registers with "password123", which our password rules refuse, so the account does not exist
    ('test_password_reset_api.py', 'test_admin_create_reset_token'):
        'ruled: a password on the common-password list is refused at registration (Potato takes it)',
    ('test_password_reset_api.py', 'test_reset_invalid_token'):
        'ruled: a used, expired or unknown reset link is a 404 saying so (Potato: a 200 page)',
    ('test_password_reset_api.py', 'test_forgot_password_known_user_shows_link'):
        'ruled: the forgot-password page never shows a reset link, the admin creates it (Potato shows it to whoever asks for a name)',
    # answers per dialogue turn (`<scheme>:::_data`) are stored and read back (docs/turn-level.md); these two then
    # look for the answer echoed into Potato's server-drawn hidden input (`turn-anno-hidden`)
    ('test_audio_dialogue.py', 'test_turn_category_persists'): 'html',
    ('test_turn_annotation_persistence.py', 'test_turn_annotation_round_trip'): 'html',
    # its link, in a second request, names spans by the ids the first request sent them with; ours derive a span's id
    # reads the summaries Potato mirrors into its user_state.json
    ('test_keystroke_logging.py', 'test_sessions_on_one_field_are_merged'): 'internals',
    # pocket mode: the card stack is our UI's screen, reached from /annotate by a redirect like every page path
    ('test_pocket_api.py', 'test_page_renders_for_authed_user'): 'html',
    # the manifest and the worker are answered at Potato's paths; the test looks for Potato's cache name in the worker
    ('test_pocket_api.py', 'test_manifest_and_sw'): 'internals',
    ('test_pocket_autoredirect.py', 'test_desktop_ua_not_redirected'): POCKET_PAGE_RULE,
    ('test_pocket_autoredirect.py', 'test_desktop_optout_is_sticky'): POCKET_PAGE_RULE,
    ('test_pocket_autoredirect.py', 'test_mobile_ua_not_redirected_on_span_task'): POCKET_PAGE_RULE,
    # psychometrics: the seeding follows the instance id Potato's annotate page shows (id="instance_id"), and
    # our /annotate leads to the UI; the fitted read-outs after it then have no labels to fit
    ('test_psychometrics_api.py', 'test_03_seed_annotations'): 'html',
    ('test_psychometrics_api.py', 'test_04_stats_fitted_and_orders_abilities'): 'html',
    ('test_psychometrics_api.py', 'test_05_export_carries_error_bars'): 'html',
    # rooms and sessions: Potato writes a room's event log and the session answers as files in its output folder;
    # here they are in the store, read through GET /rooms/api/<id>/export and GET /api/sessions/export
    ('test_rooms_api.py', 'test_03_jsonl_event_log_on_disk'): 'internals',
    ('test_sessions_api.py', 'test_export_file_written'): 'internals',
    ('test_sessions_api.py', 'test_page_renders_for_logged_in_user'): 'html',
    ('test_sessions_api.py', 'test_session_schemes_not_on_annotation_form'): 'html',
    # single sign-on is built (docs/oauth.md): these read Potato's server-drawn login page for its buttons, its
    # stylesheet and its divider, or follow a failed callback to it; ours is the UI's, drawn in the browser
    ('test_oauth_flow.py', 'test_login_page_shows_sso_button'): 'html',
    ('test_oauth_flow.py', 'test_login_page_has_oauth_css'): 'html',
    ('test_oauth_flow.py', 'test_login_page_has_oauth_link'): 'html',
    ('test_oauth_flow.py', 'test_shows_both_provider_buttons'): 'html',
    ('test_oauth_flow.py', 'test_callback_with_error_param_shows_message'): 'html',
    ('test_oauth_flow.py', 'test_callback_with_error_shows_login_page'): 'html',
    ('test_oauth_flow.py', 'test_login_page_shows_both_sso_and_local'): 'html',
    ('test_oauth_flow.py', 'test_login_page_shows_divider'): 'html',
    ('test_oauth_flow.py', 'test_login_page_hides_local_form_when_oauth_only'): 'html',
    ('test_rooms_api.py', 'test_07_lobby_and_room_pages_render'): 'html',
    # per-cohort schemes are built (docs/config.md): these look for the labels in the HTML of GET /annotate and
    # GET /adjudicate, which here are the UI's shell and the way to its Adjudicate screen
    ('test_cohort_', ''): 'html',
    # the dashboard's tabs are drawn in ui_language (docs/config.md), in the browser: the test looks for them, and
    # for Potato's window.UI_LANG, in the HTML of GET /admin, which here is the UI's shell
    ('test_admin_dashboard_localization.py', 'test_tabs_and_lang_localized'): 'html',
    # boxes on document and PDF fields are drawn by the page (and saved as spans with format_coords); these read
    # Potato's server-drawn markup (document-bbox-mode, its draw/select buttons, the item's text in the HTML)
    ('test_document_bounding_box.py', 'test_document_bbox_mode_renders'): 'html',
    ('test_document_bounding_box.py', 'test_document_bbox_controls_present'): 'html',
    ('test_document_bounding_box.py', 'test_multiple_fields_different_modes'): 'html',
    ('test_pdf_bounding_box.py', 'test_pdf_bbox_'): 'html',
    # its first and last checks read Potato's hidden annotation-data-input in its server-drawn page; the round trip
    # between them ("<field>:::_data" saved and listed under the field by /get_annotations) is taken here
    ('test_bbox_display_persistence.py', 'test_bbox_input_rendered_and_round_trips'): 'html',
    # error_span's panel lists its error types and severities before a selection; the test reads Potato's markup for it
    ('test_error_span_server.py', 'test_page_contains_error_span_elements'): 'html',
    # seeds an experiment into Potato's in-process datasets manager
    ('test_datasets_api.py', 'test_export_rewards_from_experiment'): 'internals',
    # ICL labelling: Potato's harness sends the literal key "admin_api_key", which the config does not set; Potato's
    # ICL routes take any key, ours are admin endpoints like every other
    ('test_icl_api.py', 'TestICLAPIDisabled'): ICL_KEY_RULE,
    ('test_icl_api.py', 'TestICLAPIEnabled'): ICL_KEY_RULE,
    ('test_icl_api.py', 'TestICLTriggerEndpoint'): ICL_KEY_RULE,
    ('test_icl_api.py', 'TestICLAPIAuthentication'): ICL_KEY_RULE,
    ('test_icl_api.py', 'test_verification_nonexistent_prediction'):
        'ruled: a verification of an item the model has not labelled is a 404 naming instance_id (Potato: 200 with success false)',
    # judge alignment: the test reads Potato's comparisons file in its output folder (ours are derived on each read)
    ('test_judge_alignment_api.py', 'test_report_with_key'): 'internals',
    ('test_judge_alignment_api.py', 'test_run_endpoint_returns_summary'):
        "ruled: a judge run whose model cannot be reached before judging anything is a 502 naming the server (Potato: 200 with failed counts)",
    # the fixture injects an embedder into Potato's in-process curation manager and items into its item manager
    ('test_curation_search.py', ''): 'internals',
    # the web agent's trace is in the store, read at the trace_path it answers; the test opens it as a file
    ('test_web_agent_api.py', 'test_end_session_returns_trace_data'): 'internals',
    ('test_langchain_callback_server.py', 'test_rejects_wrong_auth'):
        "ruled: the trace webhook's key: none is 401, a wrong one 403 (Potato: 401 for both)",
    ('test_web_proxy.py', 'test_proxy_valid_url'):
        'ruled: the web agent proxy is closed unless web_agent.proxy.allowed_hosts lists the host (Potato fetches any public URL)',
}


def classify(result):
    text = f"{result.get('message', '')}\n{result.get('detail', '')}"
    name = f"{result['file']} {result.get('test', '')}"
    for (file, part), cls in MANUAL.items():
        if (result['file'] == file or (file.endswith('_') and result['file'].startswith(file))) and part in result.get('test', ''):
            return cls
    if re.search(INTERNALS, text, re.I | re.S):
        return 'internals'
    for rule, pattern in RULED:
        if re.search(pattern, text, re.I | re.S) or re.search(pattern, name, re.I):
            return f'ruled: {rule}'
    if re.search(HTML, text, re.I | re.S):
        return 'html'
    for feature, pattern in FEATURES.items():
        if re.search(pattern, result['file'], re.I) or (re.search(MISSING, text, re.I | re.S) and re.search(pattern, text, re.I)):
            return f'not built: {feature}'
    return 'other'


def with_server_logs(results):
    """A class whose server did not start fails every test on setup, but only the first carries the server's log
    (why it did not start): the others are given it, so each is sorted by that reason rather than by its name."""
    logs = {}
    for r in results:
        if 'marginalia server' in r.get('detail', ''):
            logs.setdefault((r['file'], r.get('message', '')), r['detail'])
    out = []
    for r in results:
        log = logs.get((r['file'], r.get('message', '')))
        if log and 'marginalia server' not in r.get('detail', '') and r.get('message', '').startswith('failed on setup'):
            r = {**r, 'detail': log}
        out.append(r)
    return out


def main(argv):
    if not argv:
        print(__doc__)
        return 2
    results = with_server_logs(json.load(open(argv[0])))
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
    print('\nfailures and errors by class:')
    for top in ('internals', 'html', 'ruled', 'not built', 'defect', 'other'):
        n = sum(v for k, v in by_class.items() if k.split(':')[0] == top)
        print(f'  {n:5d}  {top}')
        for k, v in sorted(by_class.items(), key=lambda kv: -kv[1]):
            if ':' in k and k.split(':')[0] == top:
                print(f'  {v:9d}  {k.split(": ", 1)[1]}')
    if '--files' in argv:
        print('\nby file:')
        for name in sorted(files):
            f = files[name]
            counts = ', '.join(f'{k} {v}' for k, v in sorted(f['counts'].items()))
            classes = ', '.join(f'{k} {v}' for k, v in f['classes'].most_common())
            print(f'  {name}: {counts}' + (f'  [{classes}]' if classes else ''))
    if '--list' in argv:
        wanted = argv[argv.index('--list') + 1]
        print(f'\n{wanted}:')
        for r in results:
            if r['outcome'] in ('failed', 'error') and classify(r).startswith(wanted):
                print(f"  {r['file']} {r['test'].split('::')[-1]}: {r['message'][:200]}")
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
