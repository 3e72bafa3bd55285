/**
 * FileBlocks: one fill per block while it is held, the short last block, a block read again once stale or
 * forgotten, and slots picked by block number (two blocks that share a slot take turns).
 */
import { describe, expect, it } from 'vitest';
import { FileBlocks } from '../../../server/storage/file-blocks.js';

/** A 100-byte "file" whose byte i is i, and the fills asked of it. */
function file() {
  const data = Buffer.from(Array.from({ length: 100 }, (_, i) => i));
  const fills: number[] = [];
  const fill = (buf: Buffer, position: number, length: number) => {
    fills.push(position);
    return data.copy(buf, 0, position, Math.min(data.length, position + length));
  };
  return { fills, fill };
}

describe('FileBlocks', () => {
  it('reads a block once for every position in it, and the last block short', () => {
    const { fills, fill } = file();
    const blocks = new FileBlocks(fill, 16, 4);
    for (const at of [0, 5, 15]) {
      const slot = blocks.slotOf(at);
      expect(blocks.buffer(slot)[at - blocks.start(slot)]).toBe(at);
    }
    const last = blocks.slotOf(99);
    expect([blocks.start(last), blocks.bytes(last), blocks.buffer(last)[99 - 96]]).toEqual([96, 4, 99]);
    expect(fills).toEqual([0, 96]);
  });

  it('gives a slot to the block its number picks: blocks 0 and 4 of four slots take turns', () => {
    const { fills, fill } = file();
    const blocks = new FileBlocks(fill, 16, 4);
    blocks.slotOf(0);
    blocks.slotOf(70); // block 4: slot 0 again
    blocks.slotOf(1);
    expect(fills).toEqual([0, 64, 0]);
  });

  it('reads a block again once it is older than its freshness, or forgotten', async () => {
    const { fills, fill } = file();
    const fresh = new FileBlocks(fill, 16, 4, 50);
    fresh.slotOf(0);
    fresh.slotOf(1);
    await new Promise((r) => setTimeout(r, 80));
    fresh.slotOf(2);
    fresh.forget();
    fresh.slotOf(3);
    expect(fills).toEqual([0, 0, 0]);
  });
});
