import { useEffect, useState } from 'react';

/** Previous and next, and a page number to go to, for a document of `count` pages. */
export function PageNav({ page, count, onPage }: { page: number; count: number; onPage(n: number): void }) {
  const [typed, setTyped] = useState(String(page));
  useEffect(() => setTyped(String(page)), [page]);
  const go = (n: number) => onPage(Math.min(count, Math.max(1, n)));
  return (
    <nav className="page-nav" aria-label="Pages">
      <button type="button" onClick={() => go(page - 1)} disabled={page <= 1} aria-label="Previous page" data-testid="page-prev">
        ‹ Previous
      </button>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const n = Number(typed);
          if (Number.isInteger(n)) go(n);
          else setTyped(String(page));
        }}
      >
        <label>
          Page{' '}
          <input
            type="number"
            inputMode="numeric"
            min={1}
            max={count}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            onBlur={() => setTyped(String(page))}
            aria-label="Page number"
            data-testid="page-number"
          />
        </label>{' '}
        <span data-testid="page-count">of {count}</span>
      </form>
      <button type="button" onClick={() => go(page + 1)} disabled={page >= count} aria-label="Next page" data-testid="page-next">
        Next ›
      </button>
    </nav>
  );
}
