import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

/**
 * Open/closed state for the layout shell's dropdowns and navbar collapse, in a few lines instead
 * of react-bootstrap's Dropdown/Navbar (with @restart/ui, Popper and transitions about 10 KB gzip
 * of the home page's initial JavaScript). Escape and a click outside close it; Escape returns the
 * focus to the toggle, as the WAI-ARIA disclosure pattern asks.
 */
export function useDisclosure<T extends HTMLElement = HTMLDivElement>() {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<T>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  const close = useCallback((returnFocus = false) => {
    setOpen(false);
    if (returnFocus) toggleRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent | MouseEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('click', onPointer);
    return () => document.removeEventListener('click', onPointer);
  }, [open]);

  const onKeyDown = useCallback(
    (event: KeyboardEvent) => {
      if (!open) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        close(true);
        return;
      }
      if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
      // Arrow keys move between the menu's items, like a native menu.
      const items = [...(rootRef.current?.querySelectorAll<HTMLElement>('.dropdown-item:not(:disabled)') ?? [])];
      if (!items.length) return;
      event.preventDefault();
      // A menu inside the open navbar collapse: only the innermost open disclosure moves the focus.
      event.stopPropagation();
      const at = items.indexOf(document.activeElement as HTMLElement);
      const next = event.key === 'ArrowDown' ? (at + 1) % items.length : (at - 1 + items.length) % items.length;
      items[at === -1 && event.key === 'ArrowUp' ? items.length - 1 : next]!.focus();
    },
    [open, close],
  );

  return {
    open,
    setOpen,
    close,
    rootRef,
    rootProps: { ref: rootRef, onKeyDown },
    toggleProps: {
      ref: toggleRef,
      type: 'button' as const,
      'aria-expanded': open,
      'aria-controls': menuId,
      onClick: () => setOpen((was) => !was),
    },
    menuId,
  };
}
