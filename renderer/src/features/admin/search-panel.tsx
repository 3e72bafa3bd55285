/** Search over every item's text and fields and every annotator's answers; a result opens the item's answers. */
import { useState } from 'react';
import { api } from '../../shared/api/client.js';
import type { SearchHit, SearchResult } from '../../shared/api/types.js';
import { SearchForm } from '../../shared/components/search-form.js';
import { ItemAnswers } from './item-answers.js';

const searchAll = (q: string) => api.adminGet<SearchResult>(`/admin/api/search?q=${encodeURIComponent(q)}&limit=100`);

function where(hit: SearchHit): string {
  const inItem = hit.matched_in.includes('item') ? ['in the item'] : [];
  const inAnswers = hit.matched_in.includes('answers')
    ? [`in the answers of ${hit.annotators?.length ? hit.annotators.join(', ') : 'annotators'}`]
    : [];
  return [...inItem, ...inAnswers].join('; ');
}

export function SearchPanel() {
  const [opened, setOpened] = useState<string | null>(null);
  return (
    <section className="card-section admin-search" aria-labelledby="search-title" data-testid="section-search">
      <h2 id="search-title">Search</h2>
      <p className="muted small">
        Items whose text or fields, or whose answers (labels, typed answers, span texts), hold every word you type.
      </p>
      <SearchForm
        id="admin-search"
        label="Search items and answers"
        search={searchAll}
        onOpen={(hit) => setOpened(hit.instance_id)}
        detail={where}
        keepResults
      />
      {opened && <ItemAnswers id={opened} onClose={() => setOpened(null)} />}
    </section>
  );
}
