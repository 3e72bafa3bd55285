/**
 * The page's words in the project's language (Potato's `ui_language`, resolved by the server and sent with
 * `/api/study`): English until the study is read, and wherever the project sets nothing.
 */
import { createContext, useContext } from 'react';
import { UI_TEXT, type UiText } from '../../../shared/ui-language.js';

const UiTextContext = createContext<UiText>(UI_TEXT);

export const UiTextProvider = UiTextContext.Provider;

export const useUiText = (): UiText => useContext(UiTextContext);

/** A word with `{name}` places, filled from `values`; a place with no value is left as written. */
export const fill = (template: string, values: Record<string, string | number>): string =>
  template.replace(/\{(\w+)\}/g, (place, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : place));
