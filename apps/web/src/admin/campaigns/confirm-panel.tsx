/** A confirmation in place (role dialog): focus moves to its confirm button, Escape or "No" closes it. */
import { useEffect, useId, useRef, type ReactNode } from 'react';

export function ConfirmPanel({
  title,
  children,
  confirm,
  keep,
  busy,
  danger,
  onConfirm,
  onClose,
}: {
  title: string;
  children: ReactNode;
  confirm: string;
  keep: string;
  busy: boolean;
  danger?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const headingId = useId();
  const textId = useId();
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), []);
  return (
    <section
      role="dialog"
      aria-labelledby={headingId}
      aria-describedby={textId}
      className={`card my-3 ${danger ? 'border-danger' : 'border-primary'}`}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <div className="card-body">
        <h2 id={headingId} className="h6">
          {title}
        </h2>
        <p id={textId}>{children}</p>
        <div className="d-flex flex-wrap gap-2">
          <button
            ref={button}
            type="button"
            className={`btn btn-sm ${danger ? 'btn-danger' : 'btn-primary'}`}
            disabled={busy}
            onClick={onConfirm}
          >
            {confirm}
          </button>
          <button type="button" className="btn btn-sm btn-outline-secondary" onClick={onClose}>
            {keep}
          </button>
        </div>
      </div>
    </section>
  );
}
