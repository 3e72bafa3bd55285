/** pure_display: text shown among the questions, never answered; its HTML was rendered and sanitized by the server. */
import type { FieldProps, SchemeUi } from './scheme-ui.js';

function DisplayBlock({ scheme }: FieldProps) {
  return (
    <div
      className="scheme-display"
      data-display={scheme.name}
      dangerouslySetInnerHTML={{ __html: String((scheme as unknown as { html?: string }).html ?? '') }}
    />
  );
}

export const pureDisplay: SchemeUi = { kind: 'display', Field: DisplayBlock };
