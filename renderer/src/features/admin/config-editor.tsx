/**
 * The settings POST /admin/api/config accepts, as a form; only changed settings are sent. A refusal names the
 * setting, so it is shown beside that field.
 */
import { useState, type FormEvent } from 'react';
import { api, errorText } from '../../shared/api/client.js';
import { ErrorNote } from '../../shared/components/status.js';
import { fill, useUiText } from '../../shared/ui-text.js';

interface Settings {
  annotation_task_name: string;
  num_annotators_per_item: string;
  max_annotations_per_user: string;
  assignment_strategy: string;
  'webhooks.enabled': boolean;
  'ai_support.enabled': boolean;
}
type TextSetting = 'annotation_task_name' | 'num_annotators_per_item' | 'max_annotations_per_user';
type FlagSetting = 'webhooks.enabled' | 'ai_support.enabled';
const numeric = { type: 'number', min: 1 } as const;

function fromConfig(c: Record<string, unknown>): Settings {
  const section = (k: string) => (c[k] && typeof c[k] === 'object' ? (c[k] as Record<string, unknown>) : {});
  const num = (v: unknown) => (typeof v === 'number' ? String(v) : '');
  return {
    annotation_task_name: String(c.annotation_task_name ?? ''),
    num_annotators_per_item: num(c.num_annotators_per_item),
    max_annotations_per_user: num(c.max_annotations_per_user),
    assignment_strategy: String(c.assignment_strategy ?? 'fixed_order'),
    'webhooks.enabled': section('webhooks').enabled === true,
    'ai_support.enabled': section('ai_support').enabled !== false,
  };
}

const FIELDS: (keyof Settings)[] = [
  'annotation_task_name',
  'num_annotators_per_item',
  'max_annotations_per_user',
  'assignment_strategy',
  'webhooks.enabled',
  'ai_support.enabled',
];

/** The field a server message names (the longest name it contains), and the message without the name in front. */
function fieldError(message: string): { field: keyof Settings; text: string } | null {
  const names = [...FIELDS].sort((a, b) => b.length - a.length);
  const field = names.find((n) => message.includes(n));
  if (!field) return null;
  const text = message.replace(new RegExp(`^${field.replace('.', '\\.')}\\s*:?\\s*`), '');
  return { field, text: text.charAt(0).toUpperCase() + text.slice(1) };
}

/** "" means no limit (null); anything else is sent as a number so the server can say what is wrong with it. */
const limit = (v: string) => (v.trim() === '' ? null : Number(v));

export function ConfigEditor({ config, onSaved }: { config: Record<string, unknown>; onSaved: () => void }) {
  const words = useUiText();
  const initial = fromConfig(config);
  const [form, setForm] = useState<Settings>(initial);
  const [error, setError] = useState<string | null>(null);
  const [fieldErr, setFieldErr] = useState<{ field: keyof Settings; text: string } | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const set = <K extends keyof Settings>(k: K, v: Settings[K]) => setForm((f) => ({ ...f, [k]: v }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const changes: Record<string, unknown> = {};
    for (const k of Object.keys(form) as (keyof Settings)[]) {
      if (form[k] === initial[k]) continue;
      changes[k] =
        k === 'num_annotators_per_item' || k === 'max_annotations_per_user' ? limit(form[k] as string) : form[k];
    }
    setError(null);
    setFieldErr(null);
    setSaved(null);
    if (!Object.keys(changes).length) return setSaved(words.admin_nothing_changed);
    try {
      const r = await api.adminPost<{ updated: string[] }>('/admin/api/config', changes);
      setSaved(fill(words.admin_saved, { names: r.updated.join(', ') }));
      onSaved();
    } catch (err) {
      const named = fieldError(errorText(err));
      if (named) setFieldErr(named);
      else setError(errorText(err));
    }
  };

  /** Accessibility and the message for a field the server refused. */
  const invalid = (k: keyof Settings) =>
    fieldErr?.field === k ? { 'aria-invalid': true, 'aria-describedby': `cfg-error-${k}` } : {};
  const note = (k: keyof Settings) =>
    fieldErr?.field === k ? (
      <p className="field-error" id={`cfg-error-${k}`} role="alert">
        {fieldErr.text}
      </p>
    ) : null;

  /** A labelled text or number setting, with the server's refusal beside it. */
  const input = (k: TextSetting, id: string, label: string, extra: { type?: 'number'; min?: number } = {}) => (
    <>
      <label htmlFor={id}>{label}</label>
      <input id={id} {...extra} value={form[k]} onChange={(e) => set(k, e.target.value)} {...invalid(k)} />
      {note(k)}
    </>
  );
  const flag = (k: FlagSetting, label: string) => (
    <>
      <label className="choice">
        <input type="checkbox" checked={form[k]} onChange={(e) => set(k, e.target.checked)} {...invalid(k)} /> {label}
      </label>
      {note(k)}
    </>
  );

  return (
    <form className="config-form" onSubmit={submit}>
      {input('annotation_task_name', 'cfg-name', words.admin_task_name)}
      {input('num_annotators_per_item', 'cfg-per-item', words.admin_label_max_per_item, numeric)}
      {input('max_annotations_per_user', 'cfg-per-user', words.admin_label_max_per_user, numeric)}
      <label htmlFor="cfg-strategy">{words.admin_label_assignment_strategy}</label>
      <select
        id="cfg-strategy"
        value={form.assignment_strategy}
        onChange={(e) => set('assignment_strategy', e.target.value)}
        {...invalid('assignment_strategy')}
      >
        <option value="fixed_order">{words.admin_opt_strat_fixed_order}</option>
        <option value="random">{words.admin_opt_strat_random}</option>
        <option value="least_annotated">{words.admin_opt_strat_least_annotated}</option>
        <option value="active_learning">{words.admin_opt_strat_active_learning}</option>
      </select>
      {note('assignment_strategy')}
      {flag('webhooks.enabled', words.admin_webhooks_enabled)}
      {flag('ai_support.enabled', words.admin_ai_enabled)}
      <ErrorNote retry={words.admin_retry}>{error}</ErrorNote>
      {saved && <p role="status">{saved}</p>}
      <button type="submit" className="primary">
        {words.admin_btn_save_changes}
      </button>
    </form>
  );
}
