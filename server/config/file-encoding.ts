/**
 * Potato's data file encodings (`data_files: [{path, encoding}]`, a file source's `encoding`,
 * `data_directory_encoding`), named as Python names them (`latin-1`, `shift_jis`, `utf_8`). They are read with the
 * runtime's WHATWG decoders, whose labels differ a little from Python's, so a few spellings of each name are tried.
 * As in browsers, `latin-1` reads as windows-1252 (the same letters, plus curly quotes and the euro sign).
 */

export class EncodingError extends Error {}

function decoderFor(label: string): TextDecoder | undefined {
  try {
    return new TextDecoder(label, { fatal: true });
  } catch {
    return undefined;
  }
}

/**
 * The decoder for an encoding name, or undefined for UTF-8 (read line by line with no decoder of its own);
 * `where` names the key in the error for a name no decoder knows.
 */
export function decoderOf(name: string | undefined, where: string): TextDecoder | undefined {
  if (name === undefined) return undefined;
  const given = name.trim().toLowerCase();
  const spellings = [given, given.replace(/_/g, '-'), given.replace(/[-_]/g, ''), given.replace(/-/g, '_')];
  for (const spelling of spellings) {
    const decoder = decoderFor(spelling);
    if (decoder) return decoder.encoding === 'utf-8' ? undefined : decoder;
  }
  throw new EncodingError(
    `${where}: "${name}" is not an encoding this server can read (such as utf-8, latin-1, cp1252, shift_jis, gb2312, euc-kr, utf-16)`,
  );
}
