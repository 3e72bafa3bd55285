/**
 * The review board (Potato's review workflow): one column per state, each card an item with its reviewer and
 * priority, moved to another state or given to another reviewer from the card. Items in adjudication link to the
 * Adjudicate screen.
 */
import { useState } from 'react';
import { api, errorText } from '../../shared/api/client.js';
import type { ReviewBoard, ReviewItem } from '../../shared/api/types.js';
import { ErrorNote } from '../../shared/components/status.js';
import { useAdminResource } from './admin-resource.js';
import { Section } from './section.js';

const STATE_TITLES: Record<string, string> = {
  pending: 'Pending',
  in_review: 'In review',
  needs_second: 'Needs a second look',
  adjudication: 'Adjudication',
  done: 'Done',
};

export function ReviewPanel() {
  const board = useAdminResource<ReviewBoard>('/admin/api/review/board');
  const [error, setError] = useState<string | null>(null);
  const send = async (path: string, body: unknown) => {
    setError(null);
    try {
      await api.adminPost(path, body);
      await board.reload();
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <Section title="Review board" id="review" resource={board}>
      {(b) => (
        <>
          <ErrorNote>{error}</ErrorNote>
          <div className="review-board">
            {b.states.map((state) => (
              <section key={state} className="review-column" aria-label={STATE_TITLES[state]}>
                <h3>
                  {STATE_TITLES[state]} <span className="muted">({b.board[state].length})</span>
                </h3>
                <ul>
                  {b.board[state].map((item) => (
                    <ReviewCard
                      key={item.instance_id}
                      item={item}
                      states={b.states}
                      reviewers={b.reviewers}
                      send={send}
                    />
                  ))}
                </ul>
              </section>
            ))}
          </div>
        </>
      )}
    </Section>
  );
}

function ReviewCard({
  item,
  states,
  reviewers,
  send,
}: {
  item: ReviewItem;
  states: ReviewBoard['states'];
  reviewers: string[];
  send: (path: string, body: unknown) => Promise<void>;
}) {
  const pool = item.assignee && !reviewers.includes(item.assignee) ? [...reviewers, item.assignee] : reviewers;
  const id = item.instance_id;
  return (
    <li className="review-card" data-testid="review-card" data-instance={id}>
      <strong>{id}</strong> <span className="muted">priority {item.priority}</span>
      <p className="review-preview">{item.preview}</p>
      {item.note && <p className="muted">Note: {item.note}</p>}
      <label>
        Reviewer
        <select
          value={item.assignee ?? ''}
          onChange={(e) => void send('/admin/api/review/assign', { instance_id: id, assignee: e.target.value || null })}
        >
          <option value="">No one</option>
          {pool.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
      </label>
      <label>
        Move to
        <select
          value={item.state}
          onChange={(e) => void send('/admin/api/review/move', { instance_id: id, state: e.target.value })}
        >
          {states.map((s) => (
            <option key={s} value={s}>
              {STATE_TITLES[s]}
            </option>
          ))}
        </select>
      </label>
      {item.state === 'adjudication' && <a href="#/adjudicate">Adjudicate</a>}
    </li>
  );
}
