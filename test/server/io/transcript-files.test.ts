/**
 * Sidecar transcripts as saved by the tools that write them: UTF-8 (with or without a byte-order mark) and UTF-16
 * with its mark, as Praat saves a TextGrid holding non-ASCII text. Each reads as the same text.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { transcriptFileReader } from '../../../server/io/transcript-files.js';
import { tempDir } from '../../helpers/temp-dir.js';

const TEXT = 'File type = "ooTextFile"\nObject class = "TextGrid"\ntext = "Señora Müller, ¿qué tal?"\n';

describe('sidecar transcript files', () => {
  it('reads UTF-8, UTF-8 with a mark, and UTF-16 in either byte order alike', () => {
    const dir = tempDir('marginalia-transcripts-');
    const le = Buffer.from(TEXT, 'utf16le');
    const be = Buffer.from(le).swap16();
    writeFileSync(join(dir, 'plain.TextGrid'), TEXT);
    writeFileSync(join(dir, 'bom.TextGrid'), Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(TEXT)]));
    writeFileSync(join(dir, 'le.TextGrid'), Buffer.concat([Buffer.from([0xff, 0xfe]), le]));
    writeFileSync(join(dir, 'be.TextGrid'), Buffer.concat([Buffer.from([0xfe, 0xff]), be]));
    const read = transcriptFileReader([dir]);
    for (const name of ['plain', 'bom', 'le', 'be']) expect(read(`${name}.TextGrid`), name).toEqual({ text: TEXT });
  });
});
