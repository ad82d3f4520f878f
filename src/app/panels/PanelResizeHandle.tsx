import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { useAppDispatch } from '../hooks';
import { layoutActions, RIGHT_PANEL_WIDTH } from '../layout/layoutSlice';

const KEY_STEP = 16;

/**
 * The left edge of a right panel: drag it, or focus it and use ←/→ (Shift: ×4), Home and End, to set the
 * width of the (non-expanded) right panels, 480–1000 px, remembered with the layout.
 */
export function PanelResizeHandle({ title, width }: { title: string; width: number }) {
  const dispatch = useAppDispatch();
  const drag = useRef<{ startX: number; startWidth: number; frame: number | null } | null>(null);

  const set = (value: number) => dispatch(layoutActions.rightPanelWidthSet(Math.round(value)));

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { startX: event.clientX, startWidth: width, frame: null };
    document.body.dataset.resizingPanels = 'true';
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current) return;
    const clientX = event.clientX;
    if (current.frame !== null) cancelAnimationFrame(current.frame);
    current.frame = requestAnimationFrame(() => set(current.startWidth + current.startX - clientX));
  };
  const onPointerEnd = () => {
    drag.current = null;
    delete document.body.dataset.resizingPanels;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? KEY_STEP * 4 : KEY_STEP;
    const targets: Record<string, number> = {
      ArrowLeft: width + step,
      ArrowRight: width - step,
      Home: RIGHT_PANEL_WIDTH.min,
      End: RIGHT_PANEL_WIDTH.max,
    };
    const target = targets[event.key];
    if (target === undefined) return;
    event.preventDefault();
    set(target);
  };

  return (
    <div
      className="panel-resize"
      role="separator"
      aria-orientation="vertical"
      aria-label={`Largeur du panneau ${title}`}
      aria-valuemin={RIGHT_PANEL_WIDTH.min}
      aria-valuemax={RIGHT_PANEL_WIDTH.max}
      aria-valuenow={width}
      aria-valuetext={`${width} pixels`}
      tabIndex={0}
      title="Glisser pour redimensionner"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      onKeyDown={onKeyDown}
    />
  );
}
