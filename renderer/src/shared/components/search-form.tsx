/**
 * A search box and its results, for the annotator's own list and the admin's whole project. Enter searches and
 * puts the focus on the first result; the arrow keys move between results, Enter opens one, Escape goes back to
 * the box. Results are buttons, so Tab reaches them too.
 */
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { errorText } from '../api/client.js';
import type { SearchHit, SearchResult } from '../api/types.js';
import './search-form.css';

interface Props {
  /** the input's id, for a key that focuses it */
  id: string;
  label: string;
  search: (q: string) => Promise<SearchResult>;
  onOpen: (hit: SearchHit) => void;
  /** a result's second line (who answered, where it matched) */
  detail?: (hit: SearchHit) => string;
  disabled?: boolean;
  /** the results stay listed after one is opened (the admin's, opened in a dialog over them) */
  keepResults?: boolean;
}

export function SearchForm({ id, label, search, onOpen, detail, disabled, keepResults }: Props) {
  const [q, setQ] = useState('');
  const [result, setResult] = useState<SearchResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);
  const list = useRef<HTMLUListElement>(null);
  const input = useRef<HTMLInputElement>(null);

  const buttons = () => [...(list.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!q.trim()) return;
    setSearching(true);
    setError(null);
    try {
      const found = await search(q.trim());
      setResult(found);
    } catch (err) {
      setResult(null);
      setError(errorText(err));
    } finally {
      setSearching(false);
    }
  };
  // a new answer puts the focus on its first result, once it is shown
  useEffect(() => {
    if (result) list.current?.querySelector('button')?.focus();
  }, [result]);
  const close = () => {
    setResult(null);
    input.current?.focus();
  };
  const onListKey = (e: KeyboardEvent) => {
    const all = buttons();
    const at = all.indexOf(document.activeElement as HTMLButtonElement);
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      e.stopPropagation();
      const next = e.key === 'ArrowDown' ? Math.min(all.length - 1, at + 1) : at - 1;
      if (next < 0) input.current?.focus();
      else all[next]?.focus();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      close();
    }
  };
  const open = (hit: SearchHit) => {
    if (!keepResults) setResult(null);
    onOpen(hit);
  };

  return (
    <div className="search-form">
      <form role="search" onSubmit={(e) => void submit(e)} aria-busy={searching}>
        <label htmlFor={id} className="visually-hidden">
          {label}
        </label>
        <input
          id={id}
          ref={input}
          type="search"
          placeholder={label}
          value={q}
          disabled={disabled}
          onChange={(e) => setQ(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown' && result) {
              e.preventDefault();
              buttons()[0]?.focus();
            }
          }}
          maxLength={500}
        />
      </form>
      {error && (
        <p className="error small" role="alert">
          {error}
        </p>
      )}
      {result && (
        <div className="search-results" onKeyDown={onListKey}>
          <p className="muted small" role="status">
            {result.results.length === 0
              ? `Nothing found for “${result.query}”.`
              : `${result.results.length}${result.truncated ? '+' : ''} found for “${result.query}”`}
          </p>
          <ul ref={list} aria-label={`Results for ${result.query}`} data-testid="search-results">
            {result.results.map((hit) => (
              <li key={hit.instance_id}>
                <button type="button" className="search-hit" onClick={() => open(hit)}>
                  <span className="instance-id">{hit.instance_id}</span> <span dir="auto">{hit.snippet}</span>
                  {detail && <span className="muted small search-detail">{detail(hit)}</span>}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
