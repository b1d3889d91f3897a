import { Tooltip, type TooltipProps } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import { cloneElement, useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent, type PointerEvent, type ReactElement, type Ref } from 'react';

/** The handlers and ref a target takes (Mantine's components and the DOM's elements all do). */
interface TargetProps {
  ref?: Ref<HTMLElement>;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
}

interface LazyTooltipProps extends Omit<TooltipProps, 'children' | 'target' | 'opened' | 'defaultOpened' | 'events'> {
  /** The target: one element or component that takes a ref (as Mantine's Tooltip's child). */
  children: ReactElement<TargetProps>;
}

/** How many frames to wait for the tooltip's element (its portal mounts after it) to describe the target with it. */
const DESCRIBE_FRAMES = 10;

/**
 * Mantine's Tooltip, set up only once its target is first pointed at or focused. Each Tooltip sets
 * up floating-ui's hooks, its portal, its transition and a media query as it mounts, which for a
 * feed's every timestamp was a good part of the work as the page came alive; most are never
 * hovered. The target is drawn alone (and stays the same element when the tooltip arrives); its own
 * handlers open the tooltip (after `openDelay` when a mouse enters it, at once when the keyboard
 * focuses it) and close it (on leaving, on blur, on Escape), and the tooltip, given the target
 * (`target`), draws and places itself. While open the target is described by it, as Mantine's is.
 */
export function LazyTooltip({ children, openDelay = 0, closeDelay = 0, ...tooltip }: LazyTooltipProps) {
  const [mounted, setMounted] = useState(false);
  const [opened, setOpened] = useState(false);
  // The last wish (open or close, and after how long): a newer one cancels the one still waiting.
  const [wanted, setWanted] = useState<{ open: boolean; delay: number } | null>(null);
  const target = useRef<HTMLElement | null>(null);
  const id = useId();
  const change = (open: boolean, delay: number) => {
    if (open) setMounted(true);
    setWanted({ open, delay });
  };
  useEffect(() => {
    if (!wanted) return;
    const timer = setTimeout(() => setOpened(wanted.open), wanted.delay);
    return () => clearTimeout(timer);
  }, [wanted]);
  useEffect(() => {
    const element = target.current;
    if (!opened || !element) return;
    let frame = 0;
    let frames = 0;
    const describe = () => {
      const floating = document.querySelector(`[data-tooltip-of="${CSS.escape(id)}"]`);
      if (floating?.id) element.setAttribute('aria-describedby', floating.id);
      else if (++frames < DESCRIBE_FRAMES) frame = requestAnimationFrame(describe);
    };
    describe();
    return () => {
      cancelAnimationFrame(frame);
      element.removeAttribute('aria-describedby');
    };
  }, [opened, id]);

  const props = children.props;
  const ref = useMergedRef(target, props.ref);
  const child = cloneElement(children, {
    ref,
    onPointerEnter: (event: PointerEvent<HTMLElement>) => {
      props.onPointerEnter?.(event);
      if (event.pointerType === 'mouse') change(true, openDelay);
    },
    onPointerLeave: (event: PointerEvent<HTMLElement>) => {
      props.onPointerLeave?.(event);
      if (event.pointerType === 'mouse') change(false, closeDelay);
    },
    onFocus: (event: FocusEvent<HTMLElement>) => {
      props.onFocus?.(event);
      if (event.currentTarget.matches(':focus-visible')) change(true, 0);
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      props.onBlur?.(event);
      change(false, 0);
    },
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      props.onKeyDown?.(event);
      if (event.key === 'Escape') change(false, 0);
    },
  });
  return (
    <>
      {child}
      {mounted && <Tooltip {...tooltip} target={target} opened={opened} data-tooltip-of={id} />}
    </>
  );
}
