import { useEffect, useLayoutEffect, useMemo, useRef, useState, type FocusEvent, type MutableRefObject, type PointerEvent } from 'react';
import Popper from '@mui/material/Popper';
import { tooltipClasses } from '@mui/material/Tooltip';
import { keyframes, type SxProps, type Theme } from '@mui/material/styles';

/** MUI Tooltip's enter delay on hover. */
const ENTER_DELAY_MS = 100;
/** After a tooltip closed, the next one opens at once within this time (MUI's hysteresis). */
const HYSTERESIS_MS = 800;

interface Shown {
  anchor: HTMLElement;
  label: string;
}

/** The element with a `data-tooltip` at or above the event's target, inside the container. */
function tooltipTarget(target: EventTarget | null, container: Element): HTMLElement | null {
  if (!(target instanceof Element)) return null;
  const el = target.closest<HTMLElement>('[data-tooltip]');
  return el && container.contains(el) && el.dataset.tooltip ? el : null;
}

function isFocusVisible(el: Element) {
  try {
    return el.matches(':focus-visible');
  } catch {
    return true;
  }
}

/** MUI Tooltip's Grow transition on entering (it fades out likewise; this one goes at once). */
const grow = keyframes({ from: { opacity: 0, transform: 'scale(0.75, 0.5625)' }, to: { opacity: 1, transform: 'none' } });

/** MUI Tooltip's look (theme grey 700 at 0.92, white, 0.6875rem, 14 px from its anchor below it). */
const tooltipSx: SxProps<Theme> = (theme) => ({
  zIndex: theme.zIndex.tooltip,
  pointerEvents: 'none',
  [`& .${tooltipClasses.tooltip}`]: {
    backgroundColor: theme.alpha(theme.palette.grey[700], 0.92),
    borderRadius: `${theme.shape.borderRadius}px`,
    color: theme.palette.common.white,
    fontFamily: theme.typography.fontFamily,
    padding: '4px 8px',
    fontSize: theme.typography.pxToRem(11),
    maxWidth: 300,
    margin: '2px',
    marginTop: '14px',
    overflowWrap: 'break-word',
    fontWeight: theme.typography.fontWeightMedium,
    transformOrigin: 'center top',
    animation: `${grow} 177ms ${theme.transitions.easing.easeInOut}`,
  },
});

/** What the list's event handlers tell the tooltip (its state lives in `RowTooltipHost`). */
interface TooltipEvents {
  over(target: EventTarget | null, container: HTMLElement): void;
  out(target: EventTarget | null, related: EventTarget | null, container: HTMLElement): void;
  focus(target: EventTarget | null, container: HTMLElement): void;
  blur(): void;
}

/**
 * One tooltip for all the elements of a list that carry a `data-tooltip` (the row parts), instead
 * of a MUI Tooltip per button: spread `handlers` on the element holding the rows (events bubble to
 * it) and render `tooltip`. It shows 100 ms after the pointer entered an element (at once when
 * another just closed), at once on keyboard focus, and hides on leave, blur, Escape and scroll.
 * The handlers are stable and the tooltip keeps its own state, so hovering a row's buttons
 * re-renders the tooltip only, not the list.
 */
export function useRowTooltip() {
  const events = useRef<TooltipEvents | null>(null);
  const handlers = useMemo(
    () => ({
      onPointerOver: (e: PointerEvent<HTMLElement>) => events.current?.over(e.target, e.currentTarget),
      onPointerOut: (e: PointerEvent<HTMLElement>) => events.current?.out(e.target, e.relatedTarget, e.currentTarget),
      onFocus: (e: FocusEvent<HTMLElement>) => events.current?.focus(e.target, e.currentTarget),
      onBlur: () => events.current?.blur(),
    }),
    [],
  );
  return { handlers, tooltip: <RowTooltipHost events={events} /> };
}

function RowTooltipHost({ events }: { events: MutableRefObject<TooltipEvents | null> }) {
  const [shown, setShown] = useState<Shown | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  /** The element whose tooltip waits for the enter delay. */
  const pending = useRef<HTMLElement | null>(null);
  const closedAt = useRef(0);

  const clear = () => {
    clearTimeout(timer.current);
    pending.current = null;
  };
  const show = (anchor: HTMLElement) => {
    clear();
    setShown((old) => (old?.anchor === anchor ? old : { anchor, label: anchor.dataset.tooltip! }));
  };
  const hide = () => {
    clear();
    if (!shown) return;
    closedAt.current = Date.now();
    setShown(null);
  };

  // The list's handlers reach the committed render's functions (they read `shown`).
  useLayoutEffect(() => {
    events.current = {
      over: (target, container) => {
        const el = tooltipTarget(target, container);
        if (!el) return hide();
        if (el === shown?.anchor || el === pending.current) return;
        if (shown || Date.now() - closedAt.current < HYSTERESIS_MS) return show(el);
        clear();
        pending.current = el;
        timer.current = setTimeout(() => show(el), ENTER_DELAY_MS);
      },
      out: (target, related, container) => {
        const from = tooltipTarget(target, container);
        // Moving within the same element (e.g. onto its icon) keeps the tooltip.
        if (from && related instanceof Node && from.contains(related)) return;
        hide();
      },
      focus: (target, container) => {
        const el = tooltipTarget(target, container);
        if (el && isFocusVisible(el)) show(el);
      },
      blur: () => hide(),
    };
    return () => {
      events.current = null;
    };
  });

  useEffect(() => {
    if (!shown) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') hide();
    };
    const onScroll = () => hide();
    document.addEventListener('keydown', onKey);
    window.addEventListener('scroll', onScroll, { capture: true, passive: true });
    return () => {
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('scroll', onScroll, { capture: true });
    };
  }, [shown]);

  // A row that re-rendered without the element (e.g. an action that changed the order's status).
  useLayoutEffect(() => {
    if (shown && !shown.anchor.isConnected) hide();
  });

  useEffect(() => clear, []);

  if (!shown) return null;
  return (
    <Popper open anchorEl={shown.anchor} placement="bottom" className={tooltipClasses.popper} sx={tooltipSx}>
      <div className={tooltipClasses.tooltip}>{shown.label}</div>
    </Popper>
  );
}
