import { useEffect, useLayoutEffect, type RefObject } from 'react';
import { useStore } from '../context';

/** The source viewer over the app: focus moves to `initial`, and Escape closes it. */
export function useSourceOverlay(initial: RefObject<HTMLElement | null>) {
  const store = useStore();

  // While open: the app behind is inert and does not scroll; on close, focus returns to what opened it.
  useLayoutEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = document.getElementById('root');
    const overflow = document.body.style.overflow;
    root?.setAttribute('inert', '');
    document.body.style.overflow = 'hidden';
    initial.current?.focus();
    return () => {
      root?.removeAttribute('inert');
      document.body.style.overflow = overflow;
      opener?.focus();
    };
  }, [initial]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        store.documents.closeSource();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store]);
}
