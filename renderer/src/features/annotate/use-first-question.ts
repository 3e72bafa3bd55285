/**
 * A new instance starts with its first question in view. Scrolling makes the browser lay the page out at once,
 * before the frame's own layout, so it is done only when the annotator has scrolled away from the top (read as
 * they scroll, when the layout is fresh anyway).
 */
import { useEffect, useRef } from 'react';

export function useFirstQuestion(instanceId: string | undefined): void {
  const awayFromTop = useRef(false);
  useEffect(() => {
    const onScroll = () => {
      const form = document.querySelector<HTMLElement>('form.schemes');
      awayFromTop.current = window.scrollY > 0 || (form?.scrollTop ?? 0) > 0;
    };
    document.addEventListener('scroll', onScroll, { capture: true, passive: true });
    return () => document.removeEventListener('scroll', onScroll, { capture: true });
  }, []);
  useEffect(() => {
    if (!instanceId || !awayFromTop.current) return;
    const form = document.querySelector<HTMLElement>('form.schemes');
    form?.scrollTo({ top: 0 });
    form?.querySelector('fieldset')?.scrollIntoView({ block: 'nearest' });
  }, [instanceId]);
}
