/** Search over every item's text and fields and every annotator's answers; a result opens the item's answers. */
import { useState } from 'react';
import { api } from '../../shared/api/client.js';
import type { SearchHit, SearchResult } from '../../shared/api/types.js';
import { SearchForm } from '../../shared/components/search-form.js';
import { ItemAnswers } from './item-answers.js';
import { fill, useUiText } from '../../shared/ui-text.js';
import type { UiText } from '../../../../shared/ui-language.js';

const searchAll = (q: string) => api.adminGet<SearchResult>(`/admin/api/search?q=${encodeURIComponent(q)}&limit=100`);

function where(words: UiText, hit: SearchHit): string {
  const inItem = hit.matched_in.includes('item') ? [words.admin_found_in_item] : [];
  const inAnswers = hit.matched_in.includes('answers')
    ? [
        hit.annotators?.length
          ? fill(words.admin_found_in_answers, { who: hit.annotators.join(', ') })
          : words.admin_found_in_answers_anyone,
      ]
    : [];
  return [...inItem, ...inAnswers].join('; ');
}

export function SearchPanel() {
  const words = useUiText();
  const [opened, setOpened] = useState<string | null>(null);
  return (
    <section className="card-section admin-search" aria-labelledby="search-title" data-testid="section-search">
      <h2 id="search-title">{words.admin_tab_search}</h2>
      <p className="muted small">{words.admin_search_help}</p>
      <SearchForm
        id="admin-search"
        label={words.admin_search_label}
        search={searchAll}
        onOpen={(hit) => setOpened(hit.instance_id)}
        detail={(hit) => where(words, hit)}
        keepResults
      />
      {opened && <ItemAnswers id={opened} onClose={() => setOpened(null)} />}
    </section>
  );
}
