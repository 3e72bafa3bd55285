/** The parts of the `stopword` package (it ships no types) the embedded learner uses: its word lists by language. */
declare const lists: Record<string, string[]>;
export default lists;
