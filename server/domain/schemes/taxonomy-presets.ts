/**
 * Ready-made label trees for hierarchical_multiselect (`taxonomy_preset:`). Names are kept exactly as Potato
 * exports them ("<code> <mode>"), so answers and exports match a Potato project using the same preset; the
 * tooltips are our own one-line summaries.
 */

interface PresetMode {
  code: string;
  name: string;
  tip: string;
}

/** MAST, the multi-agent system failure taxonomy of Cemri et al. (2025): three categories, fourteen modes. */
const MAST: Record<string, PresetMode[]> = {
  'Specification & System Design': [
    {
      code: '1.1',
      name: 'Disobey task specification',
      tip: 'Breaks a requirement, constraint or format the task states.',
    },
    {
      code: '1.2',
      name: 'Disobey role specification',
      tip: 'Does what another role should do instead of its own part.',
    },
    { code: '1.3', name: 'Step repetition', tip: 'Redoes a step that was already done, with nothing gained.' },
    {
      code: '1.4',
      name: 'Loss of conversation history',
      tip: 'Forgets what was said or settled earlier in the exchange.',
    },
    {
      code: '1.5',
      name: 'Unaware of termination conditions',
      tip: 'Does not see that the task is finished and keeps going.',
    },
  ],
  'Inter-Agent Misalignment': [
    { code: '2.1', name: 'Conversation reset', tip: 'Starts the exchange over, throwing away progress made.' },
    { code: '2.2', name: 'Fail to ask for clarification', tip: 'Guesses at an unclear request instead of asking.' },
    { code: '2.3', name: 'Task derailment', tip: 'Drifts from the goal onto something else.' },
    { code: '2.4', name: 'Information withholding', tip: 'Keeps back something another agent needed to know.' },
    {
      code: '2.5',
      name: "Ignored other agent's input",
      tip: 'Passes over a correction, result or hint another agent gave.',
    },
    { code: '2.6', name: 'Reasoning-action mismatch', tip: 'Says it will do one thing and does another.' },
  ],
  'Task Verification & Termination': [
    { code: '3.1', name: 'Premature termination', tip: 'Stops before the task is really done.' },
    {
      code: '3.2',
      name: 'No or incomplete verification',
      tip: 'Accepts a result without checking it, or checks only part.',
    },
    { code: '3.3', name: 'Incorrect verification', tip: 'Checks, but reaches the wrong verdict.' },
  ],
};

const PRESETS: Record<string, Record<string, PresetMode[]>> = { mast: MAST };

/** The preset names, for the refusal of an unknown one. */
export const TAXONOMY_PRESET_NAMES = Object.keys(PRESETS);

/** A preset as a taxonomy (category → coded mode names) and its tooltips by name; undefined when unknown. */
export function taxonomyPreset(
  name: string,
): { taxonomy: Record<string, string[]>; tooltips: Record<string, string> } | undefined {
  const preset = PRESETS[name.trim().toLowerCase()];
  if (!preset) return undefined;
  const taxonomy: Record<string, string[]> = {};
  const tooltips: Record<string, string> = {};
  for (const [category, modes] of Object.entries(preset)) {
    taxonomy[category] = modes.map((m) => {
      const label = `${m.code} ${m.name}`;
      tooltips[label] = m.tip;
      return label;
    });
  }
  return { taxonomy, tooltips };
}
