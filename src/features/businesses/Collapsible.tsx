import { type ReactNode, useId, useState } from 'react';

/** A card with a header button that opens and closes its body (aria-expanded). */
export function Collapsible({
  title,
  defaultOpen,
  actions,
  children,
  testId,
}: {
  title: ReactNode;
  defaultOpen: boolean;
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const bodyId = useId();
  return (
    <section className="biz-box" data-testid={testId}>
      <div className="biz-box__header">
        <button
          type="button"
          className="biz-box__toggle"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((value) => !value)}
        >
          <span aria-hidden="true" className="biz-chevron">
            {open ? '▾' : '▸'}
          </span>
          <h3 className="biz-box__title">{title}</h3>
        </button>
        {open ? actions : null}
      </div>
      {open ? (
        <div id={bodyId} className="biz-box__body">
          {children}
        </div>
      ) : null}
    </section>
  );
}
