/**
 * Runs `task` when the browser is next idle (within 2 s), or on the next turn where there is no
 * requestIdleCallback (Safari, jsdom). Answers a function that cancels it. Used to load code a page will soon
 * need without adding it to the page's initial JavaScript.
 */
export function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, 1);
  return () => window.clearTimeout(handle);
}
