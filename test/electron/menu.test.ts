import { describe, expect, it } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import { menuTemplate, type MenuActions, type MenuState } from '../../electron/menu.js';
import { EXPORT_FORMATS, EXPORT_WRITERS } from '../../server/io/export-formats/index.js';

/** Records which actions the menu calls, with what. */
function recorder() {
  const calls: [string, ...unknown[]][] = [];
  const actions = new Proxy({} as MenuActions, {
    get:
      (_t, name) =>
      (...args: unknown[]) =>
        calls.push([String(name), ...args]),
  });
  return { actions, calls };
}

const state = (over: Partial<MenuState> = {}): MenuState => ({
  appName: 'Marginalia',
  isMac: false,
  dev: false,
  recent: [],
  currentFile: '/lab/a/config.yaml',
  lan: { on: false, urls: [] },
  ...over,
});

const items = (m: MenuItemConstructorOptions | undefined) => (m?.submenu ?? []) as MenuItemConstructorOptions[];
const top = (t: MenuItemConstructorOptions[], label: string) => t.find((m) => m.label === label);
const find = (list: MenuItemConstructorOptions[], label: string | RegExp) =>
  list.find((i) => (typeof label === 'string' ? i.label === label : label.test(i.label ?? '')));
const click = (item: MenuItemConstructorOptions | undefined) => (item!.click as () => void)();

describe('menuTemplate', () => {
  it('lists recent projects by name and path, ticks the open one, and opens the one clicked', () => {
    const { actions, calls } = recorder();
    const recent = [
      { file: '/lab/a/config.yaml', name: 'Sentiment', opened_at: '2026-11-22T10:00:00.000Z' },
      { file: '/lab/b/config.yaml', name: 'NER', opened_at: '2026-11-21T10:00:00.000Z' },
    ];
    const file = items(top(menuTemplate(state({ recent }), actions), 'File'));
    const recentMenu = items(find(file, 'Open Recent'));
    expect(recentMenu.map((i) => i.label).filter(Boolean)).toEqual([
      'Sentiment — /lab/a/config.yaml',
      'NER — /lab/b/config.yaml',
      'Clear Recent Projects',
    ]);
    expect(recentMenu[0].checked).toBe(true);
    expect(recentMenu[1].checked).toBe(false);
    click(recentMenu[1]);
    click(find(recentMenu, 'Clear Recent Projects'));
    click(find(file, 'Open Project…'));
    click(find(file, 'Open Example Project'));
    click(find(file, 'Reveal Data Folder'));
    expect(calls).toEqual([
      ['openRecent', '/lab/b/config.yaml'],
      ['clearRecent'],
      ['openProjectDialog'],
      ['openExample'],
      ['revealDataFolder'],
    ]);
  });

  it('says so when there are no recent projects', () => {
    const recentMenu = items(find(items(top(menuTemplate(state(), recorder().actions), 'File')), 'Open Recent'));
    expect(recentMenu).toEqual([{ label: 'No Recent Projects', enabled: false }]);
  });

  it('exports in each format the server writes', () => {
    const { actions, calls } = recorder();
    const exportMenu = items(find(items(top(menuTemplate(state(), actions), 'File')), 'Export Annotations'));
    exportMenu.forEach(click);
    expect(exportMenu.map((item) => item.label)).toEqual(EXPORT_FORMATS.map((f) => `${EXPORT_WRITERS[f].label}…`));
    expect(calls).toEqual(
      ['jsonl', 'csv', 'conll', 'spacy', 'bws_scores', 'time'].map((f) => ['exportAnnotations', f]),
    );
  });

  it('opens the annotation view and the admin dashboard', () => {
    const { actions, calls } = recorder();
    const view = items(top(menuTemplate(state(), actions), 'View'));
    click(find(view, 'Annotate'));
    click(find(view, 'Admin Dashboard'));
    expect(calls).toEqual([['showAnnotate'], ['showAdmin']]);
  });

  it('shows clearly whether the project is shared on the network, and where', () => {
    const { actions, calls } = recorder();
    const off = items(top(menuTemplate(state(), actions), 'Network'));
    expect(off[0]).toMatchObject({ label: 'Share on Local Network', type: 'checkbox', checked: false });
    expect(find(off, /Only this computer/)).toBeDefined();
    click(off[0]);

    const on = items(
      top(
        menuTemplate(state({ lan: { on: true, urls: ['http://192.168.1.20:8000', 'http://10.0.0.5:8000'] } }), actions),
        'Network',
      ),
    );
    expect(on[0].checked).toBe(true);
    const addresses = on.filter((i) => /^Copy Address/.test(i.label ?? ''));
    expect(addresses.map((i) => i.label)).toEqual([
      'Copy Address http://192.168.1.20:8000',
      'Copy Address http://10.0.0.5:8000',
    ]);
    click(addresses[1]);
    click(on[0]);
    expect(calls).toEqual([
      ['setLan', true],
      ['copyText', 'http://10.0.0.5:8000'],
      ['setLan', false],
    ]);

    const nowhere = items(top(menuTemplate(state({ lan: { on: true, urls: [] } }), actions), 'Network'));
    expect(find(nowhere, /No network found/)).toMatchObject({ enabled: false });
  });

  it('disables what needs an open project when only the example is open', () => {
    const t = menuTemplate(state({ currentFile: undefined }), recorder().actions);
    const file = items(top(t, 'File'));
    expect(find(file, 'Export Annotations')!.enabled).toBe(false);
    expect(find(file, 'Reveal Data Folder')!.enabled).toBe(false);
    expect(items(top(t, 'Network'))[0].enabled).toBe(false);
  });

  it('follows each platform’s conventions: an app menu on macOS, Quit in File elsewhere; devtools only in development', () => {
    const mac = menuTemplate(state({ isMac: true }), recorder().actions);
    expect(mac[0]).toEqual({ role: 'appMenu' });
    expect(items(top(mac, 'File')).some((i) => i.role === 'quit')).toBe(false);
    const linux = menuTemplate(state(), recorder().actions);
    expect(linux.some((m) => m.role === 'appMenu')).toBe(false);
    expect(items(top(linux, 'File')).at(-1)).toEqual({ role: 'quit' });
    expect(items(top(linux, 'View')).some((i) => i.role === 'toggleDevTools')).toBe(false);
    expect(
      items(top(menuTemplate(state({ dev: true }), recorder().actions), 'View')).some(
        (i) => i.role === 'toggleDevTools',
      ),
    ).toBe(true);
  });
});
