import { describe, expect, it } from 'vitest';
import { panelId, tabAfterKey, tabId } from './app-tabs';

describe('tabAfterKey', () => {
  it('moves with the arrows, wrapping around, and jumps to the ends with Home and End', () => {
    expect(tabAfterKey('Library', 'ArrowRight')).toBe('Ask');
    expect(tabAfterKey('Settings', 'ArrowRight')).toBe('Library');
    expect(tabAfterKey('Library', 'ArrowLeft')).toBe('Settings');
    expect(tabAfterKey('Lab', 'Home')).toBe('Library');
    expect(tabAfterKey('Lab', 'End')).toBe('Settings');
  });

  it('ignores other keys', () => {
    expect(tabAfterKey('Ask', 'Enter')).toBeUndefined();
  });
});

describe('tabId and panelId', () => {
  it('turn a tab’s name into an id', () => {
    expect(tabId('Chunk inspector')).toBe('tab-chunk-inspector');
    expect(panelId('Walk-through')).toBe('panel-walk-through');
  });
});
