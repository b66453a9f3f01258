/**
 * Bidirectional-text control characters: embeddings and overrides (U+202A–U+202E), isolates
 * (U+2066–U+2069) and the implicit marks (U+200E, U+200F, U+061C). In a file name they let
 * "invoice\u202Efdp.exe" display as "invoiceexe.pdf", so names are shown and stored without them.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;

/**
 * Characters that show nothing: zero-width space, word joiner, byte-order mark, Mongolian vowel
 * separator. In a file name they make two names that look alike differ ("report\u200B.pdf").
 */
const ZERO_WIDTH = /[\u200B\u2060\uFEFF\u180E]/g;

/**
 * Zero-width (non-)joiners beside Latin letters, digits, punctuation or an end of the name, where
 * they join nothing; between letters of scripts that use them (Persian, Devanagari, emoji
 * sequences) they are kept.
 */
const STRAY_JOINERS = /(^|[\x20-\x7E])[\u200C\u200D]+|[\u200C\u200D]+(?=[\x20-\x7E]|$)/g;

/** `name` without bidi control characters and zero-width characters that join nothing (see above). */
export function stripBidiControls(name: string): string {
  return name.replace(BIDI_CONTROLS, '').replace(ZERO_WIDTH, '').replace(STRAY_JOINERS, '$1');
}
