/**
 * Bidirectional-text control characters: embeddings and overrides (U+202A–U+202E), isolates
 * (U+2066–U+2069) and the implicit marks (U+200E, U+200F, U+061C). In a file name they let
 * "invoice\u202Efdp.exe" display as "invoiceexe.pdf", so names are shown and stored without them.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;

/** `name` without bidi control characters (see BIDI_CONTROLS). */
export function stripBidiControls(name: string): string {
  return name.replace(BIDI_CONTROLS, '');
}
