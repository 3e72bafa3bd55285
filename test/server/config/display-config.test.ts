/** Display keys of a config: acted on, warned about with what happens instead, or refused naming key and reason. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config/load.js';
import { writeProject } from '../../helpers/project.js';

const load = (config: Record<string, unknown>, files?: Record<string, string>) => loadConfig(writeProject({ config, files }), {});

describe('display config', () => {
  it('reads html_layout inline, from a file, and Potato built-in names as the automatic view', () => {
    expect(load({ html_layout: '<p>{{text}}</p>' }).display).toMatchObject({ kind: 'layout', template: '<p>{{text}}</p>' });
    expect(load({ html_layout: 'templates/l.html' }, { 'templates/l.html': '<div>{{a}}</div>' }).display).toMatchObject({ kind: 'layout', template: '<div>{{a}}</div>' });
    expect(load({ html_layout: 'default' }).display).toMatchObject({ kind: 'auto' });
  });

  it('refuses a missing layout file or a malformed instance_display, naming the file and key', () => {
    expect(() => load({ html_layout: 'templates/none.html' })).toThrow(/config\.yaml: html_layout: layout file .*templates\/none\.html not found/);
    expect(() => load({ instance_display: { fields: [] } })).toThrow(/config\.yaml: instance_display\.fields: expected a non-empty list/);
    expect(() => load({ instance_display: { fields: [{ type: 'text' }] } })).toThrow(/instance_display\.fields\[0\]\.key/);
    expect(() => load({ list_as_text: 'yes please' })).toThrow(/list_as_text: expected a mapping/);
  });

  it('maps Potato 2 display types to the nearest one drawn here, with a warning', () => {
    const config = load({ instance_display: { layout: { direction: 'horizontal' }, fields: [{ key: 'text', type: 'text' }, { key: 'conv', type: 'audio_dialogue' }, { key: 'x', type: 'hologram' }] } });
    expect(config.display).toMatchObject({ kind: 'fields', direction: 'horizontal', fields: [{ type: 'text' }, { type: 'dialogue' }, { type: 'text' }] });
    expect(config.warnings.join('\n')).toMatch(/fields\[1\]\.type: "audio_dialogue" is shown as dialogue/);
    expect(config.warnings.join('\n')).toMatch(/fields\[2\]\.type: "hologram" is not drawn here; field "x" is shown as text/);
    expect(config.warnings.join('\n')).not.toMatch(/unknown key "instance_display"/);
  });

  it('warns that task_layout is not used', () => {
    expect(load({ task_layout: 'layouts/t.html' }).warnings.join('\n')).toMatch(/task_layout: the annotation form is drawn by Marginalia/);
  });
});
