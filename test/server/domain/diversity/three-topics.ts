/** A corpus of three clearly different topics, our own words, for the diversity tests. */

const TOPICS = {
  sport: ['football', 'goal', 'striker', 'league', 'referee', 'match', 'stadium', 'penalty'],
  food: ['recipe', 'oven', 'garlic', 'butter', 'simmer', 'flour', 'dough', 'sauce'],
  space: ['rocket', 'orbit', 'planet', 'telescope', 'astronaut', 'galaxy', 'launch', 'comet'],
};

/** Texts of three topics, each a few of its topic's words among common ones, in topic order. */
export function threeTopics(perTopic: number): { text: string; topic: string }[] {
  const out: { text: string; topic: string }[] = [];
  for (const [topic, words] of Object.entries(TOPICS))
    for (let i = 0; i < perTopic; i++)
      out.push({
        topic,
        text: `The ${words[i % 8]} and the ${words[(i + 3) % 8]} were in the news, with ${words[(i + 5) % 8]} and ${words[(i + 6) % 8]} today.`,
      });
  return out;
}
