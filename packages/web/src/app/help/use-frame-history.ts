import { useCallback, useRef, useState } from 'react';

/**
 * The pages visited inside the help frame, so that Back steps through the help only. Calling
 * `history.back()` inside a frame walks the tab's joint history and could leave the portal.
 */
export function useFrameHistory(src: string) {
  const frameRef = useRef<HTMLIFrameElement>(null);
  const [visited, setVisited] = useState<{ src: string; entries: string[] }>({ src, entries: [] });
  const entries = visited.src === src ? visited.entries : [];

  const record = useCallback(() => {
    const href = frameHref(frameRef.current);
    if (!href) return;
    setVisited((current) => {
      const list = current.src === src ? current.entries : [];
      return list.at(-1) === href ? current : { src, entries: [...list, href] };
    });
  }, [src]);

  const onLoad = useCallback(() => {
    record();
    // Jumps to a section of the same page fire no load event.
    frameRef.current?.contentWindow?.addEventListener('hashchange', record);
  }, [record]);

  const back = () => {
    const previous = entries.at(-2);
    if (!previous) return;
    setVisited({ src, entries: entries.slice(0, -1) });
    // replace() adds no history entry, so the frame's steps never pile up in the tab's history.
    frameRef.current?.contentWindow?.location.replace(previous);
  };

  return { frameRef, onLoad, back, canGoBack: entries.length > 1, current: entries.at(-1) ?? src };
}

function frameHref(frame: HTMLIFrameElement | null): string | null {
  try {
    const href = frame?.contentWindow?.location.href;
    return href && href !== 'about:blank' ? href : null;
  } catch {
    return null; // a page of another origin: its address is not ours to read
  }
}
