import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { isKeepScroll } from '../../lib/keep-scroll.ts';

/**
 * A new navigation (PUSH or REPLACE) starts at the top of the page unless it carries `keepScroll`;
 * back and forward (POP) keep the position the browser restores.
 */
export function ScrollReset() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const keep = isKeepScroll(location.state);
  useLayoutEffect(() => {
    // Instant: the page's smooth scrolling would glide there, and a layout change of the new page
    // during the glide could stop it short of the top.
    if (navigationType !== 'POP' && !keep) window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [location.key, navigationType, keep]);
  return null;
}
