/** Debian's Chromium, which every headless launch uses */
export declare const CHROMIUM: string;
/** the flags every headless launch passes */
export declare const CHROMIUM_ARGS: string[];
