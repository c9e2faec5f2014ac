import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/**
 * A wide table's sideways scroll: a focusable region (keyboard users scroll it with the arrow
 * keys) that says, above the table and by a shadow on its right edge, that more columns are
 * off to the right, until they are scrolled into view.
 */
export function TableScroll({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  const area = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const [more, setMore] = useState(false);

  useLayoutEffect(() => {
    const node = area.current;
    if (!node) return;
    const measure = () => setMore(node.scrollWidth - node.clientWidth - node.scrollLeft > 1);
    measure();
    node.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(node);
    if (node.firstElementChild) observer?.observe(node.firstElementChild);
    return () => {
      node.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, []);

  return (
    <div className="table-scroll-frame">
      {more && (
        <p id={hintId} className="table-scroll-hint">
          More columns to the right: scroll sideways <span aria-hidden="true">→</span>
        </p>
      )}
      <div
        ref={area}
        className={['table-scroll', className, more && 'table-scroll-more'].filter(Boolean).join(' ')}
        role="region"
        aria-label={label}
        aria-describedby={more ? hintId : undefined}
        tabIndex={0}
      >
        {children}
      </div>
    </div>
  );
}
