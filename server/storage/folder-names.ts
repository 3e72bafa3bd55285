/**
 * The names of a data folder's generation files, in one place for the store that writes them and the start-up that
 * sorts and cleans them up: `journal-<generation>.jsonl` and `<table>-<generation>.pack`.
 */
const JOURNAL = /^journal-(\d+)\.jsonl$/;
const PACK = /^[\w.-]+-\d+\.pack$/;
const padded = (generation: number) => String(generation).padStart(8, '0');

export const journalName = (generation: number) => `journal-${padded(generation)}.jsonl`;
export const packName = (table: string, generation: number) => `${table}-${padded(generation)}.pack`;
export const isPackFile = (name: string) => PACK.test(name);

/** The generation of a journal file's name, or undefined for any other file. */
export function journalGeneration(name: string): number | undefined {
  const m = JOURNAL.exec(name);
  return m ? Number(m[1]) : undefined;
}
