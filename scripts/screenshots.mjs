// Redraws docs/images/annotate.png and docs/images/dashboard.png from the bundled example: the server as
// `npm start` runs it, on a throw-away data folder, with a few annotations so the dashboard has numbers,
// photographed by Debian's headless Chromium. Run it after UI changes: `npm run screenshots`.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium-launch.mjs';

const root = new URL('..', import.meta.url).pathname;
const config = join(root, 'examples/product-reviews/config.yaml');
const images = join(root, 'docs/images');
const viewport = { width: 1280, height: 900 };

/** The server on a fresh data folder; resolves with its URL once it listens. */
function startServer(dataDir, adminKey) {
  const child = spawn(
    process.execPath,
    [
      '--max-semi-space-size=4',
      '--no-allocation-site-pretenuring',
      join(root, 'dist/server/cli.js'),
      '--config',
      config,
      '--port',
      '0',
      '--data-dir',
      dataDir,
    ],
    {
      env: { ...process.env, ADMIN_API_KEY: adminKey },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const url = new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) resolve(match[1].replace(/\/$/, ''));
    });
    child.on('exit', (code) => reject(new Error(`the server stopped (exit ${code}) before listening:\n${out}`)));
  });
  return { child, url };
}

/** An annotator's session through the API: registers, then posts submissions. */
async function annotator(base, username) {
  const res = await fetch(`${base}/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: `${username}-password` }),
  });
  if (!res.ok) throw new Error(`register ${username}: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return async (body) => {
    const r = await fetch(`${base}/updateinstance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
    });
    if (!r.ok) throw new Error(`updateinstance ${body.instance_id} by ${username}: ${r.status} ${await r.text()}`);
  };
}

/** A plausible answer for a review, read off its words, so the assistant has something to learn from. */
function answerFor(item, disagree) {
  const text = item.text.toLowerCase();
  const good = /(excellent|great|love|premium|easy|fair|recommend)/.test(text);
  const bad = /(stopped working|broke|loose|disappoint|terrible|two weeks|refund)/.test(text);
  let sentiment = good && !bad ? 'positive' : bad && !good ? 'negative' : 'neutral';
  if (disagree) sentiment = sentiment === 'neutral' ? 'positive' : 'neutral';
  const topics = [
    ['price', /(price|value|cheap|expensive)/],
    ['shipping', /shipping/],
    ['quality', /(quality|materials|stitching|stopped working)/],
    ['support', /(support|return)/],
  ]
    .filter(([, re]) => re.test(text))
    .map(([name]) => name);
  const annotations = { [`sentiment:${sentiment}`]: 'true', 'helpfulness:4': 'true' };
  for (const topic of topics) annotations[`topics:${topic}`] = 'true';
  const first = text.indexOf('.');
  const span_annotations =
    sentiment === 'neutral' || first < 0 ? [] : [{ schema: 'evidence', name: sentiment, start: 0, end: first }];
  return { instance_id: item.id, annotations, span_annotations };
}

async function main() {
  execFileSync(process.execPath, [join(root, 'scripts/build-if-needed.mjs')], { stdio: 'inherit' });
  const dataDir = mkdtempSync(join(tmpdir(), 'marginalia-screenshots-'));
  const adminKey = randomBytes(24).toString('hex');
  const server = startServer(dataDir, adminKey);
  let browser;
  try {
    const base = await server.url;
    const items = readFileSync(join(root, 'examples/product-reviews/reviews.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    // two annotators share the first twelve reviews (two per item in the example), disagreeing now and then
    const [ana, ben] = [await annotator(base, 'ana'), await annotator(base, 'ben')];
    for (const [i, item] of items.slice(0, 12).entries()) {
      await ana(answerFor(item, false));
      await ben(answerFor(item, i % 5 === 4));
    }

    mkdirSync(images, { recursive: true });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });

    // the annotate screen: a third annotator labels one review by keyboard, then is half-way through the next
    const page = await (await browser.newContext({ viewport })).newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${base}/`);
    await page.getByLabel('Username').fill('maya');
    await page.getByLabel('Password').fill('maya-password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByTestId('instance-text').waitFor();
    await page.keyboard.press('1');
    await page.keyboard.press('Enter');
    await page.getByTestId('progress-text').filter({ hasText: '1 annotated' }).waitFor();
    await page.getByTestId('ai-hint').waitFor();
    // the next review: its sentiment, and its first telling word marked as a span by keyboard
    const text = (await page.getByTestId('instance-text').innerText()).toLowerCase();
    const [sentimentKey, word] = /stopped|loose|broke/.test(text)
      ? ['2', /stopped|loose|broke/.exec(text)[0]]
      : ['1', /great|excellent|premium|fair|easy/.exec(text)?.[0]];
    await page.keyboard.press(sentimentKey);
    if (word) {
      await page.keyboard.press('s');
      for (let i = 0; i < 40 && (await page.locator('.span-picker q').innerText()).toLowerCase() !== word; i++)
        await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Shift+ArrowRight'); // and the word after it
      await page.keyboard.press(sentimentKey); // the span label of the same name
      await page.locator('.span-list li').first().waitFor();
    }
    await page.screenshot({ path: join(images, 'annotate.png') });

    // the dashboard, opened with the admin key
    const admin = await (await browser.newContext({ viewport })).newPage();
    admin.setDefaultTimeout(15_000);
    await admin.goto(`${base}/#/admin`);
    await admin.getByLabel('Admin API key').fill(adminKey);
    await admin.getByRole('button', { name: 'Open dashboard' }).click();
    await admin.getByTestId('card-annotations').waitFor();
    await admin.waitForTimeout(500); // charts draw after their data arrives
    await admin.screenshot({ path: join(images, 'dashboard.png') });
    console.log(`saved ${join(images, 'annotate.png')} and ${join(images, 'dashboard.png')}`);
  } finally {
    await browser?.close();
    server.child.kill('SIGTERM');
    await new Promise((resolve) => (server.child.exitCode === null ? server.child.once('exit', resolve) : resolve()));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
