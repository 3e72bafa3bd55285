/** What quality control said about the last submission, in plain words. */
import type { QcResult } from '../../shared/api/types.js';

export function QcFeedback({ qc }: { qc: QcResult | null }) {
  if (!qc) return null;
  if (qc.type === 'gold_standard') {
    const expected = Object.entries(qc.gold_label)
      .map(([scheme, label]) => `${scheme}: ${label}`)
      .join(', ');
    return (
      <p className={`qc ${qc.correct ? 'qc-good' : 'qc-bad'}`} role="status" data-testid="qc-feedback">
        {qc.correct
          ? 'Check item: your answer matched the expected label.'
          : `Check item: the expected answer was ${expected}.`}
      </p>
    );
  }
  if (qc.type === 'attention_check') {
    const text = qc.blocked
      ? 'You failed too many attention checks and can no longer submit. Please contact the project owner.'
      : qc.passed
        ? 'Attention check passed.'
        : qc.warning
          ? 'Attention check failed. Please read each item carefully: more failures will block your account.'
          : 'Attention check failed. Please read each item carefully.';
    return (
      <p
        className={`qc ${qc.passed ? 'qc-good' : 'qc-bad'}`}
        role={qc.passed ? 'status' : 'alert'}
        data-testid="qc-feedback"
      >
        {text}
      </p>
    );
  }
  return null;
}
