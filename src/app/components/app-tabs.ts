export const TABS = ['Library', 'Ask', 'Search', 'Chunk inspector', 'Lab', 'Walk-through', 'Settings'] as const;
export type Tab = (typeof TABS)[number];

/** The id of a tab's button and of its panel, for aria-controls and aria-labelledby. */
export const tabId = (t: Tab) => `tab-${t.toLowerCase().replace(/[^a-z]+/g, '-')}`;
export const panelId = (t: Tab) => `panel-${t.toLowerCase().replace(/[^a-z]+/g, '-')}`;

/** The tab a key moves to from `tab` (arrows wrap around, Home and End go to the ends), or undefined for other keys. */
export function tabAfterKey(tab: Tab, key: string): Tab | undefined {
  const i = TABS.indexOf(tab);
  return key === 'ArrowRight'
    ? TABS[(i + 1) % TABS.length]
    : key === 'ArrowLeft'
      ? TABS[(i - 1 + TABS.length) % TABS.length]
      : key === 'Home'
        ? TABS[0]
        : key === 'End'
          ? TABS[TABS.length - 1]
          : undefined;
}
