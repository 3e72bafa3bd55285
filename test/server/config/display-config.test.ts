/** Display keys of a config: acted on, warned about with what happens instead, or refused naming key and reason. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config/load.js';
import { writeProject } from '../../helpers/project.js';

const load = (config: Record<string, unknown>, files?: Record<string, string>) =>
  loadConfig(writeProject({ config, files }), {});

describe('display config', () => {
  it('reads html_layout inline, from a file, and Potato built-in names as the automatic view', () => {
    expect(load({ html_layout: '<p>{{text}}</p>' }).display).toMatchObject({
      kind: 'layout',
      template: '<p>{{text}}</p>',
    });
    expect(load({ html_layout: 'templates/l.html' }, { 'templates/l.html': '<div>{{a}}</div>' }).display).toMatchObject(
      { kind: 'layout', template: '<div>{{a}}</div>' },
    );
    expect(load({ html_layout: 'default' }).display).toMatchObject({ kind: 'auto' });
  });

  it('refuses a missing layout file or a malformed instance_display, naming the file and key', () => {
    expect(() => load({ html_layout: 'templates/none.html' })).toThrow(
      /config\.yaml: html_layout: layout file .*templates\/none\.html not found/,
    );
    expect(() => load({ instance_display: { fields: [] } })).toThrow(
      /config\.yaml: instance_display\.fields: expected a non-empty list/,
    );
    expect(() => load({ instance_display: { fields: [{ type: 'text' }] } })).toThrow(
      /instance_display\.fields\[0\]\.key/,
    );
    expect(() => load({ list_as_text: 'yes please' })).toThrow(/list_as_text: expected true, false or a mapping/);
  });

  it("warns about list_as_text's keys not acted on", () => {
    const config = load({
      list_as_text: { text_list_prefix_type: 'number', alternating_shading: true, colour: 'red' },
    });
    expect(config.display).toMatchObject({ listAsText: { prefix: 'number', horizontal: false } });
    expect(config.warnings.map((w) => w.slice(w.indexOf(': ') + 2))).toEqual([
      'list_as_text.alternating_shading is not acted on: list items are shown without shading',
      'list_as_text.colour: unknown key, ignored (known: text_list_prefix_type, horizontal)',
    ]);
  });

  it('maps Potato 2 display types to the nearest one drawn here, with a warning', () => {
    const config = load({
      instance_display: {
        layout: { direction: 'horizontal' },
        fields: [
          { key: 'text', type: 'text' },
          { key: 'conv', type: 'audio_dialogue' },
          { key: 'x', type: 'hologram' },
        ],
      },
    });
    expect(config.display).toMatchObject({
      kind: 'fields',
      direction: 'horizontal',
      fields: [{ type: 'text' }, { type: 'dialogue' }, { type: 'text' }],
    });
    expect(config.warnings.join('\n')).toMatch(/fields\[1\]\.type: "audio_dialogue" is shown as dialogue/);
    expect(config.warnings.join('\n')).toMatch(
      /fields\[2\]\.type: "hologram" is not drawn here; field "x" is shown as text/,
    );
    expect(config.warnings.join('\n')).not.toMatch(/unknown key "instance_display"/);
  });

  it("draws interactive_chat as the agent's chat when agent_proxy is configured, else as dialogue with a warning", () => {
    const display = { fields: [{ key: 'conversation', type: 'interactive_chat', label: 'Chat' }] };
    const withAgent = load({ instance_display: display, agent_proxy: { type: 'echo', responses: ['hi'] } });
    expect(withAgent.display).toMatchObject({ kind: 'fields', fields: [{ type: 'dialogue', interactive: true }] });
    expect(withAgent.warnings.join('\n')).not.toMatch(/interactive_chat/);
    const without = load({ instance_display: display });
    expect(without.display).toMatchObject({ fields: [{ type: 'dialogue' }] });
    expect((without.display as { fields: { interactive?: true }[] }).fields[0].interactive).toBeUndefined();
    expect(without.warnings.join('\n')).toMatch(
      /fields\[0\]\.type: "interactive_chat" needs an agent \(agent_proxy\): without one field "conversation" is shown as dialogue turns/,
    );
  });

  it('warns about display options not acted on, naming them and the field', () => {
    const config = load({
      instance_display: {
        fields: [
          { key: 'text', type: 'text', display_options: { labels: ['a'], max_height: 300 } },
          {
            key: 'trace',
            type: 'agent_trace',
            display_options: {
              show_step_numbers: false,
              show_run_tree: true,
              speaker_key: 'who',
              step_type_colors: { thought: '#e8f4fd', action: 'red;}body{display:none' },
              compact: 'yes',
              max_steps: 10,
            },
          },
          {
            key: 'call',
            type: 'audio_dialogue',
            display_options: { allow_speaker_assignment: true, speakers: [{ id: 'host' }], turns_key: 'turns' },
          },
        ],
      },
    });
    const warned = config.warnings.join('\n');
    expect(warned).toMatch(
      /fields\[0\]\.display_options: max_height is not acted on; field "text" is drawn as text without it/,
    );
    // the agent trace's own options are drawn; an unknown one is named, and a bad value says the default is used
    expect(warned).toMatch(
      /fields\[1\]\.display_options: max_steps is not acted on; field "trace" is drawn as agent trace steps without it/,
    );
    expect(warned).toMatch(/step_type_colors\.action: expected a colour such as #e8f4fd; the default colour is used/);
    expect(warned).toMatch(/fields\[1\]\.display_options\.compact: expected true or false; false is used/);
    expect(warned).not.toMatch(/show_step_numbers|show_run_tree|type: "agent_trace"/);
    expect(warned).not.toMatch(/labels|speaker_key|fields\[2\]\.display_options/);
    const trace = (config.display as { fields: { agentTrace?: object }[] }).fields[1].agentTrace;
    expect(trace).toMatchObject({
      show_step_numbers: false,
      show_summary: true,
      compact: false,
      step_type_colors: { thought: '#e8f4fd' },
    });
  });

  it('warns that task_layout is not used', () => {
    expect(load({ task_layout: 'layouts/t.html' }).warnings.join('\n')).toMatch(
      /task_layout: the annotation form is drawn by Marginalia/,
    );
  });
});

describe('instructions and presentation keys', () => {
  it('renders annotation_instructions from Markdown or a file, sanitized, and links the codebook', () => {
    const inline = load({
      annotation_instructions:
        '## Rules\n\n- Read **both** sentences\n\n<script>alert(1)</script><img src="x" onerror="alert(2)">',
      annotation_codebook_url: 'https://example.org/codebook',
    });
    expect(inline.instructions?.html).toContain('<h2>Rules</h2>');
    expect(inline.instructions?.html).toContain('<strong>both</strong>');
    expect(inline.instructions?.html).not.toMatch(/script|onerror|alert/);
    expect(inline.instructions?.codebook_url).toBe('https://example.org/codebook');
    const fromFile = load(
      { annotation_instructions: 'docs/guide.md', annotation_codebook_url: '/media/codebook.pdf' },
      { 'docs/guide.md': '# Guide\n\nLabel every sentence.' },
    );
    expect(fromFile.instructions).toEqual({
      html: '<h1>Guide</h1>\n<p>Label every sentence.</p>\n',
      codebook_url: '/api/media/codebook.pdf',
    });
    expect(() => load({ annotation_codebook_url: 'javascript:alert(1)' })).toThrow(
      /annotation_codebook_url: "javascript:alert\(1\)" is neither/,
    );
    expect(() => load({ annotation_instructions: 'docs/none.md' })).toThrow(
      /annotation_instructions: file .*none\.md not found/,
    );
  });

  it('warns about each presentation key it does not act on, saying what happens instead', () => {
    const { warnings } = load({
      surveyflow: { on: true },
      alert_time_each_instance: 300,
      port: 8000,
      site_dir: 'default',
    });
    const text = warnings.join('\n');
    for (const key of ['surveyflow', 'alert_time_each_instance', 'site_dir'])
      expect(text).toMatch(new RegExp(`: ${key} is not acted on: `));
    // port is acted on: where npm start listens
    expect(text).not.toMatch(/port/);
  });

  it('refuses surveyflow and media_directory given as something other than a section or a folder', () => {
    expect(() => load({ surveyflow: true })).toThrow(
      /config\.yaml: surveyflow: expected a mapping \({on, pre_annotation, post_annotation}\) or false, not true/,
    );
    expect(() => load({ media_directory: true })).toThrow(
      /config\.yaml: media_directory: expected the name of a folder of media files, not true/,
    );
    expect(load({ surveyflow: false, media_directory: 'media' }, { 'media/a.png': 'x' }).warnings).toEqual([]);
    expect(load({ media_directory: ' ' }).warnings.join('\n')).toMatch(
      /: media_directory is not acted on: it should name a folder in the task folder/,
    );
  });

  it("asks a dialogue field's per_turn_ratings as turn-level likert questions, warning about what it cannot ask", () => {
    const dialogue = (per_turn_ratings: unknown, type = 'dialogue') => ({
      annotation_schemes: [{ annotation_type: 'radio', name: 'taken', labels: ['a', 'b'] }],
      instance_display: { fields: [{ key: 'talk', type, display_options: { per_turn_ratings } }] },
    });
    const one = load(
      dialogue({ speakers: ['Bot'], schema_name: 'turn_quality', scheme: { size: 4, labels: ['Bad', 'Good'] } }),
    );
    expect(one.task.schemes.find((s) => s.name === 'turn_quality')).toMatchObject({
      annotation_type: 'likert',
      size: 4,
      min_label: 'Bad',
      max_label: 'Good',
      turn_level: { field: 'talk', speakers: ['Bot'] },
    });
    expect(one.warnings.join('\n')).not.toMatch(/per_turn_ratings/);
    // unnamed: Potato's default name; a clash, a bad size or another type are warned about
    const many = load(
      dialogue({
        schemes: [
          { scheme: { type: 'slider', size: 3 } },
          { schema_name: 'taken', scheme: { size: 3 } },
          { schema_name: 'huge', scheme: { size: 500 } },
        ],
      }),
    );
    expect(many.task.schemes.map((s) => s.name)).toEqual(['taken', 'per_turn_ratings']);
    expect(many.warnings.join('\n')).toMatch(
      /per_turn_ratings\.schemes\[0\]\.scheme\.type: "slider" is asked as a likert scale/,
    );
    expect(many.warnings.join('\n')).toMatch(
      /schemes\[1\]\.schema_name: "taken" is the name of another scheme; this rating is not asked/,
    );
    expect(many.warnings.join('\n')).toMatch(
      /schemes\[2\]\.scheme\.size: expected a whole number of points from 2 to 100; "huge" is not asked/,
    );
    const onText = load(dialogue({ schema_name: 'x' }, 'text'));
    expect(onText.task.schemes.map((s) => s.name)).toEqual(['taken']);
    expect(onText.warnings.join('\n')).toMatch(
      /display_options\.per_turn_ratings: expected .* on a dialogue field; no rating is asked/,
    );
  });
});
