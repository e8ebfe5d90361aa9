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
    if (navigationType !== 'POP' && !keep) window.scrollTo(0, 0);
  }, [location.key, navigationType, keep]);
  return null;
}
