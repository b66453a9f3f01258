/** An error's message for the user (anything thrown, said as text). */
export function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
