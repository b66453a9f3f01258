import { describe, expect, it } from 'vitest';
import { decodeEntities } from './entities';

describe('decodeEntities', () => {
  it('decodes common named references', () => {
    expect(decodeEntities('R&amp;D &lt;b&gt; &quot;x&quot; caf&eacute; &copy; 2024&nbsp;&ndash;&nbsp;&euro;5')).toBe('R&D <b> "x" café © 2024\u00a0–\u00a0€5');
  });

  it('maps the whole Latin-1 name table to the right code points', () => {
    expect(decodeEntities('&iexcl;&frac12;&Agrave;&yuml;&szlig;&times;&divide;')).toBe('¡½Àÿß×÷');
  });

  it('decodes decimal and hex references, including astral ones', () => {
    expect(decodeEntities('&#65;&#x42;&#X43; &#128512;')).toBe('ABC 😀');
  });

  it('reads numeric 128–159 as windows-1252, and invalid code points as U+FFFD', () => {
    expect(decodeEntities('&#150;&#147;x&#148;')).toBe('–“x”');
    expect(decodeEntities('&#0;&#xD800;&#99999999;')).toBe('\ufffd\ufffd\ufffd');
  });

  it('leaves unknown names and plain ampersands alone', () => {
    expect(decodeEntities('AT&T &bogus; a & b')).toBe('AT&T &bogus; a & b');
  });

  it('accepts legacy references without a semicolon only for the few that browsers accept', () => {
    expect(decodeEntities('a &amp b &eacute c')).toBe('a & b &eacute c');
  });
});
