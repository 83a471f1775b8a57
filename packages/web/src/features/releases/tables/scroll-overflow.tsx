import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';

/** Whether columns lie hidden to the left or the right of what a table container shows. */
export interface OverflowSides {
  left: boolean;
  right: boolean;
}

/** A table's sideways overflow, and the ref its scrolling container takes. */
export interface ScrollOverflow extends OverflowSides {
  ref: RefObject<HTMLDivElement | null>;
}

/** The sides of `element` with content scrolled out of view (a pixel of rounding allowed). */
export function overflowSides(element: {
  scrollLeft: number;
  scrollWidth: number;
  clientWidth: number;
}): OverflowSides {
  const hidden = element.scrollWidth - element.clientWidth;
  return { left: element.scrollLeft > 1, right: hidden - element.scrollLeft > 1 };
}

/**
 * Follows a table container's sideways overflow as it scrolls and as it or its table change
 * size (columns shown, rows arrived, the window resized), so the table can say it goes on.
 */
export function useScrollOverflow(): ScrollOverflow {
  const ref = useRef<HTMLDivElement | null>(null);
  const [sides, setSides] = useState<OverflowSides>({ left: false, right: false });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const update = () =>
      setSides((now) => {
        const next = overflowSides(element);
        return next.left === now.left && next.right === now.right ? now : next;
      });
    update();
    element.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(element);
    const table = element.querySelector('table');
    if (table) observer?.observe(table);
    return () => {
      element.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, []);
  return { ref, ...sides };
}

/** The container's attributes that the pinned edge columns' shadows answer to. */
export function overflowAttributes(overflow: OverflowSides) {
  return {
    'data-overflow-left': String(overflow.left),
    'data-overflow-right': String(overflow.right),
  };
}

/** Said beside the column chooser while columns lie out of view: the table scrolls sideways. */
export function ScrollHint({ overflow }: { overflow: OverflowSides }) {
  const { t } = useTranslation();
  if (!overflow.left && !overflow.right) return null;
  return (
    <Stack
      direction="row"
      spacing={0.5}
      sx={{ alignItems: 'center', color: 'text.secondary', mr: 1 }}
      data-testid="table-scroll-hint"
    >
      <SwapHorizIcon fontSize="small" aria-hidden />
      <Typography variant="caption">{t('releases.scrollHint')}</Typography>
    </Stack>
  );
}
