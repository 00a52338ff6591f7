import type { ReactNode } from 'react';

/**
 * A table that may scroll sideways on a phone. The scroll area takes keyboard focus, so its hidden
 * columns can be reached with the arrow keys (axe: scrollable-region-focusable), and is a named
 * group, so a screen reader says what the focus landed on. A group, not a region: the section
 * around a table often has the same name, and two landmarks may not share one.
 */
export function TableScroll({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={className ? `table-responsive ${className}` : 'table-responsive'} role="group" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
