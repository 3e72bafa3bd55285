import { describe, expect, it } from 'vitest';

import { parseEaf } from '../../../../server/domain/transcripts/eaf.js';

const eaf = `<?xml version="1.0" encoding="UTF-8"?>
<ANNOTATION_DOCUMENT AUTHOR="" DATE="2026-03-02T10:00:00+01:00" FORMAT="3.0" VERSION="3.0">
  <HEADER MEDIA_FILE="" TIME_UNITS="milliseconds">
    <MEDIA_DESCRIPTOR MEDIA_URL="file:///home/lab/quay.wav" MIME_TYPE="audio/x-wav" RELATIVE_MEDIA_URL="./quay.wav"/>
  </HEADER>
  <TIME_ORDER>
    <TIME_SLOT TIME_SLOT_ID="ts1" TIME_VALUE="300"/>
    <TIME_SLOT TIME_SLOT_ID="ts2" TIME_VALUE="1750"/>
    <TIME_SLOT TIME_SLOT_ID="ts3" TIME_VALUE="2000"/>
    <TIME_SLOT TIME_SLOT_ID="ts4" TIME_VALUE="3100"/>
    <TIME_SLOT TIME_SLOT_ID="ts5"/>
  </TIME_ORDER>
  <TIER LINGUISTIC_TYPE_REF="utterance" PARTICIPANT="Rosa" TIER_ID="rosa-words">
    <ANNOTATION><ALIGNABLE_ANNOTATION ANNOTATION_ID="a1" TIME_SLOT_REF1="ts1" TIME_SLOT_REF2="ts2">
      <ANNOTATION_VALUE>Salt &amp; rope, both?</ANNOTATION_VALUE>
    </ALIGNABLE_ANNOTATION></ANNOTATION>
    <ANNOTATION><ALIGNABLE_ANNOTATION ANNOTATION_ID="a4" TIME_SLOT_REF1="ts4" TIME_SLOT_REF2="ts5">
      <ANNOTATION_VALUE>unaligned</ANNOTATION_VALUE>
    </ALIGNABLE_ANNOTATION></ANNOTATION>
  </TIER>
  <TIER LINGUISTIC_TYPE_REF="utterance" TIER_ID="Tomas">
    <ANNOTATION><ALIGNABLE_ANNOTATION ANNOTATION_ID="a2" TIME_SLOT_REF1="ts3" TIME_SLOT_REF2="ts4">
      <ANNOTATION_VALUE>Only rope.</ANNOTATION_VALUE>
    </ALIGNABLE_ANNOTATION></ANNOTATION>
  </TIER>
  <TIER LINGUISTIC_TYPE_REF="translation" PARENT_REF="rosa-words" PARTICIPANT="Rosa" TIER_ID="rosa-gloss">
    <ANNOTATION><REF_ANNOTATION ANNOTATION_ID="a3" ANNOTATION_REF="a1">
      <ANNOTATION_VALUE>question</ANNOTATION_VALUE>
    </REF_ANNOTATION></ANNOTATION>
    <ANNOTATION><REF_ANNOTATION ANNOTATION_ID="a5" ANNOTATION_REF="a9">
      <ANNOTATION_VALUE>dangling</ANNOTATION_VALUE>
    </REF_ANNOTATION></ANNOTATION>
  </TIER>
</ANNOTATION_DOCUMENT>`;

describe('parseEaf', () => {
  it('times annotations by their slots, refs by their parent, speaker by participant or tier id, media relative', () => {
    expect(parseEaf(eaf)).toEqual({
      audio: 'quay.wav',
      turns: [
        { speaker: 'Rosa', text: 'Salt & rope, both?', start: 0.3, end: 1.75 },
        { speaker: 'Rosa', text: 'question', start: 0.3, end: 1.75 },
        { speaker: 'Tomas', text: 'Only rope.', start: 2, end: 3.1 },
      ],
    });
  });

  it('expands no entity a document type declares', () => {
    const hostile = eaf
      .replace('<?xml version="1.0" encoding="UTF-8"?>', '')
      .replace('Only rope.', '&secret;')
      .replace(
        '<ANNOTATION_DOCUMENT',
        '<!DOCTYPE x [<!ENTITY secret SYSTEM "file:///etc/hostname">]>\n<ANNOTATION_DOCUMENT',
      );
    const read = parseEaf(hostile.replace(/^\s*<!DOCTYPE[^\n]*\n/, ''));
    expect(read?.turns.find((t) => t.speaker === 'Tomas')?.text).toBe('&secret;');
    // with the declaration in front the document is not read as EAF at all
    expect(parseEaf(hostile)).toBeUndefined();
  });
});
