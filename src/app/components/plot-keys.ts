import { useRef, useState, type KeyboardEvent } from 'react';

/**
 * Keyboard access to a plot's points with one Tab stop (a roving tabindex): Tab reaches the
 * plot's current point, Left/Right (or Up/Down) move to the previous or next one, Home and End to
 * the first and last; Enter or Space activates the point when the plot has an action for it.
 * Each point carries its own aria-label, so a screen reader reads the point focused.
 */
export function usePlotKeys(count: number, onActivate?: (i: number) => void) {
  const [active, setActive] = useState(0);
  const root = useRef<SVGSVGElement>(null);
  const current = Math.min(active, Math.max(0, count - 1));
  const move = (i: number) => {
    const to = Math.max(0, Math.min(count - 1, i));
    setActive(to);
    root.current?.querySelector<SVGElement>(`[data-point="${to}"]`)?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<SVGSVGElement>) => {
    const key = e.key;
    if (key === 'ArrowRight' || key === 'ArrowDown') move(current + 1);
    else if (key === 'ArrowLeft' || key === 'ArrowUp') move(current - 1);
    else if (key === 'Home') move(0);
    else if (key === 'End') move(count - 1);
    else if ((key === 'Enter' || key === ' ') && onActivate) onActivate(current);
    else return;
    e.preventDefault();
  };
  /** The props of point `i`: its place in the roving order. */
  const point = (i: number) => ({ 'data-point': i, tabIndex: i === current ? 0 : -1, onFocus: () => setActive(i) });
  return { root, onKeyDown, point };
}
