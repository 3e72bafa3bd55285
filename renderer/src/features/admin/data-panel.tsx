/**
 * Data in and out from the dashboard: export downloads (fetched with the admin credentials, so the key never
 * sits in a URL) and imports of instance files with their progress, polled from the import job.
 */
import { useState, type FormEvent } from 'react';
import { api, errorText } from '../../shared/api/client.js';
import type { ExportFormat, ImportJob } from '../../shared/api/types.js';
import { useResource, type Resource } from '../../shared/api/use-resource.js';
import { fill, useUiText } from '../../shared/ui-text.js';

/** The formats this project can fill, from the server's registry, so a new format needs no change here. */
function useExportFormats(): Resource<ExportFormat[]> {
  return useResource(['admin', 'export-formats'], async () =>
    (await api.adminGet<{ formats: ExportFormat[] }>('/admin/api/export/formats')).formats.filter((f) => f.available),
  );
}

/** the server's JSON body limit; bigger files are imported with `npm run import` or `{file}` */
const MAX_BYTES = 2 * 1024 * 1024;

function Export() {
  const words = useUiText();
  const [status, setStatus] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const formats = useExportFormats();
  const download = async ({ format_name: format, file_extensions: [extension] }: ExportFormat) => {
    setMessage(fill(words.admin_exporting, { format }));
    try {
      const blob = await api.adminBlob(`/admin/api/export?format=${format}${status ? `&status=${status}` : ''}`);
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob);
      link.download = `annotations${status ? `-${status}` : ''}${extension}`;
      link.click();
      URL.revokeObjectURL(link.href);
      setMessage(fill(words.admin_exported, { format, bytes: blob.size.toLocaleString() }));
    } catch (e) {
      setMessage(errorText(e));
    }
  };
  return (
    <div>
      <h3>{words.admin_export}</h3>
      <label>
        {words.admin_export_instances}{' '}
        <select value={status} onChange={(e) => setStatus(e.target.value)}>
          <option value="">{words.admin_status_all}</option>
          <option value="completed">{words.admin_status_completed}</option>
          <option value="in_progress">{words.admin_status_in_progress}</option>
        </select>
      </label>
      <div className="buttons">
        {formats.data?.map((f) => (
          <button key={f.format_name} type="button" onClick={() => void download(f)}>
            {fill(words.admin_download, { format: f.short_label })}
          </button>
        ))}
      </div>
      {formats.error && <p className="error">{formats.error}</p>}
      {message && (
        <p role="status" data-testid="export-status">
          {message}
        </p>
      )}
    </div>
  );
}

function Import({ onImported }: { onImported: () => void }) {
  const words = useUiText();
  const [job, setJob] = useState<ImportJob | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setError(null);
    const file = (e.currentTarget.elements.namedItem('file') as HTMLInputElement).files?.[0];
    if (!file) return setError(words.admin_choose_file);
    if (file.size > MAX_BYTES) return setError(words.admin_file_too_big);
    const format = file.name.split('.').pop()!.toLowerCase();
    try {
      let current = await api.adminPost<ImportJob>('/admin/api/import', { content: await file.text(), format });
      setJob(current);
      while (current.status !== 'done' && current.status !== 'failed') {
        await new Promise((r) => setTimeout(r, 300));
        current = await api.adminGet<ImportJob>(`/admin/api/import/${encodeURIComponent(current.import_id)}`);
        setJob(current);
      }
      if (current.status === 'done') onImported();
    } catch (err) {
      setError(errorText(err));
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)}>
      <h3>{words.admin_import_heading}</h3>
      <label>
        {words.admin_import_file} <input type="file" name="file" accept=".json,.jsonl,.csv,.tsv" />
      </label>
      <button type="submit">{words.admin_import}</button>
      {job && (
        <p role="status" data-testid="import-status">
          {job.status === 'done'
            ? fill(words.admin_added, { added: job.added })
            : job.status === 'failed'
              ? fill(words.admin_import_failed, { error: job.error ?? '' })
              : fill(words.admin_importing, { rows: job.rows_read })}
        </p>
      )}
      {error && <p className="error">{error}</p>}
    </form>
  );
}

export function DataPanel({ onImported }: { onImported: () => void }) {
  return (
    <div className="two-columns">
      <Export />
      <Import onImported={onImported} />
    </div>
  );
}
