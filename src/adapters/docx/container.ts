import { IngestError } from '../../core/errors';

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/**
 * What an Office file's bytes are: an Office Open XML file (.docx, .xlsx) is a ZIP. A
 * password-protected one is instead an OLE compound file holding an "EncryptedPackage" stream;
 * an OLE file without it is a legacy one (.doc, .xls).
 */
export function officeContainer(bytes: Uint8Array): 'zip' | 'encrypted' | 'legacy' | 'other' {
  if (startsWith(bytes, ZIP)) return 'zip';
  if (startsWith(bytes, OLE)) return includesUtf16(bytes, 'EncryptedPackage') ? 'encrypted' : 'legacy';
  return 'other';
}

/** A .docx must be a ZIP (see officeContainer); anything else is refused, saying why. */
export function checkWordContainer(bytes: Uint8Array, fileName: string): void {
  const container = officeContainer(bytes);
  if (container === 'zip') return;
  if (container !== 'other') {
    if (container === 'encrypted') {
      throw new IngestError('encrypted', fileName, 'the Word file is password-protected. Remove the password in Word, save, and add it again.');
    }
    throw new IngestError('unsupported', fileName, 'this is an old-format Word file (.doc). Save it as .docx in Word and add it again.');
  }
  throw new IngestError('corrupt', fileName, 'the file is not a valid Word document (.docx); it may be damaged or misnamed.');
}

function startsWith(bytes: Uint8Array, magic: number[]): boolean {
  return magic.every((b, i) => bytes[i] === b);
}

/** Whether `text` occurs in `bytes` as UTF-16LE, the encoding of OLE directory entry names. */
function includesUtf16(bytes: Uint8Array, text: string): boolean {
  const needle = new Uint8Array(text.length * 2);
  for (let i = 0; i < text.length; i++) needle[i * 2] = text.charCodeAt(i);
  outer: for (let i = bytes.indexOf(needle[0]); i >= 0 && i <= bytes.length - needle.length; i = bytes.indexOf(needle[0], i + 1)) {
    for (let j = 1; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}
