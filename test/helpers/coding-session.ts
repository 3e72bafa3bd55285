/**
 * One coding agent's session in Potato's shape, the same in code_review's scheme tests and its browser tests:
 * turns whose tool calls name the files they read or change (src/pager.ts, test/pager.test.ts) and one that
 * names none (a shell command).
 */
export const codingTurns = [
  { role: 'user', content: 'Fix the off-by-one in pager.ts', tool_calls: [] },
  {
    role: 'assistant',
    content: 'Reading the pager, then fixing it.',
    tool_calls: [
      { tool: 'Read', input: { file_path: 'src/pager.ts' }, output: 'export const last = (n) => n;' },
      { tool: 'Edit', input: { file_path: 'src/pager.ts', old_string: 'n;', new_string: 'n - 1;' }, output: 'ok' },
      { tool: 'Write', input: { file_path: 'test/pager.test.ts' }, output: 'written' },
      { tool: 'Bash', input: { command: 'npm test' }, output: '2 passed' },
    ],
  },
];
